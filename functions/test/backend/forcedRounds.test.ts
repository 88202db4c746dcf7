/**
 * Rounds forced over open matchUps must not pair again who already met (docs/pairing.md#generating-a-round). Every pairing already made
 * counts as met, scored or not; through the real callables (wrapped by firebase-functions-test) on the emulator.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { refs } from '../../src/firebase/refs.js';
import type { MatchUpDoc } from '@competition/engine/schemas';
import { useEmulatorFirestore } from '../support/emulator.js';
import { call, cleanupFunctionsTest, fireAll, tournamentThroughCallables } from './harness.js';

const fs = useEmulatorFirestore({ triggers: false });
afterAll(() => cleanupFunctionsTest());

let tournaments = 0;

/** Eight players, round 1 paired and scored. */
async function afterScoredRound1(): Promise<string> {
  const n = ++tournaments;
  const { tournamentId } = await tournamentThroughCallables({
    club: { name: `Forced ${n}` },
    championship: `Forced league ${n}`,
    tournament: { description: `Forced ${n}`, policy: 'SWISS' },
    players: 8,
  });
  await call.generateNextRound({ tournamentId, requestId: 'r1' }, 'owner');
  for (const m of await matchUps(tournamentId)) {
    await call.recordScore(
      { tournamentId, matchUpId: m.matchUpId, result: { kind: 'PLAYED', score: { a: 5, b: m.order } } },
      'owner',
    );
  }
  await fireAll(fs.db, tournamentId);
  return tournamentId;
}

async function matchUps(tournamentId: string): Promise<MatchUpDoc[]> {
  return (await refs(fs.db).matchUps(tournamentId).get()).docs.map((d) => d.data());
}

/** Each round's pairs, as sorted "a-b" keys. */
async function roundsOf(tournamentId: string): Promise<Map<number, string[]>> {
  const rounds = new Map<number, string[]>();
  for (const m of await matchUps(tournamentId)) {
    if (m.b === null) continue;
    rounds.set(m.roundNumber, [...(rounds.get(m.roundNumber) ?? []), [m.a, m.b].sort().join('-')].sort());
  }
  return rounds;
}

/** Eight players over at most four rounds: a round without a rematch always exists (Dirac), so none may repeat. */
function expectNoRepeat(rounds: Map<number, string[]>) {
  const seen = new Map<string, number>();
  for (const [roundNumber, pairs] of [...rounds].sort(([x], [y]) => x - y)) {
    expect(pairs).toHaveLength(4);
    for (const pair of pairs) {
      expect(seen.get(pair), `${pair} of round ${roundNumber} already met in round ${seen.get(pair)}`).toBeUndefined();
      seen.set(pair, roundNumber);
    }
  }
}

describe('forced rounds count every pairing already made as met', () => {
  it('three rounds forced in a row after a scored round 1 repeat no pair', async () => {
    const tournamentId = await afterScoredRound1();
    for (const requestId of ['f2', 'f3', 'f4'])
      await call.generateNextRound({ tournamentId, requestId, force: true }, 'owner');
    const rounds = await roundsOf(tournamentId);
    expect([...rounds.keys()].sort()).toEqual([1, 2, 3, 4]);
    expectNoRepeat(rounds);
    // Nothing was scored for the forced rounds: nobody gained points from them.
    const standings = (await refs(fs.db).standings(tournamentId).get()).docs.map((d) => d.data());
    expect(standings.reduce((sum, row) => sum + row.wins, 0)).toBe(4);
  });

  it('two forced calls at once (different requestIds): one round each or one refused, never a copy of an earlier round', async () => {
    const tournamentId = await afterScoredRound1();
    await call.generateNextRound({ tournamentId, requestId: 'r2' }, 'owner');
    const settled = await Promise.allSettled([
      call.generateNextRound({ tournamentId, requestId: 'click-a', force: true }, 'owner'),
      call.generateNextRound({ tournamentId, requestId: 'click-b', force: true }, 'owner'),
    ]);
    const made = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value.roundNumber] : []));
    expect(made.length).toBeGreaterThan(0);
    expect(new Set(made).size).toBe(made.length);
    const rounds = await roundsOf(tournamentId);
    expect([...rounds.keys()].sort()).toEqual([1, 2, ...made.sort()]);
    expectNoRepeat(rounds);
    const tournament = (await refs(fs.db).tournament(tournamentId).get()).data()!;
    expect(tournament.currentRound).toBe(Math.max(...made));
  });
});
