/**
 * Penalties (docs/judging.md#penalties): staff record one for a player in a round from the player's page and see
 * the player's history; the player sees their own on the phone.
 */
import { type FormEvent, useState } from 'react';
import { COMMON_INFRACTIONS, PenaltyKind } from '@competition/engine';
import { ErrorNote, Field, Status, useAction } from '../../components/ui';
import { PENALTY_WORDS } from '../../lib/format';
import { actions } from '../../data/actions';
import { useLive } from '../../data/hooks';
import { type Penalty, watchPenaltiesOf } from '../../data/watchPenalties';
import { useTournamentData } from './data';

function usePenalties(participantId: string) {
  const { tournamentId } = useTournamentData();
  return useLive<Penalty[]>(`pen:${tournamentId}:${participantId}`, (onData, onError) =>
    watchPenaltiesOf(tournamentId, participantId, onData, onError),
  );
}

function PenaltyList({ penalties }: { penalties: Penalty[] }) {
  return (
    <ol className="penalties">
      {penalties.map((p) => (
        <li key={p.penaltyId} data-penalty={p.penalty} data-round={p.roundNumber}>
          Round {p.roundNumber}: <strong>{PENALTY_WORDS[p.penalty]}</strong> · {p.infraction}
          {p.note ? ` · ${p.note}` : ''}
        </li>
      ))}
    </ol>
  );
}

/** A player's own penalties, on the phone; nothing when there are none. */
export function MyPenalties({ participantId }: { participantId: string }) {
  const penalties = usePenalties(participantId);
  if (!penalties.data?.length) return null;
  return (
    <section aria-labelledby={`penalties-${participantId}`} className="my-penalties">
      <h3 id={`penalties-${participantId}`}>Your penalties</h3>
      <PenaltyList penalties={penalties.data} />
    </section>
  );
}

/** The staff's desk on a player's page: the history, and a new penalty. */
export function PenaltyDesk({ participantId }: { participantId: string }) {
  const { tournamentId, tournament, roles } = useTournamentData();
  const penalties = usePenalties(participantId);
  const [status, run] = useAction();
  const [form, setForm] = useState({ round: '', infraction: '', penalty: 'WARNING' as PenaltyKind, note: '' });
  if (!tournament || tournament.status !== 'RUNNING' || tournament.currentRound === 0) return null;
  const round = form.round || String(tournament.currentRound);
  const kinds = PenaltyKind.options.filter((kind) => kind !== 'DISQUALIFICATION' || roles.editor);
  const record = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await actions.recordPenalty({
        tournamentId,
        participantId,
        roundNumber: Number(round),
        infraction: form.infraction,
        penalty: form.penalty,
        note: form.note,
      });
      setForm({ ...form, infraction: '', note: '' });
      return `${PENALTY_WORDS[form.penalty].toLowerCase()} recorded`;
    });
  };
  return (
    <section className="stack penalty-desk" aria-labelledby="penalty-desk-title">
      <h3 id="penalty-desk-title">Penalties</h3>
      <ErrorNote error={penalties.error} />
      {penalties.data?.length ? <PenaltyList penalties={penalties.data} /> : <p className="muted">None.</p>}
      <form className="row wrap" onSubmit={record}>
        <Field label="Round">
          {(f) => (
            <select {...f} value={round} onChange={(e) => setForm({ ...form, round: e.target.value })}>
              {Array.from({ length: tournament.currentRound }, (_, i) => tournament.currentRound - i).map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Infraction">
          {(f) => (
            <>
              <input
                {...f}
                list="common-infractions"
                value={form.infraction}
                onChange={(e) => setForm({ ...form, infraction: e.target.value })}
              />
              <datalist id="common-infractions">
                {COMMON_INFRACTIONS.map((kind) => (
                  <option key={kind} value={kind} />
                ))}
              </datalist>
            </>
          )}
        </Field>
        <Field label="Penalty">
          {(f) => (
            <select
              {...f}
              value={form.penalty}
              onChange={(e) => setForm({ ...form, penalty: e.target.value as PenaltyKind })}
            >
              {kinds.map((kind) => (
                <option key={kind} value={kind}>
                  {PENALTY_WORDS[kind]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Note">
          {(f) => <input {...f} value={form.note} onChange={(e) => setForm({ ...form, note: e.target.value })} />}
        </Field>
        <button type="submit" disabled={status.state === 'pending'}>
          Record the penalty
        </button>
      </form>
      <Status status={status} />
    </section>
  );
}
