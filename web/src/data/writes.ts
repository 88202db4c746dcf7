/** The writes a client makes itself, through the security rules (firestore.rules) rather than a callable. */
import { deleteDoc, deleteField, serverTimestamp, setDoc, updateDoc } from 'firebase/firestore';
import {
  type ByeRules,
  type TableCheckInRules,
  type DeckListSettings,
  type MatchUpResult,
  type MatchUpResultInput,
  type ReportSide,
  reportWrite,
  scorerOf,
} from '@competition/engine';
import { live, path, ref } from './connection';
import { ActionError, rethrow } from './errors';
import type { StoredTimestamp } from '@competition/engine/schemas';
import type { MatchUp, Roles, Round } from './shapes';

/**
 * A player's (or scorekeeper's) own score: the matchUp's result, signed with the role the writer's roles document
 * gives them in this game (the one the app already watches; the rules check the same document), stamped by the
 * server. An account with no role there claims none, and the rules refuse the write.
 */
export async function writeScore(
  tournamentId: string,
  matchUp: Pick<MatchUp, 'matchUpId' | 'a' | 'b'>,
  result: MatchUpResultInput | null,
  roles: Roles,
): Promise<void> {
  if (!live().auth.currentUser) throw new ActionError('unauthenticated', 'sign in first');
  const change =
    result === null
      ? { result, scoredBy: null, scoredAt: null }
      : { result, scoredBy: scorerOf(roles, matchUp), scoredAt: serverTimestamp() };
  await updateDoc(ref(path.matchUp(tournamentId, matchUp.matchUpId)), change).catch(rethrow);
}

/**
 * A player's own report when the tournament asks for the opponent's confirmation: their side's report, and the
 * result that then counts (the domain's `reportWrite`, which the rules check the same way). The report is written
 * by its field path, so an opponent's report that landed meanwhile is never overwritten; if it changed what counts,
 * the rules refuse the write and the player sees the new report before trying again.
 */
export async function writeReport(
  tournamentId: string,
  matchUp: Pick<MatchUp, 'matchUpId' | 'result' | 'scoredBy' | 'reports'>,
  side: ReportSide,
  report: MatchUpResult | null,
): Promise<void> {
  if (!live().auth.currentUser) throw new ActionError('unauthenticated', 'sign in first');
  const next = reportWrite(matchUp, side, report);
  const entered = next.result === matchUp.result && next.scoredBy === matchUp.scoredBy && next.scoredBy !== null;
  const counted = entered
    ? {}
    : { result: next.result, scoredBy: next.scoredBy, scoredAt: next.result === null ? null : serverTimestamp() };
  await updateDoc(ref(path.matchUp(tournamentId, matchUp.matchUpId)), {
    [`reports.${side}`]: report,
    ...counted,
  }).catch(rethrow);
}

/** Editors turn the opponent's confirmation of players' scores on or off. */
/** What players may ask for, and what a late entry's missed rounds count (docs/pairing.md#requested-byes). */
export async function setByeRules(tournamentId: string, byeRules: ByeRules): Promise<void> {
  await updateDoc(ref(path.tournament(tournamentId)), { byeRules }).catch(rethrow);
}

/** Whether players read "can I draw?" before a Swiss round (docs/playoff.md#can-i-draw). */
export async function setCutOutlook(tournamentId: string, cutOutlook: boolean): Promise<void> {
  await updateDoc(ref(path.tournament(tournamentId)), { cutOutlook }).catch(rethrow);
}

export async function setConfirmScores(tournamentId: string, confirmScores: boolean): Promise<void> {
  await updateDoc(ref(path.tournament(tournamentId)), { confirmScores }).catch(rethrow);
}

/** Editors close a round, or reopen it to correct a score. */
export async function setRoundStatus(
  tournamentId: string,
  roundNumber: number,
  status: 'OPEN' | 'CLOSED',
): Promise<void> {
  await updateDoc(ref(path.round(tournamentId, roundNumber)), { status }).catch(rethrow);
}

/**
 * Editors start the round's shared clock afresh, pause it, or resume it (docs/organisation.md#round-clock): every
 * time is the server's, and a resume adds what ran before the pause, as the rules check.
 */
export async function setRoundClock(
  tournamentId: string,
  round: Pick<Round, 'roundNumber' | 'clock'>,
  action: 'start' | 'pause' | 'resume',
): Promise<void> {
  const before = round.clock;
  const millis = (at: StoredTimestamp) => Math.floor(at.toMillis());
  let clock: Record<string, unknown>;
  if (action === 'start') clock = { startedAt: serverTimestamp(), pausedAt: null, elapsedMs: 0 };
  else if (!before?.startedAt) throw new ActionError('failed-precondition', 'the clock has not started yet');
  else if (action === 'pause') clock = { ...before, pausedAt: serverTimestamp() };
  else if (!before.pausedAt) throw new ActionError('failed-precondition', 'the clock is already running');
  else
    clock = {
      startedAt: serverTimestamp(),
      pausedAt: null,
      elapsedMs: before.elapsedMs + millis(before.pausedAt) - millis(before.startedAt),
    };
  await updateDoc(ref(path.round(tournamentId, round.roundNumber)), { clock }).catch(rethrow);
}

/** Editors fix a participant's name, club or country. */
export async function updateParticipant(
  tournamentId: string,
  participantId: string,
  fields: { name: string; club?: string; country?: string; awardedByes?: number },
) {
  // No awarded byes is no field (docs/pairing.md#awarded-byes); other fields are written as given.
  const { awardedByes, ...rest } = fields;
  const byes = awardedByes === undefined ? {} : { awardedByes: awardedByes > 0 ? awardedByes : deleteField() };
  await updateDoc(ref(path.participant(tournamentId, participantId)), { ...rest, ...byes }).catch(rethrow);
}

