/**
 * Deck lists (docs/judging.md#deck-lists): a list is plain text, one "count card name" line a card, a main deck and
 * an optional sideboard, as a player types it on the phone or pastes it from a deck builder. Read here into cards,
 * with one clear message for each line that is not a card; stored in the normal form `formatDeckSection` writes.
 */
import { z } from 'zod';

/** The most a list holds: generous for any constructed format, small enough for a phone and a printed page. */
export const DECK_LIMITS = {
  /** Lines (cards after merging repeats) in the main deck and in the sideboard. */
  mainLines: 250,
  sideboardLines: 100,
  /** Characters of the text as stored: the rules check the same caps (firestore.rules, "Deck lists"). */
  mainChars: 12_000,
  sideboardChars: 5_000,
  cardName: 150,
  count: 99,
} as const;

export type DeckSectionName = 'MAIN' | 'SIDEBOARD';

export interface DeckCard {
  count: number;
  name: string;
}

export interface ReadSection {
  cards: DeckCard[];
  /** One message a line that is not a card, naming the line ("line 3: ..."). */
  problems: string[];
}

/** A line that names a section of a pasted list, not a card. */
const MAIN_HEADER = /^(deck|main|main ?deck|mainboard)\s*:?$/i;
/** A companion starts the game outside the deck, so a digital client's "Companion" section is sideboard. */
const SIDEBOARD_HEADER = /^(sideboard|side board|sb|companion)\s*:?$/i;
/** MTG Arena's export opens with an "About" block naming the deck ("Name Mono Red"): not cards. */
const ABOUT_HEADER = /^about\s*:?$/i;
/** The older deck builders' sideboard line: "SB: 2 Duress". */
const SIDEBOARD_PREFIX = /^sb:\s*/i;
/** "4 Lightning Bolt", "4x Lightning Bolt", "4 x Lightning Bolt". */
const CARD_LINE = /^(\d+)(?:\s*[xX])?\s+(\S.*)$/;
/** A digital client's set code and collector number after the name: "Lightning Bolt (M10) 146". */
const SET_SUFFIX = /\s+\([A-Za-z0-9]{2,6}\)(\s+[A-Za-z0-9-]+)?$/;
const COMMENT = /^(\/\/|#)/;

const lines = (text: string) => text.split(/\r?\n/).map((line) => line.trim());

/** A card's name as the list keeps it: spaces collapsed, the set code dropped. */
function cardName(raw: string): string {
  return raw.replace(SET_SUFFIX, '').replace(/\s+/g, ' ').trim();
}

/**
 * One section's cards. Blank lines, comments and section headers are skipped; the same card on two lines (any
 * letter case) is one card with the counts added.
 */
export function readDeckSection(text: string, section: DeckSectionName = 'MAIN'): ReadSection {
  const problems: string[] = [];
  const byName = new Map<string, DeckCard>();
  lines(text).forEach((line, index) => {
    if (!line || COMMENT.test(line) || MAIN_HEADER.test(line) || SIDEBOARD_HEADER.test(line)) return;
    const where = `line ${index + 1}`;
    const match = CARD_LINE.exec(line.replace(SIDEBOARD_PREFIX, ''));
    if (!match) {
      problems.push(`${where}: "${clip(line)}" is not "count card name", as in "4 Lightning Bolt"`);
      return;
    }
    const count = Number(match[1]);
    const name = cardName(match[2]!);
    if (count < 1 || count > DECK_LIMITS.count) {
      problems.push(`${where}: a count is from 1 to ${DECK_LIMITS.count}, not ${match[1]}`);
      return;
    }
    if (name.length > DECK_LIMITS.cardName) {
      problems.push(`${where}: a card name is at most ${DECK_LIMITS.cardName} characters`);
      return;
    }
    const key = name.toLowerCase();
    const known = byName.get(key);
    if (known) known.count += count;
    else byName.set(key, { count, name });
  });
  const cards = [...byName.values()];
  const most = section === 'MAIN' ? DECK_LIMITS.mainLines : DECK_LIMITS.sideboardLines;
  if (cards.length > most)
    problems.push(`the ${sectionWords(section)} has ${cards.length} different cards: at most ${most}`);
  const tooMany = cards.find((card) => card.count > DECK_LIMITS.count);
  if (tooMany) problems.push(`${tooMany.name}: ${tooMany.count} copies in all, at most ${DECK_LIMITS.count}`);
  return { cards, problems };
}

const clip = (line: string) => (line.length > 40 ? `${line.slice(0, 40)}…` : line);

export const sectionWords = (section: DeckSectionName) => (section === 'MAIN' ? 'main deck' : 'sideboard');

/** The normal form a list is stored and printed in: one "count name" line a card, in the order given. */
export function formatDeckSection(cards: readonly DeckCard[]): string {
  return cards.map((card) => `${card.count} ${card.name}`).join('\n');
}

export const cardCount = (cards: readonly DeckCard[]) => cards.reduce((sum, card) => sum + card.count, 0);

/**
 * A whole list pasted into one box, split into its main deck and sideboard as deck builders export them: after a
 * "Sideboard" (or "Companion") line, on "SB:" lines, or (with neither) the second of two blocks parted by a blank
 * line. An "About" block before the first section (MTG Arena's) is dropped.
 */
export function splitPastedList(text: string): { main: string; sideboard: string } {
  const all = withoutAbout(lines(text));
  const marked = all.some((line) => SIDEBOARD_HEADER.test(line) || SIDEBOARD_PREFIX.test(line));
  if (marked) {
    const main: string[] = [];
    const sideboard: string[] = [];
    let inSideboard = false;
    for (const line of all) {
      if (SIDEBOARD_HEADER.test(line)) inSideboard = true;
      else if (MAIN_HEADER.test(line)) inSideboard = false;
      else if (SIDEBOARD_PREFIX.test(line)) sideboard.push(line.replace(SIDEBOARD_PREFIX, ''));
      else if (line) (inSideboard ? sideboard : main).push(line);
    }
    return { main: main.join('\n'), sideboard: sideboard.join('\n') };
  }
  const blocks = text
    .trim()
    .split(/\r?\n\s*\r?\n/)
    .map((block) => lines(block).filter(Boolean).join('\n'))
    .filter(Boolean);
  if (blocks.length === 2) return { main: blocks[0]!, sideboard: blocks[1]! };
  return { main: all.filter(Boolean).join('\n'), sideboard: '' };
}

/** The lines from the first section header on, when the list opens with an "About" block. */
function withoutAbout(all: readonly string[]): string[] {
  const about = all.findIndex((line) => line !== '');
  if (about === -1 || !ABOUT_HEADER.test(all[about]!)) return [...all];
  const section = all.findIndex((line) => MAIN_HEADER.test(line) || SIDEBOARD_HEADER.test(line));
  return section === -1 ? all.slice(about + 1) : all.slice(section);
}

/** A section's text, checked line by line: the messages are the reader's. */
function sectionText(section: DeckSectionName) {
  const chars = section === 'MAIN' ? DECK_LIMITS.mainChars : DECK_LIMITS.sideboardChars;
  return z
    .string()
    .max(chars, `the ${sectionWords(section)} is at most ${chars} characters`)
    .superRefine((text, ctx) => {
      for (const message of readDeckSection(text, section).problems)
        ctx.addIssue({ code: 'custom', message: `${sectionWords(section)}, ${message}` });
    });
}

/** A deck list as the phone and the desk send it: the main deck (at least one card) and the sideboard. */
export const DeckListText = z
  .object({
    // An empty main deck is refused; one whose every line is bad is already named line by line.
    main: sectionText('MAIN').refine((text) => {
      const read = readDeckSection(text);
      return read.cards.length > 0 || read.problems.length > 0;
    }, 'the main deck has no cards'),
    sideboard: sectionText('SIDEBOARD').default(''),
  })
  .strict();
export type DeckListText = z.infer<typeof DeckListText>;

/** A checked list in its normal form: what is stored. */
export function normalDeckList(list: DeckListText): DeckListText {
  return {
    main: formatDeckSection(readDeckSection(list.main, 'MAIN').cards),
    sideboard: formatDeckSection(readDeckSection(list.sideboard, 'SIDEBOARD').cards),
  };
}
