import {
  compareMatchUpKeys,
  isWin,
  type JudgedMatchUp,
  judgeMatchUp,
  type MatchUpRecord,
  type Outcome,
} from '../results/index.js';
import { foldCompetition, type Participant, type ParticipantStates } from '../ratings/index.js';
import type { CompetitionPolicy } from '../policy/index.js';
import { lastPairedRound, nextRoundNumber } from './roundNumber.js';
import { mcMahonFigures } from '../standings/index.js';
import {
  type GameOutcome,
  type McMahonOptions,
  mcMahonSettings,
  PairingError,
  type PairingPlayer,
  type PairingRequest,
  type PairingSpec,
  type UnscoredPairing,
} from '../pairing/index.js';
import { pairingMethodFor } from './method.js';

export interface Competition {
  policy: CompetitionPolicy;
  participants: readonly Participant[];
  matchUps: readonly MatchUpRecord[];
}

export interface NextRoundOptions {
  /** Pair the next round although earlier matchUps have no result that counts (they stay open, and met). */
  force?: boolean;
  /** Pairs who must not meet; pairs naming someone no longer entered are left out. */
  forbiddenPairs?: readonly { a: string; b: string }[];
  /** The round to pair; by default the one after the last the matchUps name. */
  roundNumber?: number;
}

/**
 * Builds the engine's request for the next round of a competition: the state fold gives every participant's
 * results (match points from the policy's table; a bye counts as a win there) and form rating; the policy's
 * pairingPolicy gives the defaults the organizer's spec does not override. Every pairing already made counts as
 * met, scored or not: a stored result the engine refuses counts as none, and the round it is in stays open.
 */
export function pairingRequestFor(
  competition: Competition,
  spec: PairingSpec,
  { force = false, forbiddenPairs = [], roundNumber }: NextRoundOptions = {},
): PairingRequest {
  const { policy, participants, matchUps } = competition;
  const open = matchUps.map((m) => judgeMatchUp(m, policy)).filter((j) => j.record.result === null);
  open.sort((x, y) => compareMatchUpKeys(x.record, y.record));
  if (open.length > 0 && !force) throw new PairingError('failed-precondition', openRefusal(open));
  const states = foldCompetition(policy, participants, matchUps);
  const pairingPolicy = policy.pairingPolicy;
  const { method, seed, totalRounds, ...options } = spec;
  const entered = new Set(participants.map((p) => p.participantId));
  const forbidden = forbiddenPairs
    .filter(({ a, b }) => a !== b && entered.has(a) && entered.has(b))
    .map(({ a, b }): [string, string] => [a, b]);
  const chosen = pairingMethodFor(method, undefined, policy);
  const mcMahon = options.mcMahon ?? pairingPolicy.mcMahon;
  const players = pairingPlayers(participants, states, policy, unscoredPairings(open.map((j) => j.record)), matchUps);
  return {
    roundNumber: roundNumber ?? nextRoundNumber(lastPairedRound(matchUps)),
    ...(totalRounds !== undefined ? { totalRounds } : {}),
    method: chosen,
    seed,
    players:
      chosen === 'MCMAHON' && mcMahon?.handicap ? withHandicaps(players, states, participants, mcMahon) : players,
    points: {
      win: policy.scoringPolicy.matchPoints.win,
      draw: policy.scoringPolicy.matchPoints.draw,
      loss: policy.scoringPolicy.matchPoints.loss,
    },
    options: {
      avoidRepeatOpponents: pairingPolicy.avoidRepeatOpponents,
      ...(pairingPolicy.laneSize !== undefined ? { laneSize: pairingPolicy.laneSize } : {}),
      ...(pairingPolicy.sameTeamValue !== undefined ? { sameTeamValue: pairingPolicy.sameTeamValue } : {}),
      ...(pairingPolicy.colours !== undefined ? { colours: pairingPolicy.colours } : {}),
      ...(pairingPolicy.mcMahon !== undefined ? { mcMahon: pairingPolicy.mcMahon } : {}),
      ...options,
    },
    ...(forbidden.length > 0 ? { forbiddenPairs: forbidden } : {}),
  };
}

/**
 * Each earlier game's handicap, for OpenGotha's colour balance, which counts even games only (docs/go.md#handicap):
 * the stones the settings give the two players from their MMS before its round, as the standings read them.
 */
function withHandicaps(
  players: PairingPlayer[],
  states: ParticipantStates,
  participants: readonly Participant[],
  options: McMahonOptions,
): PairingPlayer[] {
  const withdrawn = new Set(participants.filter((p) => p.withdrawn).map((p) => p.participantId));
  const lastRound = Math.max(0, ...players.flatMap((p) => p.games.map((g) => g.round)));
  const figures = mcMahonFigures({ states, withdrawn, lastRound, settings: mcMahonSettings(options) });
  return players.map((player) => ({
    ...player,
    games: player.games.map((game) => {
      const stones = figures.get(player.id)?.games.find((g) => g.round === game.round && g.opponent === game.opponent);
      return stones === undefined ? game : { ...game, handicap: stones.stones };
    }),
  }));
}

