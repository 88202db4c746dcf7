/** A championship: its tournaments, a new tournament, and importing one from an export. */
import { type FormEvent, useState } from 'react';
import { href, navigate } from '../app/route';
import { useSession } from '../app/session';
import { ErrorNote, Field, Loading, Status, useAction } from '../components/ui';
import { type Championship, type Tournament, actions, watchChampionship, watchTournamentsOf } from '../data/access';
import { useLive } from '../data/hooks';
import { CreateTournamentForm } from './CreateTournament';

export function ChampionshipScreen({ championshipId }: { championshipId: string }) {
  const { user } = useSession();
  const championship = useLive<Omit<Championship, 'canEdit'> | null>(`c:${championshipId}`, (onData, onError) =>
    watchChampionship(championshipId, onData, onError),
  );
  const tournaments = useLive<Tournament[]>(`ct:${championshipId}`, (onData, onError) => watchTournamentsOf(championshipId, onData, onError));
  if (!user) {
    return (
      <p>
        <a href={href.signIn(`/championships/${championshipId}`)}>Sign in</a> to see this championship.
      </p>
    );
  }
  const c = championship.data;
  return (
    <div className="stack">
      <nav aria-label="Breadcrumb" className="crumbs">
        <a href={href.home()}>Home</a> › <span>{c?.name ?? championshipId}</span>
      </nav>
      <ErrorNote error={championship.error ?? tournaments.error} />
      {championship.data === undefined ? <Loading what="the championship" /> : null}
      {c === null ? <p>This championship does not exist.</p> : null}
      {c ? (
        <div className="grid two">
          <section className="card" aria-labelledby="tournaments-title">
            <h1 id="tournaments-title">{c.name}</h1>
            <p className="muted">
              {c.closed ? 'Closed: it takes no new tournaments.' : 'Open.'} {c.rating ? `Rating scale ${c.rating}.` : ''}
            </p>
            <h2>Tournaments</h2>
            {tournaments.data === undefined ? (
              <Loading what="tournaments" />
            ) : tournaments.data.length === 0 ? (
              <p className="muted">None yet.</p>
            ) : (
              <ul className="list" aria-label="Tournaments">
                {tournaments.data.map((t) => (
                  <li key={t.tournamentId}>
                    <a href={href.tournament(t.tournamentId, 'rounds')}>
                      {t.date} · {t.description}
                    </a>{' '}
                    <span className="tag">{t.status.toLowerCase()}</span>{' '}
                    <span className="muted">{t.currentRound ? `round ${t.currentRound}${t.totalRounds ? ` of ${t.totalRounds}` : ''}` : 'not started'}</span>
                  </li>
                ))}
              </ul>
            )}
            <ImportTournament championshipId={championshipId} />
          </section>
          <section className="card" aria-labelledby="new-tournament-title">
            <h2 id="new-tournament-title">New tournament</h2>
            <CreateTournamentForm championshipId={championshipId} clubIds={c.clubIds} />
          </section>
        </div>
      ) : null}
    </div>
  );
}

function ImportTournament({ championshipId }: { championshipId: string }) {
  const [file, setFile] = useState<File | null>(null);
  const [status, run] = useAction();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    void run(async () => {
      const { tournamentId } = await actions.importTournament({ championshipId, json: await file.text() });
      navigate(href.tournament(tournamentId));
    });
  };
  return (
    <form className="stack subtle" onSubmit={onSubmit} aria-labelledby="import-title">
      <h2 id="import-title">Import a tournament</h2>
      <Field label="Exported tournament (JSON file)">
        {(p) => <input {...p} type="file" accept="application/json,.json" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />}
      </Field>
      <button type="submit" disabled={!file}>
        Import
      </button>
      <Status status={status} />
    </form>
  );
}
