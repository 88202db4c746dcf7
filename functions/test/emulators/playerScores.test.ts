/**
 * Emulator Suite tier, with the deployed score trigger, the callables and firestore.rules: what a player of a game may
 * write, tried through both paths side by side, the organizer's `recordScore` callable with the player's own token and
 * a phone's direct write (docs/results.md#who-writes-a-result). Each refusal leaves the stored game as it was.
 *
 * A card-game Swiss (best of three) with a scorekeeper:
 * - under confirmation, a player's own win is refused as a result on both paths (a report is the way);
 * - a scorekeeper's 0-2, and a penalty's result, are not replaced nor cleared by the player;
 * - a player's forfeit win on their own game is refused; a scorekeeper records it;
 * - 1.5-0.5 is no best-of-three result, from anyone;
 * - a disqualification withdraws the player in the penalty's own write.
 */
import { type Firestore, doc, serverTimestamp, updateDoc } from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MatchUpResult } from '@competition/engine';
import { type MatchUpDoc, type ParticipantDoc, paths } from '@competition/engine/schemas';
import {
  type Account,
  type Emulators,
  type SeededTournament,
  adminFirestore,
  call,
  closeAdmin,
  discoverEmulators,
  playerOf,
  readMatchUp,
  readRow,
  refusal,
  seedTournament,
  signUp,
  waitFor,
  whyNoEmulators,
} from '../../../testing/stack.js';
import { clientApps, outcome } from './clients.js';

const skipReason = whyNoEmulators();
if (skipReason) console.warn(`[playerScores.test.ts] skipped: ${skipReason}`);

let emulators: Emulators;
let seeded: SeededTournament;
let keeper: Account;
const clients = clientApps('player-scores', () => emulators);

const played = (a: number, b: number): MatchUpResult => ({ kind: 'PLAYED', score: { a, b } });

/** The phone's own write (web/src/data/writes.ts writeScore): signed by the side the player plays. */
function phoneWrite(db: Firestore, game: MatchUpDoc, side: 'a' | 'b', result: MatchUpResult | null) {
  const signature =
    result === null
      ? { scoredBy: null, scoredAt: null }
      : { scoredBy: side === 'a' ? 'SIDE_A' : 'SIDE_B', scoredAt: serverTimestamp() };
  return updateDoc(doc(db, paths.matchUp(seeded.tournamentId, game.matchUpId)), { result, ...signature });
}

const recordScore = (caller: Pick<Account, 'idToken'>, game: MatchUpDoc, result: MatchUpResult | null) =>
  call(emulators, 'recordScore', { tournamentId: seeded.tournamentId, matchUpId: game.matchUpId, result }, caller);

const scoreFields = async (game: MatchUpDoc) => {
  const stored = await readMatchUp(seeded.tournamentId, game.matchUpId);
  return { result: stored?.result ?? null, scoredBy: stored?.scoredBy ?? null };
};

