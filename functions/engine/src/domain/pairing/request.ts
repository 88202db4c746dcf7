import { z } from 'zod';
import { describeIssues } from '../common/index.js';
import { COLOUR_MODES, COLOURS } from './colours.js';
import { PairingError } from './errors.js';
import { GoRankText } from './mcmahon/rank.js';
import { McMahonOptions } from './mcmahon/settings.js';
import { PAIRING_METHODS, SYSTEMS } from './methods.js';

/**
 * The engine's input, as zod schemas: the one place a pairing request is checked. `generateRound` parses every
 * request with `PairingRequest`, the organizer's `pairing` object goes through `PairingSpec` (the same options),
 * and a tournament's options are checked with `PairingOptions` when it is created. Unknown options are refused so
 * a misspelt one never goes silently unused; the request, its players and games are strict too, so a field a
 * caller adds without adding it here is refused rather than dropped.
 */

const weight = () => z.number().int().min(0).max(1_000_000);
const rounds = () => z.number().int().min(0);

/**
 * The soft criteria of the weighted model and their weights (integers: the largest cost one pair can get from the
 * criterion). A weight of 0 switches a criterion off.
 */
export const CriteriaWeights = z
  .object({
    /** OpenGotha's concavity on the score difference: among equal score-difference totals, prefer many small gaps. */
    scoreConcavity: weight(),
    /** Draw-up/draw-down history scenarios and the position of the floaters in their groups. */
    floats: weight(),
    /** Seeding inside a group (split-and-random / fold / slip). */
    seeding: weight(),
    /** Concave penalty on the rating gap of a pair. */
    ratingGap: weight(),
    sameClub: weight(),
    sameCountry: weight(),
    sameTeam: weight(),
    /** Seeded pair noise: random pairing inside a group. */
    random: weight(),
    /** Per earlier meeting, when rematches are allowed (avoidRepeatOpponents false). */
    repeat: weight(),
    /** Colours BALANCE: OpenGotha's white/black balance of a pair (docs/colours.md#balance); on with that mode. */
    colourBalance: weight(),
    /**
     * Avoid mixing categories (docs/pairing.md#weighted): a tier above the score groups, on (100) with categories.
     * Any positive value switches it on; 0 switches it off.
     */
    category: weight(),
    /** MCMAHON: OpenGotha's "minimize handicap", on the MMS gap of players below the bar (docs/go.md). */
    minimizeHandicap: weight(),
  })
  .strict();
export type CriteriaWeights = z.infer<typeof CriteriaWeights>;

export const SeedingSystem = z.enum(['SPLIT_RANDOM', 'SPLIT_FOLD', 'SPLIT_SLIP']);
export type SeedingSystem = z.infer<typeof SeedingSystem>;
export const FloatPlacement = z.enum(['TOP', 'MIDDLE', 'BOTTOM']);
export type FloatPlacement = z.infer<typeof FloatPlacement>;

