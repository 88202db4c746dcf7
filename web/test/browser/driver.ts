/**
 * Driving the dashboard in Chromium for the browser suites: the Hosting emulator's address (it serves web/dist),
 * pages that record every console error, failed request and unlabelled control, the status lines the app shows
 * after each action, and screenshots into web/test/screenshots/.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, type Locator, type Page, chromium } from 'playwright-core';
import { expect } from 'vitest';
import { HUB_VARIABLE, origin } from '../../../testing/emulatorEnv.js';
import { WAIT_MS } from '../../../testing/wait.js';

export { WAIT_MS };

export const SCREENSHOTS = fileURLToPath(new URL('../screenshots/', import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 375, height: 812 };

/** The Hosting emulator's address, from the hub (it serves web/dist). */
export async function hostingOrigin(): Promise<string> {
  const hub = process.env[HUB_VARIABLE]!;
  const listed = (await (await fetch(`http://${hub}/emulators`)).json()) as Record<
    string,
    { host?: string; port?: number } | undefined
  >;
  const hosting = listed.hosting;
  if (!hosting?.port)
    throw new Error('the Hosting emulator is not running: web/dist was not built before the emulators started');
  const host = hosting.host === '0.0.0.0' || !hosting.host ? '127.0.0.1' : hosting.host;
  return origin({ host, port: hosting.port });
}

/** One Chromium for a test file, and what its pages reported. */
export interface Driver {
  openPage(viewport: { width: number; height: number }, label: string): Promise<Page>;
  /** Console errors and uncaught exceptions, as `[label] text`. */
  consoleErrors: string[];
  /** HTTP answers of 400 and above: Chromium logs each as a console error, so each must be a refusal asked for. */
  refusedRequests: string[];
  /** Form controls without an accessible name, as `screen: html`. */
  unlabelled: string[];
  checkLabels(page: Page, screen: string): Promise<void>;
  close(): Promise<void>;
}

export async function startDriver(): Promise<Driver> {
  if (!existsSync(CHROMIUM))
    throw new Error(`no Chromium at ${CHROMIUM}: apt-get install -y chromium, or set CHROMIUM_PATH`);
  mkdirSync(SCREENSHOTS, { recursive: true });
  const browser: Browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const contexts: BrowserContext[] = [];
  const driver: Driver = {
    consoleErrors: [],
    refusedRequests: [],
    unlabelled: [],
    async openPage(viewport, label) {
      const context = await browser.newContext({
        viewport,
        acceptDownloads: true,
        ...(viewport.width < 500 ? { isMobile: true, hasTouch: true } : {}),
      });
      contexts.push(context);
      const page = await context.newPage();
      page.setDefaultTimeout(WAIT_MS);
      page.on('console', (message) => {
        if (message.type() === 'error') driver.consoleErrors.push(`[${label}] ${message.text()}`);
      });
      page.on('pageerror', (error) => driver.consoleErrors.push(`[${label}] ${error.message}`));
      page.on('response', (response) => {
        if (response.status() >= 400)
          driver.refusedRequests.push(`${response.status()} ${new URL(response.url()).pathname}`);
      });
      return page;
    },
    /** Every form control of the page has an accessible name (label, aria-label or text). */
    async checkLabels(page, screen) {
      const missing = await page.$$eval('input, select, textarea, button', (controls) =>
        controls
          .filter((el) => (el as HTMLInputElement).type !== 'hidden')
          .filter((el) => {
            const labelled =
              ((el as HTMLInputElement).labels?.length ?? 0) > 0 ||
              el.getAttribute('aria-label') ||
              el.getAttribute('aria-labelledby');
            return !labelled && !(el.tagName === 'BUTTON' && el.textContent?.trim());
          })
          .map((el) => el.outerHTML.slice(0, 120)),
      );
      driver.unlabelled.push(...missing.map((html) => `${screen}: ${html}`));
    },
    async close() {
      for (const context of contexts) await context.close();
      await browser.close();
    },
  };
  return driver;
}

export const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SCREENSHOTS}${name}.png`, fullPage: true });

/** Waits for the status line inside `scope` to say ok or error, and returns it. */
export async function outcome(scope: Locator): Promise<{ state: string; text: string }> {
  const status = scope.locator('.status[data-state="ok"], .status[data-state="error"]').first();
  await status.waitFor();
  return { state: (await status.getAttribute('data-state')) ?? '', text: (await status.textContent()) ?? '' };
}

export async function expectOk(scope: Locator): Promise<void> {
  const result = await outcome(scope);
  expect(result, result.text).toMatchObject({ state: 'ok' });
}

/** Forgets the last outcome shown in `scope`, so the next wait is for the action about to be taken. */
export async function freshStatus(scope: Locator): Promise<void> {
  await scope
    .locator('.status')
    .first()
    .evaluate((el) => el.setAttribute('data-state', 'idle'));
}

/**
 * Waits until `selector` is on the page; a wait that times out says what the page showed last (its address and
 * text) and the requests still open, rather than only what it was waiting for.
 */
export async function shown(page: Page, selector: string, timeout = WAIT_MS): Promise<void> {
  const open = new Set<string>();
  const started = (request: { url(): string }) => open.add(request.url());
  const ended = (request: { url(): string }) => open.delete(request.url());
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    await expect
      .poll(
        async () => {
          if ((await page.locator(selector).count()) > 0) return 'shown';
          const text = await page
            .locator('body')
            .innerText()
            .catch((error: unknown) => `(no text: ${String(error)})`);
          const pending = [...open].map((url) => new URL(url).pathname).slice(0, 8);
          return `${page.url()} says "${text.replace(/\s+/g, ' ').slice(0, 300)}"; requests open: ${pending.join(', ')}`;
        },
        { message: `${selector} on the page`, timeout },
      )
      .toBe('shown');
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}
