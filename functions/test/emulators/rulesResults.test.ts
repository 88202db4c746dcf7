/**
 * Emulator Suite tier: firestore.rules accept a client's result exactly when the engine does
 * (docs/processing.md#refused-results).
 * A result the rules let through but `resolveResult` refuses stops pairing and replay for the whole tournament; one
 * the engine takes but the rules refuse cannot be entered from a phone.
 *
 * The property: generated results (valid and invalid kinds, scores around and past the target, winners, missing
 * and extra fields, non-numbers, drawn games), on two-sided and bye matchUps, in tournaments under eight scoring policies, written
 * by an editor, a scorekeeper or the matchUp's player. Each case is judged by the domain (`scoreWriteRefusal` for
 * the writer, then `MatchUpResult.safeParse` and `resolveResult`) and by the rules, through a real client write on
 * the Firestore emulator; every disagreement fails the test with the result, the policy and the seed
 * (RULES_PROPERTY_SEED=<seed> replays a run). Then one named test per hole the rules once had.
 *
 * The refused writes are the point here: the Firestore SDK's log of each one is silenced.
 */
import { inspect } from 'node:util';
import { type RulesTestEnvironment, assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import fc from 'fast-check';
import {
  type DocumentData,
  type Firestore,
  Timestamp,
  deleteField,
  doc,
  getDoc,
  serverTimestamp,
  setLogLevel,
  updateDoc,
} from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type CallerUid,
  describeIssues,
  DomainError,
  isByeKind,
  MatchUpResult,
  type PlayPastTarget,
  resolvePolicy,
  resolveResult,
  ResultKind,
  scoreWriteRefusal,
  winnerOfScore,
} from '@competition/engine';
import { MatchUpDoc, paths, type RoundDoc, type TournamentDoc } from '@competition/engine/schemas';
import { triggersOffForTheFile } from '../support/emulator.js';
import { UIDS, type World, buildWorld, modular, scorerIn, seedDocuments, startRulesEnvironment } from './support.js';

/** RULES_PROPERTY_CASES=<n> runs a longer search locally. */
const CASES = Number(process.env.RULES_PROPERTY_CASES ?? 1000);
const SEED = Number(process.env.RULES_PROPERTY_SEED ?? Math.floor(Math.random() * 2 ** 31));

/** One tournament per scoring policy, each with a two-sided matchUp and a bye in its open round 1. */
interface Arena {
  label: string;
  world: World;
}

function arena(gameTarget: number | null, playPastTarget: PlayPastTarget): Arena {
  const label = `gameTarget ${gameTarget ?? 'null'}, playPastTarget ${playPastTarget}`;
  const tournamentId = `t-${gameTarget ?? 'none'}-${playPastTarget.toLowerCase()}`;
  const policy = resolvePolicy('REDEMPTION', { scoringPolicy: { gameTarget, playPastTarget } });
  return { label, world: buildWorld({ tournamentId, policy }) };
}

const ARENAS: Arena[] = [5, 21, null, 2].flatMap((target) =>
  (['NEVER', 'WIN_BY_TWO'] as const).map((past) => arena(target, past)),
);
const TO_FIVE = ARENAS[0]!; // a game to 5, never past it (docs/results.md#game-points)
const TO_FIVE_BY_TWO = ARENAS[1]!;
const NO_TARGET = ARENAS[4]!;
const BEST_OF_THREE = ARENAS[6]!; // two games win the match, never past it

type Writer = 'owner' | 'scorekeeper' | 'player';

let env: RulesTestEnvironment;
const databases = new Map<string, Firestore>();

/** One client per account, reused across cases (a new one per write would cost a connection each). */
function dbOf(uid: string): Firestore {
  if (!databases.has(uid)) databases.set(uid, modular(env.authenticatedContext(uid)));
  return databases.get(uid)!;
}

function writerUid(writer: Writer, bye: boolean): string {
  if (writer === 'player') return bye ? UIDS.byePlayer : UIDS.player;
  return UIDS[writer];
}

function matchUpPath(world: World, bye: boolean): string {
  return paths.matchUp(world.ids.tournamentId, bye ? world.ids.byeMatchUpId : world.ids.matchUpId);
}

