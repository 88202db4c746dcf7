import {
  judgeMatchUp,
  type MatchUpRecord,
  MatchUpResult,
  type MatchUpResultInput,
  decidedByeCost,
  matchUpsOfRound,
  type ResultKind,
} from './domain/results/index.js';
import { computeStandings, isRoundRobin, type Standings } from './domain/standings/index.js';
import { DomainError, describeIssues } from './domain/common/index.js';
import { exportTournament, importTournament, parseScenario } from './domain/exchange/index.js';
import { Participant } from './domain/ratings/index.js';
import { type CompetitionPolicy, resolvePolicy } from './domain/policy/index.js';
import { lastPairedRound, nextRoundNumber, pairingRequestFor, pairMainStageRound } from './domain/rounds/index.js';
import { type PairingRound, type PairingSpec, parsePairingSpec } from './domain/pairing/index.js';

export interface TournamentOptions {
  /** A preset name (STANDARD, PRESSURE, SWISS, REDEMPTION, CHESS, TCG, GO) or a whole policy; STANDARD when absent. */
  policy?: unknown;
  /** Fields that replace the policy's own, checked with it. */
  policyOverrides?: unknown;
  participants: readonly unknown[];
  /** The pairing method, its seed and options; the policy's method when absent. */
  pairing?: unknown;
  /** The planned number of rounds; pairing past it is refused. */
  rounds?: number;
}

/** Names a game of a round by its two players, in either order (null for a bye). */
export interface GameRef {
  round: number;
  a: string;
  b: string | null;
}

export interface PairRoundOptions {
  /** The random seed of this round (the same seed and results give the same pairing); the tournament's seed when absent. */
  seed?: number;
  /** Pair although earlier games have no result (they count as met). */
  force?: boolean;
}

interface State {
  policy: CompetitionPolicy;
  participants: Participant[];
  matchUps: MatchUpRecord[];
  pairing: PairingSpec;
  totalRounds: number | undefined;
  rounds: Array<{ roundNumber: number; pairing: Record<string, unknown> }>;
}

/**
 * A whole tournament on plain data, with no storage: pair each round, record, correct and clear results, read the
 * standings, and save or restore it as the export format. The Firebase backend runs the same engine, split across
 * documents; see docs/engine.md.
 */
export class Tournament {
  private constructor(private state: State) {}

  static create(options: TournamentOptions): Tournament {
    const policy = resolvePolicy(options.policy ?? 'STANDARD', options.policyOverrides);
    const participants = options.participants.map((input, index) => {
      const parsed = Participant.safeParse(input);
      if (!parsed.success)
        throw new DomainError('invalid-argument', `participant ${index + 1}: ${describeIssues(parsed.error.issues)}`);
      return parsed.data;
    });
    const ids = new Set(participants.map((p) => p.participantId));
    if (ids.size !== participants.length)
      throw new DomainError('invalid-argument', 'two participants have the same participantId');
    const totalRounds = options.rounds;
    if (totalRounds !== undefined && (!Number.isInteger(totalRounds) || totalRounds < 1))
      throw new DomainError('invalid-argument', `rounds: expected a whole number of at least 1, got ${totalRounds}`);
    const pairing = parsePairingSpec({
      ...objectOf(options.pairing),
      ...(totalRounds !== undefined ? { totalRounds } : {}),
    });
    return new Tournament({ policy, participants, matchUps: [], pairing, totalRounds, rounds: [] });
  }

  /** A tournament written in the command-line tools' scenario format (docs/engine.md#scenarios). */
  static fromScenario(input: unknown): Tournament {
    const { policy, participants, matchUps, pairing } = parseScenario(input);
    const spec = parsePairingSpec(pairing);
    return new Tournament({ policy, participants, matchUps, pairing: spec, totalRounds: spec.totalRounds, rounds: [] });
  }

  /** Restores a tournament saved with toJSON (or exported by the backend), checked whole. */
  static fromJSON(json: string | object): Tournament {
    const data = importTournament(typeof json === 'string' ? json : JSON.stringify(json));
    const saved = objectOf(data.tournament);
    const totalRounds = typeof saved.totalRounds === 'number' ? saved.totalRounds : undefined;
    const pairing = parsePairingSpec(saved.pairing);
    return new Tournament({
      policy: data.policy,
      participants: data.participants,
      matchUps: data.matchUps,
      pairing,
      totalRounds,
      rounds: data.rounds.map((r) => ({ roundNumber: r.roundNumber, pairing: objectOf(r.pairing) })),
    });
  }

  get policy(): CompetitionPolicy {
    return this.state.policy;
  }

  get participants(): readonly Participant[] {
    return this.state.participants;
  }

  get matchUps(): readonly MatchUpRecord[] {
    return this.state.matchUps;
  }

  /** The last round paired (0 before the first). */
  get currentRound(): number {
    return lastPairedRound(this.state.matchUps);
  }

  get totalRounds(): number | undefined {
    return this.state.totalRounds;
  }

  /** Every planned round paired and every game with a result that counts. */
  get isComplete(): boolean {
    const planned = this.state.totalRounds;
    return planned !== undefined && this.currentRound >= planned && this.openGames().length === 0;
  }

