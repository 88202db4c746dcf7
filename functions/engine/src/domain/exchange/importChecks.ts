import { DocumentId, DomainError, LIMITS } from '../common/index.js';
import { type MatchUpRecord, type PenaltyRecord, resolveResult, sidesOf } from '../results/index.js';
import { baselineRatingOf, type Participant } from '../ratings/index.js';
import type { CompetitionPolicy } from '../policy/index.js';

/**
 * The checks an import passes before anything is written: the same rules live writes obey, applied to a
 * whole tournament at once. Each refusal is invalid-argument and names the item at fault. They stop short of
 * re-running the pairing engine: they check what any of the tournament's rounds must be (ids Firestore takes,
 * each player once a round, results the engine accepts, rounds numbered from 1 with the round records the
 * backend keeps), not that its method would have paired these players.
 */

/** A round as the export records it: the round document's fields besides its number. */
export interface RoundRecordLike {
  roundNumber: number;
  pairing?: Record<string, unknown> | undefined;
}

export interface Importable {
  policy: CompetitionPolicy;
  participants: ReadonlyArray<Participant & { enteredRound?: number | undefined }>;
  rounds: readonly RoundRecordLike[];
  matchUps: readonly MatchUpRecord[];
  penalties?: readonly PenaltyRecord[];
  deckLists?: ReadonlyArray<{ participantId: string }>;
}

function refuse(message: string): never {
  throw new DomainError('invalid-argument', message);
}

/** An id as a message shows it: plainly when it is a valid document id, quoted (escapes visible) when not. */
export function shownId(id: unknown): string {
  return typeof id === 'string' && DocumentId.safeParse(id).success ? id : JSON.stringify(id);
}

export function requireImportable(data: Importable): void {
  const participants = requireParticipants(data.participants, data.policy);
  const rounds = requireMatchUps(data.matchUps, participants, data.policy);
  requireRoundsInOrder(rounds);
  requireEntryRounds(data.participants, rounds);
  requireRoundRecords(data.rounds, rounds);
  requirePenalties(data.penalties ?? [], participants, rounds);
  requireDeckListOwners(data.deckLists ?? [], participants);
}

/** Each deck list is an entry's, one a player. */
function requireDeckListOwners(lists: ReadonlyArray<{ participantId: string }>, participants: ReadonlySet<string>) {
  const seen = new Set<string>();
  for (const { participantId } of lists) {
    if (!participants.has(participantId)) refuse(`deck list of ${shownId(participantId)}: no such participant`);
    if (seen.has(participantId)) refuse(`deck list of ${participantId} is listed twice`);
    seen.add(participantId);
  }
}

/** Unique ids, and a baseline the policy can give each one (as addParticipants requires). */
function requireParticipants(list: readonly Participant[], policy: CompetitionPolicy): Set<string> {
  const ids = new Set<string>();
  for (const participant of list) {
    if (ids.has(participant.participantId)) refuse(`participant ${participant.participantId} is listed twice`);
    ids.add(participant.participantId);
    baselineRatingOf(participant, policy);
  }
  return ids;
}

/**
 * A late entry joined before the first game it played, as live entries do; the rounds it missed may hold its byes
 * (docs/pairing.md#late-entries).
 */
function requireEntryRounds(list: Importable['participants'], rounds: ReadonlyMap<number, RoundPlayed>): void {
  for (const { participantId, enteredRound } of list) {
    if (enteredRound === undefined) continue;
    const played = [...rounds].find(
      ([roundNumber, round]) =>
        roundNumber < enteredRound && round.matchUps.some((m) => m.b !== null && sidesOf(m).includes(participantId)),
    );
    if (played) refuse(`participant ${participantId} entered in round ${enteredRound} but plays in round ${played[0]}`);
  }
}

interface RoundPlayed {
  matchUps: MatchUpRecord[];
  /** Who played in the round, and in which matchUp. */
  players: Map<string, string>;
}

function requireMatchUps(
  list: readonly MatchUpRecord[],
  participants: ReadonlySet<string>,
  policy: CompetitionPolicy,
): Map<number, RoundPlayed> {
  const ids = new Set<string>();
  const rounds = new Map<number, RoundPlayed>();
  for (const matchUp of list) {
    const name = `matchUp ${shownId(matchUp.matchUpId)}`;
    const badId = DocumentId.safeParse(matchUp.matchUpId).error?.issues[0];
    if (badId) refuse(`${name}: its id ${badId.message}`);
    if (ids.has(matchUp.matchUpId)) refuse(`${name} is listed twice`);
    ids.add(matchUp.matchUpId);
    const { roundNumber } = matchUp;
    if (roundNumber > LIMITS.rounds.max) {
      refuse(`${name}: round ${roundNumber} is past the last round a tournament can have (${LIMITS.rounds.max})`);
    }
    for (const id of sidesOf(matchUp)) {
      if (!participants.has(id)) refuse(`${name} names unknown participant ${shownId(id)}`);
    }
    if (matchUp.a === matchUp.b) refuse(`${name}: participant ${matchUp.a} cannot play against himself`);
    const round = rounds.get(roundNumber) ?? { matchUps: [], players: new Map<string, string>() };
    rounds.set(roundNumber, round);
    for (const id of sidesOf(matchUp)) {
      const other = round.players.get(id);
      if (other !== undefined) {
        refuse(`${name}: participant ${id} plays twice in round ${roundNumber} (also in matchUp ${other})`);
      }
      round.players.set(id, matchUp.matchUpId);
    }
    round.matchUps.push(matchUp);
    // The scoring policy's own check: a bye needs a bye kind, a kind agrees with its winner, a score is possible.
    if (matchUp.result !== null) {
      try {
        resolveResult(matchUp.result, matchUp.b !== null, policy.scoringPolicy);
      } catch (error) {
        if (error instanceof DomainError) refuse(`${name}: ${error.message}`);
        throw error;
      }
    }
  }
  return rounds;
}

