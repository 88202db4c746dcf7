/**
 * The round clock on the projector board, with the clock tab's rules (lib/countdown.ts): the round's time counts
 * from when it was paired, or from a restart made on this device. One small component, so the board follows
 * wherever the round's clock is kept.
 */
import { useEffect, useState } from 'react';
import type { Round, Tournament } from '../../data/shapes';
import { clockAt } from '../../lib/countdown';

/** Where the clock tab keeps a restart made on this device. */
const restartKey = (tournamentId: string, round: number) => `clock:${tournamentId}:${round}`;

export function BoardClock({ tournament, round }: { tournament: Tournament; round: Round }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, []);
  if (tournament.roundDurationMinutes === 0) return null;
  const restarted = Number(localStorage.getItem(restartKey(tournament.tournamentId, round.roundNumber)));
  const start = restarted > 0 ? restarted : Date.parse(round.generatedAt);
  const clock = clockAt(start, tournament.roundDurationMinutes, tournament.preAlarmMinutes, now);
  return (
    <p className={`board-clock ${clock.phase}`} role="timer" aria-live="off" data-phase={clock.phase}>
      {clock.text}
    </p>
  );
}
