import { type MatchUpRecord, matchUpsOfRound, type ReportedMatchUp, type RoundMatchUp } from '../results/index.js';
import { participantsToPair } from '../joining/index.js';
import { assertClosable, assertReopenable, unscoredGames } from './closing.js';
import type { Participant } from '../ratings/index.js';
import type { CompetitionPolicy } from '../policy/index.js';
import { pairNextRound, type RoundPlayoff } from './nextRound.js';
import { type PairingMethod, type PairingSpec, parsePairingSpec, type System } from '../pairing/index.js';
import { nextRoundNumber } from './roundNumber.js';
import { frozenSeeding } from '../playoff/index.js';
import { assertUndoable } from './undo.js';

/**
 * The round life cycle (docs/architecture.md#use-cases): which round comes next and with which number, whether it
 * may be paired, undone, closed or reopened, and what each of these changes in the tournament and its rounds. The
 * callables read the documents, ask here and write the answer; nothing here knows where the documents live.
 */

export type TournamentStatus = 'DRAFT' | 'RUNNING' | 'CLOSED';
export type RoundStatus = 'OPEN' | 'CLOSED';
export type RoundAuthor = 'OWNER' | 'EDITOR';

/** What the life cycle needs of a tournament, as stored. */
export interface LifecycleTournament {
  system: System;
  status: TournamentStatus;
  /** The last round paired, 0 before the first. */
  currentRound: number;
  policy: CompetitionPolicy;
  pairing: { method: string; options?: object | undefined };
  totalRounds?: number | undefined;
  forbiddenPairs?: readonly { a: string; b: string }[] | undefined;
  joining?: { checkIn?: boolean | undefined } | undefined;
}

/** What the life cycle reads of a round already paired. */
export interface PairedRound {
  roundNumber: number;
  requestId: string;
  method: PairingMethod;
  seed: number;
  matchUpCount: number;
  byes: string[];
  playoff?: RoundPlayoff | undefined;
}

/** The round a new entry is paired from: the next one while the tournament runs, else the first. */
export function roundEnteredBy(tournament: Pick<LifecycleTournament, 'status' | 'currentRound'>): number {
  return tournament.status === 'RUNNING' ? nextRoundNumber(tournament.currentRound) : 1;
}

/** The pairing spec of a tournament's rounds with one seed: the same for pairing a round and for editing it. */
export function pairingSpecOf(
  tournament: Pick<LifecycleTournament, 'pairing' | 'totalRounds'>,
  seed: number,
): PairingSpec {
  return parsePairingSpec({
    ...tournament.pairing.options,
    method: tournament.pairing.method,
    seed,
    ...(tournament.totalRounds ? { totalRounds: tournament.totalRounds } : {}),
  });
}

/** The answer to a round generation, new or found again for a retried request. */
export interface GeneratedRoundAnswer {
  roundNumber: number;
  method: PairingMethod;
  seed: number;
  matchUps: number;
  byes: string[];
  repeated: boolean;
}

export interface NextRoundRequest {
  requestId: string;
  seed: number;
  force?: boolean | undefined;
  author: RoundAuthor;
  /** ISO time of the generation. */
  at: string;
}

/** A participant as entered: the engine's participant and the entry's bookkeeping. */
export type EnteredParticipant = Participant & { enteredRound?: number | undefined; checkedIn?: boolean | undefined };

export interface NextRoundInput {
  tournament: LifecycleTournament;
  rounds: readonly PairedRound[];
  participants: readonly EnteredParticipant[];
  /** Every matchUp of the tournament as it counts (a result waiting for confirmation is none). */
  matchUps: readonly MatchUpRecord[];
  request: NextRoundRequest;
}

/** The round document a generation writes. */
export interface NewRound {
  roundNumber: number;
  status: RoundStatus;
  method: PairingMethod;
  seed: number;
  matchUpCount: number;
  byes: string[];
  notes: string[];
  requestId: string;
  generatedBy: RoundAuthor;
  generatedAt: string;
  stats: Record<string, unknown>;
  forbiddenPairsMet?: { a: string; b: string }[];
  playoff?: RoundPlayoff;
}

export type NewMatchUp = RoundMatchUp & { scoredBy: null; scoredAt: null };

export type NextRoundPlan =
  | { repeated: true; answer: GeneratedRoundAnswer }
  | {
      repeated: false;
      answer: GeneratedRoundAnswer;
      round: NewRound;
      matchUps: NewMatchUp[];
      /** The round that closes as the new one opens (none before the first). */
      closes: number | null;
      tournament: { currentRound: number; status: TournamentStatus };
    };

/**
 * Pairs the next round of a tournament: a retried request answers the round it made; otherwise the next round,
 * of the main stage or of the playoff, is paired from the players still to pair (checked in, when check-in is
 * asked) and every matchUp so far. Refuses (a domain error) when the pairing cannot be made or a game has no
 * result that counts, unless forced.
 */