  /**
   * Pairs the next round and adds its games (byes already scored, awarded ones among them); refused while a game
   * has no result.
   */
  pairRound(options: PairRoundOptions = {}): PairingRound {
    const { policy, participants, matchUps, pairing, totalRounds } = this.state;
    if (totalRounds !== undefined && this.currentRound >= totalRounds)
      throw new DomainError('failed-precondition', `all ${totalRounds} rounds are paired`);
    const roundNumber = nextRoundNumber(this.currentRound);
    const spec = { ...pairing, seed: options.seed ?? pairing.seed };
    const request = pairingRequestFor({ policy, participants, matchUps }, spec, { force: options.force, roundNumber });
    const { round, scheduledByes } = pairMainStageRound(request, participants);
    const added = matchUpsOfRound(round, scheduledByes).map(({ cost: _cost, ...record }) => record);
    this.state = {
      ...this.state,
      matchUps: [...matchUps, ...added],
      rounds: [...this.state.rounds, { roundNumber, pairing: { method: round.method, seed: round.seed } }],
    };
    return {
      ...round,
      byes: [...round.byes, ...scheduledByes.map((bye) => bye.participantId)],
      byeCosts: [
        ...round.byeCosts,
        ...scheduledByes.map(({ participantId: id, kind }) => ({ id, cost: decidedByeCost(kind) })),
      ],
    };
  }

  /** Records the result of a game that has none. */
  recordResult(game: GameRef, result: MatchUpResultInput): void {
    const matchUp = this.find(game);
    if (matchUp.result !== null)
      throw new DomainError('failed-precondition', `${describe(game)} already has a result: correct it instead`);
    this.setResult(matchUp, game, result);
  }

  /** Replaces the result of a game in any round; the standings end as if it had been entered right at first. */
  updateResult(game: GameRef, result: MatchUpResultInput): void {
    const matchUp = this.find(game);
    if (matchUp.result === null) throw new DomainError('failed-precondition', `${describe(game)} has no result yet`);
    this.setResult(matchUp, game, result);
  }

  /** Removes a game's result; the game is open again. */
  clearResult(game: GameRef): void {
    const matchUp = this.find(game);
    this.replace(matchUp, { ...matchUp, result: null });
  }

  /** A player leaves: kept in the standings, never paired again. */
  withdraw(participantId: string): void {
    this.participant(participantId);
    this.state = {
      ...this.state,
      participants: this.state.participants.map((p) =>
        p.participantId === participantId ? { ...p, withdrawn: true } : p,
      ),
    };
  }

  /** A late entry: paired from the next round on. */
  addParticipant(input: unknown): void {
    const parsed = Participant.safeParse(input);
    if (!parsed.success) throw new DomainError('invalid-argument', describeIssues(parsed.error.issues));
    if (this.state.participants.some((p) => p.participantId === parsed.data.participantId))
      throw new DomainError('already-exists', `participant ${parsed.data.participantId} is already entered`);
    this.state = { ...this.state, participants: [...this.state.participants, parsed.data] };
  }

  /** Every participant's state (the three rating tracks, results) and the ranked leaderboard. */
  standings(): Standings {
    const { policy, participants, matchUps } = this.state;
    return computeStandings(policy, participants, matchUps, { roundRobin: isRoundRobin(this.state.pairing) });
  }

  /** The export format: what fromJSON reads back, exactly. */
  toJSON(): object {
    return JSON.parse(this.toString()) as object;
  }

  toString(): string {
    const { policy, participants, matchUps, pairing, totalRounds, rounds } = this.state;
    return exportTournament({
      tournament: { pairing: { ...pairing }, ...(totalRounds !== undefined ? { totalRounds } : {}) },
      policy,
      participants,
      rounds,
      matchUps,
    });
  }

  private openGames(): MatchUpRecord[] {
    return this.state.matchUps.filter((m) => judgeMatchUp(m, this.state.policy).record.result === null);
  }

  private participant(participantId: string): Participant {
    const found = this.state.participants.find((p) => p.participantId === participantId);
    if (!found) throw new DomainError('not-found', `no participant ${participantId}`);
    return found;
  }

  private find(game: GameRef): MatchUpRecord {
    const same = (m: MatchUpRecord) =>
      (m.a === game.a && m.b === game.b) || (game.b !== null && m.a === game.b && m.b === game.a);
    const found = this.state.matchUps.find((m) => m.roundNumber === game.round && same(m));
    if (!found) throw new DomainError('not-found', `no game ${describe(game)}`);
    return found;
  }

  /** The result's sides are the GameRef's: named the other way round, they are turned to the stored game's. */
  private setResult(matchUp: MatchUpRecord, game: GameRef, input: MatchUpResultInput): void {
    const parsed = MatchUpResult.safeParse(input);
    if (!parsed.success) throw new DomainError('invalid-argument', describeIssues(parsed.error.issues));
    const next = { ...matchUp, result: matchUp.a === game.a ? parsed.data : mirrored(parsed.data) };
    const refusal = judgeMatchUp(next, this.state.policy).refusal;
    if (refusal) throw new DomainError('invalid-argument', refusal);
    this.replace(matchUp, next);
  }

  private replace(matchUp: MatchUpRecord, next: MatchUpRecord): void {
    this.state = { ...this.state, matchUps: this.state.matchUps.map((m) => (m === matchUp ? next : m)) };
  }
}

const MIRRORED_KIND: Partial<Record<ResultKind, ResultKind>> = {
  FORFEIT_WIN: 'FORFEIT_LOSS',
  FORFEIT_LOSS: 'FORFEIT_WIN',
};
const MIRRORED_WINNER = { a: 'b', b: 'a', draw: 'draw' } as const;

/** The same result seen from the other side. */
function mirrored(result: MatchUpResult): MatchUpResult {
  return {
    kind: MIRRORED_KIND[result.kind] ?? result.kind,
    ...(result.score ? { score: { a: result.score.b, b: result.score.a } } : {}),
    ...(result.winner ? { winner: MIRRORED_WINNER[result.winner] } : {}),
  };
}

function describe(game: GameRef): string {
  return `round ${game.round}, ${game.a} v ${game.b ?? 'bye'}`;
}

function objectOf(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
