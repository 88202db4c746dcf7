import { DomainError } from '../common/index.js';
import type { CompetitionPolicy, MatchPointTable } from '../policy/index.js';
import { firstMover, type MatchUpRecord, resolveResult, type ResultKind, type SideResult } from '../results/index.js';
import { baselineRatingOf, type Participant } from '../ratings/index.js';
import { decidedByeOf } from '../joining/index.js';
import { computeStandings } from '../standings/index.js';
import { compareSeedOrder, METHODS_OF_SYSTEM, parsePairingSpec, SYSTEMS } from '../pairing/index.js';
import { parseScenario, type ScenarioEvent } from './scenario.js';
import {
  type TrfColumns,
  formatTrfPoints,
  TRF_PLAYER_COLUMNS,
  trfRoundColumns,
  type TrfCode,
  type TrfColour,
  type TrfRoundEntry,
} from './trf.js';

/**
 * The Tournament Report File of a tournament (docs/trf.md): TRF-16's header and player records, with the JaVaFo
 * records XXR and XXC that pairing engines read, and TRF-2026's 162 when the points are not chess's.
 */

/** A tournament as the writer takes it: the engine's own data, as a scenario or the Tournament API holds it. */
export interface TrfTournament {
  policy: CompetitionPolicy;
  participants: readonly Participant[];
  matchUps: readonly MatchUpRecord[];
  /** The planned rounds (XXR); the rounds written when absent. */
  totalRounds?: number | undefined;
  event?: ScenarioEvent | undefined;
  /** Record 092, the type of tournament in words. */
  type?: string | undefined;
}

export interface TrfWriteOptions {
  /** Writes rounds 1 to this one only (a report during the event); every round by default. */
  throughRound?: number;
  /** CRLF by default: TRF's texts end each line with a CR, and a CR alone shows as nothing in most terminals. */
  lineEnding?: '\r\n' | '\n' | '\r';
}

type Entry = TrfRoundEntry & { points: number };

/** Writes a tournament's report. Refuses what a TRF cannot say: an open game, two games of a player in a round. */
export function writeTrf(tournament: TrfTournament, options: TrfWriteOptions = {}): string {
  const { policy, participants } = tournament;
  const lastPaired = Math.max(0, ...tournament.matchUps.map((m) => m.roundNumber));
  const rounds = options.throughRound ?? lastPaired;
  if (!Number.isInteger(rounds) || rounds < 0)
    throw new DomainError('invalid-argument', `rounds to write: expected a whole number, got ${rounds}`);
  const matchUps = tournament.matchUps.filter((m) => m.roundNumber <= rounds);
  const numbers = trfStartNumbers(participants, policy);
  const entries = roundEntries(policy, participants, matchUps, numbers, rounds);
  const { leaderboard } = computeStandings(policy, participants, matchUps);
  const rows = new Map(leaderboard.map((row) => [row.participantId, row]));
  const players = [...participants]
    .sort((x, y) => numbers.get(x.participantId)! - numbers.get(y.participantId)!)
    .map((p) => {
      const row = rows.get(p.participantId)!;
      const own = entries.get(p.participantId)!;
      const earned = own.reduce((sum, e) => sum + e.points, 0);
      // The file's points are the standings' (TRF-16 says so); the codes must add up to them, or readers refuse it.
      if (Math.abs(earned - row.matchPoints) > 1e-9)
        throw new DomainError(
          'failed-precondition',
          `participant ${p.participantId}: the standings give ${row.matchPoints} points, the results ${earned}`,
        );
      const ahead = rounds === lastPaired ? byeAhead(p, rounds + 1, tournament.totalRounds) : null;
      const written = ahead ? [...own, ahead] : own;
      return playerLine(p, numbers.get(p.participantId)!, row.matchPoints, row.rank, written, policy);
    });
  const lines = [...headerLines(tournament, participants, rounds, entries, numbers), ...players];
  const eol = options.lineEnding ?? '\r\n';
  return lines.map((line) => line.trimEnd()).join(eol) + eol;
}