/** Every method's options side by side; each method reads its own and ignores the rest. */
export const PairingOptions = z
  .object({
    // Weighted methods (SWISS, DRAW_MATIC, LEVEL_BASED, WEIGHTED).
    /** Never a rematch while a rematch-free round exists (default true). */
    avoidRepeatOpponents: z.boolean().optional(),
    /** DRAW_MATIC: players per lane (default 4). */
    laneSize: z.number().int().min(2).optional(),
    /** DRAW_MATIC: penalty for a same-team pair, in tods-competition-factory's units (squared rating points). */
    sameTeamValue: z.number().finite().nonnegative().optional(),
    /** LEVEL_BASED: width of a rating band (default 200). */
    bandWidth: z.number().finite().positive().optional(),
    /** Weights of the soft criteria, over the method's preset. */
    weights: CriteriaWeights.partial().optional(),
    /**
     * The secondary criteria, club and country (docs/pairing.md), apply only to the players they should: not to players
     * rated above `ratingAbove`, and with `winners`, not to players who have won at least half the rounds. A pair
     * with one such player pays half the cost, a pair of two pays none.
     */
    secondaryCriteria: z
      .object({ ratingAbove: z.number().finite().optional(), winners: z.boolean().optional() })
      .strict()
      .optional(),
    seeding: SeedingSystem.optional(),
    /** Which player of the higher group to draw down, and of the lower group to draw up. */
    drawDown: FloatPlacement.optional(),
    drawUp: FloatPlacement.optional(),
    /** k of OpenGotha's concavity function f(x) = (1 - x)(1 + kx), default 0.5. */
    concavity: z.number().min(0).max(1).optional(),
    /** Baku acceleration (docs/pairing.md#acceleration): virtual points for the top half in the first rounds. */
    acceleration: z
      .union([
        z.literal('BAKU'),
        z.object({ method: z.literal('BAKU'), acceleratedRounds: rounds().optional() }).strict(),
      ])
      .optional(),
    /**
     * Who moves first (side a): NONE (games without colours), BALANCE (OpenGotha's cost on the white/black balance)
     * or FIDE (the FIDE Swiss colour rules). Default: the policy's, else NONE. Round robins follow the Berger
     * tables and knockouts alternate whatever the mode.
     */
    colours: z.enum(COLOUR_MODES).optional(),
    /** MCMAHON: the bar, floor, byes, absences and handicaps (docs/go.md); OpenGotha's defaults otherwise. */
    mcMahon: McMahonOptions.optional(),
    /** DUTCH: the colour drawn for pairing number 1 in round 1 (TRF's XXC); later rounds can read it from round 1. */
    initialColour: z.enum(COLOURS).optional(),
    /**
     * Look ahead so that the remaining rounds can still be played without rematches. On by default for fields
     * small enough for the exact check.
     */
    lookahead: z.boolean().optional(),
    // SoL methods (ALL, SERIAL, DAZED, STAGGERED); delayCompatriots also applies to the weighted methods.
    /** Rounds in which same-country pairs inside a score group are tried last (avoided, in the weighted model). */
    delayCompatriots: rounds().optional(),
    /** Rounds after the first in which the rating ranks above the net score (SoL default 1). */
    delayTopPlayers: rounds().optional(),
    /** ALL: generate every remaining round at once. */
    allRounds: z.boolean().optional(),
    // Schedules (ROUND_ROBIN, CIRCLE, SEEDS, KNOCKOUT).
    /** ROUND_ROBIN: SoL's "seeds" (Berger tables: 1 v n, 2 v n-1 ...) or "circle" (rotation around player 1). */
    table: z.enum(['BERGER', 'CIRCLE']).optional(),
    /** ROUND_ROBIN: 2 for a double round robin. */
    cycles: z.union([z.literal(1), z.literal(2)]).optional(),
    /** SEEDS: which system the table is for (default ROUND_ROBIN; a tournament's own system when it has one). */
    system: z.enum(SYSTEMS).exclude(['SWISS']).optional(),
    /**
     * KNOCKOUT: 0 (no final), 1 (final) or 2 (final and third place). SWISS and ROUND_ROBIN: the same finals played
     * after the last round by the standings (default 0), or as the last round of the top cut (default 1).
     */
    finals: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional(),
    finalKind: z.enum(['SINGLE', 'BEST_OF_THREE']).optional(),
    /**
     * SWISS and ROUND_ROBIN systems: after the last round, a single-elimination cut of the top 4, 8 or 16 seeded by
     * the standings, its last round shaped by `finals` and `finalKind` (docs/playoff.md). 0: no cut.
     */
    topCut: z.union([z.literal(0), z.literal(4), z.literal(8), z.literal(16)]).optional(),
  })
  .strict();
export type PairingOptions = z.infer<typeof PairingOptions>;

/** Planned number of rounds (Swiss default: docs/pairing.md#rounds); the lookahead and Baku acceleration read it. */
const TotalRounds = z.number().int().positive();

