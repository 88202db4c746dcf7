/**
 * Emulator Suite tier, pairing edits in Chromium through the Hosting-served dashboard (docs/pairing.md#pairing-edits):
 * the organizer swaps two players of round 2 in a way that makes a rematch, reads the engine's warning and cancels
 * (nothing changes), then swaps again and applies it anyway: the new pairing, its cost terms and the round's record
 * of the edit show on the Rounds tab.
 */
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { type MatchUpDoc, paths } from '@competition/engine/schemas';
import { type SeededTournament, adminFirestore, call, seedTournament } from '../../../testing/stack.js';
import { DESKTOP, freshStatus, outcome } from './driver.js';
import { browserSuite, roundMatchUps } from './harness.js';

const key = (m: Pick<MatchUpDoc, 'a' | 'b'>) => [m.a, m.b].sort().join('-');

browserSuite(import.meta.url, 'pairing edits in Chromium', (web) => {
  let seeded: SeededTournament;
  let tournamentId: string;
  let page: Page;
  /** Round 2's x v y, and x's round-1 opponent z: swapping y and z makes x meet z again. */
  let x = '';
  let y = '';
  let z = '';
  let before: MatchUpDoc[] = [];
  const name = (id: string) => seeded.participants.find((p) => p.participantId === id)!.name;

  beforeAll(async () => {
    seeded = await seedTournament(web.emulators, { label: 'edits', players: 6 });
    tournamentId = seeded.tournamentId;
    for (const m of seeded.round1)
      await call(
        web.emulators,
        'recordScore',
        { tournamentId, matchUpId: m.matchUpId, result: { kind: 'PLAYED', score: { a: 3, b: 1 } } },
        seeded.organizer,
      );
    await call(
      web.emulators,
      'generateNextRound',
      { tournamentId, requestId: `edits-r2-${tournamentId}` },
      seeded.organizer,
    );
    before = await roundMatchUps(tournamentId, 2);
    const table = before[0]!;
    x = table.a;
    y = table.b!;
    const first = seeded.round1.find((m) => m.a === x || m.b === x)!;
    z = first.a === x ? first.b! : first.a;
  });

  const choose = async () => {
    await page.getByLabel('Change', { exact: true }).selectOption('SWAP');
    await page.getByLabel('First player').selectOption({ label: name(y) });
    await page.getByLabel('Second player').selectOption({ label: name(z) });
    await page.getByRole('button', { name: 'Check and apply' }).click();
  };

  it('a swap that makes a rematch is named, and cancelling it changes nothing', { timeout: 90_000 }, async () => {
    page = await web.signedIn(DESKTOP, 'organizer', seeded.organizer, `/t/${tournamentId}/rounds`);
    await page.locator('section[data-round="2"]').waitFor();
    await page.getByRole('heading', { name: 'Change the pairings' }).waitFor();
    await web.driver.checkLabels(page, 'rounds with pairing edits');
    await choose();
    const warnings = page.getByRole('list', { name: 'What this change breaks' });
    await warnings.waitFor();
    expect(await warnings.locator('li').allTextContents()).toEqual([
      `${name(x)} and ${name(z)} have already played each other`,
    ]);
    expect(await warnings.locator('li').first().getAttribute('data-warning')).toBe('REMATCH');
    await web.shot(page, 'edits-1-rematch-warning');
    await freshStatus(page.locator('.pairing-editor'));
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(await outcome(page.locator('.pairing-editor'))).toEqual({
      state: 'ok',
      text: 'cancelled: the pairings are unchanged',
    });
    expect(await warnings.count()).toBe(0);
    expect(await roundMatchUps(tournamentId, 2)).toEqual(before);
    expect(await page.locator('.round-edits').count()).toBe(0);
    await web.shot(page, 'edits-2-cancelled');
  });

  it(
    'applied anyway, the round shows the new tables, the rematch in its reasons and the edit it records',
    {
      timeout: 90_000,
    },
    async () => {
      await freshStatus(page.locator('.pairing-editor'));
      await choose();
      await page.getByRole('list', { name: 'What this change breaks' }).waitFor();
      await page.getByRole('button', { name: 'Apply anyway' }).click();
      expect(await outcome(page.locator('.pairing-editor'))).toEqual({
        state: 'ok',
        text: `changed: swap ${name(y)} and ${name(z)}`,
      });
      const after = await roundMatchUps(tournamentId, 2);
      const rematch = after.find((m) => key(m) === [x, z].sort().join('-'))!;
      expect(rematch.cost.rematches).toBe(1);
      // The screen follows the stored round: the rematch table, its reason, and the record of the edit.
      const row = page.locator(`li.matchup[data-matchup="${rematch.matchUpId}"]`);
      // Both sides at once: the player who stays on side a is there before the swap reaches the screen.
      await expect
        .poll(async () => [await row.getAttribute('data-a'), await row.getAttribute('data-b')])
        .toEqual([rematch.a, rematch.b]);
      await expect.poll(() => row.locator('.why').textContent()).toMatch(/rematch: met 1 time before/);
      const record = page.locator('.round-edits li');
      await expect.poll(() => record.count()).toBe(1);
      expect(await record.first().textContent()).toMatch(
        new RegExp(
          `^swap ${name(y)} and ${name(z)} · by the owner at \\d\\d?:\\d\\d(\\s?[AP]M)? \\(accepted: ${name(x)} and ${name(z)} have already played each other\\)$`,
        ),
      );
      await web.shot(page, 'edits-3-applied');
    },
  );

  it(
    'on the Participants tab, two names picked are kept apart and stored for the next round',
    { timeout: 60_000 },
    async () => {
      await page.goto(`${web.site}/#/t/${tournamentId}/participants`);
      const section = page.locator('section[aria-labelledby="forbidden-title"]');
      await section.waitFor();
      await web.driver.checkLabels(page, 'participants with forbidden pairs');
      await section.getByLabel('Player', { exact: true }).selectOption({ label: name('p1') });
      await section.getByLabel('and player').selectOption({ label: name('p2') });
      await section.getByRole('button', { name: 'Keep apart' }).click();
      expect(await outcome(section)).toEqual({
        state: 'ok',
        text: `${name('p1')} and ${name('p2')} will not be paired`,
      });
      const list = section.getByRole('list', { name: 'Pairs who must not meet' });
      await expect.poll(() => list.locator('li span').allTextContents()).toEqual([`${name('p1')} and ${name('p2')}`]);
      const stored = await adminFirestore().doc(paths.tournament(tournamentId)).get();
      expect(stored.get('forbiddenPairs')).toEqual([{ a: 'p1', b: 'p2' }]);
      await web.shot(page, 'edits-4-forbidden-pair');
    },
  );

  it('no page logged an error, and every control had a label', () => {
    expect(web.driver.consoleErrors).toEqual([]);
    expect(web.driver.unlabelled).toEqual([]);
  });
});
