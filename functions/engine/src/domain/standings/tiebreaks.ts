import type { BuchholzDropOutMode, CompetitionTiebreak } from '../policy/index.js';
import { isByeKind, type Outcome } from '../results/index.js';
import type { ParticipantState } from '../ratings/index.js';
import type { GroupTiebreak } from './ranking.js';
import {
  type ArticleSixteenContext,
  articleSixteenBuchholz,
  articleSixteenSonnebornBerger,
  averageRatingOfOpponents,
  gamesWithBlack,
  gamesWon,
  koya,
  numberOfWins,
  progressiveScore,
} from './c07.js';
import { directEncounter } from './directEncounter.js';
import { type McMahonFigures, sodos, sos, sosCut, sosos } from './mcMahon.js';
import {
  gameWinPercentage,
  matchWinPercentage,
  PERCENTAGE_FLOOR,
  type PercentageScale,
  RESISTANCE_FLOOR,
  winPercentage,
} from './percentages.js';

/**
 * What every tiebreak may look at: all states, who withdrew, the Buchholz drop-out mode, the policy's scale for
 * the card games' percentages, and what C.07's Article 16 reads (c07.ts).
 */
export interface TiebreakContext extends ArticleSixteenContext {
  dropOut: BuchholzDropOutMode;
  scale: PercentageScale;
  /** Go's figures of every player (mcMahon.ts), computed once per context; null when the standings count no MMS. */
  mcMahonFigures: () => ReadonlyMap<string, McMahonFigures> | null;
}

/** The value of one tiebreak for one participant inside a group of tied participants (higher ranks first). */
export type TiebreakFn = (
  state: ParticipantState,
  group: readonly ParticipantState[],
  context: TiebreakContext,
) => number;

const opponentsOf = (state: ParticipantState) => state.results.filter((r) => r.opponentParticipantId !== null);

/**
 * The rounds so far, as a participant's drop-out trend counts them: the last round he has a result in (a bye
 * counts). Read from his own state, never from the tournament's round counter, so the stored standings row and
 * the leaderboard agree, and a row changes only with the states it is computed from: generating or undoing a
 * round moves it through the results (byes) that round adds or takes away, and through nothing else.
 */
export function roundsSoFar(state: ParticipantState): number {
  return Math.max(0, ...state.results.map((r) => r.roundNumber));
}

/**
 * An opponent's score for Buchholz; the trend modes (docs/tiebreaks.md) credit a withdrawn opponent his pace for each
 * round he missed of those `rounds` (the rounds so far of the participant whose Buchholz it is).
 */
function buchholzScore(opponentId: string, rounds: number, context: TiebreakContext): number {
  const opponent = context.states[opponentId];
  if (!opponent) return 0;
  if (context.dropOut === 'NONE' || !context.withdrawn.has(opponentId)) return opponent.matchPoints;
  const againstRealOpponents = opponent.results.filter((r) => !isByeKind(r.kind));
  if (againstRealOpponents.length === 0) return opponent.matchPoints;
  const pace = againstRealOpponents.reduce((sum, r) => sum + r.matchPoints, 0) / againstRealOpponents.length;
  const missedRounds = Math.max(0, rounds - new Set(opponent.results.map((r) => r.roundNumber)).size);
  const share = context.dropOut === 'TREND70' ? 0.7 : 1;
  return opponent.matchPoints + pace * missedRounds * share;
}

function opponentScores(state: ParticipantState, context: TiebreakContext): number[] {
  return opponentsOf(state)
    .map((r) => buchholzScore(r.opponentParticipantId as string, roundsSoFar(state), context))
    .sort((x, y) => x - y);
}

const sum = (values: readonly number[]) => values.reduce((total, v) => total + v, 0);

/**
 * The mean of a value over the rounds with an opponent (a bye has none; an opponent met twice counts twice); 0 with
 * no opponent yet. An opponent whose state is not at hand counts as `missing`.
 */
function opponentsMean(
  state: ParticipantState,
  context: TiebreakContext,
  value: (opponent: ParticipantState) => number,
  missing: number,
): number {
  const met = opponentsOf(state);
  if (met.length === 0) return 0;
  const values = met.map((r) => {
    const opponent = context.states[r.opponentParticipantId as string];
    return opponent ? value(opponent) : missing;
  });
  return sum(values) / values.length;
}

/** Play! Pokémon's resistance: the mean of the opponents' win percentages. */
const resistance = (state: ParticipantState, context: TiebreakContext) =>
  opponentsMean(state, context, (o) => winPercentage(o, context.withdrawn.has(o.participantId)), RESISTANCE_FLOOR);

/** A Go tiebreak's value from the figures; 0 when the standings count no MMS. */
const go = (context: TiebreakContext, value: (figures: ReadonlyMap<string, McMahonFigures>) => number) => {
  const figures = context.mcMahonFigures();
  return figures === null ? 0 : value(figures);
};

const SB_FACTOR: Record<Outcome, number> = { WIN: 1, TIMED_WIN: 1, DRAW: 0.5, LOSS: 0 };

/** Under a FIDE value of unplayedRounds, Article 16 counts the rounds without a game (docs/tiebreaks.md#fide-c07). */
const fide = (context: TiebreakContext) => context.unplayedRounds !== 'AS_PLAYED';

/** Only when every two of the tied players have met does a mini-table say something fair about all of them. */
function allMet(group: readonly ParticipantState[]): boolean {
  return group.every((x) =>
    group.every((y) => x === y || x.results.some((r) => r.opponentParticipantId === y.participantId)),
  );
}

