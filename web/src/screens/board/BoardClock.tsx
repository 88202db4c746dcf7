/**
 * The round clock on the projector board: the clock stored with the round (docs/organisation.md#round-clock),
 * started, paused and resumed by an editor, so the wall shows the time the desk and every phone show.
 */
import { useEffect, useState } from 'react';
import type { Round, Tournament } from '../../data/shapes';
import { sharedClockAt, sharedClockOf } from '../../lib/countdown';
import { useLive } from '../../data/hooks';
import { type JudgeCall, watchJudgeCalls } from '../../data/watchJudgeCalls';

export function BoardClock({
  tournament,
  round,
  tableOf,
}: {
  tournament: Tournament;
  round: Round;
  /** The table number of a game, as the board's pairings show it. */
  tableOf: (matchUpId: string) => number;
}) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, []);
  // A judge's extra minutes (docs/judging.md#judge-calls): the tables whose clock runs past the round's.
  const calls = useLive<JudgeCall[]>(`jc:${tournament.tournamentId}:${round.roundNumber}`, (onData, onError) =>
    watchJudgeCalls(tournament.tournamentId, round.roundNumber, onData, onError),
  );
  if (tournament.roundDurationMinutes === 0) return null;
  const clock = sharedClockAt(sharedClockOf(round), tournament.roundDurationMinutes, tournament.preAlarmMinutes, now);
  const extended = (calls.data ?? []).filter((call) => call.extensionMinutes > 0);
  return (
    <>
      <p
        className={`board-clock ${clock.phase}`}
        role="timer"
        aria-live="off"
        data-phase={clock.phase}
        data-state={clock.state}
      >
        {clock.text}
        {clock.state === 'running' ? null : (
          // Beside the digits in the board's ordinary type, so it reads as a note rather than as part of the time.
          <span className="board-clock-state">{clock.state === 'paused' ? ' (paused)' : ' (not started)'}</span>
        )}
      </p>
      {extended.length ? (
        <p className="board-extensions" data-extended={extended.map((call) => call.matchUpId).join(' ')}>
          {extended.map((call) => `+${call.extensionMinutes} min at table ${tableOf(call.matchUpId)}`).join(' · ')}
        </p>
      ) : null}
    </>
  );
}
