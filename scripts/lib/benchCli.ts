/** What the emulator benchmarks share on the command line: flag checks that exit with the usage, percentiles. */

/** `fail` prints the message and the usage and exits 2; `intFlag` reads an integer flag within bounds. */
export function benchCli(usage: string) {
  const fail = (message: string): never => {
    process.stderr.write(`error: ${message}\n${usage}\n`);
    process.exit(2);
  };
  const intFlag = (name: string, value: string | undefined, fallback: number, min: number, max: number): number => {
    if (value === undefined) return fallback;
    const n = Number(value);
    if (!Number.isInteger(n) || n < min || n > max)
      fail(`--${name} must be an integer from ${min} to ${max}, got "${value}"`);
    return n;
  };
  return { fail, intFlag };
}

/** The nearest-rank percentile of ascending values (0 when there are none). */
export function percentile(sorted: readonly number[], p: number): number {
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(sorted.length, rank) - 1] ?? 0;
}

export const round1 = (x: number) => Math.round(x * 10) / 10;
export const progress = (line: string) => process.stderr.write(`[bench] ${line}\n`);
