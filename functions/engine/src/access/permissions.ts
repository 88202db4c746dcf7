/**
 * Who may do what: the one module the callables ask. It reads the same role documents as `firestore.rules`
 * (which guards direct client writes) and gives the same answers; the shared allow/deny table of the tests
 * (functions/test/access/accessTable.ts) holds both to it. Pure: plain documents in, a yes/no (or a
 * DomainError) out. Where the roles come from is ./roles.ts.
 *
 * - A club is run by its owner and its admins (members only belong to it).
 * - A championship, and a tournament, is edited by the accounts its `editors` / `roles` documents name.
 * - A matchUp's score is written by the accounts that play as its participants, the tournament's scorekeepers
 *   and its editors, while the tournament is running and the matchUp's round is open; a bye is the engine's
 *   decision, which only an editor may change.
 * - Everyone else can at most read what is public.
 */
import { DomainError } from '../domain/common/index.js';
import type {
  ChampionshipDoc,
  ChampionshipEditorDoc,
  ClubMemberDoc,
  MatchUpDoc,
  RoundDoc,
  TournamentDoc,
  TournamentRoleDoc,
} from '../model/index.js';
import { runsClub } from './roles.js';
import { enteredBy, isPlayerSigned, type ScoreFields } from '../domain/results/confirmation.js';
import { scorerOf } from './scorer.js';

/** The caller's account: undefined (or null, or empty) when not signed in. */
export type CallerUid = string | null | undefined;

/** The caller's own role document, as read for the caller (undefined: none). */
type Own<T extends { uid: string }> = T | undefined;

export type TournamentState = Partial<Pick<TournamentDoc, 'status' | 'confirmScores'>>;
export type MatchUpSides = Pick<MatchUpDoc, 'roundNumber' | 'a' | 'b'>;
/** A matchUp as stored: its sides and the score fields already written (absent: none yet). */
export type StoredScore = MatchUpSides & Partial<Pick<ScoreFields, 'result' | 'scoredBy'>>;
/** What a write puts in the result field: a result of some kind (PLAYED when absent), or null to clear it. */
export type IncomingResult = { kind?: string | undefined } | null;
export type RoundState = Pick<RoundDoc, 'roundNumber'> & Partial<Pick<RoundDoc, 'status'>>;

export function isSignedIn(uid: CallerUid): uid is string {
  return typeof uid === 'string' && uid.length > 0;
}

/** The document is the caller's own: a role read for someone else grants nothing. */
function mine<T extends { uid: string }>(uid: CallerUid, role: Own<T>): role is T {
  return isSignedIn(uid) && role !== undefined && role.uid === uid;
}

// ---------------------------------------------------------------- clubs

/** Owner or admin of the club. */
export function canEditClub(uid: CallerUid, member: Own<ClubMemberDoc>): boolean {
  return mine(uid, member) && runsClub(member);
}

/** Only the owner names the admins, and deletes the club. */
export function canManageClubAdmins(uid: CallerUid, member: Own<ClubMemberDoc>): boolean {
  return mine(uid, member) && member.role === 'OWNER';
}

// ---------------------------------------------------------------- championships

export function canEditChampionship(uid: CallerUid, editor: Own<ChampionshipEditorDoc>): boolean {
  return mine(uid, editor);
}

/** Created by an editor of the championship, never in a closed one (docs/organisation.md#championships). */
export function canCreateTournamentIn(
  uid: CallerUid,
  championship: Pick<ChampionshipDoc, 'closed'>,
  editor: Own<ChampionshipEditorDoc>,
): boolean {
  return championship.closed !== true && canEditChampionship(uid, editor);
}

// ---------------------------------------------------------------- tournaments

/** Owner or editor (whoever runs one of its clubs): manages participants, rounds and the descriptive fields. */
export function canEditTournament(uid: CallerUid, role: Own<TournamentRoleDoc>): boolean {
  return mine(uid, role) && role.editor;
}

function mayScore(uid: CallerUid, role: Own<TournamentRoleDoc>, matchUp: MatchUpSides): boolean {
  if (!mine(uid, role)) return false;
  if (role.editor) return true;
  // A bye is the engine's decision: neither its player nor a scorekeeper may write or clear it.
  if (matchUp.b === null) return false;
  return role.scorekeeper || role.participantIds.includes(matchUp.a) || role.participantIds.includes(matchUp.b);
}

