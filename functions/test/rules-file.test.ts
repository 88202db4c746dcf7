/**
 * A structural check of firestore.rules that runs on Node alone. It is NOT a test of what the rules allow:
 * nothing here evaluates a rule. That is the Emulator Suite tier's job (functions/test/emulators/rules.test.ts,
 * `npm run test:emulators`, which needs Java 21+). This file only catches the cheap mistakes early: a wrong
 * rules version, a wide-open `if true` write, and a collection of the data model the rules forget.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COLLECTIONS, SOCIAL_URL_PATTERN } from '@competition/engine/schemas';

const source = readFileSync(new URL('../../firestore.rules', import.meta.url), 'utf8');
/** The rules without // comments (outside string literals), so a commented-out rule proves nothing. */
const code = source
  .split('\n')
  .map((line) => line.replace(/^((?:[^'"/]|'[^']*'|"[^"]*"|\/(?!\/))*)\/\/.*$/, '$1'))
  .join('\n');

describe('firestore.rules (structure only)', () => {
  it("declares rules_version '2'", () => {
    expect(code).toMatch(/^\s*rules_version\s*=\s*'2'\s*;/);
  });

  it('never opens a write unconditionally', () => {
    const allows = code.match(/allow\s+[^:]+:\s*if\s+[^;]+;/g) ?? [];
    expect(allows.length).toBeGreaterThan(0);
    const openWrites = allows.filter((rule) =>
      /allow\s+[^:]*(write|create|update|delete)[^:]*:\s*if\s+true\s*;/.test(rule),
    );
    expect(openWrites).toEqual([]);
    expect(code).not.toMatch(/allow\s+read\s*,\s*write\s*:\s*if\s+true/);
  });

  it("grants only reads of an account's own role documents through a recursive wildcard", () => {
    const recursive = code.match(/match\s+\/\{[^}]*=\*\*\}[^\n]*\n[^\n]*/g) ?? [];
    expect(recursive.map((block) => block.replace(/\s+/g, ' '))).toEqual(
      ['members', 'editors', 'roles'].map(
        (name) => `match /{path=**}/${name}/{uid} { allow read: if signedIn() && resource.data.uid == me();`,
      ),
    );
  });

  it("checks a social URL with model/tournament.ts's pattern, character for character", () => {
    const pattern = code.match(/value\.matches\('([^']+)'\)/)?.[1]?.replace(/\\\\/g, '\\');
    expect(pattern).toBe(SOCIAL_URL_PATTERN);
  });

  it.each(Object.values(COLLECTIONS))('has a match block for the %s collection', (collection) => {
    expect(code).toMatch(new RegExp(`match\\s+/${collection}/\\{\\w+\\}\\s*\\{`));
  });

  it('has balanced braces and parentheses', () => {
    const count = (text: string, char: string) => text.split(char).length - 1;
    expect(count(code, '{')).toBe(count(code, '}'));
    expect(count(code, '(')).toBe(count(code, ')'));
  });
});
