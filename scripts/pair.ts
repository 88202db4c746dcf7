/**
 * npm run --silent pair -- FILE.json
 * Reads a scenario (policy, participants, rounds so far, and a "pairing" object: method, seed and the method's
 * options) and prints the next round: pairs with the cost terms that chose them, byes, and the time spent pairing.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { Tournament, recommendedRounds } from '@competition/engine';
import { runCli } from './lib/cli.js';

runCli(() => {
  const file = process.argv[2];
  if (!file) throw new Error('usage: npm run --silent pair -- FILE.json');
  const tournament = Tournament.fromScenario(JSON.parse(readFileSync(file, 'utf8')));
  const started = performance.now();
  const round = tournament.pairRound();
  const ms = performance.now() - started;
  const active = tournament.participants.filter((p) => !p.withdrawn).length;
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
