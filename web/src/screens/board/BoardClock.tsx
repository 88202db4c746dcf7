/**
 * The round clock on the projector board: the clock stored with the round (docs/organisation.md#round-clock),
 * started, paused and resumed by an editor, so the wall shows the time the desk and every phone show.
 */
import { useEffect, useState } from 'react';
import type { Round, Tournament } from '../../data/shapes';
import { sharedClockAt, sharedClockOf } from '../../lib/countdown';

export function BoardClock({ tournament, round }: { tournament: Tournament; round: Round }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, []);
  if (tournament.roundDurationMinutes === 0) return null;
  const clock = sharedClockAt(sharedClockOf(round), tournament.roundDurationMinutes, tournament.preAlarmMinutes, now);
  return (
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
  );
}
