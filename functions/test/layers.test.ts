/**
 * The layering rules of the house (docs/architecture.md), checked on every import of the source: the domain is pure
 * TypeScript that imports zod and itself only; its concept folders import each other through their index.ts and
 * only down their order; nothing in the engine imports in a cycle; outside the engine only its three entry points
 * are imported; and nothing under functions/ (product or tests) imports from scripts/, the tooling.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..', '..');
const functions = join(root, 'functions');
const engine = join(functions, 'engine', 'src');
const domain = join(engine, 'domain');

/**
 * The domain's concept folders, lowest first: a folder imports only folders before it. pairing/ is a library that
 * knows nothing of the competition, so it comes right after common/ (errors and bounds).
 */
const CONCEPTS = [
  'common',
  'pairing',
  'policy',
  'results',
  'ratings',
  'joining',
  'standings',
  'playoff',
  'rounds',
  'processing',
  'organisation',
  'deckLists',
  'exchange',
];
const ENTRY_POINTS = ['@competition/engine', '@competition/engine/schemas', '@competition/engine/view'];

/** What the builds write: compiled output, not source (web/src/lib is source). */
const BUILT = new Set([join(functions, 'lib'), join(functions, 'engine', 'lib'), join(root, 'web', 'dist')]);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return BUILT.has(path) || entry.name === 'node_modules' ? [] : sources(path);
    return /\.(ts|mts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

/** Every module a file imports: static imports and re-exports (`from '…'`), side-effect and dynamic imports. */
function importsOf(text: string): string[] {
  const found = text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g);
  return [...found].map((m) => m[1]!);
}

/** The modules a file imports for their values: what runs when the file is loaded (type-only imports aside). */
function valueImportsOf(text: string): string[] {
  const found = text.matchAll(/^(?:import|export)\s+(?!type\s)[^;]*?\bfrom\s*['"]([^'"]+)['"]/gm);
  const bare = text.matchAll(/^import\s*['"]([^'"]+)['"]/gm);
  return [...found, ...bare].map((m) => m[1]!);
}

/** The source file a relative specifier names (the sources import `./x.js` for `./x.ts`). */
const sourceOf = (file: string, specifier: string) => resolve(dirname(file), specifier).replace(/\.js$/, '.ts');

/** The concept folder a domain file belongs to, or undefined outside the domain. */
const conceptOf = (path: string) => (within(path, domain) ? relative(domain, path).split(sep)[0] : undefined);

/** One import cycle among these files, as the chain of files, or undefined. */
function findCycle(graph: Map<string, string[]>): string[] | undefined {
  const state = new Map<string, 'open' | 'done'>();
  const chain: string[] = [];
  const visit = (file: string): string[] | undefined => {
    state.set(file, 'open');
    chain.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') return [...chain.slice(chain.indexOf(next)), next];
      const found = state.has(next) ? undefined : visit(next);
      if (found) return found;
    }
    chain.pop();
    state.set(file, 'done');
    return undefined;
  };
  for (const file of graph.keys()) {
    const found = state.has(file) ? undefined : visit(file);
    if (found) return found.map((f) => relative(root, f));
  }
  return undefined;
}

/** Where a specifier points: a path for a relative one, the package name for a bare one. */
function target(file: string, specifier: string): { path?: string; name: string } {
  return specifier.startsWith('.') ? { path: resolve(dirname(file), specifier), name: specifier } : { name: specifier };
}

const within = (path: string, dir: string) => path === dir || path.startsWith(dir + sep);
const show = (file: string, specifier: string) => `${relative(root, file)} imports ${specifier}`;

