/**
 * npm run --silent egd -- FILE.json [--rounds N]
 * npm run --silent egd -- --import FILE.h9
 * Prints the European Go Database's results file (.h9) of a scenario (its rounds 1 to N when given), or the
 * scenario of a results file as JSON (docs/go.md#the-egd-results-file).
 */
import { readFileSync } from 'node:fs';
import { readEgd, scenarioToEgd } from '@competition/engine';
import { runCli, runTextCli } from './lib/cli.js';

const USAGE = 'usage: npm run --silent egd -- FILE.json [--rounds N] | --import FILE.h9';

const args = process.argv.slice(2);
if (args[0] === '--import') {
  runCli(() => {
    if (!args[1] || args.length > 2) throw new Error(USAGE);
    return readEgd(readFileSync(args[1], 'utf8'));
  });
} else {
  runTextCli(() => exportScenario(args));
}

function exportScenario(argv: string[]): string {
  const [file, flag, value, ...rest] = argv;
  if (!file || file.startsWith('--') || rest.length > 0) throw new Error(USAGE);
  if (flag !== undefined && (flag !== '--rounds' || value === undefined || !/^[0-9]+$/.test(value)))
    throw new Error(USAGE);
  const scenario: unknown = JSON.parse(readFileSync(file, 'utf8'));
  return scenarioToEgd(scenario, value !== undefined ? { throughRound: Number(value) } : {});
}
