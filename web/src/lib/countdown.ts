/**
 * The round countdown (docs/organisation.md): a round lasts `duration` minutes from its start; in the last `preAlarm`
 * minutes the clock warns; past the end it counts the overtime. A duration of 0 shows no countdown.
 */
export type ClockPhase = 'off' | 'running' | 'pre-alarm' | 'over';

export interface Clock {
  phase: ClockPhase;
  /** Milliseconds left (negative: overtime). */
  remainingMs: number;
  /** "12:05", or "+1:30" in overtime. */
  text: string;
}

function mmss(ms: number): string {
  const total = Math.floor(Math.abs(ms) / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

export function clockAt(startMs: number, durationMinutes: number, preAlarmMinutes: number, nowMs: number): Clock {
  if (durationMinutes <= 0) return { phase: 'off', remainingMs: 0, text: '' };
  const remainingMs = startMs + durationMinutes * 60_000 - nowMs;
  if (remainingMs <= 0) return { phase: 'over', remainingMs, text: `+${mmss(remainingMs)}` };
  // Rounded up, so the clock shows 0:00 only when the time is really up.
  const shown = Math.ceil(remainingMs / 1000) * 1000;
  const phase = remainingMs <= preAlarmMinutes * 60_000 ? 'pre-alarm' : 'running';
  return { phase, remainingMs, text: mmss(shown) };
}
