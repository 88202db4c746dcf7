/**
 * The round countdown (docs/organisation.md), readable across a room: the round's time counts down from when it was
 * paired; the pre-alarm turns it amber; past the end it turns red and counts the overtime. The organizer may
 * restart it on this screen (kept on this device only) when play starts later than the pairing.
 */
import { useEffect, useState } from 'react';
import { clockAt } from '../../lib/countdown';
import { useTournamentData } from './data';

const restartKey = (tournamentId: string, round: number) => `clock:${tournamentId}:${round}`;

export function ClockTab() {
  const { tournament, currentRound, tournamentId } = useTournamentData();
  const [now, setNow] = useState(() => Date.now());
  const [restart, setRestart] = useState<number | null>(null);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    if (!currentRound) return;
    const saved = Number(localStorage.getItem(restartKey(tournamentId, currentRound.roundNumber)));
    setRestart(saved > 0 ? saved : null);
  }, [tournamentId, currentRound]);
  if (!tournament) return null;
  if (tournament.roundDurationMinutes === 0)
    return <p className="card">This tournament has no round clock (its round duration is 0).</p>;
  if (!currentRound) return <p className="card">The clock starts with round 1.</p>;
  const start = restart ?? Date.parse(currentRound.generatedAt);
  const clock = clockAt(start, tournament.roundDurationMinutes, tournament.preAlarmMinutes, now);
  const restartNow = () => {
    const at = Date.now();
    localStorage.setItem(restartKey(tournamentId, currentRound.roundNumber), String(at));
    setRestart(at);
  };
  return (
    <section className={`clock ${clock.phase}`} aria-labelledby="clock-title" data-phase={clock.phase}>
      <h2 id="clock-title">Round {currentRound.roundNumber}</h2>
      <p className="clock-digits" role="timer" aria-live="off">
        {clock.text}
      </p>
      <p className="clock-phase">
        {clock.phase === 'pre-alarm'
          ? `Last ${tournament.preAlarmMinutes} minutes`
          : clock.phase === 'over'
            ? 'Time is up: finish your games'
            : `${tournament.roundDurationMinutes} minute round`}
      </p>
      <div className="row clock-controls">
        <button type="button" onClick={restartNow}>
          Restart the clock now
        </button>
        <button
          type="button"
          onClick={() => void document.documentElement.requestFullscreen?.().catch(() => undefined)}
        >
          Full screen
        </button>
      </div>
    </section>
  );
}
