/**
 * Deck lists (docs/judging.md#deck-lists) through the real setDeckList callable: staff enter and correct lists, a
 * player is refused, and a change after the deadline is logged card by card in the same write.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { paths } from '@competition/engine/schemas';
import { refs } from '../../src/firebase/refs.js';
import { useEmulatorFirestore } from '../support/emulator.js';
import { call, CARD_GAME_STORE, cleanupFunctionsTest, expectRefusal, tournamentThroughCallables } from './harness.js';

const fs = useEmulatorFirestore({ triggers: false });
afterAll(() => cleanupFunctionsTest());

/** A card-game Swiss of 4 players with accounts u1..u4 and a scorekeeper, deck lists on, round 1 not paired. */
async function cardGameDraft() {
  const { tournamentId } = await tournamentThroughCallables(CARD_GAME_STORE);
  await fs.db.doc(paths.tournament(tournamentId)).update({ deckLists: {} });
  return tournamentId;
}

const list = (tournamentId: string, main: string) => ({ tournamentId, participantId: 'p1', main, sideboard: '' });

describe('setDeckList', () => {
  it('takes staff only, stores the normal form, and logs nothing before the deadline', async () => {
    const tournamentId = await cardGameDraft();
    await expectRefusal(call.setDeckList(list(tournamentId, '4 Bolt'), 'u1'), 'permission-denied');
    await expectRefusal(call.setDeckList(list(tournamentId, 'Bolt'), 'keeper'), 'invalid-argument', /line 1/);
    expect(await call.setDeckList(list(tournamentId, '2x Bolt\n2 bolt\n20 Mountain'), 'keeper')).toEqual({
      logged: false,
    });
    const stored = (await refs(fs.db).deckList(tournamentId, 'p1').get()).data()!;
    expect(stored).toMatchObject({ main: '4 Bolt\n20 Mountain', sideboard: '', updatedBy: 'SCOREKEEPER' });
    expect((await refs(fs.db).deckListChanges(tournamentId).get()).size).toBe(0);
  });

  it('after round 1 is paired, logs each card changed with the role, in the same write as the list', async () => {
    const tournamentId = await cardGameDraft();
    await call.setDeckList(list(tournamentId, '4 Bolt\n20 Mountain'), 'owner');
    await call.generateNextRound({ tournamentId, requestId: 'r1' }, 'owner');
    expect(await call.setDeckList(list(tournamentId, '3 Bolt\n1 Shock\n20 Mountain'), 'keeper')).toEqual({
      logged: true,
    });
    const log = (await refs(fs.db).deckListChanges(tournamentId).get()).docs.map((d) => d.data());
    expect(log).toEqual([
      expect.objectContaining({
        participantId: 'p1',
        by: 'SCOREKEEPER',
        changes: [
          { section: 'MAIN', card: 'Bolt', from: 4, to: 3 },
          { section: 'MAIN', card: 'Shock', from: 0, to: 1 },
        ],
      }),
    ]);
    expect((await refs(fs.db).deckList(tournamentId, 'p1').get()).data()!.main).toBe('3 Bolt\n1 Shock\n20 Mountain');
    // The same list again changes nothing and logs nothing.
    expect(await call.setDeckList(list(tournamentId, '3 Bolt\n1 Shock\n20 Mountain'), 'owner')).toEqual({
      logged: false,
    });
    expect((await refs(fs.db).deckListChanges(tournamentId).get()).size).toBe(1);
  });

  it("travel in the tournament's export, and come back with its deck-list settings on import", async () => {
    const tournamentId = await cardGameDraft();
    const settings = { deadlineAt: Date.parse('2026-11-28T09:00:00Z'), published: true };
    await fs.db.doc(paths.tournament(tournamentId)).update({ deckLists: settings });
    await call.setDeckList({ ...list(tournamentId, '4 Bolt\n20 Mountain'), sideboard: '2 Duress' }, 'owner');
    const { json } = await call.exportTournament({ tournamentId }, 'owner');
    const exported = JSON.parse(json) as { deckLists: unknown; tournament: { date: string } };
    expect(exported.deckLists).toEqual([{ participantId: 'p1', main: '4 Bolt\n20 Mountain', sideboard: '2 Duress' }]);
    const { championshipId } = (await refs(fs.db).tournament(tournamentId).get()).data()!;
    exported.tournament.date = '2026-11-29';
    const { tournamentId: copy } = await call.importTournament(
      { championshipId, json: JSON.stringify(exported) },
      'owner',
    );
    expect((await refs(fs.db).tournament(copy).get()).data()!.deckLists).toEqual(settings);
    expect((await refs(fs.db).deckList(copy, 'p1').get()).data()).toMatchObject({ main: '4 Bolt\n20 Mountain' });
  });
});