/**
 * The organizer's pairing request as it arrives (command line, callable function): the method, the seed and the
 * method's options side by side.
 */
export const PairingSpec = PairingOptions.extend({
  method: z.enum(PAIRING_METHODS).optional(),
  seed: z.number().int().default(1),
  totalRounds: TotalRounds.optional(),
}).strict();
export type PairingSpec = z.infer<typeof PairingSpec>;

export function parsePairingSpec(input: unknown): PairingSpec {
  return parseOrRefuse(PairingSpec, input ?? {}, 'invalid pairing request');
}

export const UNPLAYED_KINDS = [
  'PAIRING_BYE',
  'FULL_BYE',
  'HALF_BYE',
  'ZERO_BYE',
  'FORFEIT_WIN',
  'FORFEIT_LOSS',
] as const;
export type UnplayedKind = (typeof UNPLAYED_KINDS)[number];

/** One earlier game of a player, from that player's side. `opponent: null` is a bye. */
export const PairingGame = z
  .object({
    round: z.number().int().min(1),
    opponent: z.string().min(1).nullable(),
    outcome: z.enum(['WIN', 'LOSS', 'DRAW']),
    /** What the game earned on the competition's match-point table (a bye counts as a win). */
    matchPoints: z.number().finite(),
    /** Game points won and lost, for SoL's net and total score. */
    pointsFor: z.number().finite().optional(),
    pointsAgainst: z.number().finite().optional(),
    /** The colour the player had (WHITE: moved first), for games actually played; byes and forfeits have none. */
    colour: z.enum(COLOURS).optional(),
    /**
     * How a round without a game went, for the methods that tell them apart (DUTCH: docs/dutch.md#unplayed-rounds):
     * the pairing-allocated bye, a bye the player asked for (full, half or zero points), or a forfeit. Absent: a
     * played game, or read from the opponent, colour and outcome.
     */
    unplayed: z.enum(UNPLAYED_KINDS).optional(),
    /** Go: the stones of a handicap game; OpenGotha's colour balance counts only even games (docs/go.md). */
    handicap: z.number().int().min(0).max(9).optional(),
  })
  .strict();
export type PairingGame = z.infer<typeof PairingGame>;
export type GameOutcome = PairingGame['outcome'];

/**
 * A pairing of an earlier round that counts no result (not scored yet, cleared, or refused by the engine), from
 * this player's side. `opponent: null` is a bye.
 */
export const UnscoredPairing = z
  .object({ round: z.number().int().min(1), opponent: z.string().min(1).nullable() })
  .strict();
export type UnscoredPairing = z.infer<typeof UnscoredPairing>;

export const PairingPlayer = z
  .object({
    id: z.string().min(1),
    /** The rating that orders the field: dynamic form or baseline, as the policy's ratingSource says. */
    rating: z.number().finite(),
    /** The frozen rating; orders seeds, round-robin tables, brackets and Baku groups. Defaults to `rating`. */
    baselineRating: z.number().finite().optional(),
    /** Seed position, 1 = top; wins over ratings where a fixed order is needed. */
    seed: z.number().int().positive().optional(),
    club: z.string().optional(),
    country: z.string().optional(),
    team: z.string().optional(),
    /** A division or section, 1 = the top one (avoid mixing categories: docs/pairing.md#weighted). */
    category: z.number().int().min(1).optional(),
    /** Go: the player's rank (docs/go.md#ranks), which MCMAHON starts the player's MMS from. */
    rank: GoRankText.optional(),
    withdrawn: z.boolean().optional(),
    games: z.array(PairingGame),
    /**
     * Pairings already made that have no result (a forced round leaves them open): the two have met all the same,
     * for rematch avoidance and byes, but nothing is scored for them.
     */
    unscored: z.array(UnscoredPairing).optional(),
  })
  .strict();
export type PairingPlayer = z.infer<typeof PairingPlayer>;

