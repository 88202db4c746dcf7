/** Deck lists (docs/judging.md#deck-lists): reading a list's lines, a pasted list, the lock, a staff change's log. */
import { describe, expect, it } from 'vitest';
import {
  DECK_LIMITS,
  DeckListText,
  deckListChanges,
  deckListsLocked,
  describeDeckChange,
  normalDeckList,
  readDeckSection,
  splitPastedList,
} from '../../src/domain/deckLists/index.js';

describe('a deck section', () => {
  it('reads "count card name" lines, with an x or not, skipping blanks, comments and headers', () => {
    const text = 'Deck\n4 Lightning Bolt\n\n// burn\n3x Goblin Guide\n 2 x  Skewer   the Critics \n';
    expect(readDeckSection(text)).toEqual({
      cards: [
        { count: 4, name: 'Lightning Bolt' },
        { count: 3, name: 'Goblin Guide' },
        { count: 2, name: 'Skewer the Critics' },
      ],
      problems: [],
    });
  });

  it('adds up the same card on two lines, whatever the letter case, and drops a set code', () => {
    expect(readDeckSection('2 Lightning Bolt (M10) 146\n2 lightning bolt').cards).toEqual([
      { count: 4, name: 'Lightning Bolt' },
    ]);
    expect(readDeckSection('4 Xenagos, the Reveler').cards).toEqual([{ count: 4, name: 'Xenagos, the Reveler' }]);
  });

  it('names each bad line and says what a line should be', () => {
    const { problems } = readDeckSection(
      '4 Lightning Bolt\nLightning Bolt\n0 Shock\n120 Mountain\n4 ' + 'x'.repeat(151),
    );
    expect(problems).toEqual([
      'line 2: "Lightning Bolt" is not "count card name", as in "4 Lightning Bolt"',
      'line 3: a count is from 1 to 99, not 0',
      'line 4: a count is from 1 to 99, not 120',
      'line 5: a card name is at most 150 characters',
    ]);
  });

  it('refuses more different cards than a section holds, and more than 99 copies in all', () => {
    const many = Array.from({ length: DECK_LIMITS.sideboardLines + 1 }, (_, i) => `1 Card ${i}`).join('\n');
    expect(readDeckSection(many, 'SIDEBOARD').problems).toEqual(['the sideboard has 101 different cards: at most 100']);
    expect(readDeckSection(many, 'MAIN').problems).toEqual([]);
    expect(readDeckSection('60 Plains\n60 plains').problems).toEqual(['Plains: 120 copies in all, at most 99']);
  });
});

describe('a deck list sent by the phone or the desk', () => {
  it('needs a main deck, and says which section a bad line is in', () => {
    expect(DeckListText.safeParse({ main: '\n', sideboard: '' }).error?.issues[0]?.message).toBe(
      'the main deck has no cards',
    );
    const bad = DeckListText.safeParse({ main: '4 Bolt', sideboard: '2 Duress\nDuress' });
    expect(bad.error?.issues.map((i) => i.message)).toEqual([
      'sideboard, line 2: "Duress" is not "count card name", as in "4 Lightning Bolt"',
    ]);
    expect(DeckListText.safeParse({ main: '1 Card\n'.repeat(DECK_LIMITS.mainChars) }).success).toBe(false);
  });

  it('is stored in one normal form', () => {
    expect(normalDeckList({ main: ' 4x Bolt\n\n2 bolt\n1  Shock', sideboard: 'Sideboard\n2 Duress' })).toEqual({
      main: '6 Bolt\n1 Shock',
      sideboard: '2 Duress',
    });
  });
});

describe('a pasted list', () => {
  it('splits at a Sideboard line, and takes SB: lines to the sideboard', () => {
    expect(splitPastedList('Deck\n4 Bolt\n20 Mountain\n\nSideboard\n2 Duress\n')).toEqual({
      main: '4 Bolt\n20 Mountain',
      sideboard: '2 Duress',
    });
    expect(splitPastedList('4 Bolt\nSB: 2 Duress\n20 Mountain')).toEqual({
      main: '4 Bolt\n20 Mountain',
      sideboard: '2 Duress',
    });
  });

  it('takes the second of two blocks as the sideboard, and one block as the main deck', () => {
    expect(splitPastedList('4 Bolt\n20 Mountain\n\n2 Duress\n1 Shock')).toEqual({
      main: '4 Bolt\n20 Mountain',
      sideboard: '2 Duress\n1 Shock',
    });
    expect(splitPastedList('4 Bolt\n20 Mountain\n')).toEqual({ main: '4 Bolt\n20 Mountain', sideboard: '' });
  });

  it("reads MTG Arena's export whole: its About block dropped, the companion and the sideboard apart", () => {
    const arena = [
      'About',
      'Name Mono Red',
      '',
      'Companion',
      '1 Lurrus of the Dream-Den (IKO) 226',
      '',
      'Deck',
      '4 Lightning Bolt (STA) 42',
      '20 Mountain (M21) 272',
      '',
      'Sideboard',
      '2 Duress (M21) 96',
    ].join('\r\n');
    expect(splitPastedList(arena)).toEqual({
      main: '4 Lightning Bolt (STA) 42\n20 Mountain (M21) 272',
      sideboard: '1 Lurrus of the Dream-Den (IKO) 226\n2 Duress (M21) 96',
    });
  });
});

describe('the deadline', () => {
  const at = Date.UTC(2025, 5, 1, 9, 30);
  it('locks the lists once round 1 is paired', () => {
    expect(deckListsLocked({}, { currentRound: 0 }, at)).toBe(false);
    expect(deckListsLocked({}, { currentRound: 1 }, at)).toBe(true);
  });

  it("locks them at the organizer's time when that comes first", () => {
    expect(deckListsLocked({ deadlineAt: at }, { currentRound: 0 }, at - 1)).toBe(false);
    expect(deckListsLocked({ deadlineAt: at }, { currentRound: 0 }, at)).toBe(true);
    expect(deckListsLocked({ deadlineAt: at + 60_000 }, { currentRound: 1 }, at)).toBe(true);
  });
});

describe("a staff change's log", () => {
  it('lists each card whose count changed, and reads as the desk shows it', () => {
    const before = { main: '4 Bolt\n2 Shock', sideboard: '2 Duress' };
    const after = { main: '3 Bolt\n1 Skewer', sideboard: '2 Duress\n1 Pyroblast' };
    const changes = deckListChanges(before, after);
    expect(changes.map(describeDeckChange)).toEqual([
      'Bolt 4 → 3',
      '-2 Shock',
      '+1 Skewer',
      '+1 Pyroblast (sideboard)',
    ]);
    expect(deckListChanges(null, { main: '1 Bolt', sideboard: '' })).toEqual([
      { section: 'MAIN', card: 'Bolt', from: 0, to: 1 },
    ]);
    expect(deckListChanges(before, before)).toEqual([]);
  });
});
