/**
 * What vitest's JSON reporter wrote for each tier: the counts of passed and failed tests, and how long each file
 * took, for the summary `npm test` ends with and for the next run's split between stacks.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Durations } from './shards.js';

interface VitestJson {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests?: number;
  testResults: {
    name: string;
    startTime: number;
    endTime: number;
    status: string;
    message?: string;
    assertionResults?: { fullName: string; status: string; failureMessages?: string[] }[];
  }[];
}

/** A failed test: where, which, and the first line of why. */
export interface FailedTest {
  file: string;
  test: string;
  why: string;
}

export interface FileTime {
  /** The path from the repository's root. */
  file: string;
  ms: number;
  tier: string;
}

export interface TierResults {
  tier: string;
  passed: number;
  failed: number;
  skipped: number;
  files: FileTime[];
  failures: FailedTest[];
}

/** A tier's results, or undefined when it wrote none (it did not start, or crashed before its end). */
export function readTierResults(path: string, tier: string, root: string): TierResults | undefined {
  if (!existsSync(path)) return undefined;
  const json = JSON.parse(readFileSync(path, 'utf8')) as VitestJson;
  return {
    tier,
    passed: json.numPassedTests,
    failed: json.numFailedTests,
    skipped: json.numPendingTests + (json.numTodoTests ?? 0),
    files: json.testResults.map((result) => ({
      file: relative(root, result.name),
      ms: Math.max(0, result.endTime - result.startTime),
      tier,
    })),
    failures: json.testResults.flatMap((result) => failuresOf(result, relative(root, result.name))),
  };
}

const firstLine = (text: string | undefined) => (text ?? '').split('\n').find((line) => line.trim() !== '') ?? '';

function failuresOf(result: VitestJson['testResults'][number], file: string): FailedTest[] {
  const tests = (result.assertionResults ?? [])
    .filter((test) => test.status === 'failed')
    .map((test) => ({ file, test: test.fullName, why: firstLine(test.failureMessages?.[0]) }));
  // A file that failed before any test ran (an import, a hook) has no failed test to name.
  if (tests.length === 0 && result.status === 'failed')
    return [{ file, test: '(the file)', why: firstLine(result.message) }];
  return tests;
}

/** Every failed test, two lines each, so the end of a long log says what failed without scrolling back. */
export function failedTests(tiers: readonly TierResults[]): string[] {
  const failures = tiers.flatMap((tier) => tier.failures);
  if (failures.length === 0) return [];
  return [
    `failed tests:`,
    ...failures.flatMap(({ file, test, why }) => [`  ${file} > ${test}`, `      ${why.trim().slice(0, 300)}`]),
  ];
}

/** Every tier's results added up. */
export function totals(tiers: readonly TierResults[]): { passed: number; failed: number; skipped: number } {
  return tiers.reduce(
    (sum, tier) => ({
      passed: sum.passed + tier.passed,
      failed: sum.failed + tier.failed,
      skipped: sum.skipped + tier.skipped,
    }),
    { passed: 0, failed: 0, skipped: 0 },
  );
}

export function durationsOf(tiers: readonly TierResults[]): Durations {
  return Object.fromEntries(tiers.flatMap((tier) => tier.files.map(({ file, ms }) => [file, ms])));
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The slowest files, a line each, and how long all the files took together. */
export function slowestFiles(tiers: readonly TierResults[], count = 10): string[] {
  const files = tiers.flatMap((tier) => tier.files).sort((a, b) => b.ms - a.ms);
  const width = Math.max(...files.slice(0, count).map((f) => f.file.length), 4);
  return [
    `the ${Math.min(count, files.length)} slowest test files:`,
    ...files.slice(0, count).map((f) => `  ${f.file.padEnd(width)}  ${seconds(f.ms).padStart(8)}  ${f.tier}`),
    `all ${files.length} files: ${seconds(files.reduce((sum, f) => sum + f.ms, 0))} of test time`,
  ];
}

/** The emulator tier's JSON reports in a results folder: one per stack, or one per group of files on each stack. */
export function emulatorReports(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => /^emulators-\d+(-[a-z-]+)?\.json$/.test(name))
    .map((name) => join(dir, name));
}
