/**
 * The organizer's side of self-registration and check-in (docs/joining.md): the tournament's options, the
 * registrations waiting for approval (approve or decline), and who has checked in, with a tick per player and the
 * list of those still missing.
 */
import { type FormEvent, useState } from 'react';
import type { JoiningOptions } from '@competition/engine';
import { ErrorNote, Status, useAction } from '../../components/ui';
import { actions } from '../../data/actions';
import { useLive } from '../../data/hooks';
import { type Registration, watchRegistrations } from '../../data/watchStaff';
import { setCheckedIn } from '../../data/writes';
import { useTournamentData } from './data';

const CLOSED: JoiningOptions = {
  registration: 'CLOSED',
  asks: { rating: false, club: false, country: false, chess: false },
  lateRegistration: false,
  checkIn: false,
};

function JoiningForm({ current }: { current: JoiningOptions }) {
  const { tournamentId } = useTournamentData();
  const [options, setOptions] = useState<JoiningOptions>(current);
  const [status, run] = useAction();
  const ask = (field: keyof JoiningOptions['asks'], label: string = field) => (
    <label className="check">
      <input
        type="checkbox"
        // A tournament saved before a switch existed has no value for it: not asked.
        checked={options.asks[field] ?? false}
        onChange={(e) => setOptions({ ...options, asks: { ...options.asks, [field]: e.target.checked } })}
      />
      {label}
    </label>
  );
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await actions.setJoiningOptions({ tournamentId, joining: options });
      return 'joining options saved';
    });
  };
  return (
    <form className="stack" onSubmit={onSubmit} aria-label="Registration and check-in">
      <fieldset>
        <legend>Self-registration</legend>
        {(
          [
            ['CLOSED', 'closed: only you enter players'],
            ['APPROVAL', 'open, each registration waits for your approval'],
            ['OPEN', 'open, accepted at once'],
          ] as const
        ).map(([mode, label]) => (
          <label key={mode} className="check">
            <input
              type="radio"
              name="registration"
              checked={options.registration === mode}
              onChange={() => setOptions({ ...options, registration: mode })}
            />
            {label}
          </label>
        ))}
        <div className="row wrap">
          <span>Ask for:</span> {ask('rating')} {ask('club')} {ask('country')}{' '}
          {ask('chess', 'chess details (FIDE id, title, federation, sex, birth year)')} {ask('go', 'Go rank')}
        </div>
        <label className="check">
          <input
            type="checkbox"
            checked={options.lateRegistration}
            onChange={(e) => setOptions({ ...options, lateRegistration: e.target.checked })}
          />
          also once the tournament runs (late entries, paired from the next round)
        </label>
      </fieldset>
      <label className="check">
        <input
          type="checkbox"
          checked={options.checkIn}
          onChange={(e) => setOptions({ ...options, checkIn: e.target.checked })}
        />
        Check-in: pair only the players who checked in
      </label>
      <button type="submit">Save</button>
      <Status status={status} id="joining-status" />
    </form>
  );
}

function PendingRegistrations() {
  const { tournamentId } = useTournamentData();
  const registrations = useLive<Registration[]>(`registrations:${tournamentId}`, (onData, onError) =>
    watchRegistrations(tournamentId, onData, onError),
  );
  const [status, run] = useAction();
  const pending = (registrations.data ?? [])
    .filter((r) => r.status === 'PENDING')
    .sort((x, y) => x.registeredAt.localeCompare(y.registeredAt));
  const decide = (r: Registration, approve: boolean) =>
    void run(async () => {
      await actions.decideRegistration({ tournamentId, registrationId: r.registrationId, approve });
      return approve ? `${r.name} is entered` : `${r.name}'s registration declined`;
    });
  return (
    <div className="stack">
      <h3>Waiting for approval</h3>
      <ErrorNote error={registrations.error} />
      {pending.length === 0 ? <p className="muted">No registration waiting.</p> : null}
      <ul className="list registrations" aria-label="Registrations waiting">
        {pending.map((r) => (
          <li key={r.registrationId}>
            <strong>{r.name}</strong>{' '}
            <span className="muted">
              {[
                r.title,
                r.goRank,
                r.rating,
                r.club,
                r.country,
                r.federation,
                r.fideId && `FIDE ${r.fideId}`,
                r.birthYear && `born ${r.birthYear}`,
              ]
                .filter((x) => x !== undefined)
                .join(' · ')}
            </span>{' '}
            <button type="button" aria-label={`Approve ${r.name}`} onClick={() => decide(r, true)}>
              Approve
            </button>{' '}
            <button
              type="button"
              className="quiet outlined"
              aria-label={`Decline ${r.name}`}
              onClick={() => decide(r, false)}
            >
              Decline
            </button>
          </li>
        ))}
      </ul>
      <Status status={status} id="registrations-status" />
    </div>
  );
}

function CheckInList() {
  const { tournamentId, participants } = useTournamentData();
  const [status, run] = useAction();
  const entries = participants.filter((p) => !p.withdrawn).sort((x, y) => x.name.localeCompare(y.name));
  const missing = entries.filter((p) => !p.checkedIn);
  return (
    <div className="stack">
      <h3>Check-in</h3>
      <p className="missing" aria-live="polite">
        {missing.length === 0
          ? 'Everyone has checked in.'
          : `Missing (${missing.length}): ${missing.map((p) => p.name).join(', ')}`}
      </p>
      <ul className="list check-ins" aria-label="Check-in">
        {entries.map((p) => (
          <li key={p.participantId}>
            <label className="check">
              <input
                type="checkbox"
                checked={p.checkedIn === true}
                aria-label={`${p.name} checked in`}
                onChange={(e) =>
                  void run(async () => {
                    await setCheckedIn(tournamentId, p.participantId, e.target.checked);
                    return `${p.name} ${e.target.checked ? 'checked in' : 'not checked in'}`;
                  })
                }
              />
              {p.name}
            </label>
          </li>
        ))}
      </ul>
      <Status status={status} id="check-in-desk-status" />
    </div>
  );
}

export function RegistrationDesk() {
  const { tournament } = useTournamentData();
  if (!tournament) return null;
  const joining = tournament.joining ?? CLOSED;
  return (
    <section className="card stack registration-desk" aria-labelledby="registration-desk-title">
      <h2 id="registration-desk-title">Registration and check-in</h2>
      <JoiningForm current={joining} />
      {joining.registration !== 'CLOSED' ? <PendingRegistrations /> : null}
      {joining.checkIn ? <CheckInList /> : null}
    </section>
  );
}
