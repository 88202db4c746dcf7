/** A championship: its tournaments, a new tournament, and importing one from an export. */
import { type FormEvent, useRef, useState } from 'react';
import { href, navigate } from '../app/route';
import { roundLabel } from '../lib/roundLabel';
import { useSession } from '../app/session';
import { ErrorNote, Field, Loading, Status, useAction } from '../components/ui';
import { actions } from '../data/actions';
import type { Championship, Club, Tournament } from '../data/shapes';
import { watchChampionship, watchTournamentsOf } from '../data/watchClubs';
import { watchMyClubs } from '../data/watchMine';
import { useLive } from '../data/hooks';
import { newRequestId } from '../lib/requestId';
import { CreateTournamentForm } from './CreateTournament';

export function ChampionshipScreen({ championshipId }: { championshipId: string }) {
  const { user } = useSession();
  const championship = useLive<Omit<Championship, 'canEdit'> | null>(`c:${championshipId}`, (onData, onError) =>
    watchChampionship(championshipId, onData, onError),
  );
  const tournaments = useLive<Tournament[]>(`ct:${championshipId}`, (onData, onError) =>
    watchTournamentsOf(championshipId, onData, onError),
  );
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
        <div className={user ? 'grid two' : 'stack'}>
          <section className="card" aria-labelledby="tournaments-title">
            <h1 id="tournaments-title">{c.name}</h1>
            <p className="muted">
              {c.closed ? 'Closed: it takes no new tournaments.' : 'Open.'}{' '}
              {c.rating ? `Rating scale ${c.rating}.` : ''}
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
                    <span className="muted">{t.currentRound ? roundLabel(t, t.currentRound) : 'not started'}</span>
                  </li>
                ))}
              </ul>
            )}
            {/* Its tournaments are public; organizing them is for signed-in accounts. */}
            {user ? (
              <>
                <LinkClub championshipId={championshipId} linked={c.clubIds} uid={user.uid} />
                <ImportTournament championshipId={championshipId} />
              </>
            ) : (
              <p className="muted">
                <a href={href.signIn(`/championships/${championshipId}`)}>Sign in</a> to organize.
              </p>
            )}
          </section>
          {user ? (
            <section className="card" aria-labelledby="new-tournament-title">
              <h2 id="new-tournament-title">New tournament</h2>
              <CreateTournamentForm championshipId={championshipId} clubIds={c.clubIds} />
            </section>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/** Linking a club the organizer runs: its owner and admins then edit the championship's tournaments. */
function LinkClub({ championshipId, linked, uid }: { championshipId: string; linked: string[]; uid: string }) {
  const clubs = useLive<Club[]>(`clubs:${uid}`, (onData, onError) => watchMyClubs(uid, onData, onError));
  const [clubId, setClubId] = useState('');
  const [status, run] = useAction();
  const names = new Map((clubs.data ?? []).map((c) => [c.clubId, c.name]));
  const candidates = (clubs.data ?? []).filter((c) => c.role !== 'MEMBER' && !linked.includes(c.clubId));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!clubId) return;
    void run(async () => {
      await actions.linkClub({ championshipId, clubId });
      return `${names.get(clubId) ?? clubId} linked`;
    });
  };
  return (
    <form className="stack subtle" onSubmit={onSubmit} aria-labelledby="link-title">
      <h2 id="link-title">Linked clubs</h2>
      <p className="muted">{linked.length ? linked.map((id) => names.get(id) ?? id).join(', ') : 'None.'}</p>
      {candidates.length ? (
        <div className="row wrap">
          <Field label="Club to link">
            {(p) => (
              <select {...p} value={clubId} onChange={(e) => setClubId(e.target.value)}>
                <option value="">(choose one of your clubs)</option>
                {candidates.map((c) => (
                  <option key={c.clubId} value={c.clubId}>
                    {c.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <button disabled={status.state === 'pending'} type="submit">
            Link club
          </button>
        </div>
      ) : null}
      <Status status={status} />
    </form>
  );
}

function ImportTournament({ championshipId }: { championshipId: string }) {
  const [file, setFile] = useState<File | null>(null);
  const [status, run] = useAction();
  // One id per chosen file: importing it again after a failure finishes the same import (docs/scale.md).
  const requestId = useRef(newRequestId());
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    void run(async () => {
      const json = await file.text();
      const { tournamentId } = await actions.importTournament({ championshipId, json, requestId: requestId.current });
      navigate(href.tournament(tournamentId));
    });
  };
  return (
    <form className="stack subtle" onSubmit={onSubmit} aria-labelledby="import-title">
      <h2 id="import-title">Import a tournament</h2>
      <Field label="Exported tournament (JSON file)">
        {(p) => (
          <input
            {...p}
            type="file"
            accept="application/json,.json"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              requestId.current = newRequestId();
            }}
          />
        )}
      </Field>
      <button type="submit" disabled={status.state === 'pending' || !file}>
        Import
      </button>
      <Status status={status} />
    </form>
  );
}
