/**
 * The signed-in start: the tournaments I run, keep score in or play in; my clubs and championships, creating both;
 * and opening a tournament by its link.
 */
import { type FormEvent, useState } from 'react';
import { href, navigate } from '../app/route';
import { useSession } from '../app/session';
import { ErrorNote, Field, Loading, Status, useAction } from '../components/ui';
import { actions } from '../data/actions';
import type { Championship, Club } from '../data/shapes';
import { type MyTournament, watchMyChampionships, watchMyClubs, watchMyTournaments } from '../data/watchMine';
import { ClubPeople } from './ClubPeople';
import { useLive } from '../data/hooks';
import { setDisplayName } from '../data/session';
import { type FieldErrors, check, requests } from '../lib/forms';
import { readTournamentLink } from '../lib/tournamentLink';

export function Home({ uid }: { uid: string }) {
  const clubs = useLive<Club[]>(`clubs:${uid}`, (onData, onError) => watchMyClubs(uid, onData, onError));
  const clubIds = (clubs.data ?? []).map((c) => c.clubId);
  const championships = useLive<Championship[]>(
    clubs.data ? `champ:${uid}:${clubIds.join(',')}` : null,
    (onData, onError) => watchMyChampionships(uid, clubIds, onData, onError),
  );
  return (
    <div className="grid two">
      <MyTournaments uid={uid} />
      <section className="card" aria-labelledby="clubs-title">
        <h1 id="clubs-title">My clubs</h1>
        <ErrorNote error={clubs.error} />
        {clubs.data === undefined ? (
          <Loading what="clubs" />
        ) : clubs.data.length === 0 ? (
          <p className="muted">No club yet: create one, or ask a club to add you.</p>
        ) : (
          <ul className="list" aria-label="My clubs">
            {clubs.data.map((club) => (
              <li key={club.clubId} data-club={club.clubId}>
                <strong>{club.name}</strong> {club.country ? <span className="muted">({club.country})</span> : null}{' '}
                <span className="tag">{club.role.toLowerCase()}</span>
                <ClubPeople club={club} />
              </li>
            ))}
          </ul>
        )}
        <CreateClub />
      </section>
      <section className="card" aria-labelledby="championships-title">
        <h1 id="championships-title">Championships</h1>
        <ErrorNote error={championships.error} />
        {championships.data === undefined ? (
          <Loading what="championships" />
        ) : championships.data.length === 0 ? (
          <p className="muted">No championship yet.</p>
        ) : (
          <ul className="list" aria-label="Championships">
            {championships.data.map((c) => (
              <li key={c.championshipId}>
                <a href={href.championship(c.championshipId)}>{c.name}</a>{' '}
                <span className="tag">{c.closed ? 'closed' : 'open'}</span>
                {c.canEdit ? <span className="tag">you edit</span> : null}
                <span className="muted">
                  {' '}
                  {c.clubIds.length ? `${c.clubIds.length} linked club(s)` : 'no linked club'}
                </span>
              </li>
            ))}
          </ul>
        )}
        <CreateChampionship clubs={(clubs.data ?? []).filter((c) => c.role !== 'MEMBER')} />
      </section>
      <section className="card" aria-labelledby="account-title">
        <h2 id="account-title">Playing in a tournament?</h2>
        <p>
          Open the tournament's join link (or scan its QR code) and type the claim code the organizer gives you: from
          then on you enter your own scores.
        </p>
        <OpenTournament />
        <DisplayName />
      </section>
    </div>
  );
}

