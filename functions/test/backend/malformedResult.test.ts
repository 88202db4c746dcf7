/**
 * Defence in depth (docs/processing.md#refused-results): a stored result the engine refuses (written with
 * firebase-admin, past the rules) is never fatal. Pairing, replay, export and the leaderboard treat it as no result; the rest
 * of the tournament works. Through the real callables and the real trigger handler, on the emulator.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { buildLeaderboard, foldCompetition, type MatchUpResult, TournamentExport } from '@competition/engine';
import { refs } from '../../src/firebase/refs.js';
import { replayTournament } from '../../src/services/replay.js';
import { toMatchUpRecord, toParticipant } from '../../src/services/records.js';
import { useEmulatorFirestore } from '../support/emulator.js';
import { call, cleanupFunctionsTest, expectRefusal, fireAll, tournamentThroughCallables } from './harness.js';

const fs = useEmulatorFirestore({ triggers: false });
afterAll(() => cleanupFunctionsTest());

/** What a player's phone can store today although the engine refuses it. */
const REFUSED: Array<[string, MatchUpResult]> = [
  ['a forfeit win for side b', { kind: 'FORFEIT_WIN', winner: 'b' }],
  ['6-5 in a game to 5', { kind: 'PLAYED', score: { a: 6, b: 5 } }],
];

let tournaments = 0;

async function tournamentWithRefusedResult(policy: string, bad: MatchUpResult) {
  const n = ++tournaments;
  const { tournamentId, championshipId } = await tournamentThroughCallables({
    club: { name: `Malformed ${n}` },
    championship: `Malformed league ${n}`,
    tournament: { description: `Malformed ${n}`, policy },
    players: 8,
  });
  await call.generateNextRound({ tournamentId, requestId: 'r1' }, 'owner');
  const games = (await refs(fs.db).matchUps(tournamentId).get()).docs.map((d) => d.data());
  const [victim, ...others] = games;
  for (const m of others)
    await call.recordScore(
      { tournamentId, matchUpId: m.matchUpId, result: { kind: 'PLAYED', score: { a: 5, b: 2 } } },
      'owner',
    );
  // Past the rules and recordScore: firebase-admin writes what the engine refuses.
  await refs(fs.db)
    .matchUp(tournamentId, victim!.matchUpId)
    .update({ result: bad, scoredBy: 'EDITOR', scoredAt: '2026-11-21T10:00:00Z' });
  await fireAll(fs.db, tournamentId);
  return { tournamentId, championshipId, victim: victim!.matchUpId };
}

/** The leaderboard from the fold of the stored matchUps with the refused result taken out. */
async function expectedLeaderboard(tournamentId: string, victim: string) {
  const ref = refs(fs.db);
  const tournament = (await ref.tournament(tournamentId).get()).data()!;
  const participants = (await ref.participants(tournamentId).get()).docs.map((d) => toParticipant(d.data()));
  const matchUps = (await ref.matchUps(tournamentId).get()).docs.map((d) => toMatchUpRecord(d.data()));
  const withoutIt = matchUps.map((m) => (m.matchUpId === victim ? { ...m, result: null } : m));
  const fold = foldCompetition(tournament.policy, participants, withoutIt);
  return { fold, rows: buildLeaderboard(tournament.policy, fold, { withdrawn: [] }) };
}

const numbers = (rows: Array<Record<string, unknown>>) => rows.map(({ name: _name, ...row }) => row);

describe('a stored result the engine refuses counts as no result everywhere', () => {
  for (const policy of ['SWISS', 'PRESSURE']) {
    for (const [label, bad] of REFUSED) {
      it(`${policy}, ${label}: the tournament still pairs (forced), replays, exports, re-imports, and ranks as the fold without it`, async () => {
        const { tournamentId, championshipId, victim } = await tournamentWithRefusedResult(policy, bad);
        const expected = await expectedLeaderboard(tournamentId, victim);
        const board = await call.getLeaderboard({ tournamentId }, 'owner');
        expect(numbers(board.rows)).toEqual(expected.rows);

        // The matchUp counts as open: pairing is refused, naming it and the reason, unless forced.
        await expectRefusal(
          call.generateNextRound({ tournamentId, requestId: 'r2' }, 'owner'),
          'failed-precondition',
          /round 1, table \d+ \(its result is refused: /,
        );
        const forced = await call.generateNextRound({ tournamentId, requestId: 'r2-forced', force: true }, 'owner');
        expect(forced).toMatchObject({ roundNumber: 2, matchUps: 4 });

        await replayTournament(fs.db, tournamentId);
        const states = Object.fromEntries(
          (await refs(fs.db).states(tournamentId).get()).docs.map((d) => [d.id, d.data()]),
        );
        expect(states).toEqual((await expectedLeaderboard(tournamentId, victim)).fold);

        const { json } = await call.exportTournament({ tournamentId }, 'owner');
        const exported = TournamentExport.parse(JSON.parse(json));
        expect(exported.matchUps.find((m) => m.matchUpId === victim)?.result).toBeNull();
        exported.tournament.date = '2026-11-28';
        const { tournamentId: copy } = await call.importTournament(
          { championshipId, json: JSON.stringify(exported) },
          'owner',
        );
        expect(numbers((await call.getLeaderboard({ tournamentId: copy }, 'owner')).rows)).toEqual(
          numbers((await call.getLeaderboard({ tournamentId }, 'owner')).rows),
        );
      });
    }
  }
});
