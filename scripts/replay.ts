/**
 * npm run --silent replay -- FILE.json
 * Reads a scenario (policy, participants, rounds) and prints every participant's state and the leaderboard.
 */
import { readFileSync } from 'node:fs';
import { computeStandings, publicState } from '../functions/src/domain/competition.js';
import { parseScenario } from '../functions/src/domain/scenario.js';
import { runCli } from './lib/cli.js';

runCli(() => {
  const file = process.argv[2];
  if (!file) throw new Error('usage: npm run --silent replay -- FILE.json');
  const scenario = parseScenario(JSON.parse(readFileSync(file, 'utf8')));
  const { states, leaderboard } = computeStandings(scenario.policy, scenario.participants, scenario.matchUps);
  const participants = leaderboard.map((row) => publicState(states[row.participantId]!));
  return { participants, leaderboard };
});
