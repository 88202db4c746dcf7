/**
 * The organizer's desk: who keeps score, the tournament's files (the whole tournament as JSON, importable; the
 * standings as CSV), and closing the tournament.
 */
import { type FormEvent, useState } from 'react';
import { ErrorNote, Field, Status, useAction } from '../../components/ui';
import { actions, watchScorekeepers } from '../../data/access';
import { useLive } from '../../data/hooks';
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

function Scorekeepers() {
  const { tournamentId } = useTournamentData();
  const keepers = useLive<string[]>(`keepers:${tournamentId}`, (onData, onError) =>
    watchScorekeepers(tournamentId, onData, onError),
  );
  const [uid, setUid] = useState('');
  const [status, run] = useAction();
  const current = keepers.data ?? [];
  const save = (uids: string[], done: string) =>
    run(async () => {
      await actions.setScorekeepers({ tournamentId, uids });
      return done;
    });
  const onAdd = (event: FormEvent) => {
    event.preventDefault();
    const id = uid.trim();
    if (!id || current.includes(id)) return;
    void save([...current, id], 'scorekeeper added').then((ok) => ok && setUid(''));
  };
  return (
    <section className="card stack" aria-labelledby="keepers-title">
      <h2 id="keepers-title">Scorekeepers</h2>
      <p className="muted">They enter the score of any game of an open round, from “My game” on their phone.</p>
      <ErrorNote error={keepers.error} />
      {current.length === 0 ? <p className="muted">None yet.</p> : null}
      <ul className="list" aria-label="Scorekeepers">
        {current.map((id) => (
          <li key={id}>
            <code className="uid">{id}</code>{' '}
            <button
              type="button"
              className="quiet"
              aria-label={`Remove scorekeeper ${id}`}
              onClick={() =>
                void save(
                  current.filter((k) => k !== id),
                  'scorekeeper removed',
                )
              }
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      <form className="row wrap" onSubmit={onAdd}>
        <Field label="Scorekeeper's account id">
          {(p) => <input {...p} value={uid} onChange={(e) => setUid(e.target.value)} />}
        </Field>
        <button type="submit">Add scorekeeper</button>
      </form>
      <Status status={status} id="keepers-status" />
    </section>
  );
}

export function OrganizeTab() {
  const { tournamentId, tournament } = useTournamentData();
  const [jsonStatus, runJson] = useAction();
  const [csvStatus, runCsv] = useAction();
  const [closeStatus, runClose] = useAction();
  if (!tournament) return null;
  const base = `${tournament.date}-${tournament.description.replace(/[^\w-]+/g, '-').toLowerCase()}`;
  return (
    <div className="grid two">
      <Scorekeepers />
      <section className="card stack" aria-labelledby="export-title">
        <h2 id="export-title">Export</h2>
        <p className="muted">
          The JSON file holds the policy, participants, rounds and results: import it into any championship.
        </p>
        <button
          type="button"
          onClick={() =>
            void runJson(async () => {
              const { json } = await actions.exportTournament({ tournamentId });
              download(`${base}.json`, 'application/json', json);
              return 'tournament exported';
            })
          }
        >
          Download tournament (JSON)
        </button>
        <Status status={jsonStatus} />
        <button
          type="button"
          onClick={() =>
            void runCsv(async () => {
              const { csv } = await actions.getStandingsCsv({ tournamentId });
              download(`${base}-standings.csv`, 'text/csv', csv);
              return 'standings exported';
            })
          }
        >
          Download standings (CSV)
        </button>
        <Status status={csvStatus} />
      </section>
      <section className="card stack" aria-labelledby="close-title">
        <h2 id="close-title">Finish</h2>
        <p className="muted">Closing the tournament closes its last round: no score can be entered after.</p>
        <button
          type="button"
          disabled={tournament.status === 'CLOSED'}
          onClick={() =>
            void runClose(async () => {
              await actions.closeTournament({ tournamentId });
              return 'tournament closed';
            })
          }
        >
          Close the tournament
        </button>
        <Status status={closeStatus} />
      </section>
    </div>
  );
}