/**
 * A score write as a client sends it: signed with the writer's role in that game at the server's time, or
 * cleared without a signature.
 */
function scoreWrite(world: World, uid: string, result: unknown, bye: boolean): DocumentData {
  const matchUpId = bye ? world.ids.byeMatchUpId : world.ids.matchUpId;
  return result === null
    ? { result: null, scoredBy: null, scoredAt: null }
    : { result, scoredBy: scorerIn(world, uid, matchUpId), scoredAt: serverTimestamp() };
}

/** The rules' verdict: true when the write went through, false when refused (any other error is thrown). */
async function rulesAccept(uid: string, path: string, write: DocumentData): Promise<boolean> {
  try {
    await updateDoc(doc(dbOf(uid), path), write);
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === 'permission-denied') return false;
    throw error;
  }
}

/** The score fields the emulator holds for each matchUp path, as the accepted writes of the run left them. */
const storedScores = new Map<string, Pick<MatchUpDoc, 'result' | 'scoredBy'>>();

/** The domain's verdict on the same write, and why. */
function domainVerdict(world: World, bye: boolean, uid: CallerUid, result: unknown): { accepts: boolean; why: string } {
  const t = world.documents[paths.tournament(world.ids.tournamentId)] as TournamentDoc;
  const seeded = world.documents[matchUpPath(world, bye)] as MatchUpDoc;
  const matchUp = { ...seeded, ...storedScores.get(matchUpPath(world, bye)) };
  const round = world.documents[paths.round(world.ids.tournamentId, 1)] as RoundDoc;
  const role = world.tournamentRoles.find((r) => r.uid === uid);
  const parsed = result === null ? null : MatchUpResult.safeParse(result);
  const next = parsed === null ? null : parsed.success ? parsed.data : {};
  const refusal = scoreWriteRefusal(uid, role, t, matchUp, round, next);
  if (refusal !== null) return { accepts: false, why: `scoreWriteRefusal: ${refusal}` };
  if (parsed === null) return { accepts: true, why: 'a cleared result' };
  if (!parsed.success) return { accepts: false, why: `MatchUpResult: ${describeIssues(parsed.error.issues)}` };
  try {
    resolveResult(parsed.data, matchUp.b !== null, t.policy.scoringPolicy);
    return { accepts: true, why: 'resolveResult accepts it' };
  } catch (error) {
    if (error instanceof DomainError) return { accepts: false, why: `resolveResult: ${error.message}` };
    throw error;
  }
}

triggersOffForTheFile();

beforeAll(async () => {
  setLogLevel('silent');
  env = await startRulesEnvironment();
});

afterAll(async () => {
  await env?.cleanup();
});

async function seedArenas(): Promise<void> {
  await env.clearFirestore();
  storedScores.clear();
  await seedDocuments(env, Object.assign({}, ...ARENAS.map((a) => a.world.documents)) as Record<string, DocumentData>);
}

// ---------------------------------------------------------------- generated results

const ABSENT = Symbol('absent');
/** Generation only: a winner that agrees with the score, or with the kind (not a judgment: the domain judges). */
const AGREEING = Symbol('agreeing');
const IMPLIED_WINNER: Record<string, string | undefined> = {
  FORFEIT_WIN: 'a',
  FORFEIT_LOSS: 'b',
  FULL_BYE: 'a',
  PAIRING_BYE: 'a',
  HALF_BYE: 'draw',
  ZERO_BYE: 'b',
};

const BYE_KINDS = ResultKind.options.filter(isByeKind);
const GAME_KINDS = ResultKind.options.filter((kind) => !isByeKind(kind));

const gamePoint: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: 0, max: 24 }) },
  { weight: 2, arbitrary: fc.constantFrom(0.5, 2.5, 4.5, 5.5, 6.5, 19.5, 20.5, 21.5, 22.5, 9999, 10000) },
  { weight: 1, arbitrary: fc.double({ min: 0, max: 30, noNaN: true }) },
  { weight: 1, arbitrary: fc.constantFrom(-1, -0.5, 10000.5, 10001, 1e6, Number.NaN, Infinity, -Infinity) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>('5', '', null, true, [5], { points: 5 }) },
);

