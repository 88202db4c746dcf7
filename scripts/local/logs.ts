/**
 * Where the functions' own log lines go. firebase-functions' logger writes one JSON line per entry through the
 * console methods it captured when it was loaded (lib/logger/common.js, UNPATCHED_CONSOLE), so the stack
 * swaps the console methods for routing ones just while it loads the functions module: afterwards the rest
 * of the process logs as usual, and the functions' entries go to this sink (stderr, filtered by level), which
 * keeps stdout clean for the tools that print JSON.
 */

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

const RANK: Record<LogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3, silent: 4 };
const METHOD_LEVEL = { debug: 'debug', info: 'info', log: 'info', warn: 'warn', error: 'error' } as const;
type ConsoleMethod = keyof typeof METHOD_LEVEL;

/** Entries the platform's own event decoding writes for every delete event: not worth a line each. */
const NOISE = [/^Snapshot has no readTime\. Using now\(\)/];

export interface LogSink {
  level: LogLevel;
  /** Writes one line (already formatted) if `level` passes. */
  write(level: Exclude<LogLevel, 'silent'>, line: string): void;
}

export function createLogSink(level: LogLevel, out: (line: string) => void = (line) => process.stderr.write(`${line}\n`)): LogSink {
  const sink: LogSink = {
    level,
    write(entryLevel, line) {
      if (RANK[entryLevel] < RANK[sink.level]) return;
      out(line);
    },
  };
  return sink;
}

/** One functions log entry (a JSON line from firebase-functions' logger, or plain console arguments) as text. */
function format(method: ConsoleMethod, args: unknown[]): { level: Exclude<LogLevel, 'silent'>; line: string } | undefined {
  let level: Exclude<LogLevel, 'silent'> = METHOD_LEVEL[method];
  const first = args[0];
  if (args.length === 1 && typeof first === 'string' && first.startsWith('{')) {
    try {
      const entry = JSON.parse(first) as Record<string, unknown>;
      const { severity, message, ...rest } = entry;
      if (typeof message === 'string' && NOISE.some((re) => re.test(message))) return undefined;
      if (severity === 'DEBUG') level = 'debug';
      else if (severity === 'INFO' || severity === 'NOTICE') level = 'info';
      else if (severity === 'WARNING') level = 'warn';
      else if (typeof severity === 'string') level = 'error';
      const extra = Object.keys(rest).length ? ` ${JSON.stringify(rest)}` : '';
      return { level, line: `[functions] ${level}: ${typeof message === 'string' ? message : ''}${extra}` };
    } catch {
      // not a structured entry: print it as it came
    }
  }
  const text = args.map((a) => (typeof a === 'string' ? a : a instanceof Error ? (a.stack ?? a.message) : JSON.stringify(a))).join(' ');
  return { level, line: `[functions] ${level}: ${text}` };
}

/**
 * Runs `load` (the import of the functions module) with console methods that route to `sink`; restores the
 * console afterwards. Modules that captured console methods during `load` keep routing to the sink.
 */
export async function withRoutedConsole<T>(sink: LogSink, load: () => Promise<T>): Promise<T> {
  const methods = Object.keys(METHOD_LEVEL) as ConsoleMethod[];
  const original = new Map(methods.map((m) => [m, console[m]] as const));
  for (const method of methods) {
    console[method] = (...args: unknown[]) => {
      const entry = format(method, args);
      if (entry) sink.write(entry.level, entry.line);
    };
  }
  try {
    return await load();
  } finally {
    for (const [method, fn] of original) console[method] = fn;
  }
}
