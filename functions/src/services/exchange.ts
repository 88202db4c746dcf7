import { createHash } from 'node:crypto';
import { type Firestore, Timestamp, type Transaction } from 'firebase-admin/firestore';
import {
  DeckListRecord,
  describeIssues,
  DomainError,
  exportTournament as exportJson,
  firstMover,
  importTournament as importJson,
  judgeMatchUp,
  normalDeckList,
  requireRoundsPairedBy,
  requireSignedIn,
  sidesOf,
  type TournamentExport,
} from '@competition/engine';
import { refs } from '../firebase/refs.js';
import { newClaimCode } from './claims.js';
import {
  CreateTournamentInput,
  type ImportTournamentInput,
  type ParticipantDoc,
  RoundDoc,
  TournamentDoc,
} from '@competition/engine/schemas';
import { writeFold } from './foldWrites.js';
import { prepareTournament, writeNewTournament } from './organisation.js';
import { PlannedWrites } from './plannedWrites.js';
import { type BoundedWriteSettings, boundedWriteSettings, commitInParts } from './boundedWrites.js';
import { pagesFollow } from './standingsPages.js';
import { toCountedRecord } from './records.js';
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
  const [participants, rounds, matchUps, penalties, deckLists] = await Promise.all([
    ref.participants(tournamentId).get(),
    ref.rounds(tournamentId).get(),
    ref.matchUps(tournamentId).get(),
    ref.penalties(tournamentId).get(),
    ref.deckLists(tournamentId).withConverter(null).get(),
  ]);
  return exportJson({
    tournament: portable(tournament),
    policy: tournament.policy,
    participants: participants.docs.map((d) => d.data()),
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
    penalties: penalties.docs.map((d) => d.data()),
    ...deckListsOf(deckLists.docs),
  });
}

/** Each list in its normal form; one written past the checks goes out as none, so the export re-imports. */
function deckListsOf(docs: ReadonlyArray<{ id: string; get(field: string): unknown }>) {
  const lists = docs.flatMap((d) => {
    const list = DeckListRecord.safeParse({ participantId: d.id, main: d.get('main'), sideboard: d.get('sideboard') });
    return list.success ? [list.data] : [];
  });
  return lists.length ? { deckLists: lists } : {};
}

/**
 * Creates a new tournament in a championship from an export: its description, policy, participants, rounds and
 * results, and the fold of those results. The export is checked whole first (domain/exchange/importChecks.ts, the
 * schemas of live writes) and the tournament's creation is checked before anything is written. The documents under
 * the tournament then go in commits within the budget, unseen while the tournament document does not exist; the
 * last commit, one transaction that checks again, creates the tournament with its date key and roles. Refused
 * there (the date taken meanwhile), the parts are deleted; interrupted before, the same request id finishes it.
 */
