/**
 * `npm run --silent egd` (docs/go.md#the-egd-results-file): a scenario's results file on stdout, and a results file
 * read back into the scenario JSON; a bad input is one line on stderr and exit 1.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runTool } from './cli.js';

const scenario = {
  policy: 'GO',
  participants: [
    { id: 'a', name: 'Ada', goRank: '2k' },
    { id: 'b', name: 'Bo', goRank: '4 kyu' },
  ],
  rounds: [[{ a: 'b', b: 'a', winner: 'a' }]],
};

function importFile(text: string) {
  const file = join(mkdtempSync(join(tmpdir(), 'cli-')), 'event.h9');
  writeFileSync(file, text);
  const root = join(import.meta.dirname, '..', '..');
  const args = ['--conditions=source', '--import', 'tsx', join(root, 'scripts', 'egd.ts'), '--import', file];
  return spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8' });
}

describe('npm run egd', () => {
  it('prints the results file of a scenario and reads it back', () => {
    const written = runTool('egd.ts', scenario);
    expect(written.status).toBe(0);
    // Ada (2k) starts on 28 and lost, Bo (4k) starts on 26 and won with Black: Ada first on 28, Bo on 27, whose
    // round 1 is a win against line 1 with Black, even.
    const players = written.stdout.split('\n').filter((l) => /^\s+\d/.test(l));
    expect(players.map((l) => l.trim().split(/\s+/).slice(1, 3).join(' '))).toEqual(['Ada 2K', 'Bo 4K']);
    expect(players[1]).toMatch(/ 1\+\/b0$/);
    const read = importFile(written.stdout);
    expect(read.status).toBe(0);
    const back = JSON.parse(read.stdout) as { participants: Array<{ name: string; goRank: string }>; rounds: unknown };
    expect(back.participants.map((p) => `${p.name} ${p.goRank}`)).toEqual(['Ada 2k', 'Bo 4k']);
    expect(back.rounds).toEqual([[{ a: 'g2', b: 'g1', winner: 'a' }]]);
  });

  it('says what is wrong in one line', () => {
    const bad = importFile('   1 Ada 2K XX xxxx 28 3+/w0\n');
    expect(bad.status).toBe(1);
    expect(bad.stderr).toBe('error: h9 line 1: round 1: opponent 3 does not name this player back\n');
  });
});
