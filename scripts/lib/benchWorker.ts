/**
 * Runs one engine on simulated events in a child process, so the benchmark can stop a slow peer at its time
 * budget (and each engine runs alone, on a fresh heap). Sends one message per round (time and quality) and one
 * when done. The job comes as JSON in argv[2].
 */
import {
  type ColourMode,
  colourQuality,
  type ColourQuality,
  roundQuality,
  SimEvent,
  simulatedField,
} from '@competition/engine';
import { createEngine, type EngineName } from './benchEngines.js';

export interface BenchJob {
  engine: EngineName;
  size: number;
  events: number;
  rounds: number;
  /** Event k uses seed seedBase + k, for every engine alike. */
  seedBase: number;
  /** Our engine's colour mode (the peers have their own rules). */
  colours: ColourMode;
}

export interface RoundReport {
  type: 'round';
  event: number;
  round: number;
  ms: number;
  /** CPU milliseconds of the pairing call (null when the engine pairs in another process). */
  cpuMs: number | null;
  excess: number;
  maxPairGap: number;
  rematches: number;
  unpaired: number;
  repeatedByes: number;
  /** On an event's last round: the colours of the whole event (side a = white). */
  colours?: ColourQuality;
}

/** An engine that cannot pair a round of an event (bbpPairings: "no valid pairing exists"); the next event goes on. */
/** Memory of the engine's process over the whole job, in bytes. */
export interface MemoryReport {
  type: 'memory';
  /** Largest heapUsed seen right after a pairing call (before the collector could free the call's garbage). */
  peakHeapUsed: number;
  /** Peak resident set size of the process (resourceUsage().maxRSS). */
  maxRss: number;
}

export interface RefusalReport {
  type: 'refusal';
  event: number;
  round: number;
  message: string;
}

const job = JSON.parse(process.argv[2]!) as BenchJob;
const send = (message: unknown) => process.send!(message);
let peakHeapUsed = 0;

try {
  for (let k = 0; k < job.events; k++) {
    const seed = job.seedBase + k;
    const event = new SimEvent(simulatedField(job.size, seed), seed);
    const engine = createEngine(job.engine, seed, job.colours);
    for (let round = 1; round <= job.rounds; round++) {
      let next: ReturnType<typeof engine.next>;
      try {
        next = engine.next(event, round, job.rounds);
      } catch (error) {
        const refusal: RefusalReport = {
          type: 'refusal',
          event: k,
          round,
          message: error instanceof Error ? error.message : String(error),
        };
        send(refusal);
        break;
      }
      peakHeapUsed = Math.max(peakHeapUsed, process.memoryUsage().heapUsed);
      const { round: paired, ms, cpuMs } = next;
      const q = roundQuality(event, paired);
      event.play(paired);
      engine.played(event, round);
      const report: RoundReport = {
        type: 'round',
        event: k,
        round,
        ms,
        cpuMs: Number.isFinite(cpuMs) ? cpuMs : null,
        excess: q.excessScoreDifference,
        maxPairGap: q.maxPairGap,
        rematches: q.rematches,
        unpaired: q.unpaired,
        repeatedByes: q.repeatedByes,
        ...(round === job.rounds ? { colours: colourQuality(event) } : {}),
      };
      send(report);
    }
  }
  const memory: MemoryReport = { type: 'memory', peakHeapUsed, maxRss: process.resourceUsage().maxRSS * 1024 };
  send(memory);
  send({ type: 'done' });
} catch (error) {
  send({ type: 'error', message: error instanceof Error ? error.message : String(error) });
}
process.disconnect();
