/**
 * Runs one engine on simulated events in a child process, so the benchmark can stop a slow peer at its time
 * budget (and each engine runs alone, on a fresh heap). Sends one message per round (time and quality) and one
 * when done. The job comes as JSON in argv[2].
 */
import { createEngine, type EngineName } from './benchEngines.js';
import { roundQuality, SimEvent, simulatedField } from './simulate.js';

export interface BenchJob {
  engine: EngineName;
  size: number;
  events: number;
  rounds: number;
  /** Event k uses seed seedBase + k, for every engine alike. */
  seedBase: number;
}

export interface RoundReport {
  type: 'round';
  event: number;
  round: number;
  ms: number;
  excess: number;
  maxPairGap: number;
  rematches: number;
  unpaired: number;
  repeatedByes: number;
}

const job = JSON.parse(process.argv[2]!) as BenchJob;
const send = (message: unknown) => process.send!(message);

try {
  for (let k = 0; k < job.events; k++) {
    const seed = job.seedBase + k;
    const event = new SimEvent(simulatedField(job.size, seed), seed);
    const engine = createEngine(job.engine, seed);
    for (let round = 1; round <= job.rounds; round++) {
      const { round: paired, ms } = engine.next(event, round, job.rounds);
      const q = roundQuality(event, paired);
      event.play(paired);
      engine.played(event, round);
      const report: RoundReport = {
        type: 'round',
        event: k,
        round,
        ms,
        excess: q.excessScoreDifference,
        maxPairGap: q.maxPairGap,
        rematches: q.rematches,
        unpaired: q.unpaired,
        repeatedByes: q.repeatedByes,
      };
      send(report);
    }
  }
  send({ type: 'done' });
} catch (error) {
  send({ type: 'error', message: error instanceof Error ? error.message : String(error) });
}
process.disconnect();