/** What editors may change on the tournament itself (firestore.rules); an absent text field is removed. */
export interface TournamentDetails {
  location?: string | undefined;
  socialUrl?: string | undefined;
  roundDurationMinutes: number;
  preAlarmMinutes: number;
}

/** Editors change the tournament's descriptive fields directly, through the rules. */
export async function updateTournamentDetails(tournamentId: string, details: TournamentDetails): Promise<void> {
  const { location, socialUrl, roundDurationMinutes, preAlarmMinutes } = details;
  await updateDoc(ref(path.tournament(tournamentId)), {
    location: location ?? deleteField(),
    socialUrl: socialUrl ?? deleteField(),
    roundDurationMinutes,
    preAlarmMinutes,
  }).catch(rethrow);
}

/** A player checks in as their own entry; the organizer ticks (or unticks) anyone (docs/joining.md#check-in). */
export async function setCheckedIn(tournamentId: string, participantId: string, checkedIn: boolean): Promise<void> {
  await updateDoc(ref(path.participant(tournamentId, participantId)), { checkedIn }).catch(rethrow);
}

/** Editors let an account locked out after wrong claim codes try again: its count of wrong codes starts over. */
export async function unlockClaims(tournamentId: string, uid: string): Promise<void> {
  await deleteDoc(ref(path.claimAttempt(tournamentId, uid))).catch(rethrow);
}

/**
 * A player calls a judge to their table (docs/judging.md#judge-calls): the table's first call, or a new one once
 * the last was closed (its extra minutes stay).
 */
export async function callJudge(
  tournamentId: string,
  game: { matchUpId: string; roundNumber: number },
  calledBy: 'SIDE_A' | 'SIDE_B',
  before: { status: string; calls: number } | undefined,
): Promise<void> {
  const at = ref(path.judgeCall(tournamentId, game.matchUpId));
  const call = { status: 'OPEN', calledBy, calledAt: serverTimestamp() };
  const write = before
    ? updateDoc(at, { ...call, calls: before.calls + 1 })
    : setDoc(at, { matchUpId: game.matchUpId, roundNumber: game.roundNumber, ...call, calls: 1, extensionMinutes: 0 });
  await write.catch(rethrow);
}

/** A judge takes a call: on the way to the table. */
export async function takeJudgeCall(tournamentId: string, matchUpId: string): Promise<void> {
  await updateDoc(ref(path.judgeCall(tournamentId, matchUpId)), { status: 'TAKEN', takenAt: serverTimestamp() }).catch(
    rethrow,
  );
}

/** A judge closes a call, with the table's extra minutes for the round (all of them, not the ones added now). */
export async function closeJudgeCall(tournamentId: string, matchUpId: string, extensionMinutes: number): Promise<void> {
  await updateDoc(ref(path.judgeCall(tournamentId, matchUpId)), {
    status: 'CLOSED',
    closedAt: serverTimestamp(),
    extensionMinutes,
  }).catch(rethrow);
}

/** A player says "I'm at my table" (docs/judging.md#at-the-table-on-time): their side, once, at the server's time. */
export async function checkInAtTable(
  tournamentId: string,
  game: { matchUpId: string; roundNumber: number },
  side: 'a' | 'b',
  tableStarted: boolean,
): Promise<void> {
  const at = ref(path.tableCheckIn(tournamentId, game.matchUpId));
  const write = tableStarted
    ? updateDoc(at, { [side]: serverTimestamp() })
    : setDoc(at, { matchUpId: game.matchUpId, roundNumber: game.roundNumber, [side]: serverTimestamp() });
  await write.catch(rethrow);
}

/** Table check-in on (with its rules) or off. */
export async function setTableCheckIn(tournamentId: string, rules: TableCheckInRules | null): Promise<void> {
  await updateDoc(ref(path.tournament(tournamentId)), { tableCheckIn: rules ?? deleteField() }).catch(rethrow);
}

/** A player sends their own deck list (docs/judging.md#deck-lists), in its normal form, at the server's time. */
export async function submitDeckList(
  tournamentId: string,
  participantId: string,
  list: { main: string; sideboard: string },
): Promise<void> {
  await setDoc(ref(path.deckList(tournamentId, participantId)), {
    participantId,
    main: list.main,
    sideboard: list.sideboard,
    updatedAt: serverTimestamp(),
    updatedBy: 'PLAYER',
  }).catch(rethrow);
}

/** Deck lists on (with their deadline and whether they are published) or off. */
export async function setDeckListSettings(tournamentId: string, settings: DeckListSettings | null): Promise<void> {
  await updateDoc(ref(path.tournament(tournamentId)), { deckLists: settings ?? deleteField() }).catch(rethrow);
}

/** Staff record a deck check of one table, signed with their role at the server's time. */
export async function recordDeckCheck(
  tournamentId: string,
  game: { matchUpId: string; roundNumber: number },
  check: { outcome: 'OK' | 'PROBLEM'; note: string; by: 'EDITOR' | 'SCOREKEEPER' },
): Promise<void> {
  await setDoc(ref(path.deckCheck(tournamentId, game.matchUpId)), {
    matchUpId: game.matchUpId,
    roundNumber: game.roundNumber,
    ...check,
    checkedAt: serverTimestamp(),
  }).catch(rethrow);
}