export function planNextRound(input: NextRoundInput): NextRoundPlan {
  const { tournament, rounds, matchUps, request } = input;
  const done = rounds.find((r) => r.requestId === request.requestId);
  if (done)
    return {
      repeated: true,
      answer: {
        roundNumber: done.roundNumber,
        method: done.method,
        seed: done.seed,
        matchUps: done.matchUpCount,
        byes: done.byes,
        repeated: true,
      },
    };
  const participants = participantsToPair(
    input.participants,
    matchUps,
    tournament.joining?.checkIn ?? false,
    nextRoundNumber(tournament.currentRound),
  );
  const seeding = frozenSeeding(tournament.currentRound, rounds);
  // Every matchUp goes in, scored or not: an open one is refused unless forced, and counts as met when forced.
  const { round, playoff, scheduledByes } = pairNextRound(
    { policy: tournament.policy, participants: participants.map(toPairedParticipant), matchUps },
    pairingSpecOf(tournament, request.seed),
    {
      system: tournament.system,
      ...(tournament.totalRounds ? { totalRounds: tournament.totalRounds } : {}),
      ...(seeding ? { seeding } : {}),
    },
    {
      force: request.force,
      forbiddenPairs: tournament.forbiddenPairs ?? [],
      roundNumber: nextRoundNumber(tournament.currentRound),
    },
  );
  const docs = matchUpsOfRound(round, scheduledByes).map((m): NewMatchUp => ({ ...m, scoredBy: null, scoredAt: null }));
  const byes = [...round.byes, ...scheduledByes.map((bye) => bye.participantId)];
  return {
    repeated: false,
    answer: {
      roundNumber: round.roundNumber,
      method: round.method,
      seed: round.seed,
      matchUps: docs.length,
      byes,
      repeated: false,
    },
    round: {
      roundNumber: round.roundNumber,
      status: 'OPEN',
      method: round.method,
      seed: round.seed,
      matchUpCount: docs.length,
      byes,
      notes: round.notes,
      requestId: request.requestId,
      generatedBy: request.author,
      generatedAt: request.at,
      stats: { ...round.stats },
      ...(round.forbiddenPairsMet ? { forbiddenPairsMet: round.forbiddenPairsMet.map(([a, b]) => ({ a, b })) } : {}),
      ...(playoff ? { playoff } : {}),
    },
    matchUps: docs,
    closes: tournament.currentRound > 0 ? tournament.currentRound : null,
    tournament: { currentRound: round.roundNumber, status: 'RUNNING' },
  };
}

/** The engine's participant: the stored one without the entry's bookkeeping. */
export function toPairedParticipant(participant: EnteredParticipant): Participant {
  const { enteredRound: _enteredRound, checkedIn: _checkedIn, ...rest } = participant;
  return rest;
}

export interface UndoPlan {
  roundNumber: number;
  /** The matchUps of the round taken back. */
  removes: string[];
  /** The round that opens again (none when the first round goes). */
  reopens: number | null;
  tournament: { currentRound: number; status: TournamentStatus };
}

/**
 * Takes back the last round while nobody has scored in it (its automatic byes aside): its matchUps and the round
 * go, the previous round opens again, and with the first round gone the tournament is a draft again.
 */
export function planUndo(
  tournament: Pick<LifecycleTournament, 'currentRound' | 'policy'>,
  roundMatchUps: readonly ReportedMatchUp[],
): UndoPlan {
  const roundNumber = tournament.currentRound;
  assertUndoable(roundNumber, roundMatchUps, tournament.policy);
  return {
    roundNumber,
    removes: roundMatchUps.map((m) => m.matchUpId),
    reopens: roundNumber > 1 ? roundNumber - 1 : null,
    tournament: { currentRound: roundNumber - 1, status: roundNumber > 1 ? 'RUNNING' : 'DRAFT' },
  };
}

export interface StatusPlan {
  /** The tournament's current round, whose status changes with the tournament's (none before the first). */
  round: { roundNumber: number; status: RoundStatus } | null;
  status: TournamentStatus;
}

/**
 * Closes the tournament and its last round. Games still without a result that counts are refused by name unless
 * the organizer said they stay unscored.
 */
export function planClose(
  tournament: Pick<LifecycleTournament, 'currentRound'>,
  matchUps: readonly MatchUpRecord[],
  nameOf: (participantId: string) => string,
  leaveUnscored: boolean,
): StatusPlan {
  assertClosable(unscoredGames(matchUps), nameOf, leaveUnscored);
  return {
    round: tournament.currentRound > 0 ? { roundNumber: tournament.currentRound, status: 'CLOSED' } : null,
    status: 'CLOSED',
  };
}

/** Reopens a closed tournament at its last round, open again for the results still to enter or correct. */
export function planReopen(tournament: Pick<LifecycleTournament, 'currentRound' | 'status'>): StatusPlan {
  assertReopenable(tournament.status);
  const started = tournament.currentRound > 0;
  return {
    round: started ? { roundNumber: tournament.currentRound, status: 'OPEN' } : null,
    status: started ? 'RUNNING' : 'DRAFT',
  };
}