const AHEAD_CODES = { FULL_BYE: 'F', HALF_BYE: 'H', ZERO_BYE: 'Z' } as const;

/**
 * A bye decided for the round after the last one written, set ahead as pairing programs read it (docs/trf.md): so
 * the report, handed to one, pairs the next round without the player. Its points are not in the line's total yet.
 */
function byeAhead(p: Participant, round: number, totalRounds: number | undefined): Entry | null {
  if (p.withdrawn || (totalRounds !== undefined && round > totalRounds)) return null;
  const kind = decidedByeOf(p, round);
  return kind ? { opponent: 0, colour: '-', code: AHEAD_CODES[kind], points: 0 } : null;
}

/** A scenario file's report (the `trf` tool): the planned rounds and the method come from its pairing object. */
export function scenarioToTrf(input: unknown, options: TrfWriteOptions = {}): string {
  const { policy, participants, matchUps, pairing, event } = parseScenario(input);
  const spec = parsePairingSpec(pairing);
  const method = spec.method ?? policy.pairingPolicy.method;
  const system = SYSTEMS.find((s) => METHODS_OF_SYSTEM[s].includes(method)) ?? 'SWISS';
  return writeTrf(
    { policy, participants, matchUps, totalRounds: spec.totalRounds, event, type: trfEventType(system) },
    options,
  );
}

/** Record 092, the type of tournament, in the words pairing programs write there. */
export function trfEventType(system: string): string {
  const words: Record<string, string> = { SWISS: 'Swiss-System', ROUND_ROBIN: 'Round-Robin', KNOCKOUT: 'Knockout' };
  return `Individual: ${words[system] ?? words.SWISS}`;
}

/**
 * Start numbers 1 to n in the order the pairing numbers its players (docs/trf.md#start-numbers): by seed, then the
 * frozen baseline rating, highest first, then the id. A file read from a TRF carries its start numbers as seeds, so
 * it is written back with the same ones; a pairing program reading the file then ranks the field as the pairing did.
 */
export function trfStartNumbers(participants: readonly Participant[], policy: CompetitionPolicy): Map<string, number> {
  const order = participants
    .map((p) => ({ id: p.participantId, seed: p.seedPosition, baseline: baselineRatingOf(p, policy) }))
    .sort(compareSeedOrder);
  if (order.length > 9999) throw new DomainError('out-of-range', 'a TRF numbers at most 9999 players');
  return new Map(order.map((p, k) => [p.id, k + 1]));
}

function roundEntries(
  policy: CompetitionPolicy,
  participants: readonly Participant[],
  matchUps: readonly MatchUpRecord[],
  numbers: ReadonlyMap<string, number>,
  rounds: number,
): Map<string, Entry[]> {
  const absent: Entry = { opponent: 0, colour: '-', code: ' ', points: 0 };
  const entries = new Map(participants.map((p) => [p.participantId, Array.from({ length: rounds }, () => absent)]));
  const seen = new Set<string>();
  for (const m of matchUps) {
    const where = `round ${m.roundNumber}, ${m.b === null ? `${m.a}'s bye` : `${m.a} v ${m.b}`}`;
    if (m.result === null)
      throw new DomainError(
        'failed-precondition',
        `${where} has no result: a TRF reports results (write the rounds before it: --rounds ${m.roundNumber - 1})`,
      );
    const resolved = resolveResult(m.result, m.b !== null, policy.scoringPolicy);
    const white = firstMover(m);
    for (const [id, side, opponent] of [
      [m.a, resolved.a, m.b],
      [m.b, resolved.b, m.a],
    ] as const) {
      if (id === null || side === null) continue;
      const own = entries.get(id);
      if (!own || (opponent !== null && !entries.has(opponent)))
        throw new DomainError('invalid-argument', `${where}: the player is not among the participants`);
      const key = `${m.roundNumber}:${id}`;
      if (seen.has(key))
        throw new DomainError('invalid-argument', `${where}: ${id} has two games in the round; a TRF has one`);
      seen.add(key);
      const colour: TrfColour = opponent === null ? '-' : white === id ? 'w' : 'b';
      own[m.roundNumber - 1] = {
        opponent: opponent === null ? 0 : numbers.get(opponent)!,
        colour,
        code: codeOf(resolved.kind, side, policy.scoringPolicy.matchPoints, where),
        points: side.matchPoints,
      };
    }
  }
  return entries;
}

