/**
 * npm run bench:pairing [-- --budget SECONDS] [-- --quick] [-- --colours NONE|BALANCE|FIDE]
 *                       [-- --players 2048,10000 [--rounds 9] [--events 3]]
 * Our pairing engine (colours FIDE unless told otherwise) against tournament-organizer 4.1.1, swiss-pairing 1.4.3
 * and, when BBP_EXE names a build of it, bbpPairings (FIDE Dutch), on the same simulated events (same field, same
 * seeded luck), each engine in its own process, one at a time. A peer that exceeds its time budget for a field
 * size is stopped and reported as skipped, with whatever rounds it finished.
 * Scoring: win 1, draw 0.5, bye 1. "Excess" is the total |score difference| of the pairs above the least any
 * pairing of the same scores could have (rematches ignored), summed over an event's rounds. Colours: side a of
 * every game is white; per event, the players who end beyond +-2, who played a colour three times running, and
 * the mean |whites - blacks|.
 * Per size: ms per round (wall clock, median over every round of every event), the same in CPU time of the engine's
 * process (steadier on a shared machine; n/a for bbpPairings, which pairs in its own process), the largest heapUsed
 * right after a pairing call and the process's peak RSS, and each peer's median over ours from the same run.
 * With --players only those sizes run (peers too up to 2,048 players, ours alone above), and no round-robin part.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { COLOUR_MODES, type ColourMode } from '@competition/engine';
import { ENGINES, type EngineName } from './lib/benchEngines.js';
import type { BenchJob, MemoryReport, RefusalReport, RoundReport } from './lib/benchWorker.js';

const args = process.argv.slice(2);
const budgetSeconds = Number(valueOf('--budget') ?? 60);
const quick = args.includes('--quick');
const colours = (valueOf('--colours') ?? 'FIDE') as ColourMode;
const players = valueOf('--players')?.split(',').map(Number);
const swissRounds = Number(valueOf('--rounds') ?? 9);
const eventsGiven = valueOf('--events');
if (players?.some((p) => !Number.isInteger(p) || p < 2)) throw new Error('--players takes sizes like 2048,10000');
if (!Number.isInteger(swissRounds) || swissRounds < 1) throw new Error('--rounds takes a positive whole number');
/** Peers pair at most this many players: above it they would only spend their whole budget. */
const PEER_MAX_PLAYERS = 2048;
if (!COLOUR_MODES.includes(colours)) throw new Error(`--colours must be one of ${COLOUR_MODES.join(', ')}`);

function valueOf(flag: string): string | undefined {
  const i = args.indexOf(flag);
  return i >= 0 ? args[i + 1] : undefined;
}

interface Outcome {
  reports: RoundReport[];
  refusals: RefusalReport[];
  memory: MemoryReport | null;
  status: 'ok' | 'skipped' | 'failed';
  message?: string;
  seconds: number;
}