describe.skipIf(Boolean(skipReason))('a player writes no more through the callable than from the phone', () => {
  let games: MatchUpDoc[];

  beforeAll(async () => {
    emulators = await discoverEmulators();
    seeded = await seedTournament(emulators, { label: 'player-scores', players: 10, policy: 'TCG' });
    games = seeded.round1.filter((m) => m.b !== null);
    expect(games).toHaveLength(5);
    keeper = await signUp(emulators, `keeper-${seeded.tournamentId}@example.com`);
    await call(
      emulators,
      'setScorekeepers',
      { tournamentId: seeded.tournamentId, uids: [keeper.uid] },
      seeded.organizer,
    );
  });

  afterAll(async () => {
    await clients.closeAll();
    await closeAdmin();
  });

  it("a scorekeeper's 0-2 is neither replaced nor cleared by the player who lost it", async () => {
    const game = games[0]!;
    const loser = playerOf(seeded, game, 'a');
    const phone = await clients.firestoreAs(loser.account);
    await recordScore(keeper, game, played(0, 2));
    const entered = await scoreFields(game);
    expect(entered).toEqual({ result: played(0, 2), scoredBy: 'SCOREKEEPER' });

    const viaCallable = await refusal(recordScore(loser.account, game, played(2, 0)));
    expect(viaCallable.code).toBe('permission-denied');
    expect(viaCallable.message).toMatch(/: a scorekeeper entered this result: only a scorekeeper or the organizer/);
    expect((await refusal(recordScore(loser.account, game, null))).code).toBe('permission-denied');
    expect(await outcome(phoneWrite(phone, game, 'a', played(2, 0)))).toBe('permission-denied');
    expect(await outcome(phoneWrite(phone, game, 'a', null))).toBe('permission-denied');
    expect(await scoreFields(game)).toEqual(entered);
  });

  it("a game loss's result stays: the penalized player cannot write the game again", async () => {
    const game = games[1]!;
    const penalized = playerOf(seeded, game, 'a');
    const phone = await clients.firestoreAs(penalized.account);
    expect(await outcome(phoneWrite(phone, game, 'a', played(2, 0)))).toBe('accepted');
    await call(
      emulators,
      'recordPenalty',
      {
        tournamentId: seeded.tournamentId,
        participantId: penalized.participantId,
        roundNumber: 1,
        infraction: 'Drawing extra cards',
        penalty: 'GAME_LOSS',
        note: '',
      },
      keeper,
    );
    const penalty = await scoreFields(game);
    expect(penalty).toEqual({ result: played(1, 1), scoredBy: 'SCOREKEEPER' });

    expect(await outcome(phoneWrite(phone, game, 'a', played(2, 0)))).toBe('permission-denied');
    expect((await refusal(recordScore(penalized.account, game, played(2, 0)))).code).toBe('permission-denied');
    expect(await scoreFields(game)).toEqual(penalty);
  });

  it('a forfeit win on their own game is refused to the player on both paths; a scorekeeper records it', async () => {
    const game = games[2]!;
    const player = playerOf(seeded, game, 'a');
    const phone = await clients.firestoreAs(player.account);
    const forfeit: MatchUpResult = { kind: 'FORFEIT_WIN' };
    const viaCallable = await refusal(recordScore(player.account, game, forfeit));
    expect(viaCallable.code).toBe('permission-denied');
    expect(viaCallable.message).toMatch(/: a forfeit is recorded by a scorekeeper or the organizer/);
    expect(await outcome(phoneWrite(phone, game, 'a', forfeit))).toBe('permission-denied');
    expect(await scoreFields(game)).toEqual({ result: null, scoredBy: null });
    await recordScore(keeper, game, forfeit);
    expect(await scoreFields(game)).toEqual({ result: forfeit, scoredBy: 'SCOREKEEPER' });
  });

  it('1.5-0.5 is no best-of-three result, from the organizer, a scorekeeper or a player', async () => {
    const game = games[3]!;
    const player = playerOf(seeded, game, 'a');
    const phone = await clients.firestoreAs(player.account);
    const keeperDb = await clients.firestoreAs(keeper);
    const impossible = played(1.5, 0.5);
    const refused = await refusal(recordScore(seeded.organizer, game, impossible));
    expect(refused.code).toBe('invalid-argument');
    expect(refused.message).toMatch(/: score 1\.5-0\.5: a match won with 2 games counts whole games won by each side$/);
    expect(await outcome(phoneWrite(phone, game, 'a', impossible))).toBe('permission-denied');
    const keeperWrite = updateDoc(doc(keeperDb, paths.matchUp(seeded.tournamentId, game.matchUpId)), {
      result: impossible,
      scoredBy: 'SCOREKEEPER',
      scoredAt: serverTimestamp(),
    });
    expect(await outcome(keeperWrite)).toBe('permission-denied');
    expect(await scoreFields(game)).toEqual({ result: null, scoredBy: null });
  });

  it('under confirmation, a player’s own win through the callable is refused as from the phone, and counts nowhere', async () => {
    const game = games[4]!;
    const winner = playerOf(seeded, game, 'a');
    const phone = await clients.firestoreAs(winner.account);
    await adminFirestore().doc(paths.tournament(seeded.tournamentId)).update({ confirmScores: true });
    const viaCallable = await refusal(recordScore(winner.account, game, played(2, 0)));
    expect(viaCallable.code).toBe('permission-denied');
    expect(viaCallable.message).toMatch(/asks for the opponent’s confirmation: report your result/);
    expect(await outcome(phoneWrite(phone, game, 'a', played(2, 0)))).toBe('permission-denied');
    expect(await scoreFields(game)).toEqual({ result: null, scoredBy: null });
    expect((await readRow(seeded.tournamentId, winner.participantId))?.wins).toBe(0);
    const closing = await refusal(
      call(emulators, 'closeTournament', { tournamentId: seeded.tournamentId }, seeded.organizer),
    );
    expect(closing.code).toBe('failed-precondition');
  });

  it('a disqualification withdraws the player in the same write as its penalty', async () => {
    const game = games[0]!;
    const disqualified = playerOf(seeded, game, 'b');
    await call(
      emulators,
      'recordPenalty',
      {
        tournamentId: seeded.tournamentId,
        participantId: disqualified.participantId,
        roundNumber: 1,
        infraction: 'Cheating',
        penalty: 'DISQUALIFICATION',
        note: '',
      },
      seeded.organizer,
    );
    // No read between the penalty and the withdrawal: both are stored when the callable answers.
    const [penalties, entry] = await Promise.all([
      adminFirestore()
        .collection(paths.penalties(seeded.tournamentId))
        .where('participantId', '==', disqualified.participantId)
        .get(),
      adminFirestore().doc(paths.participant(seeded.tournamentId, disqualified.participantId)).get(),
    ]);
    expect(penalties.docs.map((d) => d.get('penalty') as unknown)).toEqual(['DISQUALIFICATION']);
    expect((entry.data() as ParticipantDoc).withdrawn).toBe(true);
    await waitFor(
      'the standings row of the disqualified player marked withdrawn',
      async () =>
        (await adminFirestore().doc(paths.standing(seeded.tournamentId, disqualified.participantId)).get()).data(),
      (row) => row?.withdrawn === true,
    );
  });
});