/** docs/trf.md#result-codes: a kind and one side's outcome as the code on that side's line. */
function codeOf(kind: ResultKind, side: SideResult, table: MatchPointTable, where: string): TrfCode {
  switch (kind) {
    case 'PAIRING_BYE':
      return 'U';
    case 'FULL_BYE':
      return 'F';
    case 'HALF_BYE':
      return 'H';
    case 'ZERO_BYE':
      return 'Z';
    case 'FORFEIT_WIN':
    case 'FORFEIT_LOSS':
    case 'DOUBLE_FORFEIT':
      return side.outcome === 'LOSS' ? '-' : '+';
    case 'PLAYED':
      if (side.outcome === 'TIMED_WIN' && table.timedWin !== table.win)
        throw new DomainError(
          'failed-precondition',
          `${where}: a timed win earns ${table.timedWin}, a win ${table.win}; no TRF code tells them apart`,
        );
      return side.outcome === 'DRAW' ? '=' : side.outcome === 'LOSS' ? '0' : '1';
  }
}

function headerLines(
  tournament: TrfTournament,
  participants: readonly Participant[],
  rounds: number,
  entries: ReadonlyMap<string, Entry[]>,
  numbers: ReadonlyMap<string, number>,
): string[] {
  const { event, policy } = tournament;
  const rated = participants.filter((p) => trfRating(p, policy) !== undefined).length;
  const planned = Math.max(rounds, tournament.totalRounds ?? 0);
  const initial = initialColour(entries, numbers);
  const lines = [
    `012 ${event?.name ?? policy.policyName ?? 'Tournament'}`,
    ...(event?.city ? [`022 ${event.city}`] : []),
    ...(event?.federation ? [`032 ${event.federation}`] : []),
    ...(event?.startDate ? [`042 ${event.startDate.replaceAll('-', '/')}`] : []),
    ...(event?.endDate ? [`052 ${event.endDate.replaceAll('-', '/')}`] : []),
    `062 ${participants.length}`,
    `072 ${rated}`,
    ...(tournament.type ? [`092 ${tournament.type}`] : []),
    ...(event?.chiefArbiter ? [`102 ${event.chiefArbiter}`] : []),
    ...(event?.timeControl ? [`122 ${event.timeControl}`] : []),
    ...scoringLine(policy.scoringPolicy.matchPoints),
    ...(planned > 0 ? [`XXR ${planned}`] : []),
    ...(initial ? [`XXC ${initial}`] : []),
  ];
  return lines.map((line) => line.replace(/[\r\n]+/g, ' '));
}

/**
 * TRF-2026's record 162, only when the points are not chess's 1, 0.5, 0: W, D, L, and A (the zero-point bye and
 * a forfeit loss, both a loss on the engine's table) when a loss earns points. P is always W's.
 */
function scoringLine(table: MatchPointTable): string[] {
  if (table.win === 1 && table.draw === 0.5 && table.loss === 0) return [];
  const codes: Array<[string, number]> = [
    ['W', table.win],
    ['D', table.draw],
    ['L', table.loss],
    ...(table.loss !== 0 ? ([['A', table.loss]] as Array<[string, number]>) : []),
  ];
  // Code at column 6, its points at 7-10, the next pair nine columns on (TRF-2026's table).
  return [`162  ${codes.map(([code, points]) => `${code}${fit(formatTrfPoints(points), 4, 'right')}`).join('    ')}`];
}

