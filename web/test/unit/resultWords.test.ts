import { describe, expect, it } from 'vitest';
import { presetPolicy } from '@competition/engine';
import { resultStyle } from '@competition/engine/view';
import { resultIn } from '../../src/lib/format';

const played = (a: number, b: number) => ({ kind: 'PLAYED' as const, score: { a, b } });

describe("results in the games' words (docs/results.md#results-in-the-games-words)", () => {
  it('picks the style from the policy and the pairing method', () => {
    expect(resultStyle(presetPolicy('CHESS'), 'SWISS')).toBe('SINGLE_GAME');
    expect(resultStyle(presetPolicy('CHESS'), 'DUTCH')).toBe('SINGLE_GAME');
    expect(resultStyle(presetPolicy('GO'), 'MCMAHON')).toBe('GO');
    expect(resultStyle(presetPolicy('TCG'), 'SWISS')).toBe('GAME_POINTS');
    expect(resultStyle(presetPolicy('REDEMPTION'), 'SWISS')).toBe('GAME_POINTS');
  });

  it("reads chess's 1–0, ½–½ and 0–1, from a score or a bare winner", () => {
    const game = { a: 'p1', b: 'p2', movesFirst: 'p1' };
    expect(resultIn('SINGLE_GAME', played(1, 0), game)).toBe('1–0');
    expect(resultIn('SINGLE_GAME', played(0.5, 0.5), game)).toBe('½–½');
    expect(resultIn('SINGLE_GAME', { kind: 'PLAYED', winner: 'b' }, game)).toBe('0–1');
  });

  it("reads Go's B+ and W+ for the colour that won, Black moving first, and a jigo", () => {
    const blackIsA = { a: 'p1', b: 'p2', movesFirst: 'p1' };
    const blackIsB = { a: 'p1', b: 'p2', movesFirst: 'p2' };
    expect(resultIn('GO', played(1, 0), blackIsA)).toBe('B+');
    expect(resultIn('GO', played(1, 0), blackIsB)).toBe('W+');
    expect(resultIn('GO', played(0, 1), blackIsB)).toBe('B+');
    expect(resultIn('GO', played(0.5, 0.5), blackIsA)).toBe('jigo');
  });

  it('writes how a Go game was won after its winner: B+R by resignation, W+T on time', () => {
    const blackIsA = { a: 'p1', b: 'p2', movesFirst: 'p1' };
    expect(resultIn('GO', { ...played(1, 0), decidedBy: 'RESIGNATION' }, blackIsA)).toBe('B+R');
    expect(resultIn('GO', { ...played(0, 1), decidedBy: 'TIME' }, blackIsA)).toBe('W+T');
    expect(resultIn('GO', { kind: 'PLAYED', winner: 'a', decidedBy: 'TIME' }, blackIsA)).toBe('B+T');
  });

  it('names who won a forfeit, where the names are known', () => {
    const game = { a: 'p1', b: 'p2', movesFirst: 'p1' };
    const nameOf = (id: string | null) => (id === 'p1' ? 'Ada' : 'Bo');
    expect(resultIn('GAME_POINTS', { kind: 'FORFEIT_WIN' }, game, nameOf)).toBe('forfeit: Ada wins');
    expect(resultIn('SINGLE_GAME', { kind: 'FORFEIT_LOSS' }, game, nameOf)).toBe('forfeit: Bo wins');
  });

  it('keeps game points, forfeits and byes as they read', () => {
    const game = { a: 'p1', b: 'p2', movesFirst: null };
    expect(resultIn('GAME_POINTS', played(5, 3), game)).toBe('5–3');
    expect(resultIn('GO', { kind: 'DOUBLE_FORFEIT' }, game)).toBe('double forfeit');
    expect(resultIn('SINGLE_GAME', null, game)).toBe('–');
  });
});
