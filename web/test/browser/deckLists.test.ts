/**
 * Emulator Suite tier, in Chromium: deck lists at a card-game Swiss (docs/judging.md#deck-lists). The organizer turns
 * them on; a player pastes a whole list on the phone (a bad line is named first) and sends it; round 1 is paired and
 * the phone shows the list locked, with nothing left to edit; a scorekeeper corrects it on the player's page and the
 * organizer's desk shows the change in its log, by name and role; the scorekeeper records a deck check; the list
 * stays hidden from the other player until the organizer publishes the lists after the event, and then prints.
 */
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import type { DeckListChangeDoc } from '@competition/engine/schemas';
import { type Account, type SeededTournament, call, nameAccount, signUp } from '../../../testing/stack.js';
import { DESKTOP, PHONE, WAIT_MS, expectOk } from './driver.js';
import { browserSuite, seedTwice, storedIn } from './harness.js';

/** A list as a deck builder exports it: the main deck, a blank line, then the sideboard. */
/** A deck builder's text export: the sideboard is the block after the blank line. */
const PASTED = ['4 Lightning Bolt', '4 Goblin Guide', '20 Mountain', '', '2 Smash to Smithereens'].join('\n');
/** MTG Arena's export, with its About block and set codes. */
const ARENA_EXPORT = [
  'About',
  'Name Mono Red',
  '',
  'Deck',
  '4 Lightning Bolt (STA) 42',
  '4 Goblin Guide (M21) 143',
  '20 Mountain',
  '',
  'Sideboard',
  '2 Smash to Smithereens',
].join('\n');

