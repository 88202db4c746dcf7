import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : [];
  });
}

interface Index {
  collectionGroup: string;
  fields: Array<{ fieldPath: string }>;
}

/**
 * Every query in the functions that filters or orders on more than one field must have a composite index in
 * firestore.indexes.json (single-field queries are served by Firestore's automatic indexes). The queries are
 * found in the source as `ref.<collection>(...)` chains of `.where('field'` / `.orderBy('field'`.
 */
describe('firestore.indexes.json', () => {
  const indexes = (JSON.parse(readFileSync(join(root, 'firestore.indexes.json'), 'utf8')) as { indexes: Index[] })
    .indexes;
  const queries = sourceFiles(join(root, 'functions', 'src')).flatMap((file) =>
    [
      ...readFileSync(file, 'utf8').matchAll(/ref\s*\.(\w+)\([^)]*\)((?:\s*\.(?:where|orderBy)\('[^']+'[^)]*\))+)/g),
    ].map((m) => ({
      file,
      collection: m[1]!,
      fields: [...m[2]!.matchAll(/\.(?:where|orderBy)\('([^']+)'/g)].map((f) => f[1]!),
    })),
  );

  const multiField = queries.filter((q) => new Set(q.fields).size > 1);

  it('finds the queries of the code (so this test cannot pass by finding none)', () => {
    expect(queries.length).toBeGreaterThanOrEqual(4);
    // The check below looks only at the multi-field ones: it must have some to look at.
    expect(multiField.length).toBeGreaterThan(0);
  });

  it('holds a composite index for every multi-field query', () => {
    expect(multiField.length).toBeGreaterThan(0);
    for (const query of multiField) {
      const covered = indexes.some(
        (index) =>
          index.collectionGroup === query.collection &&
          query.fields.every((f) => index.fields.some((i) => i.fieldPath === f)),
      );
      expect(covered, `${query.collection} on ${query.fields.join(', ')} (${query.file})`).toBe(true);
    }
  });

  it('holds no composite index that no query of the code needs (each has the collection and fields of a query)', () => {
    const needed = multiField;
    const key = (collection: string, fields: readonly string[]) =>
      `${collection} on ${[...new Set(fields)].sort().join(', ')}`;
    const neededKeys = new Set(needed.map((q) => key(q.collection, q.fields)));
    const unneeded = indexes
      .map((index) =>
        key(
          index.collectionGroup,
          index.fields.map((f) => f.fieldPath),
        ),
      )
      .filter((k) => !neededKeys.has(k));
    expect(unneeded).toEqual([]);
    expect(indexes.length > 0, 'an index file without indexes while the code has multi-field queries').toBe(
      needed.length > 0,
    );
  });
});
