/**
 * Comments point inside the repository: a reader of the code cannot open the documents the product was specified
 * from, nor the issue tracker, so a comment names the docs/ section that states the rule instead. Every comment of
 * the source (functions/src, web/src, scripts, firestore.rules) and every Markdown page beside the code is read,
 * and each docs/ section a comment names must exist, so renaming a heading without its citations fails here.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..', '..', '..');
const SOURCE_DIRS = ['functions/src', 'web/src', 'scripts'];

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

/** The comments of a TypeScript file, found by the compiler's own scanner (so strings and regexes are not read). */
function tsComments(file: string, source: string): Comment[] {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, ts.LanguageVariant.JSX, source);
  const comments: Comment[] = [];
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    if (kind === ts.SyntaxKind.SingleLineCommentTrivia || kind === ts.SyntaxKind.MultiLineCommentTrivia) {
      const line = source.slice(0, scanner.getTokenStart()).split('\n').length;
      comments.push({ file, line, text: scanner.getTokenText() });
    }
  }
  return comments;
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