export async function importTournament(
  db: Firestore,
  uid: string | undefined,
  input: ImportTournamentInput,
  settings: BoundedWriteSettings = boundedWriteSettings(),
): Promise<{ tournamentId: string }> {
  requireSignedIn(uid);
  const data = importJson(input.json);
  const creation = creationOf(data, input.championshipId);
  const chosen = settingsOf(data);
  const rounds = data.rounds.map(roundDocOf);
  const currentRound = Math.max(0, ...data.matchUps.map((m) => m.roundNumber));
  const participants = participantDocs(data);
  const ref = refs(db);
  const tournamentId = input.requestId ? importedTournamentId(uid, input.requestId) : ref.tournaments().doc().id;
  // A retry of an import that was finished answers the same tournament.
  if (input.requestId && (await ref.tournament(tournamentId).get()).exists) return { tournamentId };
  const prepare = async (tx: Transaction) => {
    const prepared = await prepareTournament(tx, ref, uid, creation, tournamentId);
    requireRoundsPairedBy(data.rounds, prepared.tournament.pairing.method);
    const tournament: TournamentDoc = {
      ...prepared.tournament,
      ...chosen,
      currentRound,
      status: currentRound > 0 ? 'RUNNING' : 'DRAFT',
    };
    return { ...prepared, tournament };
  };
  // Everything the last transaction will check, checked before the first write: a refused import writes nothing,
  // and a retry refused now (the date taken meanwhile) deletes what its interrupted first run wrote.
  const { tournament } = await db.runTransaction(prepare).catch(async (error: unknown) => {
    if (input.requestId) await db.recursiveDelete(ref.tournament(tournamentId));
    throw error;
  });

  const parts = new PlannedWrites();
  for (const p of participants) parts.set(ref.participant(tournamentId, p.participantId), p);
  // Each entry can be claimed by its player in the copy too (docs/joining.md).
  for (const p of participants)
    parts.set(ref.claimCode(tournamentId, p.participantId), { participantId: p.participantId, code: newClaimCode() });
  for (const r of rounds) parts.set(ref.round(tournamentId, r.roundNumber), r);
  // The deck lists, as entered by the organizer who imports them (docs/judging.md#deck-lists).
  for (const list of data.deckLists ?? [])
    parts.set(ref.deckList(tournamentId, list.participantId), {
      ...list,
      ...normalDeckList(list),
      updatedAt: Timestamp.now(),
      updatedBy: 'EDITOR',
    });
  for (const m of data.matchUps) {
    parts.set(ref.matchUp(tournamentId, m.matchUpId), {
      ...m,
      movesFirst: firstMover(m),
      cost: {},
      scoredBy: null,
      scoredAt: null,
    });
  }
  for (const p of data.penalties) parts.set(ref.penalty(tournamentId, p.penaltyId), p);
  writeFold(parts, ref, tournament, participants, data.matchUps);
  await commitInParts(db, parts, settings);

  try {
    await db.runTransaction(async (tx) => {
      const prepared = await prepare(tx);
      const last = new PlannedWrites();
      writeNewTournament(last, ref, prepared);
      last.requireFitsOneTransaction('importing this tournament', 'import a smaller tournament').commitIn(tx);
    });
  } catch (error) {
    await commitInParts(db, parts.undoing(), { ...settings, maxCommits: Number.POSITIVE_INFINITY });
    throw error;
  }
  // The standings were written before their tournament existed: the pages are built now.
  await pagesFollow(tournamentId);
  return { tournamentId };
}

/** The same caller and request id always import into the same tournament: a retry finds what the first run wrote. */
export function importedTournamentId(uid: string | undefined, requestId: string): string {
  return `import-${createHash('sha256').update(`${uid}/${requestId}`).digest('hex').slice(0, 24)}`;
}

/** What an editor sets on a tournament once it exists: it travels in an export and lands on the import as it was. */
const Settings = TournamentDoc.pick({
  confirmScores: true,
  cutOutlook: true,
  byeRules: true,
  joining: true,
  forbiddenPairs: true,
  tableCheckIn: true,
  deckLists: true,
});

function settingsOf(data: TournamentExport): ReturnType<typeof Settings.parse> {
  const keys = Object.keys(Settings.shape);
  const given = Object.fromEntries(Object.entries(data.tournament).filter(([key]) => keys.includes(key)));
  const settings = Settings.safeParse(given);
  if (!settings.success)
    throw new DomainError(
      'invalid-argument',
      `invalid tournament in the export: ${describeIssues(settings.error.issues)}`,
    );
  return settings.data;
}

/** The export's description through the schema of a new tournament; its progress comes from its results. */
function creationOf(data: TournamentExport, championshipId: string): CreateTournamentInput {
  const keys: readonly string[] = Object.keys(Settings.shape);
  const { status: _status, currentRound: _currentRound, ...rest } = data.tournament;
  const described = Object.fromEntries(Object.entries(rest).filter(([key]) => !keys.includes(key)));
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
    enteredRound: p.enteredRound ?? firstRound.get(p.participantId) ?? 1,
    withdrawn: p.withdrawn ?? false,
  }));
}