/**
 * XXC: the colour of the highest-ranked player who had a colour in round 1 (white1 or black1), which TRF-2026's
 * record 152 defines the same way. Nothing when round 1 had no game.
 */
function initialColour(entries: ReadonlyMap<string, Entry[]>, numbers: ReadonlyMap<string, number>): string | null {
  let best: { number: number; colour: TrfColour } | null = null;
  for (const [id, own] of entries) {
    const first = own[0];
    const number = numbers.get(id)!;
    if (first && first.colour !== '-' && (!best || number < best.number)) best = { number, colour: first.colour };
  }
  return best ? (best.colour === 'w' ? 'white1' : 'black1') : null;
}

/** The rating the baseline reads from the scale, whole and in the four columns; none for 0 or no rating. */
function trfRating(participant: Participant, policy: CompetitionPolicy): number | undefined {
  const scale = policy.ratingPolicy.baselineRating.scaleName;
  const value = scale === undefined ? participant.rating : (participant.ratings?.[scale] ?? participant.rating);
  if (value === undefined) return undefined;
  const whole = Math.round(value);
  return whole >= 1 && whole <= 9999 ? whole : undefined;
}

function playerLine(
  p: Participant,
  number: number,
  points: number,
  rank: number,
  entries: readonly Entry[],
  policy: CompetitionPolicy,
): string {
  const pointsText = formatTrfPoints(points);
  if (pointsText.length > 4 || Math.abs(Math.round(points * 10) - points * 10) > 1e-9)
    throw new DomainError(
      'failed-precondition',
      `participant ${p.participantId}: ${points} points do not fit a TRF's points column (one decimal, 4 characters)`,
    );
  const line = new Line('001');
  line.put(TRF_PLAYER_COLUMNS.startNumber, String(number), 'right');
  line.put(TRF_PLAYER_COLUMNS.sex, p.sex ?? '');
  line.put(TRF_PLAYER_COLUMNS.title, p.title ?? '', 'right');
  line.put(TRF_PLAYER_COLUMNS.name, (p.name ?? p.participantId).replace(/\s+/g, ' '));
  line.put(TRF_PLAYER_COLUMNS.rating, String(trfRating(p, policy) ?? ''), 'right');
  line.put(TRF_PLAYER_COLUMNS.federation, p.federation ?? '');
  line.put(TRF_PLAYER_COLUMNS.fideId, p.fideId ?? '', 'right');
  // The year alone: month and day as 00, the form TRFs use when only the year is known (docs/trf.md).
  line.put(TRF_PLAYER_COLUMNS.birthDate, p.birthYear === undefined ? '' : `${p.birthYear}/00/00`);
  line.put(TRF_PLAYER_COLUMNS.points, pointsText, 'right');
  line.put(TRF_PLAYER_COLUMNS.rank, String(rank), 'right');
  entries.forEach((entry, k) => {
    const columns = trfRoundColumns(k + 1);
    line.put(columns.opponent, entry.opponent === 0 ? '0000' : String(entry.opponent), 'right');
    line.put({ from: columns.colour, to: columns.colour }, entry.colour);
    line.put({ from: columns.result, to: columns.result }, entry.code);
  });
  return line.text();
}

/** Text cut or padded to a width, counted in characters (code points), as the readers count columns. */
function fit(text: string, width: number, align: 'left' | 'right' = 'left'): string {
  const chars = Array.from(text).slice(0, width);
  const pad = ' '.repeat(width - chars.length);
  return align === 'right' ? pad + chars.join('') : chars.join('') + pad;
}

/** A fixed-column line being filled in. */
class Line {
  private chars: string[];
  constructor(start: string) {
    this.chars = Array.from(start);
  }
  put(columns: TrfColumns, text: string, align: 'left' | 'right' = 'left'): void {
    while (this.chars.length < columns.to) this.chars.push(' ');
    const width = columns.to - columns.from + 1;
    Array.from(fit(text, width, align)).forEach((c, k) => (this.chars[columns.from - 1 + k] = c));
  }
  text(): string {
    return this.chars.join('');
  }
}
