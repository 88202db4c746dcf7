/**
 * Emulator Suite tier, the organizer's hall kit in Chromium through the Hosting-served dashboard (docs/hall.md):
 *
 * - every printed sheet of a 16-player Swiss with colours (round 2 paired after a scored round 1), printed to PDF
 *   with Chromium's own print on A4 and Letter; the PDF's text (poppler's pdftotext) holds every pairing and every
 *   standings row the screen shows, and none of the dashboard's controls; one page each;
 * - the same sheets for a 128-player round, on the number of pages a person expects;
 * - measured in Chromium with print media at the paper's width: the wall sheets' names, tables and places in 16 pt
 *   type, none overflowing its cell; every claim-code slip's lines inside its dashed border, and its QR code over
 *   30 mm with its white margin; the join card's title and QR code larger still;
 * - the crosstable of a round robin and the bracket of a knockout, printed;
 * - the projector board at 1920x1080, signed out: it pages through 128 players' pairings on its own and shows a
 *   score entered elsewhere (through the callable) without a reload.
 *
 * The PDF pages are saved as PNG (pdftoppm -r 50) under web/test/screenshots/, to be looked at.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { paths, type StandingDoc } from '@competition/engine/schemas';
import { type Account, adminFirestore, call } from '../../../testing/stack.js';
import { DESKTOP, SCREENSHOTS, WAIT_MS, shown } from './driver.js';
import { browserSuite, roundMatchUps, storedIn } from './harness.js';

const FIRST = [
  'Ada',
  'Ben',
  'Cleo',
  'Dev',
  'Elif',
  'Finn',
  'Gia',
  'Hugo',
  'Ines',
  'Jon',
  'Kai',
  'Lena',
  'Milo',
  'Nora',
].concat(['Omar', 'Pia']);
const LAST = ['Berg', 'Costa', 'Dahl', 'Evans', 'Moreau', 'Novak', 'Sato', 'Weber'];
const nameOfSeed = (i: number) => `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length)]}`;

/** Words of the dashboard's controls and navigation: none may reach paper. */
const CONTROL_LABELS = [
  'Generate',
  'Print this sheet',
  'Back to the tournament',
  'All sheets',
  'Sign out',
  'Sign in',
  'Organize',
  'Participants',
  'My game',
  'Score games',
  'Clock',
  'Undo',
  'Save',
  'Projector board',
  'print dialog',
];

const FORMATS = ['A4', 'Letter'] as const;
type Format = (typeof FORMATS)[number];

