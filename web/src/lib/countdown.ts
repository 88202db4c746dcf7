/**
 * The round countdown (docs/organisation.md#round-clock): a round lasts `duration` minutes of running clock; in the
 * last `preAlarm` minutes the clock warns; past the end it counts the overtime. A duration of 0 shows no countdown.
 * Pure and free of Firebase, so every screen (the desk, a phone, a projector) computes the same time left.
 */
export type ClockPhase = 'off' | 'running' | 'pre-alarm' | 'over';

/** Whether the shared clock is going: not yet started by an editor, running, or paused. */
export type ClockState = 'not-started' | 'running' | 'paused';

export interface Clock {
  phase: ClockPhase;
  /** Milliseconds left (negative: overtime). */
  remainingMs: number;
  /** "12:05", or "+1:30" in overtime. */
  text: string;
}

/**
 * The shared clock as stored with the round, in milliseconds: running since `startedAtMs` unless `pausedAtMs` is
 * set; `elapsedMs` is what it ran before its last pause.
 */
export interface SharedClock {
  startedAtMs: number | null;
  pausedAtMs: number | null;
  elapsedMs: number;
}

function mmss(ms: number): string {
  const total = Math.floor(Math.abs(ms) / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** The clock after `elapsedMs` of play. */
export function clockAfter(elapsedMs: number, durationMinutes: number, preAlarmMinutes: number): Clock {
  if (durationMinutes <= 0) return { phase: 'off', remainingMs: 0, text: '' };
  const remainingMs = durationMinutes * 60_000 - elapsedMs;
  if (remainingMs <= 0) return { phase: 'over', remainingMs, text: `+${mmss(remainingMs)}` };
  // Rounded up, so the clock shows 0:00 only when the time is really up.
  const shown = Math.ceil(remainingMs / 1000) * 1000;
  const phase = remainingMs <= preAlarmMinutes * 60_000 ? 'pre-alarm' : 'running';
  return { phase, remainingMs, text: mmss(shown) };
}

/** The clock of a round that started at `startMs` and ran without a pause. */
export function clockAt(startMs: number, durationMinutes: number, preAlarmMinutes: number, nowMs: number): Clock {
  return clockAfter(nowMs - startMs, durationMinutes, preAlarmMinutes);
}

/** How long the shared clock has run at `nowMs`: before its last pause, plus since it last started. */
export function elapsedOf(clock: SharedClock | null | undefined, nowMs: number): number {
  if (!clock || clock.startedAtMs === null) return 0;
  const until = clock.pausedAtMs ?? nowMs;
  return clock.elapsedMs + Math.max(0, until - clock.startedAtMs);
}

export function clockStateOf(clock: SharedClock | null | undefined): ClockState {
  if (!clock || clock.startedAtMs === null) return 'not-started';
  return clock.pausedAtMs === null ? 'running' : 'paused';
}

/** The shared round clock at `nowMs`: the time left, its colour and whether it runs. */
export function sharedClockAt(
  clock: SharedClock | null | undefined,
  durationMinutes: number,
  preAlarmMinutes: number,
  nowMs: number,
): Clock & { state: ClockState } {
  return { ...clockAfter(elapsedOf(clock, nowMs), durationMinutes, preAlarmMinutes), state: clockStateOf(clock) };
}

interface StoredTime {
  toMillis(): number;
}

/** The clock as a round document stores it (server times), in milliseconds; a time still pending reads as unset. */
export function sharedClockOf(
  round: { clock?: { startedAt: StoredTime | null; pausedAt: StoredTime | null; elapsedMs: number } } | undefined,
): SharedClock | null {
  const clock = round?.clock;
  if (!clock) return null;
  return {
    startedAtMs: clock.startedAt ? clock.startedAt.toMillis() : null,
    pausedAtMs: clock.pausedAt ? clock.pausedAt.toMillis() : null,
    elapsedMs: clock.elapsedMs,
  };
}
