/**
 * FIDE's tie-break regulations, Handbook C.07 (docs/tiebreaks.md#fide-c07): how Article 16 counts a round without a
 * game in Buchholz and Sonneborn-Berger, and the tiebreaks that read one participant's own rounds (wins, games won,
 * games with black, progressive score, average rating of opponents, Koya). Direct encounter is in
 * directEncounter.ts, the policy's dispatch in tiebreaks.ts.
 */
import type { UnplayedRounds } from '../policy/index.js';
import type { ParticipantState, ParticipantStates, ResultEntry } from '../ratings/index.js';
import { isByeKind, isWin, type Outcome } from '../results/index.js';

/** What Article 16 reads beyond the states: who withdrew, the rounds so far, a draw's points, the event's shape. */
export interface ArticleSixteenContext {
  states: ParticipantStates;
  withdrawn: ReadonlySet<string>;
  unplayedRounds: UnplayedRounds;
  /** A draw's match points: what a round after a withdrawal counts, and the 2026 cap's unit. */
  drawPoints: number;
  /** The last round any participant has a result in: the event's rounds so far. */
  lastRound: number;
  /**
   * A round robin's pairings are set in advance: a forfeit counts as a game against the scheduled opponent and a
   * bye as nothing (docs/tiebreaks.md#fide-c07). The policy does not know the event's pairing; the caller says.
   */
  roundRobin: boolean;
}

/** Standard points (1, 1/2, 0) of an outcome: what Sonneborn-Berger and direct encounter weigh a round by. */
export const STANDARD_POINTS: Record<Outcome, number> = { WIN: 1, TIMED_WIN: 1, DRAW: 0.5, LOSS: 0 };

/** One round of a participant as Article 16 sees it: his result, or none when he was absent. */
interface Slot {
  roundNumber: number;
  result?: ResultEntry;
}

const played = (r: ResultEntry) => r.played && r.opponentParticipantId !== null;

/**
 * The rounds that count for a participant: up to his last result while he plays on (a game not yet scored is no
 * round yet), up to the event's last round once he has withdrawn. A round without his result is an absence; a
 * round with two of his games gives two slots.
 */
function slotsOf(state: ParticipantState, context: ArticleSixteenContext): Slot[] {
  const own = Math.max(0, ...state.results.map((r) => r.roundNumber));
  const last = context.withdrawn.has(state.participantId) ? Math.max(own, context.lastRound) : own;
  const slots: Slot[] = [];
  for (let round = 1; round <= last; round++) {
    const results = state.results.filter((r) => r.roundNumber === round);
    if (results.length === 0) slots.push({ roundNumber: round });
    for (const result of results) slots.push({ roundNumber: round, result });
  }
  return slots;
}

/**
 * A voluntary unplayed round (Article 16.1.2): a round the player chose not to play, or lost without playing: an
 * absence, a requested bye (half or zero point), a forfeit lost. A pairing bye, a full-point bye and a forfeit won
 * are not the player's choice.
 */
function isVoluntary(slot: Slot): boolean {
  const r = slot.result;
  if (!r) return true;
  if (r.played) return false;
  if (r.kind === 'HALF_BYE' || r.kind === 'ZERO_BYE') return true;
  return r.opponentParticipantId !== null && r.outcome === 'LOSS';
}

/** A round with nobody scheduled against the player: an absence or a bye (a forfeit had a scheduled opponent). */
const withoutOpponent = (slot: Slot) => !slot.result || slot.result.opponentParticipantId === null;

/**
 * A participant's score as his opponents' tiebreaks count it (Article 16.3): as it stands, except that the rounds
 * he did not play by choice after his last round played or awarded (a withdrawal, requested byes to the end) count
 * as draws. A forfeit he lost counts as lost wherever it is (Article 16.2.4). In a round robin, as it stands.
 */
export function adjustedScore(state: ParticipantState, context: ArticleSixteenContext): number {
  if (context.roundRobin) return state.matchPoints;
  const slots = slotsOf(state, context);
  const lastChosen = Math.max(0, ...slots.filter((s) => !isVoluntary(s)).map((s) => s.roundNumber));
  let score = state.matchPoints;
  for (const slot of slots)
    if (slot.roundNumber > lastChosen && withoutOpponent(slot))
      score += context.drawPoints - (slot.result?.matchPoints ?? 0);
  return score;
}

/** One round's part in a participant's Buchholz and Sonneborn-Berger. */
export interface Contribution {
  /** The opponent's score, or the dummy opponent's. */
  score: number;
  /** The player's standard points in the round: Sonneborn-Berger weighs the score by them. */
  points: number;
  /** A voluntary unplayed round: the cut modifiers take it away first (Article 16.5). */
  voluntary: boolean;
}

/**
 * Each round's part under Article 16 (16.4): a game played counts the opponent's adjusted score; a round without
 * a game counts a dummy opponent with the player's own score. FIDE_2026 caps the dummy: after a forfeit at the
 * scheduled opponent's adjusted score (16.4.1), otherwise at a draw in every round so far (16.4.2). In a round
 * robin a forfeit counts its scheduled opponent, and a bye nothing.
 */