/**
 * Scores near the arena's target (anywhere from 0 to 24 without one): a few points either side of it, a gap of 0
 * to 4, whole or half points; and scores at the bounds of GamePoints, which only a game without a target reaches.
 */
function closeScore(target: number | null): fc.Arbitrary<{ a: number; b: number }> {
  const center = target === null ? fc.integer({ min: 0, max: 24 }) : fc.constant(target);
  return fc
    .record({
      center,
      offset: fc.integer({ min: -4, max: 2 }),
      gap: fc.integer({ min: 0, max: 4 }),
      aLeads: fc.boolean(),
      half: fc.integer({ min: 0, max: 4 }),
    })
    .map(({ center: c, offset, gap, aLeads, half }) => {
      const low = Math.max(0, c + offset) + (half === 0 ? 0.5 : 0);
      return aLeads ? { a: low + gap, b: low } : { a: low, b: low + gap };
    });
}

const boundaryScore = fc
  .record({
    high: fc.constantFrom(9999, 10000, 10000.5, 10001),
    low: fc.integer({ min: 0, max: 3 }),
    aLeads: fc.boolean(),
  })
  .map(({ high, low, aLeads }) => (aLeads ? { a: high, b: low } : { a: low, b: high }));

/** A best of three's drawn games (docs/results.md#drawn-games): whole numbers 0 to 100, and values past them. */
const drawnGames: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 0, max: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(100, 101, -1, 1.5, '1', null) },
);

function scoreFor(target: number | null): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 6, arbitrary: closeScore(target) },
    { weight: 2, arbitrary: fc.tuple(closeScore(target), drawnGames).map(([score, draws]) => ({ ...score, draws })) },
    { weight: 3, arbitrary: fc.record({ a: gamePoint, b: gamePoint }) },
    { weight: 1, arbitrary: boundaryScore },
    {
      weight: 1,
      arbitrary: fc.constantFrom<unknown>({ a: 5 }, { b: 3 }, { a: 5, b: 3, c: 1 }, {}, null, '5-3', [5, 3], 53),
    },
  );
}

const winner: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('a', 'b', 'draw') },
  { weight: 3, arbitrary: fc.constant(AGREEING) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>('x', 'A', '', null, 0, true) },
);

function kindFor(bye: boolean): fc.Arbitrary<unknown> {
  // Played games are where the score checks are: the most frequent kind on a two-sided matchUp.
  const fitting: string[] = bye ? BYE_KINDS : [...GAME_KINDS, 'PLAYED', 'PLAYED', 'PLAYED'];
  return fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...fitting) },
    { weight: 2, arbitrary: fc.constantFrom(...(bye ? GAME_KINDS : BYE_KINDS)) },
    { weight: 1, arbitrary: fc.constantFrom<unknown>('WALKOVER', 'played', '', null, 1, ['PLAYED']) },
  );
}

function optional(
  arbitrary: fc.Arbitrary<unknown>,
  absentWeight: number,
  presentWeight: number,
): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: absentWeight, arbitrary: fc.constant(ABSENT) },
    { weight: presentWeight, arbitrary: arbitrary },
  );
}

function agreeingWinner(kind: unknown, scored: unknown): unknown {
  const points = scored as { a?: unknown; b?: unknown } | null;
  if (typeof points?.a === 'number' && typeof points.b === 'number') return winnerOfScore(points.a, points.b);
  return typeof kind === 'string' ? (IMPLIED_WINNER[kind] ?? 'a') : 'a';
}

function resultFor(bye: boolean, target: number | null): fc.Arbitrary<unknown> {
  const fields = fc
    .record({
      kind: optional(kindFor(bye), bye ? 1 : 3, 8),
      score: optional(scoreFor(target), 3, 5),
      winner: optional(winner, 3, 3),
      decidedBy: optional(fc.constantFrom<unknown>('RESIGNATION', 'TIME', 'resigned', null), 8, 2),
      extra: optional(
        fc.constantFrom<[string, unknown]>(['note', 'gg'], ['scoredBy', UIDS.player], ['Kind', 'PLAYED']),
        12,
        1,
      ),
    })
    .map(({ kind, score: scored, winner: won, decidedBy, extra }) => {
      const result: Record<string, unknown> = {};
      if (kind !== ABSENT) result.kind = kind;
      if (scored !== ABSENT) result.score = scored;
      if (won !== ABSENT)
        result.winner = won === AGREEING ? agreeingWinner(kind, scored === ABSENT ? null : scored) : won;
      if (decidedBy !== ABSENT) result.decidedBy = decidedBy;
      if (extra !== ABSENT) {
        const [key, value] = extra as [string, unknown];
        result[key] = value;
      }
      return result;
    });
  return fc.oneof(
    { weight: 14, arbitrary: fields },
    { weight: 1, arbitrary: fc.constantFrom<unknown>({}, null, 'a won', [5, 3], 42, true) },
  );
}

