import { describe, expect, it } from 'vitest';
import { runDemo } from '../demo.js';

describe('npm run demo: the engine-only demo (pairing and rating engines, no Firebase)', () => {
  it('plays a 16-player, 4-round Swiss with no rematch and prints a full leaderboard', () => {
    const lines: string[] = [];
    runDemo((line) => lines.push(line), 7);
    const rounds = lines.filter((l) => l.startsWith('\nRound '));
    expect(rounds).toHaveLength(4);
    const games = lines
      .filter((l) => /^ {2}\S+\s+\d+ - \d+ {2}\S+$/.test(l))
      .map((l) =>
        l
          .trim()
          .split(/\s+\d+ - \d+\s+/)
          .sort()
          .join(' v '),
      );
    expect(games).toHaveLength(32);
    expect(new Set(games).size).toBe(32);
    const table = lines.slice(lines.findIndex((l) => l.startsWith('rank')) + 1);
    expect(table).toHaveLength(16);
    expect(table[0]!.trim().startsWith('1 ')).toBe(true);
  });
});
