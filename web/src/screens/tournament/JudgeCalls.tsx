/**
 * Judge calls (docs/judging.md#judge-calls): a player calls a judge from the phone; the desk and the scorekeepers'
 * phones list the calls of the round by table, with how long each has waited; a judge takes a call and closes it,
 * giving the table extra minutes that its clock adds to the round's.
 */
import { useEffect, useState } from 'react';
import { extensionOf, openJudgeCalls } from '@competition/engine/view';
import { Status, useAction } from '../../components/ui';
import { useLive } from '../../data/hooks';
import { type JudgeCall, watchJudgeCalls } from '../../data/watchJudgeCalls';
import { callJudge, closeJudgeCall, takeJudgeCall } from '../../data/writes';
import type { MatchUp } from '../../data/shapes';
import { useTournamentData } from './data';

/** The calls of the current round, live. */
export function useJudgeCalls(): JudgeCall[] {
  const { tournamentId, currentRound } = useTournamentData();
  const round = currentRound?.roundNumber ?? null;
  const calls = useLive<JudgeCall[]>(round ? `jc:${tournamentId}:${round}` : null, (onData, onError) =>
    watchJudgeCalls(tournamentId, round!, onData, onError),
  );
  return calls.data ?? [];
}

/** "2:05": how long a call has waited, ticking. */
function useWaited(sinceMs: number): string {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const seconds = Math.max(0, Math.floor((now - sinceMs) / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The player's button on their current game, and what became of the call. */
export function CallJudge({ game, me }: { game: MatchUp; me: string }) {
  const { tournamentId, currentRound } = useTournamentData();
  const calls = useJudgeCalls();
  const [status, run, forget] = useAction();
  const call = calls.find((c) => c.matchUpId === game.matchUpId);
  const open = call !== undefined && call.status !== 'CLOSED';
  // "A judge is called" was true when the call went out; once the judge closes it, the phone must not still say so.
  useEffect(() => {
    if (!open) forget();
  }, [open, forget]);
  if (game.b === null || currentRound?.status !== 'OPEN' || currentRound.roundNumber !== game.roundNumber) return null;
  const minutes = extensionOf(calls, game.matchUpId);
  return (
    <div className="judge-call" data-judge-call={call?.status ?? 'NONE'}>
      {open ? (
        <JudgeCallState call={call} />
      ) : (
        <button
          type="button"
          className="quiet"
          disabled={status.state === 'pending'}
          onClick={() =>
            void run(async () => {
              await callJudge(tournamentId, game, game.a === me ? 'SIDE_A' : 'SIDE_B', call);
              return 'a judge is called to your table';
            })
          }
        >
          Call a judge
        </button>
      )}
      {minutes > 0 ? (
        <p className="extension" data-extension={minutes}>
          Your table has {minutes} extra {minutes === 1 ? 'minute' : 'minutes'}
        </p>
      ) : null}
      <Status status={status} />
    </div>
  );
}

function JudgeCallState({ call }: { call: JudgeCall }) {
  const waited = useWaited(call.calledAtMs);
  return (
    <p className="note" role="status">
      {call.status === 'TAKEN' ? 'A judge is on the way.' : `A judge is called: waiting ${waited}.`}
    </p>
  );
}

/** The desk's list of the round's calls, for editors and scorekeepers. */
export function JudgeDesk() {
  const { matchUps, nameOf, currentRound } = useTournamentData();
  const calls = useJudgeCalls();
  if (!currentRound) return null;
  const open = openJudgeCalls(calls, currentRound.roundNumber).sort((x, y) => x.calledAtMs - y.calledAtMs);
  const games = new Map(matchUps.map((m) => [m.matchUpId, m]));
  return (
    <section className="card stack judge-desk" aria-labelledby="judge-desk-title">
      <h2 id="judge-desk-title">Judge calls</h2>
      {open.length === 0 ? <p className="muted">No table is calling.</p> : null}
      <ul className="judge-calls">
        {open.map((call) => {
          const game = games.get(call.matchUpId);
          return game ? <CallLine key={call.matchUpId} call={call} game={game} nameOf={nameOf} /> : null;
        })}
      </ul>
    </section>
  );
}

function CallLine({ call, game, nameOf }: { call: JudgeCall; game: MatchUp; nameOf: (id: string | null) => string }) {
  const { tournamentId } = useTournamentData();
  const waited = useWaited(call.calledAtMs);
  const [extra, setExtra] = useState('0');
  const [status, run] = useAction();
  const table = game.order + 1;
  return (
    <li data-judge-table={table} data-status={call.status}>
      <strong>Table {table}</strong> · {nameOf(game.a)} v {nameOf(game.b)} ·{' '}
      {call.status === 'TAKEN' ? 'a judge is on the way' : `waiting ${waited}`}
      <div className="row wrap">
        {call.status === 'OPEN' ? (
          <button
            type="button"
            onClick={() =>
              void run(async () => {
                await takeJudgeCall(tournamentId, game.matchUpId);
                return `table ${table}: on the way`;
              })
            }
          >
            Take table {table}
          </button>
        ) : null}
        <label>
          Extra minutes{' '}
          <input
            type="number"
            min={0}
            max={60}
            value={extra}
            onChange={(e) => setExtra(e.target.value)}
            aria-label={`Extra minutes for table ${table}`}
          />
        </label>
        <button
          type="button"
          onClick={() =>
            void run(async () => {
              const given = call.extensionMinutes + Number(extra || 0);
              await closeJudgeCall(tournamentId, game.matchUpId, given);
              return given > 0 ? `table ${table} closed: ${given} extra minutes` : `table ${table} closed`;
            })
          }
        >
          Close table {table}
        </button>
      </div>
      <Status status={status} />
    </li>
  );
}
