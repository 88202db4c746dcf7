/**
 * "Why these two": the pairing engine records, per pair, the named terms its cost was made of
 * (functions/engine/src/domain/pairing/weighted/costs.ts, and the SoL and table methods' places); the organizer reads
 * them as short phrases, most decisive first. Terms this module does not know are shown by name and value.
 */
export type CostTerms = Readonly<Record<string, number>>;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const number = (n: number) => String(Math.round(n * 100) / 100);

/** Terms with no phrase of their own that are not worth showing (the sum, the seeded coin). */
const SILENT = new Set(['soft']);

const PAIR_PHRASES: Record<string, (value: number, terms: CostTerms) => string | null> = {
  rematches: (v) => (v === 0 ? 'never met' : `rematch: met ${plural(v, 'time')} before`),
  forbidden: (v) => (v > 0 ? 'a pair who must not meet (no pairing kept them apart)' : null),
  groupDistance: (v) => (v === 0 ? 'same score group' : `${plural(v, 'score group')} apart`),
  scoreDifference: (v, t) =>
    v === 0
      ? 'groupDistance' in t
        ? null
        : 'equal scores'
      : `${number(v)} ${v === 1 ? 'point' : 'points'} apart in the standings`,
  scoreConcavity: () => null,
  // The cost weighs a float against the player's earlier ones and where it lands in the group: a cost is not a
  // repeat (in round 1 nobody floated before).
  floats: (v, t) => (t.groupDistance ? (v === 0 ? 'a fair float' : 'a float the pairing would rather avoid') : null),
  seeding: (v) => (v === 0 ? 'ideal seeding (top half v bottom half)' : null),
  ratingGap: (v) => (v === 0 ? 'equal ratings' : null),
  sameClub: (v) => (v > 0 ? 'same club (allowed, penalised)' : null),
  sameCountry: (v) => (v > 0 ? 'same country (allowed, penalised)' : null),
  sameTeam: (v) => (v > 0 ? 'same team (allowed, penalised)' : null),
  repeat: (v) => (v > 0 ? 'rematch allowed by the policy' : null),
  // docs/pairing.md#swiss: inside a score group the pairing is random (seeded, so the same seed pairs the same way).
  random: (_v, t) => (t.groupDistance === 0 && !('seeding' in t) ? 'drawn at random inside the group' : null),
  rankA: (v, t) => `ranked #${v} v #${t.rankB ?? '?'}`,
  rankB: () => null,
  tableA: (v, t) => `table positions ${v} and ${t.tableB ?? '?'}`,
  tableB: () => null,
  seedA: (v, t) => `seeds ${v} and ${t.seedB ?? '?'}`,
  seedB: () => null,
  // The Dutch system's own numbering of the field (docs/dutch.md).
  pairingNumberA: (v, t) => `pairing numbers ${v} and ${t.pairingNumberB ?? '?'}`,
  pairingNumberB: () => null,
  // A Go game's handicap and komi have their own tag beside the pair (docs/go.md#on-the-dashboard); the cost of the
  // McMahon scores' gap says no more than the score difference does.
  handicap: () => null,
  komi: () => null,
  minimizeHandicap: () => null,
  // OpenGotha's balance (docs/colours.md#balance): only its benefit is worth a phrase.
  colourBalance: (v) => (v === 0 ? 'colour balances that even out' : null),
};

const BYE_PHRASES: Record<string, (value: number) => string | null> = {
  awardedBye: () => 'awarded before the event',
  requestedBye: () => 'asked for before the round',
  lateEntry: () => 'a round missed before entering',
  earlierByes: (v) => (v === 0 ? 'no bye yet' : `already had ${plural(v, 'bye')}`),
  groupsAboveLowest: (v) => (v === 0 ? 'from the lowest score group' : `${plural(v, 'score group')} above the lowest`),
  rankFromBottom: (v) => (v === 0 ? 'lowest ranked' : `${plural(v, 'place')} above the bottom`),
  rank: (v) => `ranked #${v}`,
  table: (v) => `table position ${v}`,
  seed: (v) => `seed ${v}`,
  pairingNumber: (v) => `pairing number ${v}`,
  score: (v) => `${number(v)} ${v === 1 ? 'point' : 'points'}`,
};

/** Most decisive first (Firestore hands map keys back in alphabetical order). */
const ORDER = [
  'forbidden',
  'rematches',
  'groupDistance',
  'scoreDifference',
  'floats',
  'earlierByes',
  'groupsAboveLowest',
  'rankFromBottom',
];
const priority = (name: string) => (ORDER.includes(name) ? ORDER.indexOf(name) : ORDER.length);

function describe(
  terms: CostTerms,
  phrases: Record<string, (value: number, terms: CostTerms) => string | null>,
): string[] {
  const words: string[] = [];
  const entries = Object.entries(terms).sort(([x], [y]) => priority(x) - priority(y));
  for (const [name, value] of entries) {
    if (SILENT.has(name)) continue;
    const phrase = phrases[name];
    const text = phrase ? phrase(value, terms) : value === 0 ? null : `${name} ${number(value)}`;
    if (text) words.push(text);
  }
  return words;
}

/** The reasons for a pair, in words: "same score group; never met; ideal seeding ...". */
export function pairReasons(terms: CostTerms): string[] {
  return describe(terms, PAIR_PHRASES);
}

/** The reasons a player got the bye. */
export function byeReasons(terms: CostTerms): string[] {
  return describe(terms, BYE_PHRASES);
}

/** The soft costs behind the words, for the curious: "seeding 12, rating gap 3". */
export function softCosts(terms: CostTerms): string {
  const soft = [
    'scoreConcavity',
    'floats',
    'seeding',
    'ratingGap',
    'sameClub',
    'sameCountry',
    'sameTeam',
    'random',
    'repeat',
  ];
  const parts = soft.filter((name) => (terms[name] ?? 0) > 0).map((name) => `${name} ${number(terms[name]!)}`);
  return parts.length ? `cost: ${parts.join(', ')}` : '';
}
