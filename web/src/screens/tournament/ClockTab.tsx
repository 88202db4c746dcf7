/**
 * The round countdown (docs/organisation.md#round-clock), readable across a room: the round's shared clock, stored
 * with the round, so the desk, a player's phone and a signed-out spectator show the same time left. The pre-alarm
 * turns it amber; past the end it turns red and counts the overtime. Only editors start, pause and resume it.
 */
import { useEffect, useState } from 'react';
import { ConfirmButton } from '../../components/Confirm';
import { Status, useAction } from '../../components/ui';
import { setRoundClock } from '../../data/writes';
import { sharedClockAt, sharedClockOf } from '../../lib/countdown';
import { useTournamentData } from './data';
import { extensionOf } from '@competition/engine/view';
import { useJudgeCalls } from './JudgeCalls';

export function ClockTab() {
  const { tournament, currentRound, tournamentId, roles, matchUps } = useTournamentData();
  const calls = useJudgeCalls();
  const [now, setNow] = useState(() => Date.now());
  const [status, run] = useAction();
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  if (!tournament) return null;
  if (tournament.roundDurationMinutes === 0)
    return <p className="card">This tournament has no round clock (its round duration is 0).</p>;
  if (!currentRound) return <p className="card">The clock starts with round 1.</p>;
  const clock = sharedClockAt(
    sharedClockOf(currentRound),
    tournament.roundDurationMinutes,
    tournament.preAlarmMinutes,
    now,
  );
  // A player's own table, when a judge gave it extra minutes (docs/judging.md#judge-calls): its clock beside the round's.
  const tableClocks = matchUps
    .filter((m) => m.roundNumber === currentRound.roundNumber && m.b !== null)
    .filter((m) => roles.participantIds.includes(m.a) || roles.participantIds.includes(m.b!))
    .map((m) => ({ table: m.order + 1, minutes: extensionOf(calls, m.matchUpId) }))
    .filter(({ minutes }) => minutes > 0)
    .map(({ table, minutes }) => ({
      table,
      minutes,
      text: sharedClockAt(
        sharedClockOf(currentRound),
        tournament.roundDurationMinutes + minutes,
        tournament.preAlarmMinutes,
        now,
      ).text,
    }));
  const busy = status.state === 'pending';
  const act = (action: 'start' | 'pause' | 'resume') => () =>
    void run(async () => {
      await setRoundClock(tournamentId, currentRound, action);
      return action === 'start' ? 'clock started' : action === 'pause' ? 'clock paused' : 'clock running again';
    });
  return (
    <section
      className={`clock ${clock.phase}`}
      aria-labelledby="clock-title"
      data-phase={clock.phase}
      data-state={clock.state}
    >
      <h2 id="clock-title">Round {currentRound.roundNumber}</h2>
      <p className="clock-digits" role="timer" aria-live="off">
        {clock.text}
      </p>
      <p className="clock-phase">
        {clock.state === 'not-started'
          ? 'The clock has not started yet'
          : clock.state === 'paused'
            ? 'The clock is paused'
            : clock.phase === 'pre-alarm'
              ? `Last ${tournament.preAlarmMinutes} minutes`
              : clock.phase === 'over'
                ? 'Time is up: finish your games'
                : `${tournament.roundDurationMinutes} minute round`}
      </p>
      <div className="row clock-controls">
        {roles.editor && clock.state === 'not-started' ? (
          <button type="button" disabled={busy} onClick={act('start')}>
            Start the clock
          </button>
        ) : null}
        {roles.editor && clock.state === 'running' ? (
          <button type="button" disabled={busy} onClick={act('pause')}>
            Pause the clock
          </button>
        ) : null}
        {roles.editor && clock.state === 'paused' ? (
          <button type="button" disabled={busy} onClick={act('resume')}>
            Resume the clock
          </button>
        ) : null}
        {roles.editor && clock.state !== 'not-started' ? (
          <ConfirmButton
            label="Start again from the full time"
            question={`Start round ${currentRound.roundNumber}'s clock again from ${tournament.roundDurationMinutes} minutes, on every screen?`}
            confirmLabel="Yes, start it again"
            disabled={busy}
            onConfirm={act('start')}
          />
        ) : null}
        <button
          type="button"
          onClick={() => void document.documentElement.requestFullscreen?.().catch(() => undefined)}
        >
          Full screen
        </button>
      </div>
      {tableClocks.map(({ table, minutes, text }) => (
        <p key={table} className="table-clock" data-table-clock={table} data-extension={minutes}>
          Table {table}, {minutes} extra {minutes === 1 ? 'minute' : 'minutes'}: <strong>{text}</strong>
        </p>
      ))}
      {roles.editor ? <Status status={status} /> : null}
    </section>
  );
}