/**
 * Why a score write is refused, or null when it is allowed: the one decision for the organizer's callable, the
 * dashboard's own writes and `firestore.rules` (`validScoreWrite`), docs/results.md#who-writes-a-result.
 */
export function scoreWriteRefusal(
  uid: CallerUid,
  role: Own<TournamentRoleDoc>,
  tournament: TournamentState,
  matchUp: StoredScore,
  round: RoundState,
  next: IncomingResult,
): string | null {
  if (!isSignedIn(uid)) return 'sign in to write a score';
  if (!mayScore(uid, role, matchUp)) {
    return matchUp.b === null
      ? 'a bye is decided by the pairing: only an editor of the tournament may change it'
      : 'only the players of this matchUp, a scorekeeper or an editor of the tournament may write its score';
  }
  const status = tournament.status ?? 'DRAFT';
  if (status !== 'RUNNING') {
    return `the tournament is ${status.toLowerCase()}: scores are written only while it is running`;
  }
  if (round.roundNumber !== matchUp.roundNumber) {
    return `this matchUp belongs to round ${matchUp.roundNumber}, not round ${round.roundNumber}`;
  }
  if ((round.status ?? 'OPEN') !== 'OPEN') {
    return `round ${round.roundNumber} is closed: scores are written only while the round is open (an editor can reopen it)`;
  }
  return isPlayerSigned(scorerOf(role, matchUp)) ? playerScoreRefusal(tournament, matchUp, next) : null;
}

/**
 * What a player of the game may not write (docs/results.md#who-writes-a-result): under confirmation a result of
 * their own (they report it, and it counts once the opponent agrees); a change to a result staff entered (a
 * scorekeeper's, the organizer's, a penalty's); a forfeit or a bye, which staff record (a no-show goes through the
 * table check-in).
 */
export function playerScoreRefusal(
  tournament: Pick<TournamentState, 'confirmScores'>,
  stored: Partial<Pick<ScoreFields, 'result' | 'scoredBy'>>,
  next: IncomingResult,
): string | null {
  if (tournament.confirmScores === true) {
    return 'this tournament asks for the opponent’s confirmation: report your result on your game, and it counts once your opponent reports the same';
  }
  const official = enteredBy({ result: stored.result ?? null, scoredBy: stored.scoredBy ?? null });
  if (official !== null) {
    const who = official === 'SCOREKEEPER' ? 'a scorekeeper' : 'the organizer';
    return `${who} entered this result: only a scorekeeper or the organizer can change it`;
  }
  return playerReportRefusal(next);
}

/**
 * A player reports what was played; forfeits and byes are staff's to record (a no-show at the table goes through
 * the table check-in: docs/judging.md#at-the-table-on-time).
 */
export function playerReportRefusal(next: IncomingResult): string | null {
  if (next === null || (next.kind ?? 'PLAYED') === 'PLAYED') return null;
  return 'a forfeit is recorded by a scorekeeper or the organizer: enter the score you played, or call a judge';
}

export function canWriteScore(
  uid: CallerUid,
  role: Own<TournamentRoleDoc>,
  tournament: TournamentState,
  matchUp: StoredScore,
  round: RoundState,
  next: IncomingResult,
): boolean {
  return scoreWriteRefusal(uid, role, tournament, matchUp, round, next) === null;
}

// ---------------------------------------------------------------- require variants (for the callables)

function deny(message: string): never {
  throw new DomainError('permission-denied', message);
}

export function requireSignedIn(uid: CallerUid): asserts uid is string {
  if (!isSignedIn(uid)) throw new DomainError('unauthenticated', 'sign in first');
}

export function requireCanEditClub(uid: CallerUid, clubId: string, member: Own<ClubMemberDoc>): asserts uid is string {
  requireSignedIn(uid);
  if (!canEditClub(uid, member)) deny('only the owner or an admin of the club may do this');
}

export function requireCanManageClubAdmins(
  uid: CallerUid,
  clubId: string,
  member: Own<ClubMemberDoc>,
): asserts uid is string {
  requireSignedIn(uid);
  if (!canManageClubAdmins(uid, member)) deny('only the owner of the club may do this');
}

export function requireCanEditChampionship(
  uid: CallerUid,
  championshipId: string,
  editor: Own<ChampionshipEditorDoc>,
): asserts uid is string {
  requireSignedIn(uid);
  if (!canEditChampionship(uid, editor)) {
    deny('only the owner of the championship or the owner or an admin of a linked club may edit it');
  }
}