/** The refusal to pair over open matchUps, naming them (and why a stored result does not count). */
function openRefusal(open: readonly JudgedMatchUp[]): string {
  const round = Math.min(...open.map((j) => j.record.roundNumber));
  // Named by round and table, as the organizer finds them on the pairings (an id means nothing on screen).
  const names = open.map((j) => {
    const table = `round ${j.record.roundNumber}, table ${j.record.order + 1}`;
    return j.refusal ? `${table} (its result is refused: ${j.refusal})` : table;
  });
  const count = open.length === 1 ? '1 game has' : `${open.length} games have`;
  const more = names.length > 10 ? ` and ${names.length - 10} more` : '';
  return `round ${round} is not complete: ${count} no result that counts (${names.slice(0, 10).join('; ')}${more}); enter them, or pair anyway`;
}

/** Each side's view of the pairings that have no result: met, but worth nothing. */
function unscoredPairings(open: readonly MatchUpRecord[]): Map<string, UnscoredPairing[]> {
  const byPlayer = new Map<string, UnscoredPairing[]>();
  const add = (id: string, pairing: UnscoredPairing) => byPlayer.set(id, [...(byPlayer.get(id) ?? []), pairing]);
  for (const m of open) {
    add(m.a, { round: m.roundNumber, opponent: m.b });
    if (m.b !== null) add(m.b, { round: m.roundNumber, opponent: m.a });
  }
  return byPlayer;
}

/**
 * One engine player per participant; the pairing rating follows the policy's ratingSource. A timed win is a win.
 * A game actually played has a colour: side a of its matchUp moved first (white).
 */
export function pairingPlayers(
  participants: readonly Participant[],
  states: ParticipantStates,
  policy: CompetitionPolicy,
  unscored: ReadonlyMap<string, UnscoredPairing[]> = new Map(),
  matchUps: readonly MatchUpRecord[] = [],
): PairingPlayer[] {
  const dynamic = policy.pairingPolicy.ratingSource === 'DYNAMIC_FORM';
  const sideA = new Map(matchUps.map((m) => [m.matchUpId, m.a]));
  // How a round without a game went, for the methods that tell them apart (docs/dutch.md#unplayed-rounds): the
  // kind of bye, or a forfeit seen from this side (a double forfeit is a forfeit loss for both).
  const unplayedOf = (r: ParticipantStates[string]['results'][number]) => {
    switch (r.kind) {
      case 'PLAYED':
        return {};
      case 'PAIRING_BYE':
      case 'FULL_BYE':
      case 'HALF_BYE':
      case 'ZERO_BYE':
        return { unplayed: r.kind };
      case 'FORFEIT_WIN':
      case 'FORFEIT_LOSS':
      case 'DOUBLE_FORFEIT':
        return { unplayed: isWin(r.outcome) ? ('FORFEIT_WIN' as const) : ('FORFEIT_LOSS' as const) };
    }
  };
  return participants.map((participant) => {
    const state = states[participant.participantId]!;
    return {
      id: participant.participantId,
      rating: dynamic ? state.dynamicFormRating : state.baselineRating,
      baselineRating: state.baselineRating,
      ...(participant.seedPosition !== undefined ? { seed: participant.seedPosition } : {}),
      ...(participant.club !== undefined ? { club: participant.club } : {}),
      ...(participant.country !== undefined ? { country: participant.country } : {}),
      ...(participant.team !== undefined ? { team: participant.team } : {}),
      ...(participant.category !== undefined ? { category: participant.category } : {}),
      ...(participant.goRank !== undefined ? { rank: participant.goRank } : {}),
      ...(participant.withdrawn ? { withdrawn: true } : {}),
      games: state.results.map((r) => ({
        round: r.roundNumber,
        opponent: r.opponentParticipantId,
        outcome: outcomeOf(r.outcome),
        matchPoints: r.matchPoints,
        pointsFor: r.pointsWon,
        pointsAgainst: r.pointsLost,
        ...(r.played && r.opponentParticipantId !== null && sideA.has(r.matchUpId)
          ? { colour: sideA.get(r.matchUpId) === participant.participantId ? ('WHITE' as const) : ('BLACK' as const) }
          : {}),
        ...unplayedOf(r),
      })),
      ...(unscored.has(participant.participantId) ? { unscored: unscored.get(participant.participantId)! } : {}),
    };
  });
}

function outcomeOf(outcome: Outcome): GameOutcome {
  return isWin(outcome) ? 'WIN' : outcome === 'DRAW' ? 'DRAW' : 'LOSS';
}