export function contributions(state: ParticipantState, context: ArticleSixteenContext): Contribution[] {
  const adjusted = (id: string) => {
    const opponent = context.states[id];
    return opponent ? adjustedScore(opponent, context) : 0;
  };
  const own = state.matchPoints;
  const parts: Contribution[] = [];
  for (const slot of slotsOf(state, context)) {
    const r = slot.result;
    const points = r ? STANDARD_POINTS[r.outcome] : 0;
    const voluntary = isVoluntary(slot);
    const scheduled = r?.opponentParticipantId ?? null;
    if (r && played(r)) parts.push({ score: adjusted(scheduled as string), points, voluntary: false });
    else if (context.roundRobin) {
      if (scheduled !== null) parts.push({ score: adjusted(scheduled), points, voluntary: false });
    } else {
      const cap =
        context.unplayedRounds !== 'FIDE_2026'
          ? own
          : scheduled !== null
            ? adjusted(scheduled)
            : context.drawPoints * context.lastRound;
      parts.push({ score: Math.min(own, cap), points, voluntary });
    }
  }
  return parts;
}

/**
 * The least significant part to cut (Articles 14.1 and 16.5): the lowest, unless the player has voluntary unplayed
 * rounds, when the higher of the lowest such round's part and the lowest part is cut. `value` is what the
 * tiebreak sums; parts of equal value are told apart by the opponent's score, lower first.
 */
function leastSignificant(parts: readonly Contribution[], value: (c: Contribution) => number): number {
  const order = (i: number, j: number) =>
    value(parts[i]!) - value(parts[j]!) || parts[i]!.score - parts[j]!.score || i - j;
  const indices = parts.map((_, i) => i);
  const lowest = [...indices].sort(order)[0]!;
  const voluntary = indices.filter((i) => parts[i]!.voluntary).sort(order)[0];
  if (voluntary === undefined) return lowest;
  return value(parts[voluntary]!) >= value(parts[lowest]!) ? voluntary : lowest;
}

const sum = (values: readonly number[]) => values.reduce((total, v) => total + v, 0);

/** Buchholz under Article 16, with `cut` lowest parts and `top` highest parts taken away (Cut-1, Median). */
export function articleSixteenBuchholz(
  state: ParticipantState,
  context: ArticleSixteenContext,
  cut: 0 | 1,
  top: 0 | 1,
): number {
  let parts = contributions(state, context);
  const score = (c: Contribution) => c.score;
  if (cut && parts.length > 0) {
    const i = leastSignificant(parts, score);
    parts = parts.filter((_, j) => j !== i);
  }
  if (top && parts.length > 0) {
    const highest = parts.reduce((best, c, j) => (c.score > parts[best]!.score ? j : best), 0);
    parts = parts.filter((_, j) => j !== highest);
  }
  return sum(parts.map(score));
}

/** Sonneborn-Berger under Article 16: each part's score times the standard points the player made in it. */
export function articleSixteenSonnebornBerger(state: ParticipantState, context: ArticleSixteenContext): number {
  return sum(contributions(state, context).map((c) => c.score * c.points));
}

/** Rounds worth a win, played or not (C.07 WIN): a forfeit won, a pairing bye and a full-point bye count. */
export const numberOfWins = (state: ParticipantState) => state.results.filter((r) => isWin(r.outcome)).length;

/** Games won over the board (C.07 WON). */
export const gamesWon = (state: ParticipantState) => state.results.filter((r) => played(r) && isWin(r.outcome)).length;

/** Games played over the board with black (C.07 BPG): the side that did not move first. */
export const gamesWithBlack = (state: ParticipantState) =>
  state.results.filter((r) => played(r) && r.movedFirst === false).length;

/**
 * The progressive score (C.07 PS): the sum of the player's running score after each of his rounds. A round without
 * a game counts the points it gave (none for an absence); under Article 16 the rounds after a withdrawal count too,
 * at the score he left with.
 */
export function progressiveScore(state: ParticipantState, context: ArticleSixteenContext): number {
  const rounds =
    context.unplayedRounds === 'AS_PLAYED'
      ? Math.max(0, ...state.results.map((r) => r.roundNumber))
      : (slotsOf(state, context).at(-1)?.roundNumber ?? 0);
  let running = 0;
  let total = 0;
  for (let round = 1; round <= rounds; round++) {
    running += sum(state.results.filter((r) => r.roundNumber === round).map((r) => r.matchPoints));
    total += running;
  }
  return total;
}

/**
 * The average rating of opponents (C.07 ARO): the mean of the opponents' ratings over the games played over the
 * board (a forfeit and a bye have no rating to count), exactly; the screens round it. An unrated opponent counts
 * with the rating the policy gives the unrated (its baseline); 0 before a first game.
 */
export function averageRatingOfOpponents(state: ParticipantState, states: ParticipantStates): number {
  const ratings = state.results.flatMap((r) => {
    const opponent = played(r) ? states[r.opponentParticipantId as string] : undefined;
    return opponent ? [opponent.baselineRating] : [];
  });
  return ratings.length === 0 ? 0 : sum(ratings) / ratings.length;
}

/**
 * The Koya score (C.07 KS, for round robins): the points the player made against the opponents who scored at least
 * half of the most anyone could have scored in the rounds so far: a win in each round, less the byes an odd field
 * gives each player in a round robin.
 */
export function koya(state: ParticipantState, context: ArticleSixteenContext & { winPoints: number }): number {
  const field = Object.keys(context.states).length;
  const byes = field % 2 === 1 ? Math.floor(context.lastRound / field) : 0;
  const threshold = (context.winPoints * (context.lastRound - byes)) / 2;
  return sum(
    state.results
      .filter((r) => r.opponentParticipantId !== null && !isByeKind(r.kind))
      .filter((r) => (context.states[r.opponentParticipantId as string]?.matchPoints ?? -Infinity) >= threshold)
      .map((r) => r.matchPoints),
  );
}
