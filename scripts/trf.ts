/**
 * npm run --silent trf -- FILE.json [--rounds N] [--eol crlf|lf|cr]
 * npm run --silent trf -- --import FILE.trf
 * Prints the FIDE Tournament Report File of a scenario (its rounds 1 to N when given; CRLF line ends unless told),
 * or the scenario of a TRF file as JSON (docs/trf.md).
 */
import { readFileSync } from 'node:fs';
import { readTrf, scenarioToTrf } from '@competition/engine';
import { runCli, runTextCli } from './lib/cli.js';

const USAGE = 'usage: npm run --silent trf -- FILE.json [--rounds N] [--eol crlf|lf|cr] | --import FILE.trf';
const EOLS = { crlf: '\r\n', lf: '\n', cr: '\r' } as const;

const args = process.argv.slice(2);
if (args[0] === '--import') {
  runCli(() => {
    if (!args[1] || args.length > 2) throw new Error(USAGE);
    return readTrf(readFileSync(args[1], 'utf8'));
  });
} else {
  runTextCli(() => exportScenario(args));
}

function exportScenario(argv: string[]): string {
  const [file, ...rest] = argv;
  if (!file || file.startsWith('--')) throw new Error(USAGE);
  let throughRound: number | undefined;
  let lineEnding: (typeof EOLS)[keyof typeof EOLS] | undefined;
  for (let k = 0; k < rest.length; k += 2) {
    const [flag, value] = [rest[k], rest[k + 1]];
    if (flag === '--rounds' && value !== undefined && /^[0-9]+$/.test(value)) throughRound = Number(value);
    else if (flag === '--eol' && value !== undefined && value in EOLS) lineEnding = EOLS[value as keyof typeof EOLS];
    else throw new Error(USAGE);
  }
  const scenario: unknown = JSON.parse(readFileSync(file, 'utf8'));
  return scenarioToTrf(scenario, {
    ...(throughRound !== undefined && { throughRound }),
    ...(lineEnding && { lineEnding }),
  });
}
