/**
 * The end of `npm test` (scripts/testing/results.ts): a CI log is often read from its tail only, so the summary
 * names each failed test, its file and the first line of why it failed.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { failedTests, readTierResults } from '../testing/results.js';

const root = '/repo';
const report = (testResults: unknown[]) => {
  const path = join(mkdtempSync(join(tmpdir(), 'results-')), 'unit.json');
  writeFileSync(path, JSON.stringify({ numPassedTests: 1, numFailedTests: 1, numPendingTests: 0, testResults }));
  return path;
};

describe('the summary of failed tests', () => {
  it('names the file, the test and the first line of its failure', () => {
    const path = report([
      {
        name: '/repo/scripts/test/start.test.ts',
        startTime: 0,
        endTime: 5,
        status: 'failed',
        assertionResults: [
          { fullName: 'npm start stops', status: 'passed', failureMessages: [] },
          {
            fullName: 'npm start stops after one Ctrl-C',
            status: 'failed',
            failureMessages: [
              '\nError: timed out after 60000 ms waiting for the run to stop\n    at until (wait.ts:3)',
            ],
          },
        ],
      },
    ]);
    expect(failedTests([readTierResults(path, 'unit', root)!])).toEqual([
      'failed tests:',
      '  scripts/test/start.test.ts > npm start stops after one Ctrl-C',
      '      Error: timed out after 60000 ms waiting for the run to stop',
    ]);
  });

  it('names a file that failed before any of its tests ran, and says nothing when all passed', () => {
    const broken = report([
      { name: '/repo/a.test.ts', startTime: 0, endTime: 1, status: 'failed', message: 'Cannot find module x' },
    ]);
    expect(failedTests([readTierResults(broken, 'unit', root)!])).toEqual([
      'failed tests:',
      '  a.test.ts > (the file)',
      '      Cannot find module x',
    ]);
    const green = report([
      { name: '/repo/a.test.ts', startTime: 0, endTime: 1, status: 'passed', assertionResults: [] },
    ]);
    expect(failedTests([readTierResults(green, 'unit', root)!])).toEqual([]);
  });
});
