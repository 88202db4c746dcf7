/**
 * The layering rules of the house, checked on every import of the source: the domain is pure TypeScript that
 * imports zod and itself only, and nothing under functions/ (product or tests) imports from scripts/, the tooling.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..', '..');
const functions = join(root, 'functions');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'lib' ? [] : sources(path);
    return /\.(ts|mts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

/** Every module a file imports: static imports and re-exports (`from '…'`), side-effect and dynamic imports. */
function importsOf(text: string): string[] {
  const found = text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g);
  return [...found].map((m) => m[1]!);
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
    const domain = join(functions, 'engine', 'src', 'domain');
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
});