/** Match points of the competition, for the bye and for acceleration's virtual points. */
export const PointTable = z.object({ win: z.number().finite(), draw: z.number().finite(), loss: z.number().finite() });
export type PointTable = z.infer<typeof PointTable>;

/** What `generateRound` takes: the round to pair, the method, the seed, the players with their games. */
const RequestShape = z
  .object({
    roundNumber: z.number().int().min(1),
    totalRounds: TotalRounds.optional(),
    method: z.enum(PAIRING_METHODS),
    seed: z.number().int(),
    players: z.array(PairingPlayer),
    points: PointTable.optional(),
    options: PairingOptions.optional(),
    /**
     * Pairs of players who must not meet (siblings, teammates, a coach and a pupil): a hard constraint while any
     * pairing exists without them (docs/pairing.md#forbidden-pairs).
     */
    forbiddenPairs: z.array(z.tuple([z.string().min(1), z.string().min(1)])).optional(),
  })
  .strict();
export const PairingRequest = RequestShape.superRefine(checkReferences);
export type PairingRequest = z.infer<typeof RequestShape>;

/** What a single field cannot say: unique ids, games in earlier rounds against known players, Baku's horizon. */
function checkReferences(request: PairingRequest, ctx: z.RefinementCtx): void {
  const ids = new Set<string>();
  request.players.forEach((player, k) => {
    if (ids.has(player.id))
      ctx.addIssue({ code: 'custom', path: ['players', k, 'id'], message: `player ${player.id} appears twice` });
    ids.add(player.id);
  });
  request.players.forEach((player, k) => {
    const check = (meeting: UnscoredPairing, path: (string | number)[], what: string) => {
      if (meeting.round >= request.roundNumber) {
        ctx.addIssue({
          code: 'custom',
          path: [...path, 'round'],
          message: `player ${player.id} has a ${what} in round ${meeting.round}; earlier rounds are 1 to ${request.roundNumber - 1}`,
        });
      }
      if (meeting.opponent === player.id)
        ctx.addIssue({
          code: 'custom',
          path: [...path, 'opponent'],
          message: `player ${player.id} cannot play itself`,
        });
      else if (meeting.opponent !== null && !ids.has(meeting.opponent)) {
        ctx.addIssue({
          code: 'custom',
          path: [...path, 'opponent'],
          message: `player ${player.id} ${what === 'game' ? 'played' : 'was paired with'} unknown opponent ${meeting.opponent} in round ${meeting.round}`,
        });
      }
    };
    player.games.forEach((game, g) => check(game, ['players', k, 'games', g], 'game'));
    (player.unscored ?? []).forEach((pairing, u) => check(pairing, ['players', k, 'unscored', u], 'pairing'));
  });
  (request.forbiddenPairs ?? []).forEach(([x, y], k) => {
    if (x === y)
      ctx.addIssue({ code: 'custom', path: ['forbiddenPairs', k], message: `a forbidden pair names ${x} twice` });
    for (const id of [x, y])
      if (!ids.has(id))
        ctx.addIssue({ code: 'custom', path: ['forbiddenPairs', k], message: `a forbidden pair names unknown ${id}` });
  });
  const acceleration = request.options?.acceleration;
  const explicit = typeof acceleration === 'object' ? acceleration.acceleratedRounds : undefined;
  if (acceleration !== undefined && explicit === undefined && request.totalRounds === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['options', 'acceleration'],
      message: 'Baku acceleration needs totalRounds (or acceleratedRounds) to know which rounds to accelerate',
    });
  }
}

export function parsePairingRequest(input: unknown): PairingRequest {
  return parseOrRefuse(PairingRequest, input, 'invalid pairing request');
}

export function parsePairingOptions(input: unknown): PairingOptions {
  return parseOrRefuse(PairingOptions, input ?? {}, 'invalid pairing options');
}

function parseOrRefuse<T extends z.ZodType>(schema: T, input: unknown, what: string): z.infer<T> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw new PairingError('invalid-argument', `${what}: ${describeIssues(parsed.error.issues)}`);
  return parsed.data;
}