function miniTable(
  group: readonly ParticipantState[],
  state: ParticipantState,
  value: (s: ParticipantState, opponent: string) => number,
): number {
  if (!allMet(group)) return 0;
  const members = new Set(group.map((s) => s.participantId));
  members.delete(state.participantId);
  return sum([...members].map((opponent) => value(state, opponent)));
}

export const TIEBREAKS: Record<CompetitionTiebreak, TiebreakFn> = {
  // A mini-table of the games among the tied players, not a pairwise comparison.
  HEAD_TO_HEAD: (state, group) =>
    miniTable(group, state, (s, opponent) =>
      sum(s.results.filter((r) => r.opponentParticipantId === opponent).map((r) => r.matchPoints)),
    ),
  HEAD_TO_HEAD_PRESSURE: (state, group) =>
    miniTable(group, state, (s, opponent) =>
      sum(s.ratingHistory.filter((h) => h.opponentParticipantId === opponent).map((h) => h.pressureDelta)),
    ),
  POINT_DIFFERENTIAL: (state) => state.totalPointsWon - state.totalPointsLost,
  STRENGTH_OF_OPPOSITION: (state, _group, context) => {
    const ratings = state.ratingHistory.map((h) => context.states[h.opponentParticipantId]?.baselineRating ?? 0);
    return ratings.length === 0 ? 0 : sum(ratings) / ratings.length;
  },
  DYNAMIC_FORM_RATING: (state) => state.dynamicFormRating,
  PRESSURE_RATING: (state) => state.pressureRating,
  BUCHHOLZ: (state, _group, context) =>
    fide(context) ? articleSixteenBuchholz(state, context, 0, 0) : sum(opponentScores(state, context)),
  BUCHHOLZ_CUT1: (state, _group, context) =>
    fide(context) ? articleSixteenBuchholz(state, context, 1, 0) : sum(opponentScores(state, context).slice(1)),
  BUCHHOLZ_MEDIAN: (state, _group, context) =>
    fide(context) ? articleSixteenBuchholz(state, context, 1, 1) : sum(opponentScores(state, context).slice(1, -1)),
  SONNEBORN_BERGER: (state, _group, context) =>
    fide(context)
      ? articleSixteenSonnebornBerger(state, context)
      : sum(
          opponentsOf(state).map(
            (r) => SB_FACTOR[r.outcome] * (context.states[r.opponentParticipantId as string]?.matchPoints ?? 0),
          ),
        ),
  OPPONENTS_MATCH_WIN_PERCENTAGE: (state, _group, context) =>
    opponentsMean(state, context, (o) => matchWinPercentage(o, context.scale), PERCENTAGE_FLOOR),
  GAME_WIN_PERCENTAGE: (state, _group, context) => gameWinPercentage(state, context.scale),
  OPPONENTS_GAME_WIN_PERCENTAGE: (state, _group, context) =>
    opponentsMean(state, context, (o) => gameWinPercentage(o, context.scale), PERCENTAGE_FLOOR),
  OPPONENTS_RESISTANCE: (state, _group, context) => resistance(state, context),
  OPPONENTS_OPPONENTS_RESISTANCE: (state, _group, context) =>
    opponentsMean(state, context, (o) => resistance(o, context), RESISTANCE_FLOOR),
  AVERAGE_RATING_OF_OPPONENTS: (state, _group, context) => averageRatingOfOpponents(state, context.states),
  NUMBER_OF_WINS: (state) => numberOfWins(state),
  GAMES_WON: (state) => gamesWon(state),
  GAMES_WITH_BLACK: (state) => gamesWithBlack(state),
  PROGRESSIVE_SCORE: (state, _group, context) => progressiveScore(state, context),
  KOYA: (state, _group, context) => koya(state, { ...context, winPoints: context.scale.winPoints }),
  DIRECT_ENCOUNTER: (state, group, context) => directEncounter(state, group, context.roundRobin),
  SOS: (state, _group, context) => go(context, (f) => sos(state.participantId, f)),
  SOS_CUT1: (state, _group, context) => go(context, (f) => sosCut(state.participantId, f, 1)),
  SOS_CUT2: (state, _group, context) => go(context, (f) => sosCut(state.participantId, f, 2)),
  SOSOS: (state, _group, context) => go(context, (f) => sosos(state.participantId, f)),
  SODOS: (state, _group, context) => go(context, (f) => sodos(state.participantId, f)),
};

/**
 * A group tiebreak (head-to-head) as a reader of the stored rows evaluates it: on the tied players' states alone,
 * which is all it reads.
 */
export const groupTiebreakIn =
  (roundRobin: boolean): GroupTiebreak =>
  (tiebreak, state, group) =>
    TIEBREAKS[tiebreak](state, group, {
      states: {},
      withdrawn: new Set(),
      dropOut: 'NONE',
      scale: { winPoints: 1, gamesToWin: 1 },
      unplayedRounds: 'AS_PLAYED',
      drawPoints: 0.5,
      lastRound: 0,
      roundRobin,
      mcMahonFigures: () => null,
    });

export const groupTiebreak: GroupTiebreak = groupTiebreakIn(false);

/**
 * Whether C.07 reads the event as a round robin (docs/tiebreaks.md#fide-c07): its system, or for the engine's own
 * tournaments, which know only their pairing method, a round-robin schedule.
 */
export function isRoundRobin(event: { system?: string | undefined; method?: string | undefined }): boolean {
  return event.system === 'ROUND_ROBIN' || event.method === 'ROUND_ROBIN' || event.method === 'CIRCLE';
}

export function opponentIds(state: ParticipantState): string[] {
  return [
    ...new Set(state.results.flatMap((r) => (r.opponentParticipantId === null ? [] : [r.opponentParticipantId]))),
  ];
}