describe('layers', () => {
  const files = sources(functions).map((file) => ({ file, imports: importsOf(readFileSync(file, 'utf8')) }));

  it('reads the imports of every file (so the checks below cannot pass by reading none)', () => {
    expect(
      importsOf(`import a from './a.js';\nexport { b } from "../b.js";\nimport './c.js';\nawait import('d');`),
    ).toEqual(['./a.js', '../b.js', './c.js', 'd']);
    const domain = files.filter(({ file }) => within(file, join(functions, 'engine', 'src', 'domain')));
    expect(domain.length).toBeGreaterThan(50);
    expect(domain.flatMap((f) => f.imports).length).toBeGreaterThan(100);
  });

  it('functions/ (the product and its tests) never imports from scripts/', () => {
    const scripts = join(root, 'scripts');
    const offending = files.flatMap(({ file, imports }) =>
      imports.filter((s) => within(target(file, s).path ?? '', scripts)).map((s) => show(file, s)),
    );
    expect(offending).toEqual([]);
  });

  it('the domain imports zod and the domain only', () => {
    const offending = files
      .filter(({ file }) => within(file, domain))
      .flatMap(({ file, imports }) =>
        imports
          .filter((s) => {
            const { path, name } = target(file, s);
            return path === undefined ? name !== 'zod' : !within(path, domain);
          })
          .map((s) => show(file, s)),
      );
    expect(offending).toEqual([]);
  });

  const engineFiles = files.filter(({ file }) => within(file, engine));
  const domainImports = engineFiles
    .filter(({ file }) => within(file, domain))
    .flatMap(({ file, imports }) =>
      imports.filter((s) => s.startsWith('.')).map((specifier) => ({ file, specifier, to: sourceOf(file, specifier) })),
    )
    .filter(({ file, to }) => conceptOf(to) !== undefined && conceptOf(to) !== conceptOf(file));

  it('the domain is one folder per concept, in an order, each with one entry file', () => {
    const folders = readdirSync(domain, { withFileTypes: true }).filter((entry) => entry.isDirectory());
    expect(folders.map((entry) => entry.name).sort()).toEqual([...CONCEPTS].sort());
    const withoutIndex = CONCEPTS.filter(
      (concept) => !files.some(({ file }) => file === join(domain, concept, 'index.ts')),
    );
    expect(withoutIndex).toEqual([]);
    expect(readdirSync(domain).filter((name) => name.endsWith('.ts'))).toEqual([]);
    expect(domainImports.length).toBeGreaterThan(50);
  });

  it("a concept folder imports another only through that folder's index.ts", () => {
    const inner = domainImports.filter(({ to }) => to !== join(domain, conceptOf(to)!, 'index.ts'));
    expect(inner.map(({ file, specifier }) => show(file, specifier))).toEqual([]);
  });

  it('imports run down the order of the concepts: none runs back up, and pairing/ imports only common/', () => {
    const upward = domainImports.filter(
      ({ file, to }) => CONCEPTS.indexOf(conceptOf(to)!) > CONCEPTS.indexOf(conceptOf(file)!),
    );
    expect(upward.map(({ file, specifier }) => show(file, specifier))).toEqual([]);
    const fromPairing = domainImports.filter(
      ({ file, to }) => conceptOf(file) === 'pairing' && conceptOf(to) !== 'common',
    );
    expect(fromPairing.map(({ file, specifier }) => show(file, specifier))).toEqual([]);
  });

  it('no file of the engine imports itself through others: no cycle, type-only imports included', () => {
    const graph = new Map(
      engineFiles.map(({ file, imports }) => [
        file,
        imports.filter((s) => s.startsWith('.')).map((s) => sourceOf(file, s)),
      ]),
    );
    expect(
      findCycle(
        new Map([
          ['a', ['b']],
          ['b', ['c']],
          ['c', ['a']],
        ]),
      ),
    ).toBeDefined();
    expect(findCycle(graph)).toBeUndefined();
  });

  it('outside the engine, code imports only its three entry points, never a file inside it', () => {
    const outside = [...sources(functions), ...['web', 'scripts', 'testing'].flatMap((dir) => sources(join(root, dir)))]
      .filter((file) => !within(file, join(functions, 'engine')))
      .map((file) => ({ file, imports: importsOf(readFileSync(file, 'utf8')) }));
    const used = new Set(outside.flatMap(({ imports }) => imports.filter((s) => s.startsWith('@competition/engine'))));
    expect([...used].sort()).toEqual(ENTRY_POINTS);
    const deep = outside.flatMap(({ file, imports }) =>
      imports
        .filter(
          (s) =>
            (s.startsWith('@competition/engine') && !ENTRY_POINTS.includes(s)) ||
            within(target(file, s).path ?? '', engine),
        )
        .map((s) => show(file, s)),
    );
    expect(deep).toEqual([]);
  });

  it("the dashboard's view entry loads no zod, so a visitor's first screen carries no schema", () => {
    const loaded = new Set<string>();
    const packages = new Set<string>();
    const load = (file: string) => {
      if (loaded.has(file)) return;
      loaded.add(file);
      for (const specifier of valueImportsOf(readFileSync(file, 'utf8'))) {
        if (specifier.startsWith('.')) load(sourceOf(file, specifier));
        else packages.add(specifier);
      }
    };
    load(join(engine, 'view.ts'));
    expect(loaded.size).toBeGreaterThan(5);
    expect([...packages]).toEqual([]);
    load(join(domain, 'policy', 'policy.ts'));
    expect([...packages]).toEqual(['zod']);
  });
});