browserSuite(import.meta.url, 'a deck list sent from a phone, locked at round 1, corrected and published', (web) => {
  let seeded: SeededTournament;
  let keeper: Account;
  let desk: Page;
  let phone: Page;

  beforeAll(async () => {
    seeded = await seedTwice(web.emulators, { label: 'deck-lists', players: 4, policy: 'TCG', pairFirstRound: false });
    keeper = await signUp(web.emulators, `keeper-deck-${Date.now()}@example.com`);
    await nameAccount(web.emulators, keeper, 'Judge Jo');
    await call(
      web.emulators,
      'setScorekeepers',
      { tournamentId: seeded.tournamentId, uids: [keeper.uid] },
      seeded.organizer,
    );
    desk = await web.signedIn(DESKTOP, 'organizer', seeded.organizer, `/t/${seeded.tournamentId}/organize`);
  }, 240_000);

  const player = () => seeded.participants[0]!;
  const other = () => seeded.participants[1]!;

  it('the organizer turns deck lists on, and a player sends a pasted list from the phone', async () => {
    const form = desk.locator('form:has(#deck-list-settings-status)');
    await form.getByRole('checkbox', { name: /send their deck lists/ }).check();
    await form.getByRole('button', { name: 'Save deck lists' }).click();
    await expectOk(form);

    phone = await web.signedIn(PHONE, 'player', player().account, `/t/${seeded.tournamentId}/play`);
    const card = phone.locator('.my-deck-list');
    const main = card.getByLabel('Main deck');
    await main.fill('Lightning Bolt');
    await card.getByRole('button', { name: 'Send my list' }).click();
    await expect
      .poll(() => card.locator('.deck-problems').textContent(), { timeout: WAIT_MS })
      .toBe('main deck, line 1: "Lightning Bolt" is not "count card name", as in "4 Lightning Bolt"');

    // A whole list put into the main deck's box at once fills both boxes: here as a phone keyboard's clipboard
    // inserts it, with no paste event; an MTG Arena export first, its About block dropped.
    const sideboard = card.getByLabel('Sideboard');
    await main.fill('');
    await main.focus();
    await phone.keyboard.insertText(ARENA_EXPORT);
    await expect.poll(() => main.inputValue()).toBe('4 Lightning Bolt (STA) 42\n4 Goblin Guide (M21) 143\n20 Mountain');
    expect(await sideboard.inputValue()).toBe('2 Smash to Smithereens');
    await main.fill('');
    await sideboard.fill('');
    await main.focus();
    await phone.keyboard.insertText(PASTED);
    await expect.poll(() => main.inputValue()).toBe('4 Lightning Bolt\n4 Goblin Guide\n20 Mountain');
    expect(await sideboard.inputValue()).toBe('2 Smash to Smithereens');
    await card.getByRole('button', { name: 'Send my list' }).click();
    await expectOk(card);
    await expect
      .poll(() => card.locator('.deck-list-state').textContent(), { timeout: WAIT_MS })
      .toBe('Your list is in: 28 cards · sideboard 2.');
    await web.shot(phone, 'deck-lists-1-phone-sent');
  });

  it('round 1 paired locks the list: the phone says so and has nothing to edit', async () => {
    await call(
      web.emulators,
      'generateNextRound',
      { tournamentId: seeded.tournamentId, requestId: 'deck-r1' },
      seeded.organizer,
    );
    const card = phone.locator('.my-deck-list');
    await expect
      .poll(() => card.locator('.deck-list-locked').textContent(), { timeout: WAIT_MS })
      .toBe('Deck lists are locked: round 1 is paired. Ask a judge to change yours.');
    expect(await card.locator('textarea').count()).toBe(0);
    expect(await card.getByRole('button').count()).toBe(0);
    expect(await card.locator('.deck-cards li').allTextContents()).toEqual([
      '4 Lightning Bolt',
      '4 Goblin Guide',
      '20 Mountain',
      '2 Smash to Smithereens',
    ]);
    await web.shot(phone, 'deck-lists-2-phone-locked');
  });

  it('a scorekeeper corrects the list; the desk shows the change with who and when', async () => {
    const judge = await web.signedIn(
      DESKTOP,
      'scorekeeper',
      keeper,
      `/t/${seeded.tournamentId}/p/${player().participantId}`,
    );
    const section = judge.locator('.deck-list-desk');
    await section.getByRole('button', { name: 'Correct the list' }).click();
    await section.getByLabel('Main deck').fill('3 Lightning Bolt\n1 Skewer the Critics\n4 Goblin Guide\n20 Mountain');
    await section.getByRole('button', { name: 'Save the list' }).click();
    await expectOk(section);
    expect(await section.locator('[role=status]').textContent()).toBe('list changed; the change is in the log');
    const logged = await storedIn<DeckListChangeDoc>(seeded.tournamentId, 'deckListChanges');
    expect(logged.map(({ participantId, by, byName, changes }) => ({ participantId, by, byName, changes }))).toEqual([
      {
        participantId: player().participantId,
        by: 'SCOREKEEPER',
        byName: 'Judge Jo',
        changes: [
          { section: 'MAIN', card: 'Lightning Bolt', from: 4, to: 3 },
          { section: 'MAIN', card: 'Skewer the Critics', from: 0, to: 1 },
        ],
      },
    ]);

    await desk.reload();
    const line = desk.locator(`.deck-lists-desk .deck-log li[data-deck-change="${player().participantId}"]`);
    await expect
      .poll(() => line.textContent(), { timeout: WAIT_MS })
      .toMatch(
        new RegExp(
          `^${player().name}: Lightning Bolt 4 → 3, \\+1 Skewer the Critics · by Judge Jo \\(scorekeeper\\) at \\d`,
        ),
      );
    await expect.poll(() => desk.locator('.deck-lists-desk').textContent()).toContain('1 of 4 lists in');
    await desk.locator('.deck-lists-desk').scrollIntoViewIfNeeded();
    await web.shot(desk, 'deck-lists-3-desk-log');

    // The scorekeeper checks table 1's decks from the "Score games" tab.
    await judge.goto(`${web.site}/#/t/${seeded.tournamentId}/play`);
    const checks = judge.locator('.deck-lists-desk');
    await checks.getByLabel('Table').selectOption({ index: 1 });
    await checks.getByLabel('Note').fill('both decks as listed');
    await checks.getByRole('button', { name: 'Record the deck check' }).click();
    await expect
      .poll(() => checks.locator('li[data-deck-check-table="1"]').textContent(), { timeout: WAIT_MS })
      .toMatch(/^Table 1: decks as listed · both decks as listed · \d/);
    await checks.scrollIntoViewIfNeeded();
    await web.shot(judge, 'deck-lists-4-scorekeeper-deck-check');

    // The player's phone shows the corrected list.
    await expect
      .poll(() => phone.locator('.my-deck-list .deck-list-state').textContent(), { timeout: WAIT_MS })
      .toBe('Your list is in: 28 cards · sideboard 2 (changed by a judge).');
  });

  it('the other player reads the list only once the organizer publishes the lists after the event', async () => {
    const page = await web.signedIn(
      PHONE,
      'other player',
      other().account,
      `/t/${seeded.tournamentId}/p/${player().participantId}`,
    );
    await page.locator('.participant-page').waitFor({ timeout: WAIT_MS });
    await page.getByRole('heading', { name: player().name }).waitFor({ timeout: WAIT_MS });
    expect(await page.locator('.deck-list-desk').count()).toBe(0);

    await call(
      web.emulators,
      'closeTournament',
      { tournamentId: seeded.tournamentId, leaveUnscored: true },
      seeded.organizer,
    );
    const form = desk.locator('form:has(#deck-list-settings-status)');
    await form.getByRole('checkbox', { name: /Publish all lists/ }).check();
    await form.getByRole('button', { name: 'Save deck lists' }).click();
    await expectOk(form);

    const list = page.locator('.deck-list-desk .deck-cards li');
    await expect
      .poll(() => list.allTextContents(), { timeout: WAIT_MS })
      .toEqual(['3 Lightning Bolt', '1 Skewer the Critics', '4 Goblin Guide', '20 Mountain', '2 Smash to Smithereens']);
    expect(await page.locator('.deck-list-desk button').count()).toBe(0);
    await web.shot(page, 'deck-lists-5-phone-published');

    // The printed sheet: a list a page, for anyone now that the lists are published.
    const sheet = await web.openPage(DESKTOP, 'print');
    await sheet.goto(`${web.site}/#/t/${seeded.tournamentId}/print/decklists`);
    const printed = sheet.locator(`.deck-list-sheet[data-participant="${player().participantId}"]`);
    await expect.poll(() => printed.locator('h2').textContent(), { timeout: WAIT_MS }).toBe(player().name);
    expect(await printed.locator('.deck-cards li').first().textContent()).toBe('3 Lightning Bolt');
    expect(await sheet.locator('.deck-list-sheet').count()).toBe(1);
    await web.shot(sheet, 'deck-lists-6-print');
  });
});
