/**
 * Emulator Suite tier, the organizer's safety net, in Chromium through the dashboard (the club, the championship,
 * the tournament, its players and round 1 come from the callables; everything after is done on the screens):
 *
 * - closing with a game unscored asks first and names the table and its players; cancelling changes nothing;
 *   closed anyway, the tournament offers no Generate or Undo; reopened (after a question naming it), the round
 *   shows its score boxes again, takes the missing score, and the standings follow.
 *
 * Runs only inside `firebase emulators:exec` with the Hosting emulator (npm test, or
 * `npx tsx scripts/emulators/test.ts web/test/browser/safety.test.ts`), with Chromium at /usr/bin/chromium.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MatchUpDoc } from '../../../functions/src/model/matchUp.js';
import type { TournamentDoc } from '../../../functions/src/model/tournament.js';
import {
  type Emulators,
  type SeededTournament,
  adminFirestore,
  call,
  closeAdmin,
  discoverEmulators,
  playerOf,
  readRow,
  seedTournament,
  waitFor,
  whyNoEmulators,
} from '../../../functions/test/emulators/stack.js';
import { DESKTOP, type Driver, WAIT_MS, expectOk, freshStatus, hostingOrigin, shot, startDriver } from './driver.js';

const skipReason = whyNoEmulators();
if (skipReason) console.warn(`[safety.test.ts] skipped: ${skipReason}`);

describe.skipIf(Boolean(skipReason))("the organizer's safety net", () => {
  let emulators: Emulators;
  let site: string;
  let driver: Driver;
  let desk: Page;
  let seeded: SeededTournament;

  beforeAll(async () => {
    emulators = await discoverEmulators();
    site = await hostingOrigin();
    seeded = await seedTournament(emulators, { label: 'safety', players: 4 });
    driver = await startDriver();
    desk = await signedIn(DESKTOP, 'organizer');
  }, 120_000);

  afterAll(async () => {
    await driver?.close();
    await closeAdmin();
  });

  async function signedIn(viewport: { width: number; height: number }, label: string): Promise<Page> {
    const page = await driver.openPage(viewport, label);
    const next = `/t/${seeded.tournamentId}/organize`;
    await page.goto(`${site}/#/signin?next=${encodeURIComponent(next)}`);
    await page.getByLabel('Email').fill(seeded.organizer.email);
    await page.getByLabel('Password').fill(seeded.organizer.password);
    await page.getByLabel('Password').press('Enter');
    await page.getByRole('heading', { name: 'Finish' }).waitFor();
    return page;
  }

  const tournamentDoc = async () =>
    (await adminFirestore().doc(`tournaments/${seeded.tournamentId}`).get()).data() as TournamentDoc;
  const table = (page: Page, matchUp: MatchUpDoc) =>
    page.locator(`section[data-round="${matchUp.roundNumber}"] li.matchup[data-matchup="${matchUp.matchUpId}"]`);

  it('closing with a game unscored asks first, naming it; a reopened tournament takes the missing score', async () => {
    const [first, second] = seeded.round1;
    await call(
      emulators,
      'recordScore',
      {
        tournamentId: seeded.tournamentId,
        matchUpId: first!.matchUpId,
        result: { kind: 'PLAYED', score: { a: 5, b: 2 } },
      },
      seeded.organizer,
    );
    const finish = desk.locator('section[aria-labelledby="close-title"]');
    const a = playerOf(seeded, second!, 'a');
    const b = playerOf(seeded, second!, 'b');

    await finish.getByRole('button', { name: 'Close the tournament' }).click();
    const question = finish.getByRole('alertdialog');
    await expect
      .poll(() => question.textContent(), { timeout: WAIT_MS })
      .toContain(`Round 1, table ${second!.order + 1}: ${a.name} v ${b.name}`);
    await shot(desk, 'safety-close-asks-desktop');
    await question.getByRole('button', { name: 'Cancel' }).click();
    expect((await tournamentDoc()).status).toBe('RUNNING');

    await finish.getByRole('button', { name: 'Close the tournament' }).click();
    await freshStatus(finish);
    await finish.getByRole('button', { name: 'Close anyway, leaving them unscored' }).click();
    await expectOk(finish);
    expect((await tournamentDoc()).status).toBe('CLOSED');

    // Closed: nothing to pair or undo, and the way back is named.
    await desk.goto(`${site}/#/t/${seeded.tournamentId}/rounds/1`);
    await desk.locator('[data-closed-note]').waitFor();
    expect(await desk.getByRole('button', { name: /^Generate round/ }).count()).toBe(0);
    expect(await desk.getByRole('button', { name: /^Undo round/ }).count()).toBe(0);
    expect(await table(desk, second!).getByRole('spinbutton').count()).toBe(0);
    await shot(desk, 'safety-closed-rounds-desktop');

    await desk.goto(`${site}/#/t/${seeded.tournamentId}/organize`);
    await finish.getByRole('button', { name: 'Reopen the tournament' }).click();
    await expect.poll(() => finish.getByRole('alertdialog').textContent()).toContain('Round 1 takes results again');
    await freshStatus(finish);
    await finish.getByRole('button', { name: 'Reopen it' }).click();
    await expectOk(finish);
    expect((await tournamentDoc()).status).toBe('RUNNING');

    // The reopened round shows its score boxes and takes the missing score; the standings follow.
    await desk.goto(`${site}/#/t/${seeded.tournamentId}/rounds/1`);
    const row = table(desk, second!);
    await row.getByRole('spinbutton', { name: `Game points of ${a.name}`, exact: true }).fill('2');
    await row.getByRole('spinbutton', { name: `Game points of ${b.name}`, exact: true }).fill('5');
    await row.getByRole('button', { name: /^Save the result/ }).click();
    await expectOk(row);
    await waitFor(
      'the standings row of the winner',
      () => readRow(seeded.tournamentId, b.participantId),
      (r) => r?.wins === 1,
    );
    expect(await readRow(seeded.tournamentId, a.participantId)).toMatchObject({ wins: 0, losses: 1 });
    await shot(desk, 'safety-reopened-scored-desktop');
  });
});
