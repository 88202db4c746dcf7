import { compareMatchUpKeys, isRoundComplete, judgeMatchUp, type MatchUpRecord, sidesOf } from '../results/index.js';
import { DomainError } from '../common/index.js';
import type { Participant } from './participants.js';
import type { CompetitionPolicy } from '../policy/index.js';
import {
  entriesForMatchUp,
  formRating,
  initialParticipantState,
  type ParticipantStates,
  type RatingPoint,
  requireState,
  resolveMatchUp,
  summarize,
  withEntries,
} from './state.js';

/**
 * The whole competition state from the policy, the participants and every matchUp: the definition that every
 * incremental change must reproduce exactly.
 */
export function foldCompetition(
  policy: CompetitionPolicy,
  participants: readonly Participant[],
  matchUps: readonly MatchUpRecord[],
): ParticipantStates {
  const states: ParticipantStates = {};
  for (const participant of participants) {
    if (states[participant.participantId]) {
      throw new DomainError('invalid-argument', `participant ${participant.participantId} is listed twice`);
    }
    states[participant.participantId] = initialParticipantState(participant, policy);
  }
  checkMatchUps(matchUps, states);
  // A stored result the engine refuses counts as no result: one bad client write never stops the fold.
  const ordered = matchUps.map((m) => judgeMatchUp(m, policy).record).sort(compareMatchUpKeys);
  const applied =
    policy.processingGranularity === 'PER_MATCHUP'
      ? foldPerMatchUp(policy, states, ordered)
      : foldPerRound(policy, states, ordered);
  for (const id of Object.keys(applied)) applied[id] = summarize(requireState(applied, id));
  return applied;
}

function checkMatchUps(matchUps: readonly MatchUpRecord[], states: ParticipantStates): void {
  const seen = new Set<string>();
  for (const matchUp of matchUps) {
    if (seen.has(matchUp.matchUpId))
      throw new DomainError('invalid-argument', `matchUp ${matchUp.matchUpId} is listed twice`);
    seen.add(matchUp.matchUpId);
    for (const id of sidesOf(matchUp)) {
      if (!states[id])
        throw new DomainError('invalid-argument', `matchUp ${matchUp.matchUpId} names unknown participant ${id}`);
    }
    if (matchUp.a === matchUp.b)
      throw new DomainError('invalid-argument', `matchUp ${matchUp.matchUpId} pairs ${matchUp.a} with itself`);
  }
}

function foldPerMatchUp(
  policy: CompetitionPolicy,
  states: ParticipantStates,
  ordered: readonly MatchUpRecord[],
): ParticipantStates {
  const at = (id: string): RatingPoint => {
    const rating = formRating(requireState(states, id));
    return { expectFrom: rating, before: rating };
  };
  for (const matchUp of ordered) {
    const resolved = resolveMatchUp(matchUp, policy);
    if (!resolved) continue;
    for (const [id, entry] of entriesForMatchUp(matchUp, resolved, policy, states, at))
      states[id] = withEntries(requireState(states, id), entry);
  }
  return states;
}

function foldPerRound(
  policy: CompetitionPolicy,
  states: ParticipantStates,
  ordered: readonly MatchUpRecord[],
): ParticipantStates {
  let result = states;
  for (const round of groupByRound(ordered).values()) {
    if (isRoundComplete(round)) result = applyRound(policy, result, round);
  }
  return result;
}

export function groupByRound(ordered: readonly MatchUpRecord[]): Map<number, MatchUpRecord[]> {
  const rounds = new Map<number, MatchUpRecord[]>();
  for (const matchUp of ordered) {
    const round = rounds.get(matchUp.roundNumber);
    if (round) round.push(matchUp);
    else rounds.set(matchUp.roundNumber, [matchUp]);
  }
  return rounds;
}

/**
 * PER_ROUND (docs/processing.md#per-round): every matchUp is rated from the form ratings as they stood when the round
 * began. `states` must hold no entry of this round or later; the caller guarantees it.
 */
export function applyRound(
  policy: CompetitionPolicy,
  states: ParticipantStates,
  roundMatchUps: readonly MatchUpRecord[],
): ParticipantStates {
  const next: ParticipantStates = { ...states };
  // Expectations come from the round start; the history runs on from each game (a player may play twice).
  const at = (id: string): RatingPoint => ({
    expectFrom: formRating(requireState(states, id)),
    before: formRating(requireState(next, id)),
  });
  for (const matchUp of [...roundMatchUps].sort(compareMatchUpKeys)) {
    const resolved = resolveMatchUp(matchUp, policy);
    if (!resolved) continue;
    for (const [id, entry] of entriesForMatchUp(matchUp, resolved, policy, next, at))
      next[id] = withEntries(requireState(next, id), entry);
  }
  return next;
}