interface Case {
  arena: number;
  bye: boolean;
  writer: Writer;
  result: unknown;
}

const cases: fc.Arbitrary<Case> = fc
  .record({
    arena: fc.integer({ min: 0, max: ARENAS.length - 1 }),
    bye: fc.integer({ min: 0, max: 3 }).map((n) => n === 0),
    writer: fc.constantFrom<Writer>('owner', 'owner', 'scorekeeper', 'player'),
  })
  .chain((base) => {
    const target = ARENAS[base.arena]!.world.policy.scoringPolicy.gameTarget;
    return resultFor(base.bye, target).map((result) => ({ ...base, result }));
  });

describe('a generated result: the rules and the engine agree', () => {
  beforeAll(seedArenas);

  it(`on ${CASES} writes (seed ${SEED})`, async () => {
    const started = Date.now();
    const disagreements: string[] = [];
    const tally = { accepted: 0, refused: 0, byResult: 0 };
    for (const c of fc.sample(cases, { numRuns: CASES, seed: SEED })) {
      const { world, label } = ARENAS[c.arena]!;
      const uid = writerUid(c.writer, c.bye);
      const domain = domainVerdict(world, c.bye, uid, c.result);
      const write = scoreWrite(world, uid, c.result, c.bye);
      const rules = await rulesAccept(uid, matchUpPath(world, c.bye), write);
      if (rules) storedScores.set(matchUpPath(world, c.bye), write as Pick<MatchUpDoc, 'result' | 'scoredBy'>);
      tally[domain.accepts ? 'accepted' : 'refused']++;
      if (domain.why.startsWith('MatchUpResult') || domain.why.startsWith('resolveResult')) tally.byResult++;
      if (rules !== domain.accepts) {
        disagreements.push(
          `${label}, ${c.bye ? 'bye' : 'two-sided'} matchUp, written by ${c.writer}: result ${inspect(c.result, { depth: 4 })} ` +
            `the rules ${rules ? 'accept' : 'refuse'}, the domain ${domain.accepts ? 'accepts' : 'refuses'} (${domain.why})`,
        );
      }
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`rules vs engine: ${CASES} cases in ${seconds} s, seed ${SEED}: ${JSON.stringify(tally)}`);
    expect(disagreements, `seed ${SEED} (RULES_PROPERTY_SEED=${SEED} replays it)`).toEqual([]);
    // A sample that only ever refused (or only accepted) would prove nothing.
    expect(tally.accepted).toBeGreaterThan(CASES / 10);
    expect(tally.byResult).toBeGreaterThan(CASES / 10);
  }, 180_000);
});

// ---------------------------------------------------------------- results the rules once let through