/** Each penalty is for an entered player, in a round the export has, in that player's game of the round if any. */
function requirePenalties(
  list: readonly PenaltyRecord[],
  participants: ReadonlySet<string>,
  rounds: ReadonlyMap<number, RoundPlayed>,
): void {
  const ids = new Set<string>();
  for (const penalty of list) {
    const name = `penalty ${shownId(penalty.penaltyId)}`;
    if (ids.has(penalty.penaltyId)) refuse(`${name} is listed twice`);
    ids.add(penalty.penaltyId);
    if (!participants.has(penalty.participantId)) {
      refuse(`${name} names unknown participant ${shownId(penalty.participantId)}`);
    }
    const round = rounds.get(penalty.roundNumber);
    if (!round) refuse(`${name} is for round ${penalty.roundNumber}, which the export does not have`);
    const game = round.players.get(penalty.participantId) ?? null;
    if (penalty.matchUpId !== game)
      refuse(
        `${name} names ${gameName(penalty.matchUpId)}, but in round ${penalty.roundNumber} ${penalty.participantId} had ${gameName(game)}`,
      );
  }
}

const gameName = (matchUpId: string | null) => (matchUpId === null ? 'no game' : `matchUp ${shownId(matchUpId)}`);

/** Rounds run 1, 2, 3 ...: generateNextRound makes them one after the other and undoLastRound takes the last. */
function requireRoundsInOrder(rounds: ReadonlyMap<number, RoundPlayed>): void {
  const numbers = [...rounds.keys()].sort((x, y) => x - y);
  numbers.forEach((roundNumber, i) => {
    if (roundNumber !== i + 1) {
      refuse(`round ${i + 1} has no matchUps, yet round ${roundNumber} has: rounds are numbered from 1 without gaps`);
    }
  });
}

/**
 * Every round has the round document the backend keeps for it (scores are refused in a round without one, and
 * the next round closes it), and what that record says about the round agrees with the round's matchUps.
 */
function requireRoundRecords(records: readonly RoundRecordLike[], rounds: ReadonlyMap<number, RoundPlayed>): void {
  const recorded = new Set<number>();
  for (const record of records) {
    const { roundNumber } = record;
    if (recorded.has(roundNumber)) refuse(`round ${roundNumber} has two round records`);
    recorded.add(roundNumber);
    const round = rounds.get(roundNumber);
    if (!round) refuse(`round ${roundNumber} has a round record but no matchUps`);
    const count = record.pairing?.matchUpCount;
    if (typeof count === 'number' && count !== round.matchUps.length) {
      refuse(`round ${roundNumber}: its record counts ${count} matchUp(s), the export has ${round.matchUps.length}`);
    }
    const listed = record.pairing?.byes;
    if (Array.isArray(listed)) {
      const byes = round.matchUps.filter((m) => m.b === null).map((m) => m.a);
      if (!sameMembers(listed, byes)) {
        const given = `its record gives byes to ${listOf(listed)}`;
        refuse(`round ${roundNumber}: ${given}, its bye matchUps are for ${listOf(byes)}`);
      }
    }
  }
  for (const roundNumber of rounds.keys()) {
    if (!recorded.has(roundNumber)) refuse(`round ${roundNumber} has matchUps but no round record`);
  }
}

/** Rounds are paired with the tournament's method, which nobody can change once it is created. */
export function requireRoundsPairedBy(records: readonly RoundRecordLike[], method: string): void {
  for (const record of records) {
    const used = record.pairing?.method;
    if (used !== undefined && used !== method) {
      const shown = typeof used === 'string' ? used : JSON.stringify(used);
      refuse(`round ${record.roundNumber} was paired by ${shown}, but this tournament pairs by ${method}`);
    }
  }
}

function sameMembers(listed: readonly unknown[], actual: readonly string[]): boolean {
  const sorted = (items: readonly unknown[]) => items.map(String).sort();
  return JSON.stringify(sorted(listed)) === JSON.stringify(sorted(actual));
}

const listOf = (ids: readonly unknown[]) => (ids.length === 0 ? 'nobody' : ids.map(shownId).join(', '));
