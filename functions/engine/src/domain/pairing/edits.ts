import { PairingError } from './errors.js';
import type { PairingEdit } from './edit.js';
import { type ColouredGame, type ColourMode, colourDifference, xMovesFirst } from './colours.js';
import { compareSeedOrder } from './acceleration.js';
import { type Field, prepareField } from './field.js';
import { parsePairingRequest } from './request.js';
import type { Bye, CostTerms, Pairing, PairingRequest, WeightedMethod } from './types.js';
import { WEIGHTED_METHODS } from './methods.js';
import { buildContext } from './weighted/context.js';
import { createCoster } from './weighted/costs.js';
import { modelFor } from './weighted/model.js';

/**
 * A round changed by hand (docs/pairing.md#pairing-edits): the organizer changes the round, the engine says what the changed round breaks, and recomputes every pair's cost terms so the round stays
 * explained.
 */

export { PairingEdit } from './edit.js';

/** A round as edits see it: tables in order (side a first), the byes, and players left waiting for a game. */
export interface RoundLayout {
  tables: { a: string; b: string }[];
  byes: string[];
  waiting: string[];
}

export type RoundIssueKind = 'REMATCH' | 'SECOND_BYE' | 'COLOUR' | 'SAME_TEAM' | 'FORBIDDEN' | 'NO_GAME' | 'SCHEDULE';

/** Something the round breaks, in the organizer's words; `key` tells an issue the edit made from one already there. */
export interface RoundIssue {
  kind: RoundIssueKind;
  players: string[];
  message: string;
  key: string;
}

export interface EditedRound {
  layout: RoundLayout;
  pairings: Pairing[];
  byeCosts: Bye[];
  /** What the edit breaks that the round did not break before: the organizer confirms these. */
  warnings: RoundIssue[];
}

/** Applies one edit to a layout; refuses an edit that does not fit the round, in words. */
export function applyPairingEdit(layout: RoundLayout, edit: PairingEdit, name: (id: string) => string): RoundLayout {
  const tables = layout.tables.map((t) => ({ ...t }));
  let byes = [...layout.byes];
  let waiting = [...layout.waiting];
  const tableOf = (id: string) => tables.findIndex((t) => t.a === id || t.b === id);
  const inRound = (id: string) => tableOf(id) >= 0 || byes.includes(id) || waiting.includes(id);
  const need = (id: string) => {
    if (!inRound(id)) throw refuse(`${name(id)} is not in this round`);
  };
  const opponentAt = (k: number, id: string) => (tables[k]!.a === id ? tables[k]!.b : tables[k]!.a);
  /** Takes a player out of wherever they are; returns the opponent left without a game, if any. */
  const leave = (id: string): string | null => {
    const k = tableOf(id);
    if (k >= 0) {
      const other = opponentAt(k, id);
      tables.splice(k, 1);
      return other;
    }
    byes = byes.filter((x) => x !== id);
    waiting = waiting.filter((x) => x !== id);
    return null;
  };
  switch (edit.kind) {
    case 'SWAP': {
      const { first, second } = edit;
      if (first === second) throw refuse('choose two different players to swap');
      need(first);
      need(second);
      const put = (id: string) => (id === first ? second : id === second ? first : id);
      return {
        tables: tables.map((t) => ({ a: put(t.a), b: put(t.b) })),
        byes: byes.map(put),
        waiting: waiting.map(put),
      };
    }
    case 'GIVE_BYE': {
      const { player } = edit;
      need(player);
      if (byes.includes(player)) throw refuse(`${name(player)} already has the bye`);
      const k = tableOf(player);
      const holder = byes[0];
      if (k >= 0 && holder !== undefined) {
        // The one who had the bye takes the seat.
        const t = tables[k]!;
        tables[k] = t.a === player ? { a: holder, b: t.b } : { a: t.a, b: holder };
        return { tables, byes: [...byes.slice(1), player], waiting };
      }
      const left = leave(player);
      return { tables, byes: [...byes, player], waiting: left === null ? waiting : [...waiting, left] };
    }
    case 'TAKE_BYE': {
      const { player } = edit;
      if (!byes.includes(player)) throw refuse(`${name(player)} does not have the bye`);
      byes = byes.filter((x) => x !== player);
      const partner = waiting[0];
      if (partner === undefined) return { tables, byes, waiting: [...waiting, player] };
      return { tables: [...tables, { a: partner, b: player }], byes, waiting: waiting.slice(1) };
    }
    case 'PAIR': {
      const { first, second } = edit;
      if (first === second) throw refuse('a player cannot be paired with themselves');
      need(first);
      need(second);
      const k = tableOf(first);
      if (k >= 0 && opponentAt(k, first) === second) throw refuse(`${name(first)} and ${name(second)} already meet`);
      const at = k >= 0 ? k : tables.length;
      const firstLeft = leave(first);
      const secondLeft = leave(second);
      const place = Math.min(at, tables.length);
      tables.splice(place, 0, { a: first, b: second });
      const left = [firstLeft, secondLeft].filter((x): x is string => x !== null);
      if (left.length === 2) tables.push({ a: left[0]!, b: left[1]! });
      else waiting.push(...left);
      return { tables, byes, waiting };
    }
    case 'REMOVE': {
      need(edit.player);
      const left = leave(edit.player);
      return { tables, byes, waiting: left === null ? waiting : [...waiting, left] };
    }
    case 'ADD': {
      const { player } = edit;
      if (inRound(player)) throw refuse(`${name(player)} is already in this round`);
      const partner = waiting[0];
      if (partner !== undefined)
        return { tables: [...tables, { a: partner, b: player }], byes, waiting: waiting.slice(1) };
      const holder = byes[0];
      if (holder !== undefined) return { tables: [...tables, { a: holder, b: player }], byes: byes.slice(1), waiting };
      return { tables, byes, waiting: [...waiting, player] };
    }
  }
}