describe('results the rules once let through', () => {
  beforeEach(seedArenas);

  const as = (uid: string, a: Arena, bye = false) => doc(dbOf(uid), matchUpPath(a.world, bye));
  const write = (uid: string, a: Arena, result: unknown, bye = false) =>
    updateDoc(as(uid, a, bye), scoreWrite(a.world, uid, result, bye));

  it('refuse an empty result {}: a played result needs a score or a winner', async () => {
    await assertFails(write(UIDS.player, TO_FIVE, {}));
    await assertSucceeds(write(UIDS.player, TO_FIVE, { winner: 'a' }));
  });

  it('refuse a winner that disagrees with the score', async () => {
    await assertFails(write(UIDS.player, TO_FIVE, { kind: 'PLAYED', score: { a: 5, b: 3 }, winner: 'b' }));
    await assertSucceeds(write(UIDS.player, TO_FIVE, { kind: 'PLAYED', score: { a: 5, b: 3 }, winner: 'a' }));
  });

  it('take a won game ended by resignation or on time, and refuse it on a draw or an unplayed kind', async () => {
    await assertSucceeds(write(UIDS.player, TO_FIVE, { score: { a: 1, b: 0 }, decidedBy: 'RESIGNATION' }));
    await assertSucceeds(write(UIDS.player, TO_FIVE, { winner: 'b', decidedBy: 'TIME' }));
    await assertFails(write(UIDS.player, TO_FIVE, { score: { a: 2, b: 2 }, decidedBy: 'TIME' }));
    await assertFails(write(UIDS.player, TO_FIVE, { winner: 'a', decidedBy: 'resigned' }));
    await assertFails(write(UIDS.scorekeeper, TO_FIVE, { kind: 'FORFEIT_WIN', decidedBy: 'TIME' }));
  });

  it('refuse a kind that disagrees with its winner', async () => {
    await assertFails(write(UIDS.scorekeeper, TO_FIVE, { kind: 'FORFEIT_WIN', winner: 'b' }));
    await assertFails(write(UIDS.scorekeeper, TO_FIVE, { kind: 'DOUBLE_FORFEIT', winner: 'draw' }));
    await assertSucceeds(write(UIDS.scorekeeper, TO_FIVE, { kind: 'FORFEIT_WIN', winner: 'a' }));
  });

  it("take a best of three's drawn games as the engine does: 1-1-1 and an intentional 0-0-3, never 1.5 or 101", async () => {
    await assertSucceeds(write(UIDS.player, BEST_OF_THREE, { kind: 'PLAYED', score: { a: 1, b: 1, draws: 1 } }));
    await assertSucceeds(write(UIDS.player, BEST_OF_THREE, { kind: 'PLAYED', score: { a: 0, b: 0, draws: 3 } }));
    await assertSucceeds(write(UIDS.player, BEST_OF_THREE, { score: { a: 2, b: 0, draws: 1 }, winner: 'a' }));
    await assertFails(write(UIDS.player, BEST_OF_THREE, { kind: 'PLAYED', score: { a: 1, b: 1, draws: 1.5 } }));
    await assertFails(write(UIDS.player, BEST_OF_THREE, { kind: 'PLAYED', score: { a: 0, b: 0, draws: 101 } }));
  });

  it('refuse a score on an unplayed kind', async () => {
    await assertFails(write(UIDS.scorekeeper, TO_FIVE, { kind: 'FORFEIT_LOSS', score: { a: 0, b: 5 } }));
    await assertSucceeds(write(UIDS.scorekeeper, TO_FIVE, { kind: 'FORFEIT_LOSS' }));
  });

  it('refuse half games in a best of three, from staff too (1.5-0.5 is no match result)', async () => {
    await assertFails(write(UIDS.owner, BEST_OF_THREE, { kind: 'PLAYED', score: { a: 1.5, b: 0.5 } }));
    await assertFails(write(UIDS.scorekeeper, BEST_OF_THREE, { kind: 'PLAYED', score: { a: 2, b: 0.5 } }));
    await assertSucceeds(write(UIDS.scorekeeper, BEST_OF_THREE, { kind: 'PLAYED', score: { a: 2, b: 1 } }));
  });

  it('refuse a bye kind on a two-sided matchUp, and a game kind on a bye, even from an editor', async () => {
    await assertFails(write(UIDS.owner, TO_FIVE, { kind: 'PAIRING_BYE' }));
    await assertFails(write(UIDS.owner, TO_FIVE, { kind: 'FULL_BYE', winner: 'a' }));
    await assertFails(write(UIDS.owner, TO_FIVE, { kind: 'PLAYED', winner: 'a' }, true));
    await assertFails(write(UIDS.owner, TO_FIVE, { winner: 'a' }, true));
    await assertSucceeds(write(UIDS.owner, TO_FIVE, { kind: 'HALF_BYE' }, true));
  });

  it('refuse 6-5 in a game to 5, and under WIN_BY_TWO anything past the target but two clear', async () => {
    await assertFails(write(UIDS.player, TO_FIVE, { score: { a: 6, b: 5 } }));
    await assertFails(write(UIDS.player, TO_FIVE, { score: { a: 5, b: 5 } }));
    await assertSucceeds(write(UIDS.player, TO_FIVE, { score: { a: 5, b: 4 } }));
    await assertFails(write(UIDS.player, TO_FIVE_BY_TWO, { score: { a: 6, b: 5 } }));
    await assertFails(write(UIDS.player, TO_FIVE_BY_TWO, { score: { a: 7, b: 3 } }));
    await assertSucceeds(write(UIDS.player, TO_FIVE_BY_TWO, { score: { a: 5, b: 7 } }));
  });

  it("refuse game points outside GamePoints' 0..10000 (finite, fractions allowed) where no target bounds them", async () => {
    for (const points of [10001, 10000.5, -1, Number.NaN, Infinity]) {
      await assertFails(write(UIDS.player, NO_TARGET, { score: { a: points, b: 0 } }));
    }
    await assertSucceeds(write(UIDS.player, NO_TARGET, { score: { a: 10000, b: 0 } }));
    await assertSucceeds(write(UIDS.player, NO_TARGET, { score: { a: 0, b: 2.5 } }));
  });

  it("refuse a bye's player, and scorekeepers, rewriting or clearing the bye; an editor may correct it", async () => {
    for (const uid of [UIDS.byePlayer, UIDS.scorekeeper]) {
      await assertFails(write(uid, TO_FIVE, { kind: 'FULL_BYE' }, true));
      await assertFails(write(uid, TO_FIVE, { kind: 'PAIRING_BYE' }, true));
      await assertFails(write(uid, TO_FIVE, null, true));
    }
    await assertSucceeds(write(UIDS.owner, TO_FIVE, { kind: 'FULL_BYE' }, true));
  });

  it('refuse a write that deletes the result, scoredBy or scoredAt field (clearing sets them to null)', async () => {
    const signed = { scoredBy: 'SIDE_A', scoredAt: serverTimestamp() };
    await assertFails(updateDoc(as(UIDS.player, TO_FIVE), { ...signed, result: deleteField() }));
    await assertFails(updateDoc(as(UIDS.player, TO_FIVE), { result: null, scoredBy: null, scoredAt: deleteField() }));
    await assertFails(updateDoc(as(UIDS.player, TO_FIVE), { result: null, scoredBy: deleteField(), scoredAt: null }));
    await assertSucceeds(write(UIDS.player, TO_FIVE, null));
  });

  it('refuse a scoredAt the client chose: a result carries the server time', async () => {
    const result = { kind: 'PLAYED', score: { a: 5, b: 1 } };
    const stamped = (scoredAt: unknown) =>
      updateDoc(as(UIDS.player, TO_FIVE), { result, scoredBy: 'SIDE_A', scoredAt });
    await assertFails(stamped(new Date().toISOString()));
    await assertFails(stamped(Timestamp.fromMillis(Date.now() - 3_600_000)));
    await assertFails(stamped(null));
    const before = Date.now();
    await assertSucceeds(stamped(serverTimestamp()));
    const stored = MatchUpDoc.parse((await getDoc(as(UIDS.player, TO_FIVE))).data());
    expect(stored.result).toEqual(result);
    const scoredAt = stored.scoredAt as Timestamp;
    expect(typeof scoredAt.toMillis).toBe('function');
    expect(Math.abs(scoredAt.toMillis() - before)).toBeLessThan(60_000);
  });

  it('let a scorekeeper clear a result the way recordScore does, unsigned; refuse a half-signed clear', async () => {
    await assertSucceeds(write(UIDS.scorekeeper, TO_FIVE, { winner: 'b' }));
    await assertSucceeds(updateDoc(as(UIDS.scorekeeper, TO_FIVE), { result: null, scoredBy: null, scoredAt: null }));
    await assertFails(
      updateDoc(as(UIDS.scorekeeper, TO_FIVE), { result: null, scoredBy: 'SCOREKEEPER', scoredAt: null }),
    );
    await assertFails(
      updateDoc(as(UIDS.scorekeeper, TO_FIVE), { result: null, scoredBy: null, scoredAt: serverTimestamp() }),
    );
  });
});