interface Printed {
  text: string;
  pages: number;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A line of the PDF's text holding these cells in this order, with only spaces between them. */
const cells = (...parts: Array<string | number>) => new RegExp(parts.map((p) => escape(String(p))).join(' +'));

/** CSS pixels in a millimetre of paper. */
const PX_PER_MM = 96 / 25.4;
/** 16 pt in CSS pixels, the least type read from two metres, less the rounding of a computed font size. */
const WALL_TYPE_PX = (16 * 96) / 72 - 0.01;
/** The width between the page's side margins (print.css: 11 mm each side). */
const CONTENT_WIDTH_MM: Record<Format, number> = { A4: 210 - 22, Letter: 215.9 - 22 };

/** Where boxes spill: each a description of a box not inside the box that should hold it (half a pixel's slack). */
interface Spills {
  spills: string[];
}

browserSuite(import.meta.url, 'the hall kit: printed sheets and the projector board', (web) => {
  let organizer: Account;
  let championshipId = '';
  let clubId = '';
  let desk: Page;
  const pdfDir = mkdtempSync(join(tmpdir(), 'hall-print-'));

  /** A Swiss of `count` players through the callables, with colours, round 1 paired. */
  async function seedSwiss(count: number, description: string, date: string): Promise<string> {
    const { tournamentId } = await call<{ tournamentId: string }>(
      web.emulators,
      'createTournament',
      {
        championshipId,
        date,
        description,
        hostClubId: clubId,
        location: 'Town Hall',
        policy: 'REDEMPTION',
        pairing: { method: 'SWISS', options: { colours: 'BALANCE' } },
        totalRounds: 5,
        roundDurationMinutes: 50,
        preAlarmMinutes: 5,
      },
      organizer,
    );
    await call(
      web.emulators,
      'addParticipants',
      {
        tournamentId,
        participants: Array.from({ length: count }, (_, i) => ({
          participantId: `p${i + 1}`,
          name: nameOfSeed(i),
          rating: 2100 - 7 * i,
        })),
      },
      organizer,
    );
    await call(web.emulators, 'generateNextRound', { tournamentId, requestId: `r1-${tournamentId}` }, organizer);
    return tournamentId;
  }

  async function scoreRound(tournamentId: string, roundNumber: number, scores: Array<[number, number]>) {
    const games = (await roundMatchUps(tournamentId, roundNumber)).filter((m) => m.b !== null);
    for (const [k, m] of games.entries()) {
      const [a, b] = scores[k % scores.length]!;
      await call(
        web.emulators,
        'recordScore',
        { tournamentId, matchUpId: m.matchUpId, result: { kind: 'PLAYED', score: { a, b } } },
        organizer,
      );
    }
  }

  /** Waits until every stored standings row has `games` games in it (the trigger has applied them all). */
  async function settled(tournamentId: string, games: number): Promise<StandingDoc[]> {
    let rows: StandingDoc[] = [];
    await expect
      .poll(
        async () => {
          rows = await storedIn<StandingDoc>(tournamentId, 'standings');
          return rows.every((r) => r.wins + r.draws + r.losses === games);
        },
        { timeout: WAIT_MS },
      )
      .toBe(true);
    return rows;
  }

  /** Opens a sheet, waits for it to be whole, prints it on `format`, and reads the PDF back. */
  async function printSheet(page: Page, url: string, format: Format, label: string | null): Promise<Printed> {
    await page.goto(url);
    await shown(page, '.sheet [data-ready="true"]');
    await page.waitForFunction(() => [...document.images].every((img) => img.complete && img.naturalWidth > 0));
    const file = join(pdfDir, `${label ?? 'sheet'}-${format}.pdf`);
    writeFileSync(file, await page.pdf({ format }));
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    const pages = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
    if (label) execFileSync('pdftoppm', ['-png', '-r', '50', file, `${SCREENSHOTS}hall-${label}-${format}`]);
    return { text, pages };
  }

  /** None of the controls' words on paper, but those a sheet tells its reader (`told`). */
  const expectNoControls = (printed: Printed, told: readonly string[] = []) => {
    for (const label of CONTROL_LABELS)
      if (!told.includes(label)) expect(printed.text, `"${label}" on paper`).not.toContain(label);
  };

  /** The 16-player tournament, its round 2 paired, and the 128-player one. */
  let small = '';

  beforeAll(async () => {
    ({ organizer, clubId, championshipId, desk } = await web.organizerAtChampionship({
      label: 'hall',
      password: 'organizer-pass-3',
      club: 'Harbour Chess Club',
      championship: 'Harbour Season',
    }));
  });

  it(
    'a 16-player round 2: every sheet on one page of A4 and of Letter (claim codes on two), all the screen shows',
    { timeout: 240_000 },
    async () => {
      const tournamentId = await seedSwiss(16, 'Harbour Rapid 16', '2026-03-07');
      await scoreRound(tournamentId, 1, [
        [5, 2],
        [3, 5],
        [4, 4],
        [5, 0],
      ]);
      await settled(tournamentId, 1);
      await call(web.emulators, 'generateNextRound', { tournamentId, requestId: `r2-${tournamentId}` }, organizer);
      const round2 = await roundMatchUps(tournamentId, 2);
      expect(round2).toHaveLength(8);
      small = tournamentId;
      const standingsRows = await settled(tournamentId, 1);
      const pointsOf = new Map(standingsRows.map((r) => [r.participantId, r.matchPoints]));
      const nameOf = new Map(Array.from({ length: 16 }, (_, i) => [`p${i + 1}`, nameOfSeed(i)]));
      const codes = (await adminFirestore().collection(paths.claimCodes(tournamentId)).get()).docs.map(
        (d) => d.data() as { participantId: string; code: string },
      );
      expect(codes).toHaveLength(16);

      // What the screen shows: the standings tab's rows, cell by cell.
      await desk.goto(`${web.site}/#/t/${tournamentId}`);
      await expect.poll(() => desk.locator('table.standings tbody tr').count(), { timeout: WAIT_MS }).toBe(16);
      await expect
        .poll(() => desk.locator('[data-field="matchPoints"]').first().textContent(), { timeout: WAIT_MS })
        .toBe('3');
      const screenRows = await desk
        .locator('table.standings tbody tr')
        .evaluateAll((rows) =>
          rows.map((row) => [...row.querySelectorAll('td, th')].map((cell) => cell.textContent?.trim() ?? '')),
        );
      expect(screenRows).toHaveLength(16);
      // The screen's links to the sheets and the board.
      await desk.getByRole('link', { name: 'Print sheets' }).click();
      await desk.locator('[data-sheet-link]').first().waitFor();
      expect(await desk.locator('[data-sheet-link]').evaluateAll((links) => links.map((a) => a.textContent))).toEqual([
        'Pairings by table',
        'Pairings by name',
        'Standings',
        'Result slips',
        'Claim codes',
        'Join card',
        'Penalties',
      ]);
      await web.shot(desk, 'hall-01-print-index');

      for (const format of FORMATS) {
        const sheet = (name: string) => `${web.site}/#/t/${tournamentId}/print/${name}`;
        const label = (name: string) => `16-${name}`;

        const pairings = await printSheet(desk, sheet('pairings'), format, label('pairings'));
        expect(pairings.pages).toBe(1);
        expect(pairings.text).toContain('Pairings by table · Round 2');
        expect(pairings.text).toContain('Harbour Rapid 16');
        expect(pairings.text).toMatch(/printed \w+/);
        for (const m of round2) {
          expect(m.b).not.toBeNull();
          const first = m.movesFirst === m.b ? m.b! : m.a;
          const second = first === m.a ? m.b! : m.a;
          expect(pairings.text).toMatch(
            cells(m.order + 1, nameOf.get(first)!, pointsOf.get(first)!, nameOf.get(second)!, pointsOf.get(second)!),
          );
        }
        expectNoControls(pairings);
        if (format === 'A4') await web.shot(desk, 'hall-02-pairings-on-screen');

        const names = await printSheet(desk, sheet('names'), format, label('names'));
        expect(names.pages).toBe(1);
        for (const m of round2) {
          const white = m.movesFirst!;
          const black = white === m.a ? m.b! : m.a;
          expect(names.text).toMatch(cells(nameOf.get(white)!, m.order + 1, nameOf.get(black)!, 'White'));
          expect(names.text).toMatch(cells(nameOf.get(black)!, m.order + 1, nameOf.get(white)!, 'Black'));
        }
        // Alphabetical: the name each line starts with, top to bottom.
        const sorted = [...nameOf.values()].sort((x, y) => x.localeCompare(y));
        const leading = names.text
          .split('\n')
          .map((line) => sorted.find((n) => line.trimStart().startsWith(`${n} `)))
          .filter(Boolean);
        expect(leading).toEqual(sorted);
        expectNoControls(names);

        const standings = await printSheet(desk, sheet('standings'), format, label('standings'));
        expect(standings.pages).toBe(1);
        for (const row of screenRows) {
          // rank, name, MP, W-D-L: in order on one line; then each tiebreak on that line. The screen's game points
          // (row[4]) and form rating (the last cell) stay off paper, leaving the names their width.
          const line = standings.text.split('\n').find((l) => cells(row[0]!, row[1]!, row[2]!, row[3]!).test(l));
          expect(line, `standings row ${row.join(' ')}`).toBeDefined();
          expect(line).not.toContain(row[4]!);
          for (const cell of row.slice(5, -1)) expect(line).toContain(cell);
        }
        expect(screenRows.some((row) => row[0]!.endsWith('='))).toBe(true);
        expectNoControls(standings);

        const slips = await printSheet(desk, sheet('slips'), format, label('slips'));
        expect(slips.pages).toBe(1);
        for (const m of round2) {
          expect(slips.text).toContain(`Round 2 · Table ${m.order + 1}`);
          expect(slips.text).toContain(nameOf.get(m.a));
        }
        expect(slips.text.match(/Signature/g)).toHaveLength(16);
        expect(slips.text.match(/Game points/g)).toHaveLength(8);
        const qrTargets = await desk.locator('.slip-qr img').evaluateAll((imgs) => imgs.map((i) => i.dataset.url));
        expect(qrTargets).toEqual(round2.map((m) => `${web.site}/#/t/${tournamentId}/m/${m.matchUpId}`));
        expectNoControls(slips);

        // Eight slips a page (two across, four down, each QR code large enough to scan): 16 players on two pages.
        const codeSheet = await printSheet(desk, sheet('codes'), format, label('codes'));
        expect(codeSheet.pages).toBe(2);
        for (const { participantId, code } of codes) {
          expect(codeSheet.text).toContain(nameOf.get(participantId));
          expect(codeSheet.text).toContain(`${code.slice(0, 4)}-${code.slice(4)}`);
        }
        expectNoControls(codeSheet);

        const joinCard = await printSheet(desk, sheet('join'), format, label('join'));
        expect(joinCard.pages).toBe(1);
        expect(joinCard.text).toContain('Harbour Rapid 16');
        expect(joinCard.text).toContain('Scan to join');
        expect(await desk.locator('.join-card img').getAttribute('data-url')).toBe(
          `${web.site}/#/t/${tournamentId}/join`,
        );
        // The card tells players to sign in: that is a step, not a button.
        expectNoControls(joinCard, ['Sign in']);
      }
      expect(web.driver.consoleErrors).toEqual([]);
    },
  );

  let big = '';

  it(
    'a 128-player round: 3 pages of pairings, 6 of names, 5 of standings, 7 or 8 of slips, 16 of claim codes',
    { timeout: 240_000 },
    async () => {
      big = await seedSwiss(128, 'Harbour Open 128', '2026-03-14');
      const round1 = await roundMatchUps(big, 1);
      expect(round1).toHaveLength(64);
      // The wall sheets in 16 pt type: 64 tables on 3 pages, 22 names a page (6 pages), the standings on 5. Result
      // slips: ten a page on A4, eight on Letter (the shorter). Claim codes: eight a page, each QR code large
      // enough to scan, so 16 pages for 128 players.
      const expected: Record<Format, Record<string, number>> = {
        A4: { pairings: 3, names: 6, standings: 5, slips: 7, codes: 16 },
        Letter: { pairings: 3, names: 6, standings: 5, slips: 8, codes: 16 },
      };
      for (const format of FORMATS) {
        const counted: Record<string, number> = {};
        const texts: Record<string, string> = {};
        for (const name of Object.keys(expected[format])) {
          const printed = await printSheet(desk, `${web.site}/#/t/${big}/print/${name}`, format, `128-${name}`);
          counted[name] = printed.pages;
          texts[name] = printed.text;
          for (let i = 0; i < 128; i++) expect(printed.text).toContain(nameOfSeed(i));
          expectNoControls(printed);
        }
        expect({ format, ...counted }).toEqual({ format, ...expected[format] });
        // The tables' header rows repeat on every page.
        expect(texts.pairings!.match(/Table +White +Pts +Black/g)).toHaveLength(counted.pairings!);
        expect(texts.names!.match(/Player +Table +Opponent +Side/g)).toHaveLength(counted.names!);
        expect(texts.standings!.match(/Rank +Player +MP/g)).toHaveLength(counted.standings!);
      }
    },
  );

  /**
   * Opens a sheet laid out as on `format`'s paper: print media, a viewport as wide as the space between the page's
   * margins (Chromium's PDF lays the sheet out at that width).
   */
  async function openAsPrinted(url: string, format: Format): Promise<void> {
    await desk.setViewportSize({ width: Math.round(CONTENT_WIDTH_MM[format] * PX_PER_MM), height: 1000 });
    await desk.emulateMedia({ media: 'print' });
    await desk.goto(url);
    await shown(desk, '.sheet [data-ready="true"]');
    await desk.waitForFunction(() => [...document.images].every((img) => img.complete && img.naturalWidth > 0));
  }

  /** The smallest computed font size, in CSS px, of the elements `selector` matches (and how many it matched). */
  const smallestType = (selector: string) =>
    desk.locator(selector).evaluateAll((els) => ({
      count: els.length,
      px: Math.min(...els.map((el) => parseFloat(getComputedStyle(el).fontSize))),
    }));

  /**
   * Every line of text and every image inside each `box` (inside its border), and every box on the paper's width;
   * a box that scrolls (its content wider than itself) spills too.
   */
  const spillsIn = (box: string) =>
    desk.evaluate((selector): Spills => {
      const spills: string[] = [];
      const paper = document.documentElement.clientWidth;
      const slack = 0.5;
      // Chromium shrinks a page wider than the paper to fit, and all its type with it.
      const sheetWidth = document.documentElement.scrollWidth;
      if (sheetWidth > paper) spills.push(`the sheet is ${sheetWidth}px wide, the paper ${paper}px`);
      for (const el of document.querySelectorAll<HTMLElement>(selector)) {
        const style = getComputedStyle(el);
        const r = el.getBoundingClientRect();
        const inner = {
          left: r.left + parseFloat(style.borderLeftWidth),
          right: r.right - parseFloat(style.borderRightWidth),
          top: r.top + parseFloat(style.borderTopWidth),
          bottom: r.bottom - parseFloat(style.borderBottomWidth),
        };
        const name = `${selector} "${el.textContent?.trim().slice(0, 40)}"`;
        const outside = (b: DOMRect) =>
          b.left < inner.left - slack ||
          b.right > inner.right + slack ||
          b.top < inner.top - slack ||
          b.bottom > inner.bottom + slack;
        if (r.right > paper + slack) spills.push(`${name} ends at ${r.right}px, past the paper's ${paper}px`);
        if (el.scrollWidth > el.clientWidth + 1) spills.push(`${name} scrolls: ${el.scrollWidth} in ${el.clientWidth}`);
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (!node.textContent?.trim()) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          for (const line of range.getClientRects())
            if (outside(line)) spills.push(`${name}: "${node.textContent.trim()}" line at ${JSON.stringify(line)}`);
        }
        for (const img of el.querySelectorAll('img'))
          if (outside(img.getBoundingClientRect())) spills.push(`${name}: its image`);
      }
      return { spills };
    }, box);

  /**
   * Each QR code as on paper, read from its pixels: the width of the code itself in mm, and its white margin (the
   * quiet zone) in modules, a module being a seventh of the finder square in the code's top left corner.
   */
  const qrCodes = (selector: string) =>
    desk.locator(selector).evaluateAll(
      (imgs, pxPerMm) =>
        (imgs as HTMLImageElement[]).map((img) => {
          const [w, h] = [img.naturalWidth, img.naturalHeight];
          const canvas = document.createElement('canvas');
          canvas.width = w;
          canvas.height = h;
          const context = canvas.getContext('2d')!;
          context.drawImage(img, 0, 0);
          const pixels = context.getImageData(0, 0, w, h).data;
          const dark = (x: number, y: number) => pixels[(y * w + x) * 4]! < 128;
          let [left, right, top, bottom] = [w, -1, h, -1];
          for (let y = 0; y < h; y++)
            for (let x = 0; x < w; x++)
              if (dark(x, y)) [left, right, top, bottom] = [Math.min(left, x), Math.max(right, x), Math.min(top, y), y];
          let finder = 0;
          while (dark(left + finder, top)) finder++;
          const module = finder / 7;
          const scale = img.getBoundingClientRect().width / w;
          return {
            codeMm: ((right - left + 1) * scale) / pxPerMm,
            quietModules: Math.min(left, top, w - 1 - right, h - 1 - bottom) / module,
          };
        }),
      PX_PER_MM,
    );

  it(
    'large print on the wall sheets, claim-code slips whole inside their border with QR codes a phone reads',
    { timeout: 240_000 },
    async () => {
      const sheet = (id: string, name: string) => `${web.site}/#/t/${id}/print/${name}`;
      for (const format of FORMATS) {
        for (const id of [small, big]) {
          // Names, tables and places at 16 pt at least, each inside its cell and on the paper.
          await openAsPrinted(sheet(id, 'pairings'), format);
          const pairings = await smallestType('.pairings-sheet tbody td');
          expect.soft(pairings.count).toBeGreaterThan(0);
          expect.soft(pairings.px, `pairings by table on ${format}`).toBeGreaterThanOrEqual(WALL_TYPE_PX);
          expect.soft((await spillsIn('.pairings-sheet td, .pairings-sheet th')).spills).toEqual([]);

          await openAsPrinted(sheet(id, 'names'), format);
          const names = await smallestType('.names-table tbody td');
          expect.soft(names.count).toBeGreaterThan(0);
          expect.soft(names.px, `pairings by name on ${format}`).toBeGreaterThanOrEqual(WALL_TYPE_PX);
          expect.soft((await spillsIn('.names-table td, .names-table th')).spills).toEqual([]);

          await openAsPrinted(sheet(id, 'standings'), format);
          const standings = await smallestType(
            'table.standings tbody td.rank, table.standings tbody th.player, table.standings [data-field="matchPoints"]',
          );
          expect.soft(standings.count).toBeGreaterThan(0);
          expect.soft(standings.px, `standings on ${format}`).toBeGreaterThanOrEqual(WALL_TYPE_PX);
          expect.soft((await spillsIn('table.standings td, table.standings th')).spills).toEqual([]);
        }

        // Handed out, read in the hand: every line and the QR code inside the dashed border.
        await openAsPrinted(sheet(small, 'codes'), format);
        expect.soft(await desk.locator('.code-slip').count()).toBe(16);
        expect.soft((await spillsIn('.code-slip')).spills, `claim-code slips on ${format}`).toEqual([]);
        const codes = await qrCodes('.code-slip img');
        expect.soft(codes).toHaveLength(16);
        for (const qr of codes) {
          expect.soft(qr.codeMm, `a claim slip's QR code on ${format}, in mm`).toBeGreaterThanOrEqual(30);
          // Four modules, less a pixel's rounding in the drawn image.
          expect.soft(qr.quietModules, `its white margin, in modules`).toBeGreaterThanOrEqual(3.9);
        }

        // The join card: a poster, its title and QR code larger than the wall sheets' type.
        await openAsPrinted(sheet(small, 'join'), format);
        expect.soft((await smallestType('.join-card h2')).px).toBeGreaterThanOrEqual(2 * WALL_TYPE_PX);
        expect.soft((await smallestType('.join-card li, .join-card p')).px).toBeGreaterThanOrEqual(WALL_TYPE_PX);
        const [poster] = await qrCodes('.join-card img');
        expect.soft(poster?.codeMm, `the join card's QR code on ${format}, in mm`).toBeGreaterThanOrEqual(80);
        expect.soft(poster?.quietModules).toBeGreaterThanOrEqual(3.9);
        expect.soft((await spillsIn('.join-card')).spills).toEqual([]);
      }
      // Back to the browser's own choice: forcing screen media would print the sheets with their toolbar.
      await desk.emulateMedia({ media: null });
      await desk.setViewportSize(DESKTOP);
    },
  );

  it('the crosstable of a round robin and the bracket of a knockout, printed', { timeout: 180_000 }, async () => {
    for (const [system, sheet] of [
      ['ROUND_ROBIN', 'crosstable'],
      ['KNOCKOUT', 'bracket'],
    ] as const) {
      const { tournamentId } = await call<{ tournamentId: string }>(
        web.emulators,
        'createTournament',
        {
          championshipId,
          date: system === 'KNOCKOUT' ? '2026-04-04' : '2026-04-05',
          description: `Harbour ${sheet}`,
          hostClubId: clubId,
          policy: 'REDEMPTION',
          system,
        },
        organizer,
      );
      await call(
        web.emulators,
        'addParticipants',
        {
          tournamentId,
          participants: Array.from({ length: 6 }, (_, i) => ({
            participantId: `p${i + 1}`,
            name: nameOfSeed(i),
            rating: 2000 - 10 * i,
          })),
        },
        organizer,
      );
      await call(web.emulators, 'generateNextRound', { tournamentId, requestId: `r1-${tournamentId}` }, organizer);
      await scoreRound(tournamentId, 1, [[5, 3]]);
      await desk.goto(`${web.site}/#/t/${tournamentId}/${sheet}`);
      // The crosstable writes each game from the row player's side; the bracket marks who goes on.
      const mark = sheet === 'bracket' ? 'goes on' : '5–3';
      const screen = desk.locator(sheet === 'bracket' ? '.bracket' : 'table.crosstable');
      await expect.poll(() => screen.textContent(), { timeout: WAIT_MS }).toContain(mark);
      const onScreen = (await screen.textContent()) ?? '';
      for (const format of FORMATS) {
        const printed = await printSheet(desk, `${web.site}/#/t/${tournamentId}/print/${sheet}`, format, `6-${sheet}`);
        expect(printed.pages).toBe(1);
        for (let i = 0; i < 6; i++) expect(printed.text).toContain(nameOfSeed(i));
        expect(printed.text.split(mark).length).toBe(onScreen.split(mark).length);
        expect(printed.text).toContain(mark);
        expectNoControls(printed);
      }
    }
  });

  it(
    'the board at 1920x1080, signed out, pages on its own and shows a score entered elsewhere',
    { timeout: 120_000 },
    async () => {
      const board = await web.openPage({ width: 1920, height: 1080 }, 'board');
      await board.goto(`${web.site}/#/t/${big}/board?seconds=2`);
      const root = board.locator('.board');
      await shown(board, '.board');
      expect(await board.locator('.who').count()).toBe(0);
      // 17 rows a column, two columns: 128 players on 4 pages.
      await expect.poll(() => root.getAttribute('data-pages'), { timeout: WAIT_MS }).toBe('4');
      expect(await board.locator('.board-pairings tbody tr').count()).toBe(34);
      await board.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
      const seen = new Set<string>();
      await expect
        .poll(
          async () => {
            seen.add((await root.getAttribute('data-page')) ?? '');
            return seen.size;
          },
          { timeout: 15_000, interval: 300 },
        )
        .toBe(4);
      await web.shot(board, 'hall-20-board');
      const fontSize = await board
        .locator('.board-pairings td.board-name')
        .first()
        .evaluate((td) => parseFloat(getComputedStyle(td).fontSize));
      expect(fontSize).toBeGreaterThanOrEqual(28);

      const game = (await roundMatchUps(big, 1))[5]!;
      await call(
        web.emulators,
        'recordScore',
        { tournamentId: big, matchUpId: game.matchUpId, result: { kind: 'PLAYED', score: { a: 5, b: 2 } } },
        organizer,
      );
      const leader = board.locator('.board-standings tbody tr').first();
      await expect.poll(() => leader.getAttribute('data-participant'), { timeout: WAIT_MS }).toBe(game.a);
      expect(await leader.locator('[data-field="matchPoints"]').textContent()).toBe('3');
      const row = board.locator(`.board-pairings tr[data-participant="${game.b}"] [data-field="result"]`);
      await expect.poll(() => row.textContent().catch(() => null), { timeout: WAIT_MS, interval: 300 }).toBe('2–5');
      expect(await board.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
      await web.shot(board, 'hall-21-board-after-score');
      expect(web.driver.consoleErrors).toEqual([]);
    },
  );
});
