/**
 * Lighthouse on the built dashboard as a phone sees it: web/dist served locally (gzipped, with the single-page
 * fallback, as Firebase Hosting serves it), Debian's Chromium, Lighthouse's mobile profile (a mid-range phone,
 * slow 4G, CPU slowed four times). Prints the performance, accessibility and best-practices scores, and whether
 * Chromium finds the app installable (its own installability check over the manifest, the icons and the service
 * worker: Lighthouse 12 dropped its PWA category). Not a timed test: run it after `npm run build`.
 *
 *   npm run --silent bench:lighthouse [-- --path '#/t/<id>'] [--runs 3]
 *
 * Without emulators the app finds no Firebase and shows its empty first screen; the page weight and the layout are
 * what is measured (the data comes later over Firestore's channel, which Lighthouse does not wait for).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';

const { values } = parseArgs({
  options: { path: { type: 'string', default: '' }, runs: { type: 'string', default: '1' } },
});
const DIST = join(import.meta.dirname, '..', 'web', 'dist');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(join(DIST, 'index.html'))) throw new Error(`no build in ${DIST}: run npm run build first`);

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.png': 'image/png',
  '.webmanifest': 'application/manifest+json',
  '.json': 'application/json',
};

/** Hosting's behaviour that matters to the scores: gzip, long caching of hashed assets, index.html for any route. */
function serve(request: IncomingMessage, response: ServerResponse) {
  const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
  let file = join(DIST, normalize(pathname).replace(/^(\.\.[/\\])+/, ''));
  if (pathname.startsWith('/__/') || !existsSync(file) || statSync(file).isDirectory()) {
    if (pathname.startsWith('/__/') || extname(pathname)) {
      response.writeHead(404).end();
      return;
    }
    file = join(DIST, 'index.html');
  }
  const body = gzipSync(readFileSync(file));
  response.writeHead(200, {
    'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
    'content-encoding': 'gzip',
    'cache-control': pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
  });
  response.end(body);
}

const server = createServer(serve);
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const url = `${origin}/${values.path}`;

const debuggingPort = 9300 + Math.floor(Math.random() * 500);
// A profile on disk, as a phone's browser has: Chromium does not offer to install from an incognito window.
const profile = mkdtempSync(join(tmpdir(), 'lighthouse-profile-'));
const browser = await chromium.launchPersistentContext(profile, {
  executablePath: CHROMIUM,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    `--remote-debugging-port=${debuggingPort}`,
  ],
});
try {
  // Chromium's own verdict on installing: the manifest, its icons and a service worker that controls the page.
  const page = await browser.newPage();
  await page.goto(origin);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  const cdp = await browser.newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: Array<{ errorId: string }>;
  };
  const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
  await page.close();

  const runs: Array<Record<string, number>> = [];
  for (let run = 0; run < Number(values.runs); run++) {
    const result = await lighthouse(url, {
      port: debuggingPort,
      output: 'json',
      logLevel: 'error',
      formFactor: 'mobile',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
    });
    if (!result) throw new Error('Lighthouse returned no result');
    const { categories, audits } = result.lhr;
    runs.push({
      performance: Math.round((categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
      bestPractices: Math.round((categories['best-practices']?.score ?? 0) * 100),
      firstContentfulPaintMs: Math.round(audits['first-contentful-paint']?.numericValue ?? 0),
      largestContentfulPaintMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
      totalBlockingTimeMs: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
      transferKB: Math.round((audits['total-byte-weight']?.numericValue ?? 0) / 1024),
    });
    const failing = Object.values(audits)
      .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
      .map((audit) => audit.id);
    if (failing.length) console.log(`run ${run + 1}: audits not passed: ${failing.join(', ')}`);
  }
  console.log(`Lighthouse ${url} (mobile profile, Chromium ${browser.browser()?.version() ?? ''})`);
  console.log(
    `installable: ${installabilityErrors.length === 0 ? 'yes' : `no (${installabilityErrors.map((e) => e.errorId).join(', ')})`}` +
      ` · manifest ${manifest.url || 'missing'}${manifest.errors.length ? ` with ${manifest.errors.length} errors` : ''}`,
  );
  console.table(runs);
} finally {
  await browser.close();
  server.close();
  rmSync(profile, { recursive: true, force: true });
}
