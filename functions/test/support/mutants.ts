/**
 * Mutation checks for the guards the product lives on. A mutant is a copy of the repository's `functions/` tree
 * (source and tests, in a temporary directory) with one guard taken out of one source file; a child vitest runs
 * the named tests of the real test files against it, and against an unmutated copy made the same way. The named
 * tests must pass on the control copy and fail on the mutant: a failure then says the guard was missed, not
 * that the copy is broken.
 *
 * Guards are found in TypeScript's syntax tree (a function by name, a statement or declaration by shape), not by
 * line text, so formatting and neighbouring edits leave the check working. A guard that can no longer be found
 * throws MutationAnchorLost, naming the guard and what was looked for: the check fails loudly, never passes by
 * mutating nothing.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';

export const ROOT = join(import.meta.dirname, '..', '..', '..');

export interface Mutation {
  /** The file to mutate, from the repository root. */
  file: string;
  /** The file's text with the guard taken out; throws MutationAnchorLost when the guard is not where it was. */
  mutate: (source: string) => string;
}

export class MutationAnchorLost extends Error {
  override name = 'MutationAnchorLost';
}

/** The one top-level function declaration called `name`. */
function functionNamed(file: ts.SourceFile, name: string, label: string): ts.FunctionDeclaration {
  const found = file.statements.filter(
    (s): s is ts.FunctionDeclaration => ts.isFunctionDeclaration(s) && s.name?.text === name,
  );
  if (found.length !== 1)
    throw new MutationAnchorLost(`${label}: expected one function ${name}, found ${found.length}`);
  return found[0]!;
}

function descendants(node: ts.Node): ts.Node[] {
  const all: ts.Node[] = [];
  const visit = (n: ts.Node) => {
    all.push(n);
    ts.forEachChild(n, visit);
  };
  ts.forEachChild(node, visit);
  return all;
}

/**
 * Replaces the one node inside function `functionName` that `pick` selects with `replacement`. `what` says in
 * words what `pick` looks for, for the message when it finds none or several.
 */
export function replaceInFunction(
  source: string,
  label: string,
  functionName: string,
  what: string,
  pick: (node: ts.Node) => boolean,
  replacement: string,
): string {
  const file = ts.createSourceFile('mutated.ts', source, ts.ScriptTarget.Latest, true);
  const found = descendants(functionNamed(file, functionName, label)).filter(pick);
  if (found.length !== 1)
    throw new MutationAnchorLost(`${label}: expected one ${what} in ${functionName}, found ${found.length}`);
  const node = found[0]!;
  return source.slice(0, node.getStart(file)) + replacement + source.slice(node.getEnd());
}

/** `return { <property>: '<value>', ... }`, directly or as the only statement of a block. */
export function returnsObjectWith(statement: ts.Statement, property: string, value: string): boolean {
  const returned = ts.isBlock(statement) && statement.statements.length === 1 ? statement.statements[0]! : statement;
  if (!ts.isReturnStatement(returned) || !returned.expression || !ts.isObjectLiteralExpression(returned.expression))
    return false;
  return returned.expression.properties.some(
    (p) =>
      ts.isPropertyAssignment(p) &&
      ts.isIdentifier(p.name) &&
      p.name.text === property &&
      ts.isStringLiteral(p.initializer) &&
      p.initializer.text === value,
  );
}

export interface TestOutcome {
  /** Describe blocks and title, joined with " > ". */
  name: string;
  status: string;
  failure: string;
}

export interface CopyResult {
  tests: TestOutcome[];
  /** A file that failed as a whole (did not load, a hook threw): its message. */
  fileErrors: string[];
}

interface JsonReport {
  testResults: Array<{
    name: string;
    status: string;
    message?: string;
    assertionResults: Array<{ ancestorTitles: string[]; title: string; status: string; failureMessages?: string[] }>;
  }>;
}

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export interface RunOptions {
  /** Test files, from the repository root, run in every copy. */
  testFiles: string[];
  /** Only the tests with these names (describe titles and title, joined with " > ", as TestOutcome names them). */
  testNames: string[];
  /** Copies share one emulator: run their files one at a time. */
  sequential?: boolean;
  timeoutMs: number;
}

/**
 * Builds one copy of `functions/` (and the shared `testing/` harness) per entry (`null`: the unmutated control), runs the named tests of `testFiles`
 * in all of them with one child vitest, and returns each copy's outcomes. The temporary tree is removed after.
 */
