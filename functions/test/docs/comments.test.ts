/**
 * Comments point inside the repository: a reader of the code cannot open the documents the product was specified
 * from, nor the issue tracker, so a comment names the docs/ section that states the rule instead. Every comment of
 * the source and the tests (functions/src, functions/engine/src, web/src, scripts, functions/test,
 * functions/engine/test, web/test, firestore.rules) and every Markdown page beside the code is read, and each docs/
 * section a comment names must exist, so renaming a heading without its citations fails here.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..', '..', '..');
const SOURCE_DIRS = [
  'functions/src',
  'functions/engine/src',
  'web/src',
  'scripts',
  'functions/test',
  'functions/engine/test',
  'web/test',
];

/** A seed document, an issue, a section sign of an issue's text, or a file beside the repository. */
const OUTSIDE = [
  { why: 'cites a seed document', pattern: /\bseeds?[\s_-]*0\d\d\b/i },
  { why: 'cites an issue', pattern: /\bissues?\s*#?\d+/i },
  { why: 'cites a section of an issue', pattern: /§/ },
  { why: 'points outside the repository', pattern: /\.\.\/shared\/|\bBRIEF\.md\b|\/work\//i },
];

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return ['node_modules', 'lib', 'dist'].includes(entry.name) ? [] : files(path);
    return /\.(ts|mts|tsx|md)$/.test(entry.name) ? [path] : [];
  });
}

interface Comment {
  file: string;
  line: number;
  text: string;
}

/**
 * The comments of a TypeScript file, from the parsed tree: the comment ranges before and after every token, so
 * strings, template literals, regexes and JSX text are never mistaken for comments, nor comments for them.
 */
function tsComments(file: string, source: string): Comment[] {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, kind);
  const found = new Map<number, number>();
  const collect = (ranges: ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) found.set(range.pos, range.end);
  };
  const visit = (node: ts.Node) => {
    collect(ts.getLeadingCommentRanges(source, node.pos));
    collect(ts.getTrailingCommentRanges(source, node.end));
    for (const child of node.getChildren(tree)) visit(child);
  };
  visit(tree);
  return [...found].map(([pos, end]) => ({
    file,
    line: tree.getLineAndCharacterOfPosition(pos).line + 1,
    text: source.slice(pos, end),
  }));
}

/** The comments of the rules file: everything after `//` on a line (the rules language has no other kind). */
function rulesComments(file: string, source: string): Comment[] {
  return source.split('\n').flatMap((text, i) => {
    const at = text.indexOf('//');
    return at < 0 ? [] : [{ file, line: i + 1, text: text.slice(at) }];
  });
}

/** A Markdown page beside the code is all prose: every line counts. */
function markdownLines(file: string, source: string): Comment[] {
  return source.split('\n').map((text, i) => ({ file, line: i + 1, text }));
}

function commentsOf(path: string): Comment[] {
  const source = readFileSync(path, 'utf8');
  const file = relative(root, path);
  if (path.endsWith('.md')) return markdownLines(file, source);
  if (path.endsWith('.rules')) return rulesComments(file, source);
  return tsComments(file, source);
}

const allComments = [...SOURCE_DIRS.flatMap((dir) => files(join(root, dir))), join(root, 'firestore.rules')].flatMap(
  commentsOf,
);

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(page: string): Set<string> {
  const text = readFileSync(join(root, 'docs', page), 'utf8');
  return new Set([...text.matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) => anchorOf(m[1]!)));
}

describe('source comments', () => {
  it('are found after template literals, inside JSX and at the end of a file, and strings are not comments', () => {
    const source = [
      'const a = `x${1}y`; // after a template',
      'const b = <p>{/* inside JSX */}text // not a comment</p>;',
      "const c = 'seed 002 // in a string';",
      '/* the last line */',
    ].join('\n');
    expect(tsComments('fixture.tsx', source).map((c) => [c.line, c.text])).toEqual([
      [1, '// after a template'],
      [2, '/* inside JSX */'],
      [4, '/* the last line */'],
    ]);
  });

  it('are read from every part of the source (the scan finds comments in each place)', () => {
    for (const place of [...SOURCE_DIRS, 'firestore.rules'])
      expect(allComments.filter((c) => c.file.startsWith(place)).length, place).toBeGreaterThan(10);
  });

  it('cite no seed document, issue or file outside the repository: they point to docs/', () => {
    const offending = allComments.flatMap((c) =>
      OUTSIDE.filter(({ pattern }) => pattern.test(c.text)).map(({ why }) => `${c.file}:${c.line} ${why}: ${c.text}`),
    );
    expect(offending).toEqual([]);
  });

  it('name only docs/ pages and sections that exist', () => {
    const cited = allComments.flatMap((c) =>
      [...c.text.matchAll(/\bdocs\/([\w-]+\.md)(?:#([\w-]+))?/g)].map((m) => ({
        at: `${c.file}:${c.line}`,
        page: m[1]!,
        section: m[2],
      })),
    );
    expect(cited.length).toBeGreaterThan(50);
    const missing = cited.filter(({ page, section }) => {
      try {
        return section !== undefined && !anchorsOf(page).has(section);
      } catch {
        return true;
      }
    });
    expect(missing.map(({ at, page, section }) => `${at} docs/${page}${section ? `#${section}` : ''}`)).toEqual([]);
  });
});
