/** Waiting in tests: sleeping, a promise resolved from outside, and polling until something holds. */

/**
 * How long a test waits for something the emulators or a browser do (a listener, a trigger, a page). It catches a
 * hang, not slowness: on a shared 2-core runner with the other tiers beside it, a trigger on a cold worker takes
 * several times what it takes alone, and a verdict must not depend on how busy the machine is.
 */
export const WAIT_MS = 45_000;

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/** Polls `read` until `done` holds, or fails after `timeoutMs` with the last value seen. */
export async function waitFor<T>(
  what: string,
  read: () => T | Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = WAIT_MS,
  intervalMs = 250,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const last = await read();
    if (done(last)) return last;
    if (Date.now() > deadline) {
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}; last seen: ${JSON.stringify(last)}`);
    }
    await sleep(intervalMs);
  }
}

/** Polls a condition every few milliseconds until it holds. */
export async function until(condition: () => boolean, timeoutMs = 5000, intervalMs = 10): Promise<void> {
  await waitFor('a condition', condition, (holds) => holds, timeoutMs, intervalMs);
}