/**
 * Applies the edit and checks the round after it against the request that paired it (the earlier rounds, the
 * method's options, the forbidden pairs). Warnings are the issues the edit brings that the round did not have.
 */
export function editRound(
  input: PairingRequest,
  before: RoundLayout,
  edit: PairingEdit,
  name: (id: string) => string,
  /** The method the round was paired with, when not the request's (a playoff's knockout round after a Swiss). */
  pairedBy: PairingRequest['method'] = input.method,
): EditedRound {
  const request = parsePairingRequest(input);
  const field = prepareField(request);
  const known = (id: string) => field.indexOf.has(id);
  if (edit.kind === 'ADD' && !known(edit.player)) {
    const entered = request.players.some((p) => p.id === edit.player);
    throw refuse(`${name(edit.player)} ${entered ? 'has withdrawn and' : 'is not entered, so'} cannot join the round`);
  }
  const after = applyPairingEdit(before, edit, name);
  const had = new Set(roundIssues(request, field, before, name).map((i) => i.key));
  const layout = { ...after, tables: after.tables.map((t) => orderSides(request, field, before, t)) };
  const schedule = scheduleBroken(pairedBy, request.options?.system, edit);
  const warnings = [...roundIssues(request, field, layout, name).filter((i) => !had.has(i.key)), ...schedule];
  return { layout, ...explainLayout(request, field, layout), warnings };
}

/**
 * A round robin's table and a knockout's bracket set every round: an edit by hand breaks that schedule (a pair of
 * the table may never meet, or meet twice; a bracket's later rounds may not follow), so it is always confirmed.
 */
function scheduleBroken(method: PairingRequest['method'], system: string | undefined, edit: PairingEdit): RoundIssue[] {
  const knockout = method === 'KNOCKOUT' || (method === 'SEEDS' && system === 'KNOCKOUT');
  if (!knockout && !['ROUND_ROBIN', 'CIRCLE', 'SEEDS'].includes(method)) return [];
  const message = knockout
    ? "this round is set by the knockout's bracket: the edit breaks the schedule, and the later rounds may no " +
      'longer follow the bracket'
    : "this round is set by the round robin's table: the edit breaks the schedule, so some players may never " +
      'meet or may meet twice';
  return [
    {
      kind: 'SCHEDULE',
      players: 'player' in edit ? [edit.player] : [edit.first, edit.second],
      message,
      key: 'SCHEDULE',
    },
  ];
}

/** Everything a layout breaks: rematches, second byes, colours beyond the limits, one team twice, forbidden pairs. */
export function roundIssues(
  request: PairingRequest,
  field: Field,
  layout: RoundLayout,
  name: (id: string) => string,
): RoundIssue[] {
  const issues: RoundIssue[] = [];
  const index = (id: string) => field.indexOf.get(id);
  const player = (id: string) => field.active[index(id)!];
  const weighted = (WEIGHTED_METHODS as readonly string[]).includes(request.method);
  const model = weighted ? modelFor(request, request.method as WeightedMethod) : null;
  const teamCounts = model !== null && (model.weights.sameTeam > 0 || model.sameTeamValue !== null);
  const clubCounts = model !== null && model.weights.sameClub > 0;
  const mode: ColourMode = request.options?.colours ?? 'NONE';
  for (const { a, b } of layout.tables) {
    const i = index(a);
    const j = index(b);
    const both = `${name(a)} and ${name(b)}`;
    const pairKey = [a, b].sort().join('|');
    if (i === undefined || j === undefined) continue;
    const met = field.met(i, j);
    if (met > 0)
      issues.push({
        kind: 'REMATCH',
        players: [a, b],
        key: `REMATCH:${pairKey}`,
        message: `${both} have already played each other${met > 1 ? ` ${met} times` : ''}`,
      });
    if (field.forbidden(i, j))
      issues.push({
        kind: 'FORBIDDEN',
        players: [a, b],
        key: `FORBIDDEN:${pairKey}`,
        message: `${both} must not meet (a forbidden pair)`,
      });
    const pa = player(a)!;
    const pb = player(b)!;
    if (teamCounts && pa.team !== undefined && pa.team === pb.team)
      issues.push({
        kind: 'SAME_TEAM',
        players: [a, b],
        key: `SAME_TEAM:${pairKey}`,
        message: `${both} are on the same team (${pa.team})`,
      });
    else if (clubCounts && pa.club !== undefined && pa.club === pb.club)
      issues.push({
        kind: 'SAME_TEAM',
        players: [a, b],
        key: `SAME_TEAM:${pairKey}`,
        message: `${both} are from the same club (${pa.club})`,
      });
    if (mode !== 'NONE') {
      for (const [id, colour] of [
        [a, 'WHITE'],
        [b, 'BLACK'],
      ] as const) {
        const beyond = colourBeyondLimits(player(id)!.colours, colour, request.roundNumber);
        if (beyond)
          issues.push({
            kind: 'COLOUR',
            players: [id],
            key: `COLOUR:${id}:${colour}`,
            message: `${name(id)} would move ${colour === 'WHITE' ? 'first' : 'second'} ${beyond}`,
          });
      }
    }
  }
  for (const id of layout.byes) {
    const i = index(id);
    if (i !== undefined && field.active[i]!.byes > 0)
      issues.push({
        kind: 'SECOND_BYE',
        players: [id],
        key: `SECOND_BYE:${id}`,
        message: `${name(id)} would get a second bye`,
      });
  }
  for (const id of layout.waiting)
    issues.push({
      kind: 'NO_GAME',
      players: [id],
      key: `NO_GAME:${id}`,
      message: `${name(id)} has no game in this round: pair them or give them the bye`,
    });
  return issues;
}

