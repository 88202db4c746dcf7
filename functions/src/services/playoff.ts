import type { Firestore } from 'firebase-admin/firestore';
import {
  assertPlayoffChangeable,
  assertPlayoffPlannable,
  mainStageRounds,
  parsePairingOptions,
} from '@competition/engine';
import type { SetPlayoffInput } from '@competition/engine/schemas';
import { refs } from '../firebase/refs.js';
import { readEditableTournament } from './tournamentAccess.js';

/**
 * Changes a Swiss's or a round robin's finals and top cut (docs/playoff.md) until the playoff's first round is
 * paired; the domain says whether it may change and whether the new playoff can be played.
 */
export async function setPlayoff(db: Firestore, uid: string | undefined, input: SetPlayoffInput): Promise<void> {
  const ref = refs(db);
  const { tournamentId, ...playoff } = input;
  await db.runTransaction(async (tx) => {
    const tournament = await readEditableTournament(tx, ref, uid, tournamentId);
    const entrants = (await tx.get(ref.participants(tournamentId).count())).data().count;
    const options = parsePairingOptions({ ...tournament.pairing.options, ...playoff });
    const mainRounds =
      tournament.system === 'KNOCKOUT' || (tournament.system === 'SWISS' && !tournament.totalRounds)
        ? undefined
        : mainStageRounds(tournament.system, tournament.totalRounds, entrants, options.cycles ?? 1);
    assertPlayoffChangeable(tournament.system, tournament.currentRound, mainRounds);
    assertPlayoffPlannable(tournament.system, options, tournament.totalRounds);
    tx.set(ref.tournament(tournamentId), { ...tournament, pairing: { ...tournament.pairing, options } });
  });
}
