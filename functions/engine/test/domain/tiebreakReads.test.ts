/**
 * What each tiebreak reads (TIEBREAK_READS, docs/standings-updates.md) is all its stored rows need: for every
 * tiebreak, on random events with withdrawals, the rows one score moves, rebuilt from only the states and entries
 * the update path reads, and the rows it leaves as they were, equal the rows of the whole tournament folded again.
 */
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  type CompetitionPolicy,
  CompetitionTiebreak,
  GO_TIEBREAKS,
  resolvePolicy,
} from '../../src/domain/policy/index.js';
import { foldCompetition, type ParticipantStates } from '../../src/domain/ratings/index.js';
import type { MatchUpRecord } from '../../src/domain/results/index.js';
import {
  foldsWholeTournament,
  type RowParticipant,
  rowSources,
  rowsMovedBy,
  standingRows,
} from '../../src/domain/standings/standings.js';
import { makeParticipants, makeRounds, prng, randomResult } from '../../src/simulation/generate.js';

const byId = <T extends { participantId: string }>(rows: T[]) =>
  [...rows].sort((x, y) => (x.participantId < y.participantId ? -1 : 1));

const pick = (states: ParticipantStates, ids: Iterable<string>): ParticipantStates =>
  Object.fromEntries([...ids].flatMap((id) => (states[id] ? [[id, states[id]]] : [])));

/**
 * A 21-player, 4-round event (the withdrawn players miss rounds 3 and 4): its entries, and its states before and
 * after one game of round 4 is scored, the last of the round on even seeds, the first on odd ones (the round's first
 * result, which moves the event's rounds so far).
 */
function oneScore(policy: CompetitionPolicy, seed: number) {
  const random = prng(seed);
  const players = makeParticipants(random, 21);
  const people = new Map<string, RowParticipant>(
    players.map(({ participantId }) => [
      participantId,
      { participantId, name: participantId, withdrawn: random() < 0.2 },
    ]),
  );
  const result = (r: () => number) => randomResult(r, { unplayed: true });
  const stayed = players.filter((p) => !people.get(p.participantId)!.withdrawn);
  const later = makeRounds(random, stayed, 2, result).map((m) => ({
    ...m,
    matchUpId: `late-${m.matchUpId}`,
    roundNumber: m.roundNumber + 2,
  }));
  const matchUps = [...makeRounds(random, players, 2, result), ...later];
  const round4 = matchUps.filter((m) => m.roundNumber === 4 && m.b !== null);
  const scored = seed % 2 === 0 ? round4.at(-1)! : round4[0]!;
  const unscored = seed % 2 === 0 ? [scored] : round4;
  const without = (gone: readonly MatchUpRecord[]) =>
    matchUps.map((m) => (gone.includes(m) ? { ...m, result: null } : m));
  return {
    people,
    before: foldCompetition(policy, players, without(unscored)),
    after: foldCompetition(policy, players, without(unscored.filter((m) => m !== scored))),
  };
}

/** The rows after the score as the update path leaves them: the moved ones rebuilt from what it reads. */
function updatedRows(policy: CompetitionPolicy, { people, before, after }: ReturnType<typeof oneScore>) {
  const ids = [...people.keys()];
  if (foldsWholeTournament(policy)) return standingRows(policy, ids, { states: after, participants: people });
  const changed = ids.filter((id) => !isDeepStrictEqual(before[id], after[id]));
  const moved = rowsMovedBy(
    policy,
    changed.map((id) => before[id]!),
    changed.map((id) => after[id]!),
  );
  const sources = rowSources(policy, moved, after);
  const read = {
    states: pick(after, [...moved, ...sources.opponents]),
    participants: new Map(sources.participants.map((id) => [id, people.get(id)!])),
  };
  const untouched = ids.filter((id) => !moved.includes(id));
  return [
    ...standingRows(policy, moved, read),
    ...standingRows(policy, untouched, { states: before, participants: people }),
  ];
}

const policiesFor = (tiebreak: CompetitionTiebreak): CompetitionPolicy[] =>
  GO_TIEBREAKS.has(tiebreak)
    ? [resolvePolicy('GO', { victoryPolicy: { tiebreakOrder: [tiebreak] } })]
    : [
        resolvePolicy('PRESSURE', { victoryPolicy: { tiebreakOrder: [tiebreak] } }),
        resolvePolicy('CHESS', { victoryPolicy: { tiebreakOrder: [tiebreak], unplayedRounds: 'AS_PLAYED' } }),
        resolvePolicy('CHESS', { victoryPolicy: { tiebreakOrder: [tiebreak], buchholzDropOut: 'TREND' } }),
      ];

describe('the rows one score moves, rebuilt from what each tiebreak reads', () => {
  it.each(CompetitionTiebreak.options)('%s: equal the whole tournament folded again', (tiebreak) => {
    let moves = 0;
    for (const policy of policiesFor(tiebreak)) {
      for (let seed = 1; seed <= 12; seed++) {
        const event = oneScore(policy, seed * 31 + tiebreak.length);
        const { people, before, after } = event;
        const full = standingRows(policy, [...people.keys()], { states: after, participants: people });
        const old = standingRows(policy, [...people.keys()], { states: before, participants: people });
        if (!isDeepStrictEqual(byId(full), byId(old))) moves++;
        expect(byId(updatedRows(policy, event)), `${policy.policyName}, seed ${seed}`).toEqual(byId(full));
      }
    }
    // The scores move some row in most events: the comparison is not between two unchanged tables.
    expect(moves).toBeGreaterThan(0);
  });
});
