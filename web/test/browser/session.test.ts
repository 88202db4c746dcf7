/**
 * Emulator Suite tier: a signed-in session survives a reload and a second tab, on a desktop and on a 375x812
 * phone. The saved session must be checked against the Auth emulator, never against production: a phone that
 * reloads at a venue must not lock its player out.
 *
 * Runs only inside `firebase emulators:exec` with the Hosting emulator (npm run test:emulators -- web/test/browser).
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { signUp } from '../../../testing/stack.js';
import { DESKTOP, PHONE, WAIT_MS } from './driver.js';
import { browserSuite } from './harness.js';

browserSuite(import.meta.url, 'a signed-in session in Chromium', (web) => {
  /** The app started and shows the signed-in account, not a start-up error. */
  const expectSignedIn = async (page: Page, email: string) => {
    await page.locator('.app[data-ready="true"]').waitFor();
    await expect.poll(() => page.locator('.who').textContent()).toContain(email);
    expect(await page.locator('body').textContent()).not.toMatch(/could not start/);
  };

  it(
    'on a phone, a player sets the name the top bar shows, and it stays after a reload',
    { timeout: 90_000 },
    async () => {
      const account = await signUp(web.emulators, `named-${Date.now()}@example.com`);
      const page = await web.signedIn(PHONE, 'named', account);
      await expectSignedIn(page, account.email);
      await page.getByLabel('Your name').fill('Ada Lovelace');
      await page.getByRole('button', { name: 'Save name' }).click();
      // Saving waits for the backend to copy the name onto the account's roles (a callable): give it a call's time.
      await expect
        .poll(() => page.locator('#display-name-status').getAttribute('data-state'), { timeout: WAIT_MS })
        .toBe('ok');
      await page.reload();
      await page.locator('.app[data-ready="true"]').waitFor();
      await expect.poll(() => page.locator('.who').textContent()).toBe('Ada Lovelace');
      expect(await page.getByLabel('Your name').inputValue()).toBe('Ada Lovelace');
      await web.driver.checkLabels(page, 'home with name');
      await web.shot(page, 'session-phone-display-name');
      expect(web.driver.unlabelled).toEqual([]);
    },
  );

  it(
    "Home's link box answers a link to somewhere else in words, and no address blanks the app",
    { timeout: 90_000 },
    async () => {
      const account = await signUp(web.emulators, `links-${Date.now()}@example.com`);
      const page = await web.signedIn(DESKTOP, 'links', account);
      await page.getByRole('heading', { name: 'My tournaments' }).waitFor();
      const box = page.getByLabel('Tournament link or id');
      await box.fill('http://example.com/not-a-tournament');
      await page.getByRole('button', { name: 'Open', exact: true }).click();
      const said = page.locator('.field:has(input[aria-invalid="true"]) .field-error');
      await expect.poll(() => said.textContent()).toMatch(/not a link to a tournament: .*\/#\/t\//);
      expect(page.url()).not.toContain('/t/');
      await web.shot(page, 'session-link-box-refused');
      // The same answer leaves with the next entry.
      await box.fill('AnotherTry');
      expect(await said.count()).toBe(0);

      // Addresses typed or pasted into the bar: each says something.
      for (const [hash, words] of [
        ['#/t/a%2Fb/play', /Nothing here: this address names no screen/],
        ['#/t/%E0%A4%A/standings', /Nothing here/],
        ['#/t/no-such-tournament/standings', /This tournament does not exist/],
      ] as const) {
        await page.goto(`${web.site}/${hash}`);
        await expect.poll(() => page.locator('#content').innerText(), { timeout: WAIT_MS }).toMatch(words);
      }
      await web.shot(page, 'session-link-missing-tournament');
      expect(web.driver.consoleErrors.filter((e) => e.startsWith('[links]'))).toEqual([]);
    },
  );

  for (const [viewport, label] of [
    [DESKTOP, 'desktop'],
    [PHONE, 'phone'],
  ] as const) {
    it(`on a ${label}, a reload and a second tab stay signed in`, { timeout: 90_000 }, async () => {
      const account = await signUp(web.emulators, `reload-${label}-${Date.now()}@example.com`);
      const page = await web.signedIn(viewport, label, account);
      await expectSignedIn(page, account.email);

      for (let reload = 1; reload <= 3; reload++) {
        await page.reload();
        await expectSignedIn(page, account.email);
      }
      // Home loads lazily after the session is known: the picture is of Home, not of its loading line.
      await page.getByRole('heading', { name: 'My tournaments' }).waitFor();
      await web.shot(page, `session-${label}-reloaded`);

      const secondTab = await page.context().newPage();
      const tabErrors: string[] = [];
      secondTab.on('pageerror', (error) => tabErrors.push(error.message));
      await secondTab.goto(web.site);
      await expectSignedIn(secondTab, account.email);
      expect(tabErrors).toEqual([]);
      await secondTab.getByRole('heading', { name: 'My tournaments' }).waitFor();
      await web.shot(secondTab, `session-${label}-second-tab`);
      expect(web.driver.consoleErrors).toEqual([]);
    });
  }
});
