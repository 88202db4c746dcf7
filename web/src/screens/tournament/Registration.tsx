/**
 * The player's side of self-registration and check-in (docs/joining.md): a signed-in person registers with the
 * details the tournament asks for, and a player checks in from their phone when the tournament asks for it.
 */
import { type FormEvent, useState } from 'react';
import { ErrorNote, Field, Status, useAction } from '../../components/ui';
import { actions } from '../../data/actions';
import { useLive } from '../../data/hooks';
import { type Registration, watchMyRegistration } from '../../data/watchStaff';
import { setCheckedIn } from '../../data/writes';
import { type FieldErrors, check, requests } from '../../lib/forms';
import { ChessFields, NO_CHESS_DETAILS, chessEntry } from './ParticipantForms';
import { useTournamentData } from './data';

const WAITING: Record<Registration['status'], string> = {
  PENDING: 'Your registration is waiting for the organizer to approve it.',
  APPROVED: 'Your registration was accepted.',
  REFUSED: 'The organizer declined your registration: ask them at the desk.',
};

/** Registration, when the tournament takes it now; else nothing (the claim code is the way in). */
export function RegisterForm({ uid }: { uid: string }) {
  const { tournamentId, tournament } = useTournamentData();
  const mine = useLive<Registration | null>(`my-registration:${tournamentId}:${uid}`, (onData, onError) =>
    watchMyRegistration(tournamentId, uid, onData, onError),
  );
  const [name, setName] = useState('');
  const [rating, setRating] = useState('');
  const [club, setClub] = useState('');
  const [country, setCountry] = useState('');
  const [chess, setChess] = useState(NO_CHESS_DETAILS);
  const [goRank, setGoRank] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, run] = useAction();
  const joining = tournament?.joining;
  if (!tournament || !joining || joining.registration === 'CLOSED' || tournament.status === 'CLOSED') return null;
  if (tournament.status === 'RUNNING' && !joining.lateRegistration && !mine.data) return null;
  if (mine.data)
    return (
      <p className="registration" data-registration={mine.data.status}>
        {WAITING[mine.data.status]}
      </p>
    );
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      // Checked here with the callable's own schema, so a mistyped detail is named beside its field.
      const checked = check((await requests()).RegisterInput, {
        tournamentId,
        name,
        ...(joining.asks.rating && rating.trim() ? { rating: Number(rating) } : {}),
        ...(joining.asks.club && club.trim() ? { club } : {}),
        ...(joining.asks.country && country.trim() ? { country } : {}),
        ...(joining.asks.chess ? chessEntry(chess) : {}),
        ...(joining.asks.go && goRank.trim() ? { goRank: goRank.trim() } : {}),
      });
      setErrors(checked.ok ? {} : checked.errors);
      if (!checked.ok) throw new Error('check the details marked');
      const answer = await actions.register(checked.data);
      return answer.status === 'APPROVED' ? 'you are entered' : 'registered: the organizer will approve it';
    });
  };
  return (
    <form className="stack subtle" onSubmit={onSubmit} aria-labelledby="register-title">
      <h3 id="register-title">No code? Register</h3>
      {tournament.status === 'RUNNING' ? (
        <p className="muted">The tournament has started: you will be paired from the next round.</p>
      ) : null}
      <ErrorNote error={mine.error} />
      <Field label="Your name" error={errors.name}>
        {(p) => <input {...p} value={name} onChange={(e) => setName(e.target.value)} required maxLength={200} />}
      </Field>
      {joining.asks.rating ? (
        <Field label="Your rating" error={errors.rating}>
          {(p) => (
            <input {...p} value={rating} onChange={(e) => setRating(e.target.value)} inputMode="numeric" required />
          )}
        </Field>
      ) : null}
      {joining.asks.club ? (
        <Field label="Your club (optional)" error={errors.club}>
          {(p) => <input {...p} value={club} onChange={(e) => setClub(e.target.value)} maxLength={200} />}
        </Field>
      ) : null}
      {joining.asks.country ? (
        <Field label="Your country (optional)" error={errors.country}>
          {(p) => <input {...p} value={country} onChange={(e) => setCountry(e.target.value)} maxLength={100} />}
        </Field>
      ) : null}
      {joining.asks.go ? (
        <Field label="Your Go rank (optional)" error={errors.goRank} hint="5k, 1d, 3p…">
          {(p) => <input {...p} value={goRank} onChange={(e) => setGoRank(e.target.value)} maxLength={12} />}
        </Field>
      ) : null}
      {joining.asks.chess ? (
        <fieldset className="chess-details">
          <legend>Chess details (optional)</legend>
          <ChessFields
            form={chess}
            onChange={setChess}
            errors={errors}
            labelled={(words) => `Your ${words}`}
            className="stack"
          />
        </fieldset>
      ) : null}
      <button type="submit" className="primary">
        Register
      </button>
      <Status status={status} id="register-status" />
    </form>
  );
}

/** A player's check-in, when the tournament asks for it: one tap, from their phone. */
export function CheckIn() {
  const { tournamentId, tournament, roles, participant, currentRound } = useTournamentData();
  const [status, run] = useAction();
  if (!tournament?.joining?.checkIn || tournament.status === 'CLOSED') return null;
  const mine = roles.participantIds.flatMap((id) => participant(id) ?? []);
  return (
    <div className="stack check-in">
      {mine.map((p) =>
        p.checkedIn ? (
          <p key={p.participantId} className="checked-in">
            {p.name} is checked in.
          </p>
        ) : (
          <div key={p.participantId} className="stack">
            <p>
              {currentRound
                ? `${p.name} has not checked in: check in to be paired from the next round.`
                : `${p.name} has not checked in yet: only players who check in are paired in round 1.`}
            </p>
            <button
              type="button"
              className="primary"
              onClick={() =>
                void run(async () => {
                  await setCheckedIn(tournamentId, p.participantId, true);
                  return currentRound ? `paired from round ${currentRound.roundNumber + 1}` : 'paired from round 1';
                })
              }
            >
              Check in
            </button>
          </div>
        ),
      )}
      <Status status={status} id="check-in-status" />
    </div>
  );
}
