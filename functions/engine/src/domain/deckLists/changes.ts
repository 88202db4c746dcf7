/** What a staff change to a locked deck list changed, card by card (docs/judging.md#deck-lists). */
import { type DeckSectionName, readDeckSection } from './deckList.js';

export interface DeckCardChange {
  section: DeckSectionName;
  card: string;
  /** Copies before and after: 0 for a card added or removed. */
  from: number;
  to: number;
}

function counts(text: string, section: DeckSectionName): Map<string, { name: string; count: number }> {
  return new Map(readDeckSection(text, section).cards.map((card) => [card.name.toLowerCase(), card]));
}

/** Every card whose count differs between two lists, main deck first, in the order the cards appear. */
export function deckListChanges(
  before: { main: string; sideboard: string } | null,
  after: { main: string; sideboard: string },
): DeckCardChange[] {
  return (['MAIN', 'SIDEBOARD'] as const).flatMap((section) => {
    const field = section === 'MAIN' ? 'main' : 'sideboard';
    const old = counts(before?.[field] ?? '', section);
    const now = counts(after[field], section);
    const names = [...new Set([...old.keys(), ...now.keys()])];
    return names.flatMap((key) => {
      const from = old.get(key)?.count ?? 0;
      const to = now.get(key)?.count ?? 0;
      const card = now.get(key)?.name ?? old.get(key)!.name;
      return from === to ? [] : [{ section, card, from, to }];
    });
  });
}

/** "+2 Duress (sideboard)", "-1 Shock", "Lightning Bolt 4 → 3": how the desk's log reads a change. */
export function describeDeckChange(change: DeckCardChange): string {
  const where = change.section === 'SIDEBOARD' ? ' (sideboard)' : '';
  if (change.from === 0) return `+${change.to} ${change.card}${where}`;
  if (change.to === 0) return `-${change.from} ${change.card}${where}`;
  return `${change.card}${where} ${change.from} → ${change.to}`;
}