/** Every tournament this account belongs to, newest first, with what it does there. */
function MyTournaments({ uid }: { uid: string }) {
  const mine = useLive<MyTournament[]>(`my-tournaments:${uid}`, (onData, onError) =>
    watchMyTournaments(uid, onData, onError),
  );
  return (
    <section className="card" aria-labelledby="my-tournaments-title">
      <h1 id="my-tournaments-title">My tournaments</h1>
      <ErrorNote error={mine.error} />
      {mine.data === undefined ? (
        <Loading what="tournaments" />
      ) : mine.data.length === 0 ? (
        <p className="muted">None yet: the tournaments you run, keep score in or play in appear here.</p>
      ) : (
        <ul className="list" aria-label="My tournaments">
          {mine.data.map((t) => (
            <li key={t.tournamentId} data-tournament={t.tournamentId}>
              <a href={href.tournament(t.tournamentId, t.roles.includes('organizer') ? 'organize' : 'play')}>
                {t.description}
              </a>{' '}
              <span className="muted">{t.date}</span>{' '}
              {t.roles.map((role) => (
                <span key={role} className="tag">
                  {role}
                </span>
              ))}
              {t.status === 'CLOSED' ? <span className="tag">over</span> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function CreateClub() {
  const [name, setName] = useState('');
  const [country, setCountry] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, run] = useAction();
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const input = { name, ...(country.trim() ? { country: country.trim().toUpperCase() } : {}) };
    const checked = check((await requests()).CreateClubInput, input);
    setErrors(checked.ok ? {} : checked.errors);
    if (!checked.ok) return;
    void run(async () => {
      await actions.createClub(input);
      setName('');
      setCountry('');
      return `club ${input.name} created`;
    });
  };
  return (
    <form className="stack subtle" onSubmit={(e) => void onSubmit(e)} aria-labelledby="new-club-title">
      <h2 id="new-club-title">New club</h2>
      <div className="row wrap">
        <Field label="Club name" error={errors.name}>
          {(p) => <input {...p} value={name} onChange={(e) => setName(e.target.value)} />}
        </Field>
        <Field label="Country (3 letters)" error={errors.country}>
          {(p) => <input {...p} value={country} maxLength={3} size={4} onChange={(e) => setCountry(e.target.value)} />}
        </Field>
      </div>
      <button disabled={status.state === 'pending'} type="submit">
        Create club
      </button>
      <Status status={status} />
    </form>
  );
}

function CreateChampionship({ clubs }: { clubs: Club[] }) {
  const [name, setName] = useState('');
  const [rating, setRating] = useState('');
  const [linked, setLinked] = useState<string[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, run] = useAction();
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const input = { name, clubIds: linked, ...(rating.trim() ? { rating: rating.trim() } : {}) };
    const checked = check((await requests()).CreateChampionshipInput, input);
    setErrors(checked.ok ? {} : checked.errors);
    if (!checked.ok) return;
    void run(async () => {
      const { championshipId } = await actions.createChampionship(input);
      navigate(href.championship(championshipId));
    });
  };
  return (
    <form className="stack subtle" onSubmit={(e) => void onSubmit(e)} aria-labelledby="new-championship-title">
      <h2 id="new-championship-title">New championship</h2>
      <Field label="Championship name" error={errors.name}>
        {(p) => <input {...p} value={name} onChange={(e) => setName(e.target.value)} />}
      </Field>
      <Field label="Rating scale (optional)" error={errors.rating} hint="new tournaments order their first round by it">
        {(p) => <input {...p} value={rating} onChange={(e) => setRating(e.target.value)} />}
      </Field>
      <fieldset>
        <legend>Linked clubs (their admins edit its tournaments)</legend>
        {clubs.length === 0 ? <p className="muted">You run no club yet.</p> : null}
        {clubs.map((club) => (
          <label key={club.clubId} className="check">
            <input
              type="checkbox"
              checked={linked.includes(club.clubId)}
              onChange={(e) =>
                setLinked(e.target.checked ? [...linked, club.clubId] : linked.filter((id) => id !== club.clubId))
              }
            />
            {club.name}
          </label>
        ))}
        {errors.clubIds ? <span className="field-error">{errors.clubIds}</span> : null}
      </fieldset>
      <button disabled={status.state === 'pending'} type="submit">
        Create championship
      </button>
      <Status status={status} />
    </form>
  );
}

/** A tournament's link (or just its id) opens it. */
function OpenTournament() {
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const link = readTournamentLink(value);
    if ('problem' in link) setProblem(link.problem);
    else navigate(href.tournament(link.tournamentId, 'play'));
  };
  return (
    <form className="row wrap" onSubmit={onSubmit}>
      <Field label="Tournament link or id" error={problem ?? undefined}>
        {(p) => (
          <input
            {...p}
            value={value}
            onChange={(e) => {
              setValue(e.target.value);
              setProblem(null);
            }}
          />
        )}
      </Field>
      <button type="submit">Open</button>
    </form>
  );
}

/** The name this account shows to the organizer and staff, editable (Google accounts bring theirs). */
function DisplayName() {
  const { user } = useSession();
  const [name, setName] = useState(user?.displayName ?? '');
  const [status, run] = useAction();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await setDisplayName(name);
      return `name saved: organizers and staff now see you as ${name.trim()}`;
    });
  };
  return (
    <form className="row wrap" onSubmit={onSubmit}>
      <Field label="Your name" hint="shown to the organizer and staff">
        {(p) => <input {...p} value={name} onChange={(e) => setName(e.target.value)} required maxLength={100} />}
      </Field>
      <button disabled={status.state === 'pending'} type="submit">
        Save name
      </button>
      <Status status={status} id="display-name-status" />
    </form>
  );
}
