/** The organizer's files: the whole tournament as JSON (importable), the standings as CSV; closing the tournament. */
import { Status, useAction } from '../../components/ui';
import { actions } from '../../data/access';
import { useTournamentData } from './data';

function download(name: string, type: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function ExchangeTab() {
  const { tournamentId, tournament } = useTournamentData();
  const [jsonStatus, runJson] = useAction();
  const [csvStatus, runCsv] = useAction();
  const [closeStatus, runClose] = useAction();
  if (!tournament) return null;
  const base = `${tournament.date}-${tournament.description.replace(/[^\w-]+/g, '-').toLowerCase()}`;
  return (
    <div className="grid two">
      <section className="card stack" aria-labelledby="export-title">
        <h2 id="export-title">Export</h2>
        <p className="muted">The JSON file holds the policy, participants, rounds and results: import it into any championship.</p>
        <button type="button" onClick={() => void runJson(async () => {
          const { json } = await actions.exportTournament({ tournamentId });
          download(`${base}.json`, 'application/json', json);
          return 'tournament exported';
        })}>
          Download tournament (JSON)
        </button>
        <Status status={jsonStatus} />
        <button type="button" onClick={() => void runCsv(async () => {
          const { csv } = await actions.getStandingsCsv({ tournamentId });
          download(`${base}-standings.csv`, 'text/csv', csv);
          return 'standings exported';
        })}>
          Download standings (CSV)
        </button>
        <Status status={csvStatus} />
      </section>
      <section className="card stack" aria-labelledby="close-title">
        <h2 id="close-title">Finish</h2>
        <p className="muted">Closing the tournament closes its last round: no score can be entered after.</p>
        <button type="button" disabled={tournament.status === 'CLOSED'} onClick={() => void runClose(async () => {
          await actions.closeTournament({ tournamentId });
          return 'tournament closed';
        })}>
          Close the tournament
        </button>
        <Status status={closeStatus} />
      </section>
    </div>
  );
}