export async function runCopies(
  copies: Record<string, Mutation | null>,
  options: RunOptions,
): Promise<Record<string, CopyResult>> {
  const dir = mkdtempSync(join(tmpdir(), 'mutants-'));
  try {
    symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
    for (const [name, mutation] of Object.entries(copies)) {
      const copy = join(dir, name);
      cpSync(join(ROOT, 'package.json'), join(copy, 'package.json'));
      for (const part of ['package.json', 'src', 'test', 'engine'])
        cpSync(join(ROOT, 'functions', part), join(copy, 'functions', part), {
          recursive: true,
          filter: (from) => !from.includes(`${sep}lib${sep}`) && !from.endsWith(`${sep}lib`),
        });
      // The test harness the functions' tests share with the browser tests and the benchmarks.
      cpSync(join(ROOT, 'testing'), join(copy, 'testing'), { recursive: true });
      cpSync(join(ROOT, 'tsconfig.base.json'), join(copy, 'tsconfig.base.json'));
      const engineLink = join(copy, 'functions', 'node_modules', '@competition');
      mkdirSync(engineLink, { recursive: true });
      symlinkSync(join(copy, 'functions', 'engine'), join(engineLink, 'engine'), 'dir');
      if (mutation) {
        const target = join(copy, mutation.file);
        const source = readFileSync(target, 'utf8');
        const mutated = mutation.mutate(source);
        if (mutated === source) throw new MutationAnchorLost(`${name}: the mutation left ${mutation.file} unchanged`);
        writeFileSync(target, mutated);
      }
    }
    const include = Object.keys(copies).flatMap((name) => options.testFiles.map((file) => `${name}/${file}`));
    const config = join(dir, 'vitest.config.mjs');
    const test = { include, fileParallelism: !options.sequential, testTimeout: 60_000, hookTimeout: 120_000 };
    const conditions = (defaults: string[]) => ({ conditions: ['source', ...defaults] });
    const resolve = { ...conditions(['module', 'browser', 'development|production']) };
    const ssr = { resolve: conditions(['module', 'node', 'development|production']) };
    writeFileSync(
      config,
      `export default ${JSON.stringify({ root: dir, cacheDir: join(dir, '.vite'), resolve, ssr, test })};\n`,
    );
    const report = join(dir, 'report.json');
    // vitest matches the pattern against the describe titles and the title joined with spaces.
    const pattern = `^(${options.testNames.map((name) => escapeRegExp(name.split(' > ').join(' '))).join('|')})$`;
    const output = await runVitest(
      ['run', '--config', config, '--reporter=json', `--outputFile=${report}`, '--testNamePattern', pattern],
      dir,
      options.timeoutMs,
    );
    if (!existsSync(report)) throw new Error(`the child vitest wrote no report:\n${output}`);
    return collect(JSON.parse(readFileSync(report, 'utf8')) as JsonReport, dir, Object.keys(copies));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function collect(report: JsonReport, dir: string, names: string[]): Record<string, CopyResult> {
  const results: Record<string, CopyResult> = Object.fromEntries(
    names.map((name) => [name, { tests: [], fileErrors: [] }]),
  );
  for (const file of report.testResults) {
    const copy = relative(dir, file.name).split(sep)[0]!;
    const result = results[copy];
    if (!result) throw new Error(`a test file outside the copies ran: ${file.name}`);
    if (file.message) result.fileErrors.push(`${relative(dir, file.name)}: ${file.message}`);
    for (const t of file.assertionResults) {
      result.tests.push({
        name: [...t.ancestorTitles, t.title].join(' > '),
        status: t.status,
        failure: (t.failureMessages ?? []).join('\n').split('\n')[0] ?? '',
      });
    }
  }
  return results;
}

/** The repository's vitest in a child process; the parent's VITEST_* variables would make it think it is a worker. */
function runVitest(args: string[], cwd: string, timeoutMs: number): Promise<string> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('VITEST')));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, 'node_modules', 'vitest', 'vitest.mjs'), ...args], {
      cwd,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the child vitest ran over ${timeoutMs} ms:\n${output.slice(-4000)}`));
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    // A failing mutant exits non-zero: that is the expected outcome, read from the report, not from the code.
    child.on('close', () => {
      clearTimeout(timer);
      resolve(output);
    });
  });
}
