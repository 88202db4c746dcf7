/**
 * Mutation check of the REPLAY guard (domain/processing/change.ts): a change that would move the rating a later rated game
 * started from must answer REPLAY, or incremental states drift from the fold. With the guard taken out of a copy
 * of the code (one mutant per granularity), the named tests of change.test.ts must fail; on an unmutated copy
 * made the same way they must pass. See support/mutants.ts for how copies are made and run.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { type Mutation, ROOT, replaceInFunction, returnsObjectWith, runCopies } from '../support/mutants.js';

const CHANGE = 'functions/engine/src/domain/processing/change.ts';

/** The anchor: inside `functionName`, the one `if (…) return { status: 'REPLAY', … }`. The mutant drops it. */
function withoutReplayGuard(functionName: string): Mutation {
  return {
    file: CHANGE,
    mutate: (source) =>
      replaceInFunction(
        source,
        `the REPLAY guard of ${functionName} (${CHANGE})`,
        functionName,
        "`if (…) return { status: 'REPLAY', … }`",
        (node) => ts.isIfStatement(node) && returnsObjectWith(node.thenStatement, 'status', 'REPLAY'),
        '/* mutant: REPLAY guard removed */',
      ),
  };
}

const MUTANTS = {
  perMatchUpGuard: {
    mutation: withoutReplayGuard('applyMatchUpChange'),
    named: [
      'which changes are O(1) and which replay > a correction in round 1 of a player who played on in round 2 needs a replay',
    ],
  },
  perRoundGuard: {
    mutation: withoutReplayGuard('applyRoundChange'),
    named: ['PER_ROUND: which changes replay > a correction in round 1 after round 2 was rated needs a replay'],
  },
};

/** How long the copies' child vitest may run: the test waits that long, and for the copying, on a busy machine too. */
const COPIES_MS = 120_000;

describe('mutation check: the REPLAY guard of domain/processing/change.ts', () => {
  it('finds both guards in the real source (a guard moved or renamed fails here, naming it)', () => {
    const source = readFileSync(join(ROOT, CHANGE), 'utf8');
    for (const { mutation } of Object.values(MUTANTS)) expect(mutation.mutate(source)).not.toBe(source);
  });

  it(
    'with either guard removed the named tests of change.test.ts fail; on an unmutated copy they pass',
    async () => {
      const named = Object.values(MUTANTS).flatMap((m) => m.named);
      const results = await runCopies(
        { control: null, ...Object.fromEntries(Object.entries(MUTANTS).map(([name, m]) => [name, m.mutation])) },
        { testFiles: ['functions/engine/test/domain/change.test.ts'], testNames: named, timeoutMs: COPIES_MS },
      );
      const statusIn = (copy: string, name: string) =>
        results[copy]!.tests.find((t) => t.name === name)?.status ?? 'not run';
      expect(results.control!.fileErrors).toEqual([]);
      expect(named.map((name) => [name, statusIn('control', name)])).toEqual(named.map((name) => [name, 'passed']));
      for (const [copy, { named: names }] of Object.entries(MUTANTS)) {
        expect(results[copy]!.fileErrors, copy).toEqual([]);
        expect(names.map((name) => [copy, name, statusIn(copy, name)])).toEqual(
          names.map((name) => [copy, name, 'failed']),
        );
        // Failed on an assertion about the outcome, not on a copy that would not load.
        for (const name of names)
          expect(results[copy]!.tests.find((t) => t.name === name)!.failure).toMatch(/^AssertionError/);
      }
    },
    COPIES_MS + 30_000,
  );
});
