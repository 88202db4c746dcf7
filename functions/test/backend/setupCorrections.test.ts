/**
 * Emulator tier, through the real callables: the setup mistakes an organizer may undo (the scoring before round 1,
 * an entry added by mistake, a mistyped rating), each refused in words once it would change something played; and
 * malformed input to several callables answered with the field in words, never a schema path or a document id.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { refs } from '../../src/firebase/refs.js';
import { useEmulatorFirestore } from '../support/emulator.js';
import { call, cleanupFunctionsTest, expectRefusal, tournamentThroughCallables } from './harness.js';

const fs = useEmulatorFirestore({ triggers: false });
afterAll(() => cleanupFunctionsTest());

async function draft(description: string) {
  return tournamentThroughCallables({
    club: { name: 'Carrom Club' },
    championship: `League ${description}`,
    tournament: { description, policy: 'REDEMPTION', pairing: { method: 'SWISS', options: {} } },
    players: 6,
    withAccounts: true,
  });
}

const scoring = { gameTarget: 7, matchPoints: { win: 2, timedWin: 1.5, draw: 1, loss: 0 }, phantomScore: 3 };

describe('the scoring, before round 1', () => {
  it('changes until round 1 is paired; after, it is refused with the reason', async () => {
    const { tournamentId } = await draft('Scoring Open');
    await call.changeScoring({ tournamentId, ...scoring }, 'owner');
    const stored = (await refs(fs.db).tournament(tournamentId).get()).data()!;
    expect(stored.policy.scoringPolicy).toMatchObject(scoring);
    await expectRefusal(call.changeScoring({ tournamentId, ...scoring }, 'stranger'), 'permission-denied');

    await call.generateNextRound({ tournamentId, requestId: 'r1' }, 'owner');
    await expectRefusal(
      call.changeScoring({ tournamentId, ...scoring, gameTarget: 5 }, 'owner'),
      'failed-precondition',
      /“Scoring Open” has paired round 1 already.*can only change before round 1/,
    );
    expect((await refs(fs.db).tournament(tournamentId).get()).data()!.policy.scoringPolicy.gameTarget).toBe(7);
  });
});

describe('an entry added by mistake', () => {
  it('is deleted with its state, row, claim code and account link before any round pairs it', async () => {
    const { tournamentId } = await draft('Deletion Open');
    await call.deleteParticipant({ tournamentId, participantId: 'p6' }, 'owner');
    const r = refs(fs.db);
    const left = await Promise.all([
      r.participant(tournamentId, 'p6').get(),
      r.state(tournamentId, 'p6').get(),
      r.standing(tournamentId, 'p6').get(),
      r.claimCode(tournamentId, 'p6').get(),
      r.role(tournamentId, 'u6').get(),
    ]);
    expect(left.map((d) => d.exists)).toEqual([false, false, false, false, false]);
    expect((await r.participants(tournamentId).get()).size).toBe(5);
  });

  it('is refused once a round pairs it, saying to withdraw instead; a late entry not yet paired is deleted', async () => {
    const { tournamentId } = await draft('Late Open');
    await call.generateNextRound({ tournamentId, requestId: 'r1' }, 'owner');
    await expectRefusal(
      call.deleteParticipant({ tournamentId, participantId: 'p1' }, 'owner'),
      'failed-precondition',
      /Player 1 is paired in a round already.*withdraw Player 1 instead/,
    );
    expect((await refs(fs.db).participant(tournamentId, 'p1').get()).exists).toBe(true);
    await call.addParticipants(
      { tournamentId, participants: [{ participantId: 'p9', name: 'Late Comer', rating: 1500 }] },
      'owner',
    );
    await call.deleteParticipant({ tournamentId, participantId: 'p9' }, 'owner');
    expect((await refs(fs.db).participant(tournamentId, 'p9').get()).exists).toBe(false);
  });
});

describe('a mistyped rating', () => {
  it("is corrected before the player's first rated game, and the baseline starts from it", async () => {
    const { tournamentId } = await draft('Rating Open');
    await call.correctRating({ tournamentId, participantId: 'p2', rating: 1812 }, 'owner');
    const r = refs(fs.db);
    expect((await r.participant(tournamentId, 'p2').get()).data()!.rating).toBe(1812);
    expect((await r.state(tournamentId, 'p2').get()).data()).toMatchObject({
      baselineRating: 1812,
      dynamicFormRating: 1812,
    });

    // Paired but unscored: nothing is rated from it yet.
    await call.generateNextRound({ tournamentId, requestId: 'r1' }, 'owner');
    const games = (await r.matchUps(tournamentId).get()).docs.map((d) => d.data()).filter((m) => m.b !== null);
    const [scored, open] = games;
    await call.correctRating({ tournamentId, participantId: open!.a, rating: 1333 }, 'owner');
    expect((await r.participant(tournamentId, open!.a).get()).data()!.rating).toBe(1333);

    await call.recordScore(
      { tournamentId, matchUpId: scored!.matchUpId, result: { kind: 'PLAYED', score: { a: 5, b: 2 } } },
      'owner',
    );
    const before = (await r.participant(tournamentId, scored!.a).get()).data()!.rating;
    await expectRefusal(
      call.correctRating({ tournamentId, participantId: scored!.a, rating: 2222 }, 'owner'),
      'failed-precondition',
      /has a rated game already: the rating they started with is frozen/,
    );
    expect((await r.participant(tournamentId, scored!.a).get()).data()!.rating).toBe(before);
  });
});

describe('malformed input and refusals, in words', () => {
  it('name the field and what to do, never a schema path, a document id or zod wording', async () => {
    const { tournamentId, clubId, championshipId } = await draft('Words Open');
    const ids = [tournamentId, clubId, championshipId];
    const refusals: string[] = [];
    const refused = async (promise: Promise<unknown>, code: string, words: RegExp) => {
      const error = await promise.then(
        () => undefined,
        (e: unknown) => e as { code?: string; message?: string },
      );
      expect(error?.code).toBe(code);
      expect(error?.message).toMatch(words);
      refusals.push(error!.message!);
    };
    const players = [
      { participantId: 'x1', name: 'Ada', rating: 1500 },
      { participantId: 'x2', name: 'Bea', rating: 'lots' },
    ];
    await refused(
      call.addParticipants({ tournamentId, participants: players }, 'owner'),
      'invalid-argument',
      /^player 2, rating: must be a number$/,
    );
    await refused(
      call.recordScore({ tournamentId, matchUpId: 'm1', result: { kind: 'PLAYED', score: { a: 5, b: 'x' } } }, 'owner'),
      'invalid-argument',
      /^second player's game points: must be a number$/,
    );
    await refused(
      call.changeScoring({ tournamentId, ...scoring, matchPoints: { ...scoring.matchPoints, win: null } }, 'owner'),
      'invalid-argument',
      /match points for a win/,
    );
    await refused(call.generateNextRound({ tournamentId }, 'owner'), 'invalid-argument', /^request: is missing$/);
    await refused(
      call.correctRating({ tournamentId: 42, participantId: 'p1', rating: 1500 }, 'owner'),
      'invalid-argument',
      /^tournament: /,
    );
    await refused(
      call.createTournament({ championshipId, date: '2026-12-01', description: 'X', preAlarmMinutes: 9 }, 'owner'),
      'invalid-argument',
      /pre-alarm/,
    );
    await refused(
      call.withdrawParticipant({ tournamentId, participantId: 'p1' }, 'stranger'),
      'permission-denied',
      /only the organizer of the tournament/,
    );
    await refused(call.deleteClub({ clubId }, 'owner'), 'failed-precondition', /linked to the championship “League/);
    await call.generateNextRound({ tournamentId, requestId: 'r1' }, 'owner');
    await refused(call.deleteTournament({ tournamentId }, 'owner'), 'failed-precondition', /^“Words Open” has started/);

    expect(refusals).toHaveLength(9);
    for (const text of refusals) {
      expect(text).not.toMatch(/Invalid input|expected|received|NaN|\w\.\w+:|\[\d+\]/);
      for (const id of ids) expect(text).not.toContain(id);
    }
  });
});
