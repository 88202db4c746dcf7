/**
 * DUTCH (docs/dutch.md): every round of tournaments bbpPairings v6.0.0 generated (cases/, docs/dutch.md#recorded-cases)
 * is paired again from the history before it and must give bbpPairings' boards, colours and bye; and the
 * refusals.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  pairingBoards,
  parseTrf,
  readTrf,
  trfPairingRequest,
  trfRoundCount,
} from '../../../src/domain/exchange/index.js';
import { Tournament } from '../../../src/tournament.js';
import { generateRound, PairingError } from '../../../src/domain/pairing/index.js';

const folder = new URL('./cases/', import.meta.url);
const files = readdirSync(folder)
  .filter((f) => f.endsWith('.trf'))
  .sort();

/**
 * Round k's boards as bbpPairings wrote them in the file, read from TRF-16's fixed columns (a player's start number
 * in 5-8, round k's opponent, colour and result at 92, 97 and 99 plus ten a round) without the engine's reader:
 * sorted "white-black" and "bye id" for the pairing-allocated bye (U).
 */
function boardsInText(text: string, round: number): string[] {
  const at = 91 + 10 * (round - 1);
  const boards: string[] = [];
  for (const line of text.split(/\r\n?|\n/)) {
    if (!line.startsWith('001 ')) continue;
    const player = Number(line.slice(4, 8));
    const opponent = Number(line.slice(at, at + 4));
    if (line[at + 7] === 'U') boards.push(`bye p${player}`);
    else if (opponent !== 0 && line[at + 5] === 'w') boards.push(`p${player}-p${opponent}`);
  }
  return boards.sort();
}

describe('DUTCH gives bbpPairings pairings', () => {
  it('has recorded cases', () => expect(files.length).toBeGreaterThanOrEqual(5));
  for (const file of files) {
    const text = readFileSync(new URL(file, folder), 'utf8');
    const doc = parseTrf(text);
    for (let round = 1; round <= trfRoundCount(doc); round++) {
      it(`${file} round ${round}`, () => {
        const recorded = boardsInText(text, round);
        expect(recorded.length).toBeGreaterThan(0);
        expect(pairingBoards(generateRound(trfPairingRequest(doc, round)))).toEqual(recorded);
      });
    }
  }
});

describe('DUTCH with Baku acceleration gives bbpPairings pairings', () => {
  // cases/baku/: a generated history, and bbpPairings' FIDE_DUTCH_2025_BAKU pairing of each round from the rounds
  // before it (cases/README.md).
  const baku = new URL('./baku/', folder);
  const cases = readdirSync(baku)
    .filter((f) => f.endsWith('.boards'))
    .sort();
  it('has recorded accelerated cases', () => expect(cases.length).toBeGreaterThanOrEqual(2));
  for (const file of cases) {
    const text = readFileSync(new URL(file.replace(/\.boards$/, '.trf'), baku), 'utf8');
    const doc = parseTrf(text);
    const lines = readFileSync(new URL(file, baku), 'utf8').trim().split('\n');
    let changed = 0;
    for (const line of lines) {
      const [round, boards] = line.split(': ') as [string, string];
      const want = boards.split(', ').sort();
      if (want.join() !== boardsInText(text, Number(round)).join()) changed++;
      it(`${file} round ${round}`, () => {
        const request = trfPairingRequest(doc, Number(round));
        const accelerated = { ...request, options: { ...request.options, acceleration: 'BAKU' as const } };
        expect(pairingBoards(generateRound(accelerated))).toEqual(want);
      });
    }
    it(`${file}: acceleration changes some rounds`, () => expect(changed).toBeGreaterThan(0));
  }
});

describe('DUTCH refusals', () => {
  const text = readFileSync(new URL('byes9.trf', folder), 'utf8');
  const doc = parseTrf(text);
  it('needs the planned number of rounds', () => {
    const { totalRounds: _, ...request } = trfPairingRequest(doc, 2);
    expect(() => generateRound(request)).toThrow(/totalRounds/);
  });
  it('needs the initial colour in round 1, and reads it from round 1 later', () => {
    const first = trfPairingRequest(doc, 1);
    expect(() => generateRound({ ...first, options: {} })).toThrow(PairingError);
    const later = trfPairingRequest(doc, 3);
    expect(pairingBoards(generateRound({ ...later, options: {} }))).toEqual(boardsInText(text, 3));
  });
  it('refuses Baku acceleration with a point system it does not fit (a draw not half a win)', () => {
    const request = trfPairingRequest(doc, 2);
    const baku = { ...request, options: { ...request.options, acceleration: 'BAKU' as const } };
    expect(() => generateRound({ ...baku, points: { win: 3, draw: 1, loss: 0 } })).toThrow(/acceleration/);
  });
  it('refuses a round when no pairing keeps the absolute rules', () => {
    const players = ['a', 'b'].map((id, k) => ({
      id,
      rating: 2000 - k,
      seed: k + 1,
      games: [
        {
          round: 1,
          opponent: k ? 'a' : 'b',
          outcome: 'DRAW' as const,
          matchPoints: 0.5,
          colour: k ? ('BLACK' as const) : ('WHITE' as const),
        },
      ],
    }));
    expect(() => generateRound({ roundNumber: 2, totalRounds: 3, method: 'DUTCH', seed: 1, players })).toThrow(
      /absolute rule/,
    );
  });
});

describe('DUTCH through the scenario contract', () => {
  // The organizer's path: a scenario's rounds (the product's results and kinds) and its "pairing" object.
  const text = readFileSync(new URL('draws15.trf', folder), 'utf8');
  const doc = parseTrf(text);
  const scenario = readTrf(text);
  const initialColour = trfPairingRequest(doc, 1).options!.initialColour!;
  for (let round = 1; round <= trfRoundCount(doc); round++) {
    it(`draws15.trf round ${round}`, () => {
      const tournament = Tournament.fromScenario({
        ...scenario,
        rounds: scenario.rounds!.slice(0, round - 1),
        pairing: { method: 'DUTCH', initialColour, totalRounds: trfRoundCount(doc) },
      });
      expect(pairingBoards(tournament.pairRound())).toEqual(boardsInText(text, round));
    });
  }
});
