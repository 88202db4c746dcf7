/**
 * npm run --silent replay -- FILE.json
 * Reads a scenario (policy, participants, rounds) and prints every participant's state and the leaderboard.
 */
import { readFileSync } from 'node:fs';
import { publicState, Tournament } from '@competition/engine';
import { runCli } from './lib/cli.js';

runCli(() => {
  const file = process.argv[2];
  if (!file) throw new Error('usage: npm run --silent replay -- FILE.json');
  const { states, leaderboard } = Tournament.fromScenario(JSON.parse(readFileSync(file, 'utf8'))).standings();
  const participants = leaderboard.map((row) => publicState(states[row.participantId]!));
  return { participants, leaderboard };
});
