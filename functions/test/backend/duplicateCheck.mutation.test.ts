/**
 * Emulator Suite tier: mutation check of the score trigger's duplicate check (domain/processing/change.ts's isUpToDate, which
 * the trigger's decision, domain/processing/scoreEvent.ts, asks first). Events arrive at least once; a duplicate, or a write
 * that leaves the result alone, must stop at the applied marker: no state read, nothing written. With the check
 * taken out of a copy of the code, the named test of trigger.test.ts must fail; on an unmutated copy made the same
 * way it must pass. The copies run in a child vitest against this file's emulators, one file at a time. See
 * support/mutants.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { type Mutation, ROOT, replaceInFunction, runCopies } from '../support/mutants.js';

const CHANGE = 'functions/engine/src/domain/processing/change.ts';

/**
 * The anchor: isUpToDate's comparison of the applied marker with the matchUp's current game and result (its one
 * return that is not `true` for "nothing stored, nothing applied"). However the comparison is written, the mutant
 * answers `false`: every event goes on to read the states and rewrite the marker.
 */
const withoutDuplicateCheck: Mutation = {
  file: CHANGE,
  mutate: (source) =>
    replaceInFunction(
      source,
      `the duplicate check isUpToDate (${CHANGE})`,
      'isUpToDate',
      'return of the marker compared with the current result',
      (node) =>
        ts.isReturnStatement(node) &&
        node.expression !== undefined &&
        node.expression.kind !== ts.SyntaxKind.TrueKeyword,
      'return false;',
    ),
};

const NAMED = [
  'onMatchUpWritten, the deployed trigger (wrapped by firebase-functions-test) > a write that does not change the result: the trigger reads the tournament, the matchUp, its marker, its score problem and the status, and writes nothing',
];

/** How long the copies' child vitest may run: the test waits that long, and for the copying, on a busy machine too. */
const COPIES_MS = 300_000;

describe("mutation check: the score trigger's duplicate check", () => {
  it('finds the check in the real source (a check moved or renamed fails here, naming it)', () => {
    const source = readFileSync(join(ROOT, CHANGE), 'utf8');
    expect(withoutDuplicateCheck.mutate(source)).not.toBe(source);
  });

  it(
    'with the duplicate check removed the named test of trigger.test.ts fails; on an unmutated copy it passes',
    async () => {
      const results = await runCopies(
        { control: null, withoutDuplicateCheck },
        {
          testFiles: ['functions/test/backend/trigger.test.ts'],
          testNames: NAMED,
          sequential: true,
          timeoutMs: COPIES_MS,
        },
      );
      const test = (copy: string, name: string) => results[copy]!.tests.find((t) => t.name === name);
      expect([results.control!.fileErrors, results.withoutDuplicateCheck!.fileErrors]).toEqual([[], []]);
      expect(NAMED.map((name) => [name, test('control', name)?.status ?? 'not run'])).toEqual(
        NAMED.map((name) => [name, 'passed']),
      );
      expect(NAMED.map((name) => [name, test('withoutDuplicateCheck', name)?.status ?? 'not run'])).toEqual(
        NAMED.map((name) => [name, 'failed']),
      );
      for (const name of NAMED) expect(test('withoutDuplicateCheck', name)!.failure).toMatch(/^AssertionError/);
    },
    COPIES_MS + 30_000,
  );
});