/** FIDE's limits on colours: never a difference beyond +-2, never the same colour three times in a row. */
function colourBeyondLimits(history: readonly ColouredGame[], colour: 'WHITE' | 'BLACK', round: number): string | null {
  const next = [...history, { round, colour }];
  const difference = Math.abs(colourDifference(next));
  if (difference > 2) return `${difference} times more than the other way round (the limit is 2)`;
  const last = next.slice(-3);
  if (last.length === 3 && last.every((g) => g.colour === colour)) return 'for the third game in a row';
  return null;
}

/**
 * Who moves first at a table: a table of two players who already met in the round keeps the sides the edit gave
 * it; a new one is allocated as the method would (the tournament's colour mode), or the higher-ranked first.
 */
function orderSides(
  request: PairingRequest,
  field: Field,
  before: RoundLayout,
  table: { a: string; b: string },
): { a: string; b: string } {
  // A table whose two players already met in the round keeps the sides it has: unchanged, or swapped by the organizer.
  const samePair = before.tables.some(
    (t) => (t.a === table.a && t.b === table.b) || (t.a === table.b && t.b === table.a),
  );
  if (samePair) return table;
  const x = field.active[field.indexOf.get(table.a)!];
  const y = field.active[field.indexOf.get(table.b)!];
  if (x === undefined || y === undefined) return table;
  const mode = request.options?.colours ?? 'NONE';
  const higher = y.score > x.score || (y.score === x.score && y.rating > x.rating) ? 'y' : 'x';
  if (mode === 'NONE') return higher === 'x' ? table : { a: table.b, b: table.a };
  const number = new Map(
    field.active
      .slice()
      .sort(compareSeedOrder)
      .map((p, k) => [p.id, k + 1]),
  );
  const colourPlayer = (p: typeof x) => ({ history: p.colours, pairingNumber: number.get(p.id)! });
  return xMovesFirst(mode, colourPlayer(x), colourPlayer(y), higher) ? table : { a: table.b, b: table.a };
}

/** Cost terms of every table and bye: the weighted model's terms, or the score gap and meetings for other methods. */
function explainLayout(
  request: PairingRequest,
  field: Field,
  layout: RoundLayout,
): { pairings: Pairing[]; byeCosts: Bye[] } {
  let pairTerms: (i: number, j: number) => CostTerms;
  let byeTerms: (i: number) => CostTerms;
  if ((WEIGHTED_METHODS as readonly string[]).includes(request.method) && field.active.length >= 2) {
    const coster = createCoster(buildContext(field, modelFor(request, request.method as WeightedMethod), request));
    pairTerms = (i, j) => coster.pairTerms(i, j);
    byeTerms = (i) => coster.byeTerms(i);
  } else {
    pairTerms = (i, j) => ({
      rematches: field.met(i, j),
      ...(field.forbidden(i, j) ? { forbidden: 1 } : {}),
      scoreDifference: Math.abs(field.active[i]!.score - field.active[j]!.score),
    });
    byeTerms = (i) => ({ earlierByes: field.active[i]!.byes });
  }
  return {
    pairings: layout.tables.map(({ a, b }) => {
      const i = field.indexOf.get(a);
      const j = field.indexOf.get(b);
      return { a, b, movesFirst: a, cost: i === undefined || j === undefined ? {} : pairTerms(i, j) };
    }),
    byeCosts: layout.byes.map((id) => {
      const i = field.indexOf.get(id);
      return { id, cost: i === undefined ? {} : byeTerms(i) };
    }),
  };
}

function refuse(message: string): PairingError {
  return new PairingError('failed-precondition', message);
}
