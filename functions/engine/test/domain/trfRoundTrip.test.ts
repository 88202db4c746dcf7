/**
 * Scenario → TRF → scenario → TRF (docs/trf.md): the second file is the first, and every game keeps its players,
 * colours, kind and result; every player its FIDE fields.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseScenario, readTrf, scenarioToTrf, trfStartNumbers } from '../../src/domain/exchange/index.js';
import { firstMover, resolveResult } from '../../src/domain/results/index.js';
import { prng } from '../../src/simulation/generate.js';
import { HAND_EVENT } from './trf/events.js';

const TITLES = ['GM', 'IM', 'WGM', 'FM', 'WIM', 'CM', 'WFM', 'WCM'] as const;
const GAMES = [
  { result: 'a' },
  { result: 'b' },
  { result: 'draw' },
  { status: 'WALKOVER', winner: 'a' },
  { status: 'WALKOVER', winner: 'b' },
  { status: 'DOUBLE_WALKOVER' },
  { kind: 'forfeit-loss' },
] as const;
const BYES = ['pairing-bye', 'pairing-bye', 'full-bye', 'half-bye', 'zero-bye'] as const;
const TABLES = [undefined, { win: 3, timedWin: 3, draw: 1, loss: 0 }, { win: 2, timedWin: 2, draw: 1, loss: 0 }];

/** A random event: players with and without seeds and FIDE fields, some absent some rounds, every kind of game. */
function randomScenario(seed: number) {
  const random = prng(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const maybe = <T>(value: T) => (random() < 0.5 ? value : undefined);
  const n = 2 + Math.floor(random() * 13);
  const participants = Array.from({ length: n }, (_, i) => ({
    id: `player-${i}`,
    name: `Player ${String.fromCharCode(65 + i)}`,
    ...(random() < 0.8 && { rating: 1000 + Math.floor(random() * 1800) }),
    ...(random() < 0.5 && { seed: n - i }),
    title: maybe(pick(TITLES)),
    federation: maybe(pick(['NOR', 'IND', 'FID'])),
    fideId: maybe(String(1 + Math.floor(random() * 99_999_999))),
    sex: maybe(pick(['m', 'w'] as const)),
    birthYear: maybe(1950 + Math.floor(random() * 70)),
  }));
  const rounds = Array.from({ length: Math.floor(random() * 6) }, () => {
    const ids = participants.map((p) => p.id).sort(() => random() - 0.5);
    const absent = ids.filter(() => random() < 0.15);
    const present = ids.filter((id) => !absent.includes(id));
    const round: object[] = [];
    for (let k = 0; k + 1 < present.length; k += 2) round.push({ a: present[k], b: present[k + 1], ...pick(GAMES) });
    if (present.length % 2 === 1) round.push({ a: present.at(-1), b: null, kind: pick(BYES) });
    // An absent player has no game, or a bye the organizer gave.
    for (const id of absent) if (random() < 0.5) round.push({ a: id, b: null, kind: pick(BYES.slice(2)) });
    return round;
  });
  const matchPoints = pick(TABLES);
  return {
    policy: 'CHESS',
    participants: participants.map((p) => JSON.parse(JSON.stringify(p)) as typeof p),
    rounds,
    ...(matchPoints && { options: { policyOverrides: { scoringPolicy: { matchPoints } } } }),
  };
}

/** Every game as start numbers, white first, with its kind and each side's outcome, round by round. */
function gamesOf(scenario: unknown) {
  const { policy, participants, matchUps } = parseScenario(scenario);
  const numbers = trfStartNumbers(participants, policy);
  return matchUps
    .map((m) => {
      const white = firstMover(m) ?? m.a;
      const resolved = resolveResult(m.result!, m.b !== null, policy.scoringPolicy);
      const [first, second] = white === m.a ? [resolved.a, resolved.b] : [resolved.b!, resolved.a];
      const black = white === m.a ? m.b : m.a;
      return [
        m.roundNumber,
        numbers.get(white),
        black === null ? 0 : numbers.get(black),
        resolved.kind === 'FORFEIT_LOSS' && white !== m.a ? 'FORFEIT_WIN' : resolved.kind,
        first.outcome,
        second?.outcome ?? null,
      ].join(' ');
    })
    .sort();
}

/** Each player's fields by start number, without the id the reader makes up. */
function playersOf(scenario: unknown) {
  const { policy, participants } = parseScenario(scenario);
  const numbers = trfStartNumbers(participants, policy);
  return participants
    .map(({ participantId, seedPosition: _seed, ...fields }) => ({ number: numbers.get(participantId), ...fields }))
    .sort((x, y) => x.number! - y.number!);
}

function roundTrip(scenario: object) {
  const first = scenarioToTrf(scenario);
  const back = readTrf(first);
  return { first, back, second: scenarioToTrf(back) };
}

describe('a scenario through a TRF and back', () => {
  it('keeps the hand-checked event whole', () => {
    const { first, back, second } = roundTrip(HAND_EVENT);
    expect(second).toBe(first);
    expect(gamesOf(back)).toEqual(gamesOf(HAND_EVENT));
    expect(gamesOf(back)).toContain('3 4 5 DOUBLE_FORFEIT LOSS LOSS');
    expect(gamesOf(back)).toContain('2 4 3 FORFEIT_LOSS LOSS WIN');
    expect(playersOf(back)).toEqual(playersOf(HAND_EVENT));
  });

  it('gives the same file twice, and the same games and players, for random events', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e9 }), (seed) => {
        const scenario = randomScenario(seed);
        const { first, back, second } = roundTrip(scenario);
        expect(second).toBe(first);
        expect(gamesOf(back)).toEqual(gamesOf(scenario));
        expect(playersOf(back)).toEqual(playersOf(scenario));
        expect(back.options).toEqual(scenario.options);
      }),
      { numRuns: 150 },
    );
  });
});
