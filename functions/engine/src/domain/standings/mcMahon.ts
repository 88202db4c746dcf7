/**
 * Go's standings (docs/tiebreaks.md#go): the McMahon score as a primary ranking, and SOS, SOSOS, SODOS and SOS's
 * cuts, as OpenGotha 3.51.02 computes them (docs/go.md#standings). The MMS is counted by the rules the pairing uses
 * (pairing/mcmahon: the start from the rank, one reading of each round, the byes' and absences' points), so a
 * player's score in the standings is the score the next round pairs on.
 */
import {
  handicapOf,
  initialMcMahonScore,
  type McMahonRound,
  mcMahonRoundOf,
  mcMahonScore,
  type McMahonSettings,
  rankValueOrFloor,
} from '../pairing/index.js';
import type { ParticipantState, ParticipantStates } from '../ratings/index.js';
import { isWin } from '../results/index.js';

/** What the Go figures read beyond the states: the settings, who withdrew, the event's rounds so far. */
export interface McMahonInputs {
  states: ParticipantStates;
  withdrawn: ReadonlySet<string>;
  lastRound: number;
  settings: McMahonSettings;
}

/** One game of a player as SOS reads it: the opponent, the result (1, 1/2, 0) and the handicap's correction. */
export interface GoGame {
  round: number;
  opponent: string;
  /** The handicap's stones, 0 for an even game. */
  stones: number;
  result: number;
  /** + the stones when the player had White (gave the handicap), - when Black; 0 in an even game. */
  correction: number;
}

/** A player's figures: the start, the MMS now, the games, and the rounds so far that had no game. */
export interface McMahonFigures {
  start: number;
  mms: number;
  games: GoGame[];
  rounds: number;
  roundsWithoutGame: number;
}

/**
 * The rounds that count for a player, as C.07's Article 16 reads them too: up to his last result while he plays on
 * (a game not yet scored is no round yet), up to the event's last round once he has withdrawn.
 */
function roundsOf(state: ParticipantState, inputs: McMahonInputs): number {
  const own = Math.max(0, ...state.results.map((r) => r.roundNumber));
  return inputs.withdrawn.has(state.participantId) ? Math.max(own, inputs.lastRound) : own;
}

/** A player's rounds as MMS counts them, each with its round number; a round without a result is an absence. */
function mcMahonRounds(state: ParticipantState, rounds: number): Array<{ round: number; counted: McMahonRound }> {
  const counted = state.results.map((r) => ({
    round: r.roundNumber,
    counted: mcMahonRoundOf({ opponent: r.opponentParticipantId, unplayed: r.kind, points: r.matchPoints }),
  }));
  const seen = new Set(state.results.map((r) => r.roundNumber));
  for (let round = 1; round <= rounds; round++) if (!seen.has(round)) counted.push({ round, counted: 'ABSENT' });
  return counted;
}

/**
 * Every player's figures. The handicap of a game is the one the settings give the two players from their MMS (or
 * ranks) before its round, the figure the pairing stored with it.
 */
export function mcMahonFigures(inputs: McMahonInputs): Map<string, McMahonFigures> {
  const { states, settings } = inputs;
  const rankOf = (s: ParticipantState) => rankValueOrFloor(s.goRank, settings);
  const base = new Map(
    Object.values(states).map((state) => {
      const rounds = roundsOf(state, inputs);
      const start = initialMcMahonScore(state.goRank, settings);
      return [state.participantId, { state, rounds, start, counted: mcMahonRounds(state, rounds) }] as const;
    }),
  );
  const before = (id: string, round: number) => {
    const player = base.get(id)!;
    const earlier = player.counted.filter((c) => c.round < round).map((c) => c.counted);
    return mcMahonScore(player.start, earlier, settings);
  };
  const figures = new Map<string, McMahonFigures>();
  for (const [id, { state, rounds, start, counted }] of base) {
    const games: GoGame[] = [];
    for (const r of state.results) {
      const opponent = r.opponentParticipantId;
      if (opponent === null || !base.has(opponent)) continue;
      const handicap = handicapOf(
        { rank: rankOf(state), mms: before(id, r.roundNumber) },
        { rank: rankOf(base.get(opponent)!.state), mms: before(opponent, r.roundNumber) },
        settings,
      );
      const correction = handicap.white === 'x' ? handicap.stones : handicap.white === 'y' ? -handicap.stones : 0;
      games.push({
        round: r.roundNumber,
        opponent,
        stones: handicap.stones,
        result: isWin(r.outcome) ? 1 : r.outcome === 'DRAW' ? 0.5 : 0,
        correction,
      });
    }
    const withGame = new Set(state.results.filter((r) => r.opponentParticipantId !== null).map((r) => r.roundNumber));
    let roundsWithoutGame = 0;
    for (let round = 1; round <= rounds; round++) if (!withGame.has(round)) roundsWithoutGame += 1;
    const mms = mcMahonScore(
      start,
      counted.map((c) => c.counted),
      settings,
    );
    figures.set(id, { start, mms, games, rounds, roundsWithoutGame });
  }
  return figures;
}

const sum = (values: readonly number[]) => values.reduce((total, v) => total + v, 0);

/**
 * Each round's value in SOS: the opponent's MMS, plus the stones when the player gave them and minus when he took
 * them; a round without a game counts the player's own initial MMS (OpenGotha's reading).
 */
function sosValues(id: string, figures: ReadonlyMap<string, McMahonFigures>): number[] {
  const own = figures.get(id);
  if (!own) return [];
  const games = own.games.map((g) => figures.get(g.opponent)!.mms + g.correction);
  return [...games, ...Array<number>(own.roundsWithoutGame).fill(own.start)];
}

export function sos(id: string, figures: ReadonlyMap<string, McMahonFigures>): number {
  return sum(sosValues(id, figures));
}

/** SOS less the lowest `cut` round values (OpenGotha's SOSM-1 and SOSM-2); 0 when there are no more rounds. */
export function sosCut(id: string, figures: ReadonlyMap<string, McMahonFigures>, cut: number): number {
  return sum(
    sosValues(id, figures)
      .sort((x, y) => x - y)
      .slice(cut),
  );
}

/** The opponents' SOS; a round without a game counts the initial MMS times the rounds (OpenGotha's SOSOSM). */
export function sosos(id: string, figures: ReadonlyMap<string, McMahonFigures>): number {
  const own = figures.get(id);
  if (!own) return 0;
  return sum(own.games.map((g) => sos(g.opponent, figures))) + own.roundsWithoutGame * own.start * own.rounds;
}

/** The beaten opponents' SOS values (with the handicap's correction), half for a jigo; nothing without a game. */
export function sodos(id: string, figures: ReadonlyMap<string, McMahonFigures>): number {
  const own = figures.get(id);
  if (!own) return 0;
  return sum(own.games.map((g) => g.result * (figures.get(g.opponent)!.mms + g.correction)));
}