/**
 * Refuses outsiders with permission-denied; a closed championship, asked by someone who may otherwise create,
 * with failed-precondition (nobody may create there, so it is a state, not a permission).
 */
export function requireCanCreateTournamentIn(
  uid: CallerUid,
  championship: Pick<ChampionshipDoc, 'championshipId' | 'closed'>,
  editor: Own<ChampionshipEditorDoc>,
): asserts uid is string {
  requireSignedIn(uid);
  if (!canEditChampionship(uid, editor)) {
    deny(
      'only the owner of the championship or the owner or an admin of one of its clubs may create a tournament in it',
    );
  }
  if (championship.closed)
    throw new DomainError('failed-precondition', 'the championship is closed and takes no new tournaments');
}

export function requireCanEditTournament(
  uid: CallerUid,
  tournamentId: string,
  role: Own<TournamentRoleDoc>,
): asserts uid is string {
  requireSignedIn(uid);
  if (!canEditTournament(uid, role))
    deny('only the organizer of the tournament or an admin of one of its clubs may edit it');
}

export function requireCanWriteScore(
  uid: CallerUid,
  role: Own<TournamentRoleDoc>,
  tournament: TournamentState,
  matchUp: StoredScore,
  round: RoundState,
  next: IncomingResult,
): asserts uid is string {
  const refusal = scoreWriteRefusal(uid, role, tournament, matchUp, round, next);
  if (refusal !== null) deny(refusal);
}

/**
 * A bye is asked for by the player of the entry or by the organizer (docs/pairing.md#requested-byes); answers
 * whether the organizer asks, whose requests the limits do not bind.
 */
export function requireMayRequestBye(uid: CallerUid, role: Own<TournamentRoleDoc>, participantId: string): boolean {
  requireSignedIn(uid);
  if (canEditTournament(uid, role)) return true;
  if (!mine(uid, role) || !role.participantIds.includes(participantId))
    deny('only the player of this entry or the organizer may ask for its byes');
  return false;
}

/**
 * Penalties are staff's (docs/judging.md#penalties): the organizer or a scorekeeper records one, and only the
 * organizer disqualifies. Answers the role the penalty is signed with.
 */
export function requireMayPenalize(
  uid: CallerUid,
  role: Own<TournamentRoleDoc>,
  penalty: string,
): 'EDITOR' | 'SCOREKEEPER' {
  requireSignedIn(uid);
  const staff = mine(uid, role) ? (role.editor ? 'EDITOR' : role.scorekeeper ? 'SCOREKEEPER' : null) : null;
  if (staff === null) deny('only the organizer and the scorekeepers record penalties');
  if (penalty === 'DISQUALIFICATION' && staff !== 'EDITOR') deny('only the organizer disqualifies a player');
  return staff;
}

/** The caller's staff role in the tournament: the organizer (an editor), a scorekeeper, or none. */
function staffRoleOf(uid: CallerUid, role: Own<TournamentRoleDoc>): 'EDITOR' | 'SCOREKEEPER' | null {
  return mine(uid, role) ? (role.editor ? 'EDITOR' : role.scorekeeper ? 'SCOREKEEPER' : null) : null;
}

/**
 * A deck list is read by its player and staff, and by anyone once the organizer publishes the lists
 * (docs/judging.md#deck-lists); firestore.rules, "Deck lists", answers the same.
 */
export function canReadDeckList(
  uid: CallerUid,
  role: Own<TournamentRoleDoc>,
  participantId: string,
  published: boolean,
): boolean {
  return (
    published || staffRoleOf(uid, role) !== null || (mine(uid, role) && role.participantIds.includes(participantId))
  );
}

/** Staff enter or correct any deck list, also after the deadline (logged). Answers the role the change is signed with. */
export function requireMaySetDeckList(uid: CallerUid, role: Own<TournamentRoleDoc>): 'EDITOR' | 'SCOREKEEPER' {
  requireSignedIn(uid);
  const staff = staffRoleOf(uid, role);
  if (staff === null) deny("only the organizer and the scorekeepers change a player's deck list here");
  return staff;
}

/** A player drops only an entry their own account plays (docs/organisation.md#a-player-drops-out). */
export function requirePlaysEntry(role: Own<TournamentRoleDoc>, participantId: string): void {
  if (!role?.participantIds.includes(participantId))
    throw new DomainError('permission-denied', 'you can drop only your own entry');
}