function run(job: BenchJob, budget: number): Promise<Outcome> {
  return new Promise((resolve) => {
    const started = Date.now();
    const reports: RoundReport[] = [];
    const refusals: RefusalReport[] = [];
    let memory: MemoryReport | null = null;
    const child = fork(fileURLToPath(new URL('./lib/benchWorker.ts', import.meta.url)), [JSON.stringify(job)], {
      execArgv: ['--conditions=source', '--import', 'tsx', '--max-old-space-size=4096'],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    let outcome: Outcome['status'] | null = null;
    let message: string | undefined;
    const timer = setTimeout(() => {
      outcome = 'skipped';
      child.kill('SIGKILL');
    }, budget * 1000);
    type Message = RoundReport | RefusalReport | MemoryReport | { type: 'done' } | { type: 'error'; message: string };
    child.on('message', (m: Message) => {
      if (m.type === 'round') reports.push(m);
      else if (m.type === 'memory') memory = m;
      else if (m.type === 'refusal') refusals.push(m);
      else if (m.type === 'done') outcome = 'ok';
      else {
        outcome = 'failed';
        message = m.message;
      }
    });
    child.on('exit', () => {
      clearTimeout(timer);
      resolve({
        reports,
        refusals,
        memory,
        status: outcome ?? 'failed',
        message,
        seconds: (Date.now() - started) / 1000,
      });
    });
  });
}

function median(values: number[]): number {
  const s = values.slice().sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

const fmt = (x: number, digits = 1) => (Number.isFinite(x) ? x.toFixed(digits) : 'n/a');

interface Row {
  size: number;
  engine: EngineName;
  outcome: Outcome;
  job: BenchJob;
}

function summarize(row: Row) {
  const { reports } = row.outcome;
  const ms = reports.map((r) => r.ms);
  const completeEvents = new Set(reports.filter((r) => r.round === row.job.rounds).map((r) => r.event));
  const excessPerEvent =
    completeEvents.size === 0
      ? NaN
      : reports.filter((r) => completeEvents.has(r.event)).reduce((s, r) => s + r.excess, 0) / completeEvents.size;
  return {
    rounds: reports.length,
    median: median(ms),
    cpuMedian: median(reports.flatMap((r) => (r.cpuMs === null ? [] : [r.cpuMs]))),
    peakHeapMB: (row.outcome.memory?.peakHeapUsed ?? NaN) / 2 ** 20,
    maxRssMB: (row.outcome.memory?.maxRss ?? NaN) / 2 ** 20,
    max: ms.length ? Math.max(...ms) : NaN,
    excessPerEvent,
    excessPerRound: reports.length ? reports.reduce((s, r) => s + r.excess, 0) / reports.length : NaN,
    maxGap: reports.length ? Math.max(...reports.map((r) => r.maxPairGap)) : NaN,
    rematches: reports.reduce((s, r) => s + r.rematches, 0),
    unpaired: reports.reduce((s, r) => s + r.unpaired, 0),
    secondByes: reports.reduce((s, r) => s + r.repeatedByes, 0),
    refusals: row.outcome.refusals.length,
    ...colourSummary(reports),
  };
}

/** Per event (events that reached their last round): players beyond +-2, three in a row, mean |difference|. */
function colourSummary(reports: RoundReport[]) {
  const ends = reports.flatMap((r) => (r.colours ? [r.colours] : []));
  const mean = (f: (c: (typeof ends)[number]) => number) =>
    ends.length === 0 ? NaN : ends.reduce((s, c) => s + f(c), 0) / ends.length;
  return {
    beyondTwo: mean((c) => c.beyondTwo),
    threeInARow: mean((c) => c.threeInARow),
    meanDifference: mean((c) => c.meanDifference),
  };
}

function table(headers: string[], rows: string[][]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const left = (i: number) => i < 2 || i === headers.length - 1;
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (left(i) ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  return [
    line(headers),
    `|${widths.map((w, i) => (left(i) ? ':' : '-') + '-'.repeat(w) + (left(i) ? '-' : ':')).join('|')}|`,
    ...rows.map(line),
  ].join('\n');
}

async function main(): Promise<void> {
  const plan: { size: number; events: number; engines: EngineName[] }[] = players
    ? players.map((size) => ({
        size,
        events: Number(eventsGiven ?? 1),
        engines: size <= PEER_MAX_PLAYERS ? ENGINES : ['ours'],
      }))
    : quick
      ? [
          { size: 64, events: 3, engines: ENGINES },
          { size: 256, events: 1, engines: ENGINES },
          { size: 1024, events: 1, engines: ['ours'] },
        ]
      : [
          { size: 64, events: 20, engines: ENGINES },
          { size: 256, events: 10, engines: ENGINES },
          { size: 1024, events: 1, engines: ENGINES },
          { size: 2048, events: 1, engines: ENGINES },
          { size: 10_000, events: 1, engines: ['ours'] },
        ];
  console.log(
    `Pairing benchmark: ${swissRounds}-round Swiss, simulated fields (Elo results, ~30% draws between equals), seeded.`,
  );
  console.log(
    `Our engine pairs with colours ${colours}; the peers with their own colour rules (bbpPairings: FIDE Dutch).`,
  );
  console.log(`Peers are stopped after ${budgetSeconds} s per field size. Node ${process.version}.\n`);
  const rows: Row[] = [];
  for (const { size, events, engines } of plan) {
    for (const engine of engines) {
      const job: BenchJob = { engine, size, events, rounds: swissRounds, seedBase: 1000 + size, colours };
      const outcome = await run(job, engine === 'ours' ? 1800 : budgetSeconds);
      rows.push({ size, engine, outcome, job });
      const s = summarize({ size, engine, outcome, job });
      process.stderr.write(
        `  ${size} ${engine}: ${outcome.status} in ${outcome.seconds.toFixed(1)} s, median ${fmt(s.median)} ms/round\n`,
      );
    }
  }
  const cells = rows.map((row) => {
    const s = summarize(row);
    const refused = s.refusals > 0 ? `, ${s.refusals} event(s) refused` : '';
    const status =
      row.outcome.status === 'ok'
        ? `ok${refused}`
        : row.outcome.status === 'skipped'
          ? `skipped (> ${budgetSeconds} s) after ${s.rounds}/${row.job.events * row.job.rounds} rounds`
          : `failed: ${row.outcome.message ?? 'crashed'}`;
    return [
      String(row.size),
      row.engine,
      `${row.job.events}`,
      `${s.rounds}`,
      fmt(s.median),
      fmt(s.max),
      fmt(s.cpuMedian),
      fmt(s.peakHeapMB, 0),
      fmt(s.maxRssMB, 0),
      fmt(s.excessPerEvent, 2),
      fmt(s.excessPerRound, 3),
      fmt(s.maxGap),
      String(s.rematches),
      String(s.unpaired),
      String(s.secondByes),
      fmt(s.beyondTwo, 1),
      fmt(s.threeInARow, 1),
      fmt(s.meanDifference, 2),
      status,
    ];
  });
  console.log(
    table(
      [
        'players',
        'engine',
        'events',
        'rounds timed',
        'ms/round median',
        'ms/round max',
        'cpu ms/round median',
        'peak heap MB',
        'max RSS MB',
        'excess/event',
        'excess/round',
        'max pair gap',
        'rematches',
        'unpaired',
        'second byes',
        'beyond ±2/event',
        '3 in a row/event',
        'mean |W-B|',
        'status',
      ],
      cells,
    ),
  );
  console.log('\nSpeed ratios (peer median ms/round over ours):');
  for (const size of new Set(rows.map((r) => r.size))) {
    const ours = rows.find((r) => r.size === size && r.engine === 'ours');
    if (!ours) continue;
    const base = summarize(ours).median;
    const alone = rows.every((r) => r.size !== size || r.engine === 'ours');
    if (alone) {
      const s = summarize(ours);
      console.log(`  ${size} players (ours alone): median ${fmt(s.median)} ms, max ${fmt(s.max)} ms per round`);
      continue;
    }
    const parts = rows
      .filter((r) => r.size === size && r.engine !== 'ours')
      .map((r) => {
        const s = summarize(r);
        // A peer that paired no round in its budget is at least budget / ours slower.
        if (s.rounds === 0)
          return `${r.engine} > ${fmt((budgetSeconds * 1000) / base, 0)}x (no round in ${budgetSeconds} s)`;
        const partial = r.outcome.status === 'ok' ? '' : ` (${s.rounds} rounds before the budget)`;
        return `${r.engine} ${fmt(s.median / base, 0)}x${partial}`;
      });
    console.log(`  ${size} players: ours ${fmt(base)} ms; ${parts.join('; ')}`);
  }
  if (players) return;

  // Round-robin-length events: n players, n - 1 rounds (n when n is odd), where a careless round leaves the rest
  // of the event unplayable without a rematch.
  const rrSizes = quick ? [6, 8, 10, 7] : [6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16];
  const rrEvents = quick ? 3 : 8;
  console.log(
    `\nRound-robin-length Swiss (n players, n - 1 rounds, n when odd), n = ${rrSizes.join(', ')}, ${rrEvents} events each:`,
  );
  const rrRows: string[][] = [];
  for (const engine of ENGINES) {
    let events = 0;
    let withRematch = 0;
    let refused = 0;
    let rematches = 0;
    let secondByes = 0;
    const failures: string[] = [];
    for (const size of rrSizes) {
      const rounds = size % 2 === 0 ? size - 1 : size;
      const job: BenchJob = { engine, size, events: rrEvents, rounds, seedBase: 1, colours };
      const outcome = await run(job, budgetSeconds);
      if (outcome.status !== 'ok')
        failures.push(`${size}: ${outcome.status}${outcome.message ? ` (${outcome.message})` : ''}`);
      events += rrEvents;
      refused += new Set(outcome.refusals.map((r) => r.event)).size;
      const byEvent = new Map<number, number>();
      for (const r of outcome.reports) byEvent.set(r.event, (byEvent.get(r.event) ?? 0) + r.rematches);
      withRematch += [...byEvent.values()].filter((x) => x > 0).length;
      rematches += outcome.reports.reduce((s, r) => s + r.rematches, 0);
      secondByes += outcome.reports.reduce((s, r) => s + r.repeatedByes, 0);
    }
    rrRows.push([
      engine,
      String(events),
      String(withRematch),
      String(refused),
      String(rematches),
      String(secondByes),
      failures.length ? failures.join('; ') : 'ok',
    ]);
  }
  console.log(
    table(
      ['engine', 'events', 'events with a rematch', 'events refused', 'rematches', 'second byes', 'status'],
      rrRows,
    ),
  );
}

await main();
