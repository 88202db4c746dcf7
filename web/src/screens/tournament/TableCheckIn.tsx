/**
 * At the table, on time (docs/judging.md#at-the-table-on-time): with table check-in on, a player taps "I'm at my
 * table" when the round starts; past the grace minutes the desk lists the tables where one player is missing and
 * gives the present one the match in one tap, dropping the absent one unless the organizer keeps no-shows in.
 */
import { type FormEvent, useEffect, useState } from 'react';
import { noShows } from '@competition/engine';
import { ConfirmButton } from '../../components/Confirm';
import { Field, Status, useAction } from '../../components/ui';
import { actions } from '../../data/actions';
import { useLive } from '../../data/hooks';
import type { MatchUp } from '../../data/shapes';
import { type TableCheckIn, watchTableCheckIns } from '../../data/watchTableCheckIns';
import { checkInAtTable, setTableCheckIn } from '../../data/writes';
import { elapsedOf, sharedClockOf } from '../../lib/countdown';
import { useTournamentData } from './data';

function useTableCheckIns(): TableCheckIn[] {
  const { tournamentId, currentRound, tournament } = useTournamentData();
  const round = tournament?.tableCheckIn && currentRound ? currentRound.roundNumber : null;
  const checkIns = useLive<TableCheckIn[]>(round ? `tci:${tournamentId}:${round}` : null, (onData, onError) =>
    watchTableCheckIns(tournamentId, round!, onData, onError),
  );
  return checkIns.data ?? [];
}

/** The player's "I'm at my table", under their current game. */
export function AtMyTable({ game, me }: { game: MatchUp; me: string }) {
  const { tournamentId, tournament, currentRound } = useTournamentData();
  const checkIns = useTableCheckIns();
  const [status, run] = useAction();
  if (!tournament?.tableCheckIn || currentRound?.status !== 'OPEN' || game.b === null || game.result !== null)
    return null;
  if (currentRound.roundNumber !== game.roundNumber) return null;
  const side = game.a === me ? 'a' : 'b';
  const table = checkIns.find((c) => c.matchUpId === game.matchUpId);
  if (table?.[side]) return <p className="note at-table">You are checked in at table {game.order + 1}.</p>;
  return (
    <div className="at-table">
      <button
        type="button"
        disabled={status.state === 'pending'}
        onClick={() =>
          void run(async () => {
            await checkInAtTable(tournamentId, game, side, table !== undefined);
            return `checked in at table ${game.order + 1}`;
          })
        }
      >
        I'm at my table
      </button>
      <Status status={status} />
    </div>
  );
}

/** How far into the round it is: the shared clock's running time, else the time since it was paired. */
function useRoundElapsed(): number {
  const { currentRound } = useTournamentData();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 5000);
    return () => clearInterval(timer);
  }, []);
  if (!currentRound) return 0;
  const clock = sharedClockOf(currentRound);
  return clock?.startedAtMs != null ? elapsedOf(clock, now) : now - Date.parse(currentRound.generatedAt);
}

/** The desk's no-shows of the open round, for the organizer. */
export function NoShowDesk() {
  const { tournament, tournamentId, currentRound, matchUps, nameOf } = useTournamentData();
  const checkIns = useTableCheckIns();
  const elapsed = useRoundElapsed();
  const [status, run] = useAction();
  const rules = tournament?.tableCheckIn;
  if (!rules || !currentRound || currentRound.status !== 'OPEN') return null;
  const games = matchUps.filter((m) => m.roundNumber === currentRound.roundNumber);
  const missing = noShows(games, checkIns, rules, elapsed);
  const checkedIn = checkIns.reduce((n, c) => n + (c.a ? 1 : 0) + (c.b ? 1 : 0), 0);
  const players = games.filter((m) => m.b !== null).length * 2;
  const tableOf = new Map(games.map((m) => [m.matchUpId, m.order + 1]));
  return (
    <section className="card stack no-shows" aria-labelledby="no-shows-title">
      <h2 id="no-shows-title">At the tables</h2>
      <p className="muted small">
        {checkedIn} of {players} players checked in · no-shows after {rules.graceMinutes}{' '}
        {rules.graceMinutes === 1 ? 'minute' : 'minutes'}
        {rules.absentees === 'DROPPED' ? ', dropped' : ', kept in the event'}
      </p>
      <ul className="judge-calls">
        {missing.map((noShow) => {
          const game = games.find((m) => m.matchUpId === noShow.matchUpId)!;
          const present = noShow.present === 'a' ? game.a : game.b!;
          const table = tableOf.get(noShow.matchUpId)!;
          return (
            <li key={noShow.matchUpId} data-no-show-table={table}>
              <strong>Table {table}</strong> · {nameOf(noShow.absent)} is not there
              <ConfirmButton
                label={`Give ${nameOf(present)} the match`}
                question={
                  <p>
                    {nameOf(present)} wins table {table} without play
                    {rules.absentees === 'DROPPED' ? `, and ${nameOf(noShow.absent)} is dropped` : ''}. Go on?
                  </p>
                }
                confirmLabel={`Yes, ${nameOf(present)} wins`}
                onConfirm={() =>
                  void run(async () => {
                    const kind = noShow.present === 'a' ? 'FORFEIT_WIN' : 'FORFEIT_LOSS';
                    await actions.recordScore({ tournamentId, matchUpId: noShow.matchUpId, result: { kind } });
                    if (rules.absentees === 'DROPPED')
                      await actions.withdrawParticipant({
                        tournamentId,
                        participantId: noShow.absent,
                        withdrawn: true,
                      });
                    return `table ${table}: ${nameOf(present)} wins without play`;
                  })
                }
              />
            </li>
          );
        })}
      </ul>
      <Status status={status} />
    </section>
  );
}

/** The desk's switch and rules for table check-in. */
export function TableCheckInForm() {
  const { tournament, tournamentId } = useTournamentData();
  const [status, run] = useAction();
  const stored = tournament?.tableCheckIn;
  const [form, setForm] = useState(() => ({
    on: stored !== undefined,
    graceMinutes: String(stored?.graceMinutes ?? 10),
    absentees: stored?.absentees ?? 'DROPPED',
  }));
  if (!tournament) return null;
  const save = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await setTableCheckIn(
        tournamentId,
        form.on ? { graceMinutes: Number(form.graceMinutes), absentees: form.absentees } : null,
      );
      return form.on ? 'table check-in on' : 'table check-in off';
    });
  };
  return (
    <form className="card stack" onSubmit={save} aria-labelledby="table-check-in-title">
      <h2 id="table-check-in-title">At the table, on time</h2>
      <label className="row">
        <input type="checkbox" checked={form.on} onChange={(e) => setForm({ ...form, on: e.target.checked })} />
        Players tap "I'm at my table" when a round starts
      </label>
      <div className="row wrap">
        <Field label="Grace minutes">
          {(f) => (
            <input
              {...f}
              type="number"
              min={0}
              max={60}
              value={form.graceMinutes}
              onChange={(e) => setForm({ ...form, graceMinutes: e.target.value })}
            />
          )}
        </Field>
        <Field label="A no-show">
          {(f) => (
            <select
              {...f}
              value={form.absentees}
              onChange={(e) => setForm({ ...form, absentees: e.target.value as 'DROPPED' | 'KEPT' })}
            >
              <option value="DROPPED">is dropped</option>
              <option value="KEPT">stays in until they report to the desk</option>
            </select>
          )}
        </Field>
      </div>
      <button type="submit" disabled={status.state === 'pending'}>
        Save table check-in
      </button>
      <Status status={status} id="table-check-in-status" />
    </form>
  );
}
