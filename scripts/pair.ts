/**
 * npm run --silent pair -- FILE.json
 * Reads a scenario (policy, participants, rounds so far, and a "pairing" object: method, seed and the method's
 * options) and prints the next round: pairs with the cost terms that chose them, byes, and the time spent pairing.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { pairingRequestFor } from '../functions/src/domain/pairing/fromCompetition.js';
import { generateRound, recommendedRounds } from '../functions/src/domain/pairing/index.js';
import { parsePairingSpec } from '../functions/src/domain/pairing/request.js';
import { parseScenario } from '../functions/src/domain/scenario.js';
import { runCli } from './lib/cli.js';

runCli(() => {
  const file = process.argv[2];
  if (!file) throw new Error('usage: npm run --silent pair -- FILE.json');
  const scenario = parseScenario(JSON.parse(readFileSync(file, 'utf8')));
  const spec = parsePairingSpec(scenario.pairing);
  const request = pairingRequestFor(scenario, spec);
  const started = performance.now();
  const round = generateRound(request);
  const ms = performance.now() - started;
  const active = request.players.filter((p) => !p.withdrawn).length;
  return {
    roundNumber: round.roundNumber,
    method: round.method,
    seed: round.seed,
    pairings: round.pairings,
    byes: round.byes,
    byeCosts: round.byeCosts,
    ...(round.unpaired ? { unpaired: round.unpaired } : {}),
    ...(round.laterRounds ? { laterRounds: round.laterRounds } : {}),
    ...(round.method === 'SWISS' ? { recommendedRounds: recommendedRounds(active).rounds } : {}),
    notes: round.notes,
    stats: { ...round.stats, ms: Math.round(ms * 1000) / 1000 },
  };
});
