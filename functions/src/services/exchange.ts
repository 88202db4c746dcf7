import type { Firestore } from 'firebase-admin/firestore';
import { requireSignedIn } from '../access/permissions.js';
import { firstMover } from '@competition/engine/domain/sides';
import { judgeMatchUp } from '@competition/engine/domain/acceptance';
import type { TournamentExport } from '@competition/engine/domain/exchange';
import { exportTournament as exportJson, importTournament as importJson } from '@competition/engine/domain/exchange';
import { DomainError, describeIssues } from '@competition/engine/domain/errors';
import { requireRoundsPairedBy } from '@competition/engine/domain/importChecks';
import { sidesOf } from '@competition/engine/domain/matchUps';
import { refs } from '../firebase/refs.js';
import { newClaimCode } from './claims.js';
import type { ParticipantDoc } from '@competition/engine/model/participant';
import type { ImportTournamentInput } from '@competition/engine/model/requests';
import { CreateTournamentInput } from '@competition/engine/model/requests';
import { RoundDoc } from '@competition/engine/model/round';
import type { TournamentDoc } from '@competition/engine/model/tournament';
import { writeFold } from './applyScore.js';
import { prepareTournament, writeNewTournament } from './organisation.js';
import { PlannedWrites } from './plannedWrites.js';
import { toCountedRecord, toParticipant } from './records.js';
import { readTournamentToEdit } from './tournamentAccess.js';

/** What of the tournament document travels in an export: its description, not its identity or its people. */
function portable(tournament: TournamentDoc) {
  const { tournamentId: _id, championshipId: _c, ownerUid: _o, clubIds: _cl, policy: _p, ...rest } = tournament;
  return rest;
}

export async function exportTournament(db: Firestore, uid: string | undefined, tournamentId: string): Promise<string> {
  const ref = refs(db);
  const tournament = await db.runTransaction((tx) => readTournamentToEdit(tx, ref, uid, tournamentId), {
    readOnly: true,
  });
  const [participants, rounds, matchUps] = await Promise.all([
    ref.participants(tournamentId).get(),
    ref.rounds(tournamentId).get(),
    ref.matchUps(tournamentId).get(),
  ]);
  return exportJson({
    tournament: portable(tournament),
    policy: tournament.policy,
    participants: participants.docs.map((d) => toParticipant(d.data())),
    // The round clock is the day's live state, not the tournament's record: it stays out of an export.
    rounds: rounds.docs
      .map((d) => d.data())
      .map(({ roundNumber, clock, ...pairing }) => (void clock, { roundNumber, pairing })),
    // A stored result the engine refuses (written past the rules) goes out as none, so the export re-imports.
    matchUps: matchUps.docs
      .map((d) => d.data())
      .map((m) => ({
        ...judgeMatchUp(toCountedRecord(m, tournament.confirmScores), tournament.policy).record,
        movesFirst: firstMover(m),
      })),
  });
}

/**
 * Creates a new tournament in a championship from an export: its description, policy, participants, rounds and
 * results, and the fold of those results. The export is checked whole first (domain/importChecks.ts, the
 * schemas of live writes); then everything, the date key included, is written in one transaction or not at all.
 */
export async function importTournament(
  db: Firestore,
  uid: string | undefined,
  input: ImportTournamentInput,
): Promise<{ tournamentId: string }> {
  requireSignedIn(uid);
  const data = importJson(input.json);
  const creation = creationOf(data, input.championshipId);
  const rounds = data.rounds.map(roundDocOf);
  const currentRound = Math.max(0, ...data.matchUps.map((m) => m.roundNumber));
  const participants = participantDocs(data);
  const ref = refs(db);
  const tournamentId = ref.tournaments().doc().id;
  await db.runTransaction(async (tx) => {
    const prepared = await prepareTournament(tx, ref, uid, creation, tournamentId);
    requireRoundsPairedBy(data.rounds, prepared.tournament.pairing.method);
    const tournament: TournamentDoc = {
      ...prepared.tournament,
      currentRound,
      status: currentRound > 0 ? 'RUNNING' : 'DRAFT',
    };
    const plan = new PlannedWrites();
    writeNewTournament(plan, ref, { ...prepared, tournament });
    for (const p of participants) plan.create(ref.participant(tournamentId, p.participantId), p);
    // Each entry can be claimed by its player in the copy too (docs/joining.md).
    for (const p of participants)
      plan.create(ref.claimCode(tournamentId, p.participantId), {
        participantId: p.participantId,
        code: newClaimCode(),
      });
    for (const r of rounds) plan.create(ref.round(tournamentId, r.roundNumber), r);
    for (const m of data.matchUps) {
      plan.create(ref.matchUp(tournamentId, m.matchUpId), {
        ...m,
        movesFirst: firstMover(m),
        cost: {},
        scoredBy: null,
        scoredAt: null,
      });
    }
    writeFold(plan, ref, tournament, participants, data.matchUps);
    plan.requireFitsOneTransaction('importing this tournament', 'import a smaller tournament').commitIn(tx);
  });
  return { tournamentId };
}

/** The export's description through the schema of a new tournament; its progress comes from its results. */
function creationOf(data: TournamentExport, championshipId: string): CreateTournamentInput {
  const { status: _status, currentRound: _currentRound, ...described } = data.tournament;
  const creation = CreateTournamentInput.safeParse({ ...described, championshipId, policy: data.policy });
  if (!creation.success) {
    throw new DomainError(
      'invalid-argument',
      `invalid tournament in the export: ${describeIssues(creation.error.issues)}`,
    );
  }
  return creation.data;
}

/** A round record through the round document's schema, refused with the round named. */
function roundDocOf(record: TournamentExport['rounds'][number]): RoundDoc {
  const parsed = RoundDoc.safeParse({ ...record.pairing, roundNumber: record.roundNumber });
  if (!parsed.success) {
    throw new DomainError('invalid-argument', `round ${record.roundNumber}: ${describeIssues(parsed.error.issues)}`);
  }
  return parsed.data;
}

/** Participants as entered: each from the first round they played (a late entry), names defaulting to ids. */
function participantDocs(data: TournamentExport): ParticipantDoc[] {
  const firstRound = new Map<string, number>();
  for (const m of data.matchUps) {
    for (const id of sidesOf(m)) firstRound.set(id, Math.min(firstRound.get(id) ?? m.roundNumber, m.roundNumber));
  }
  return data.participants.map((p) => ({
    ...p,
    name: p.name ?? p.participantId,
    enteredRound: firstRound.get(p.participantId) ?? 1,
    withdrawn: p.withdrawn ?? false,
  }));
}
