/**
 * Emulator Suite tier, the printed standings and a Go event's printed pairings in Chromium
 * (docs/hall.md#printed-sheets), printed to PDF with Chromium's own print on A4 and Letter and read back with
 * poppler (pdfinfo for the pages, pdftotext -layout for the lines, pdftotext -bbox for the words' places):
 *
 * - a chess Swiss's standings, the widest a policy makes them (five tiebreaks), with names as entrants write them:
 *   12 players on one page, 40 on two, every name whole on one line of the PDF's text (a longer name may wrap at
 *   its spaces, never inside a word), each row's place, name and points on one line;
 * - a McMahon event's pairings by table: each board's two players, Black first, each with their Go rank above their
 *   McMahon score before the round (the score the round was paired on, as the standings rows of the round before
 *   say it; round 1 printed again later, the scores they started on); its standings on one page too.
 *
 * The PDF pages are saved as PNG (pdftoppm -r 50) under web/test/screenshots/, to be looked at.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import type { StandingDoc } from '@competition/engine/schemas';
import { type Account, call } from '../../../testing/stack.js';
import { SCREENSHOTS, WAIT_MS, shown } from './driver.js';
import { browserSuite, roundMatchUps, storedIn } from './harness.js';

/** Names as a club's entry list has them: accents, two given names, long surnames. */
const NAMES = [
  'Jonas Weber',
  'Katarzyna Wiśniewska',
  'Bartholomew Okonkwo',
  'Ana Sofía Gutiérrez',
  'Mikael Johannesson',
  'Siobhán O’Callaghan',
  'Thi Minh Anh Nguyen',
  'Friedrich Zimmermann',
  'Leila Haddad',
  'Aleksandr Dvoretsky',
  'Ingrid Halvorsen',
  'Rafael Castellanos',
];
/** Longer than a name column holds on one line: it may wrap at its spaces, never inside a word. */
const LONGEST = 'Maria Fernanda de Albuquerque Vasconcelos';
/** 40 entrants: the twelve, 27 more of up to 21 letters, and the longest. */
const FIELD_40 = [
  ...NAMES,
  'Olga Petrovskaya',
  'Hiroshi Takahashi',
  'Emeka Chukwuemeka',
  'Sophie Lefebvre',
  'Giovanni Esposito',
  'Magdalena Kowalczyk',
  'Pieter van der Berg',
  'Yusuf Öztürk',
  'Chloé Dubois-Martin',
  'Nikolai Rimsky',
  'Fatima Benali',
  'Søren Kierkegaard',
  'Dmitri Shostakovich',
  'Isabella Rossellini',
  'Kwame Mensah Boateng',
  'Lucía Fernández',
  'Henrik Lindqvist',
  'Anneliese Baumgartner',
  'Tomasz Lewandowski',
  'Priya Raghunathan',
  'Seo-yeon Park',
  'Björn Ulvaeus',
  'Aoife Ní Bhriain',
  'Mateus Albuquerque',
  'Zsófia Horváth',
  'Oluwaseun Adeyemi',
  'Gustav Mahlerová',
  LONGEST,
];

/** A Go club's entries with their ranks (docs/go.md#ranks). */
const GO_PLAYERS: ReadonlyArray<readonly [name: string, rank: string]> = [
  ['Aiko Mori', '5d'],
  ['Bruno Lenz', '3d'],
  ['Chen Wei', '1d'],
  ['Dana Roth', '1k'],
  ['Emil Berg', '3k'],
  ['Femke Visser', '5k'],
  ['Goran Ilic', '8k'],
  ['Hana Sato', '10k'],
  ['Ivo Kral', '13k'],
  ['Jun Park', '17k'],
  ['Kasia Nowak', '22k'],
  ['Lars Holm', '25k'],
];

const BAR = '3d';
const FLOOR = '20k';

/**
 * The McMahon score a rank starts on (docs/go.md#mcmahon-scores), written out: the rank on the scale 1d = 0,
 * 1k = -1, raised to the floor and lowered to the bar, counted from 30k = 0.
 */
function startOf(rank: string): number {
  const value = (r: string) => {
    const [, grade, unit] = /^(\d+)([kd])$/.exec(r)!;
    return unit === 'k' ? -Number(grade) : Number(grade) - 1;
  };
  return Math.min(value(BAR), Math.max(value(FLOOR), value(rank))) + 30;
}

const FORMATS = ['A4', 'Letter'] as const;
type Format = (typeof FORMATS)[number];

/** A word of a PDF page and its box, in points from the page's top left corner (pdftotext -bbox). */
interface Word {
  text: string;
  page: number;
  x0: number;
  y0: number;
  x1: number;
}

interface Printed {
  text: string;
  lines: string[];
  words: Word[];
  pages: number;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The words of a PDF, page by page, from poppler's word boxes. */
function wordsOf(file: string): Word[] {
  const html = execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8' });
  const words: Word[] = [];
  let page = 0;
  for (const match of html.matchAll(
    /<page\b|<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)"[^>]*>([^<]*)<\/word>/g,
  )) {
    if (match[0] === '<page') page++;
    else
      words.push({
        text: match[4]!.replace(/&(\w+);/g, (all, name: string) => ENTITIES[name] ?? all),
        page,
        x0: Number(match[1]),
        y0: Number(match[2]),
        x1: Number(match[3]),
      });
  }
  return words;
}

/**
 * A Go round's pairings read column by column, top to bottom: each side's names (word by word, so a name wrapped
 * at its spaces reads whole) and the figures under that side's "Rank" and "MMS" head, right-aligned to its edge.
 */
function goColumns(words: readonly Word[]) {
  const page = words.filter((w) => w.page === 1);
  const table = page.find((w) => w.text === 'Table')!;
  const inHead = page.filter((w) => Math.abs(w.y0 - table.y0) < 12);
  const [black, white] = ['Black', 'White'].map((t) => inHead.find((w) => w.text === t)!);
  const [rankA, rankB] = inHead.filter((w) => w.text === 'Rank').sort((x, y) => x.x0 - y.x0);
  expect(black && white && rankA && rankB, 'the head: Black, Rank over MMS, White, Rank over MMS').toBeTruthy();
  // The head's last line: "MMS" under "Rank".
  const headEnd = Math.max(...inHead.map((w) => w.y0));
  const body = page.filter((w) => w.y0 > headEnd + 4).sort((x, y) => x.y0 - y.y0 || x.x0 - y.x0);
  const within = (left: number, right: number) =>
    body.filter((w) => w.x0 >= left - 1 && w.x1 <= right + 1).map((w) => w.text);
  const under = (head: Word) => body.filter((w) => Math.abs(w.x1 - head.x1) < 1.5).map((w) => w.text);
  return {
    blackNames: within(black!.x0, rankA!.x0).join(' '),
    blackFigures: under(rankA!),
    whiteNames: within(white!.x0, rankB!.x0).join(' '),
    whiteFigures: under(rankB!),
  };
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A line of the PDF's text holding these cells in this order, with only spaces between them. */
const cells = (...parts: Array<string | number>) => new RegExp(parts.map((p) => escape(String(p))).join(' +'));
/** A word standing whole in a line: spaces or the line's ends on both sides. */
const wholeWord = (word: string) => new RegExp(`(^|\\s)${escape(word)}(\\s|$)`);

browserSuite(import.meta.url, 'the printed standings and a Go event’s printed pairings', (web) => {
  let organizer: Account;
  let championshipId = '';
  let clubId = '';
  let desk: Page;
  const pdfDir = mkdtempSync(join(tmpdir(), 'print-sheets-'));

  beforeAll(async () => {
    ({ organizer, clubId, championshipId, desk } = await web.organizerAtChampionship({
      label: 'print-sheets',
      password: 'organizer-pass-ps',
      club: 'Riverside Chess Club',
      championship: 'Riverside Season',
    }));
  });

  /** Opens a sheet, waits for it to be whole, prints it on `format`, and reads the PDF back. */
  async function printSheet(url: string, format: Format, label: string): Promise<Printed> {
    await desk.goto(url);
    await shown(desk, '.sheet [data-ready="true"]');
    const file = join(pdfDir, `${label}-${format}.pdf`);
    writeFileSync(file, await desk.pdf({ format }));
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    const pages = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
    execFileSync('pdftoppm', ['-png', '-r', '50', file, `${SCREENSHOTS}print-${label}-${format}`]);
    return { text, lines: text.split('\n'), words: wordsOf(file), pages };
  }

  /** Waits until every stored standings row has `games` games in it (the trigger has applied them all). */
  async function settled(tournamentId: string, games: number): Promise<StandingDoc[]> {
    let rows: StandingDoc[] = [];
    await expect
      .poll(
        async () => {
          rows = await storedIn<StandingDoc>(tournamentId, 'standings');
          return rows.length > 0 && rows.every((r) => r.wins + r.draws + r.losses === games);
        },
        { timeout: WAIT_MS },
      )
      .toBe(true);
    return rows;
  }

  /** Scores a round's games: side a wins, loses or draws by turns. */
  async function scoreRound(tournamentId: string, roundNumber: number) {
    const games = (await roundMatchUps(tournamentId, roundNumber)).filter((m) => m.b !== null);
    const results = [
      { winner: 'a', score: { a: 1, b: 0 } },
      { winner: 'b', score: { a: 0, b: 1 } },
      { winner: 'draw', score: { a: 0.5, b: 0.5 } },
    ] as const;
    for (const [k, m] of games.entries())
      await call(
        web.emulators,
        'recordScore',
        { tournamentId, matchUpId: m.matchUpId, result: { kind: 'PLAYED', ...results[k % results.length]! } },
        organizer,
      );
  }

  /** A chess Swiss of these players (FIDE colours, five tiebreaks), two rounds played. */
  async function chessSwiss(names: readonly string[], description: string, date: string): Promise<string> {
    const { tournamentId } = await call<{ tournamentId: string }>(
      web.emulators,
      'createTournament',
      { championshipId, date, description, hostClubId: clubId, location: 'Riverside Library', policy: 'CHESS' },
      organizer,
    );
    await call(
      web.emulators,
      'addParticipants',
      {
        tournamentId,
        participants: names.map((name, i) => ({
          participantId: `p${i + 1}`,
          name,
          rating: 2250 - 23 * i,
          club: i % 3 === 0 ? 'Riverside Chess Club' : 'Harbour Knights',
        })),
      },
      organizer,
    );
    for (const round of [1, 2]) {
      await call(
        web.emulators,
        'generateNextRound',
        { tournamentId, requestId: `r${round}-${tournamentId}` },
        organizer,
      );
      await scoreRound(tournamentId, round);
      await settled(tournamentId, round);
    }
    return tournamentId;
  }

  /** Every name whole on one line of the PDF's text; a name too long for its column whole word by word. */
  function expectNamesWhole(printed: Printed, names: readonly string[], where: string) {
    for (const name of names) {
      const oneLine = printed.lines.some((line) => line.includes(name));
      if (name === LONGEST) {
        for (const word of name.split(' '))
          expect
            .soft(
              printed.lines.some((line) => wholeWord(word).test(line)),
              `"${word}" of "${name}" whole on ${where}`,
            )
            .toBe(true);
      } else expect.soft(oneLine, `"${name}" whole on one line on ${where}`).toBe(true);
    }
  }

  it(
    'a chess Swiss’s standings: 12 players on one page, 40 on two, every name whole on one line',
    { timeout: 300_000 },
    async () => {
      const twelve = await chessSwiss(NAMES, 'Riverside Rapid 12', '2026-05-02');
      const forty = await chessSwiss(FIELD_40, 'Riverside Open 40', '2026-05-09');
      for (const [id, names, pages] of [
        [twelve, NAMES, 1],
        [forty, FIELD_40, 2],
      ] as const) {
        // The standings tab's rows as the screen shows them: place (shared as "3="), name, points.
        await desk.goto(`${web.site}/#/t/${id}`);
        const onScreen = desk.locator('table.standings tbody tr');
        await expect.poll(() => onScreen.count(), { timeout: WAIT_MS }).toBe(names.length);
        // One game a round: no game points and no form rating on the chess standings (they are the card games').
        expect(await desk.locator('table.standings thead th').allTextContents()).not.toContain('Form');
        expect(await desk.locator('table.standings [data-field="games"]').count()).toBe(0);
        expect(await desk.locator('table.standings thead abbr[title="points"]').textContent()).toBe('Pts');
        expect(await desk.locator('table.standings caption').textContent()).toMatch(/^Ranked by Points, then /);
        const rows = await onScreen.evaluateAll((trs) =>
          trs.map((tr) => ({
            rank: tr.querySelector('td.rank')?.textContent?.trim() ?? '',
            name: tr.querySelector('th.player a')?.textContent?.trim() ?? '',
            points: tr.querySelector('[data-field="matchPoints"]')?.textContent?.trim() ?? '',
          })),
        );
        for (const format of FORMATS) {
          const where = `the ${names.length}-player standings on ${format}`;
          const printed = await printSheet(
            `${web.site}/#/t/${id}/print/standings`,
            format,
            `${names.length}-standings`,
          );
          expect.soft(printed.pages, `pages of ${where}`).toBe(pages);
          expectNamesWhole(printed, names, where);
          // Each row's place, name and match points in order on one line; the header on every page.
          for (const row of rows) {
            if (row.name === LONGEST) continue;
            expect.soft(printed.text, `${row.name}'s row on ${where}`).toMatch(cells(row.rank, row.name, row.points));
          }
          // A chess event's points are points, not a match's match points.
          expect.soft(printed.text.match(/Rank +Player +Pts/g), `header rows on ${where}`).toHaveLength(pages);
        }
      }
      expect(web.driver.consoleErrors).toEqual([]);
    },
  );

  it(
    'a McMahon event’s pairings: each board’s ranks and McMahon scores before the round, Black first',
    { timeout: 240_000 },
    async () => {
      const { tournamentId } = await call<{ tournamentId: string }>(
        web.emulators,
        'createTournament',
        {
          championshipId,
          date: '2026-05-16',
          description: 'Riverside McMahon',
          hostClubId: clubId,
          location: 'Riverside Library',
          policy: 'GO',
          policyOverrides: { pairingPolicy: { mcMahon: { bar: BAR, floor: FLOOR, handicap: { correction: 1 } } } },
          pairing: { method: 'MCMAHON', options: {} },
        },
        organizer,
      );
      await call(
        web.emulators,
        'addParticipants',
        {
          tournamentId,
          participants: GO_PLAYERS.map(([name, goRank], i) => ({ participantId: `g${i + 1}`, name, goRank })),
        },
        organizer,
      );
      const nameOf = new Map(GO_PLAYERS.map(([name], i) => [`g${i + 1}`, name]));
      const rankOf = new Map(GO_PLAYERS.map(([, rank], i) => [`g${i + 1}`, rank]));
      await call(web.emulators, 'generateNextRound', { tournamentId, requestId: `r1-${tournamentId}` }, organizer);
      await scoreRound(tournamentId, 1);
      // The McMahon scores the round 2 pairing counted: the standings rows after round 1.
      const after1 = await settled(tournamentId, 1);
      const mmsOf = new Map(after1.map((r) => [r.participantId, r.mcMahonScore!]));
      expect([...mmsOf.values()].every((mms) => typeof mms === 'number')).toBe(true);
      await call(web.emulators, 'generateNextRound', { tournamentId, requestId: `r2-${tournamentId}` }, organizer);
      const round2 = (await roundMatchUps(tournamentId, 2)).filter((m) => m.b !== null);
      expect(round2).toHaveLength(GO_PLAYERS.length / 2);

      for (const format of FORMATS) {
        const printed = await printSheet(
          `${web.site}/#/t/${tournamentId}/print/pairings?round=2`,
          format,
          'mcmahon-pairings',
        );
        expect.soft(printed.pages).toBe(1);
        // No match points in a Go event's pairings: the McMahon score is what the round paired on.
        expect.soft(printed.text).not.toMatch(/\bPts\b/);
        // Board by board, Black's and White's names, each with their rank above their McMahon score.
        const expectBoards = (read: Printed, games: typeof round2, mms: (id: string) => number, what: string) => {
          const sides = games.map((m) => {
            const first = m.movesFirst ?? m.a;
            return [first, first === m.a ? m.b! : m.a] as const;
          });
          const columns = goColumns(read.words);
          expect.soft(columns.blackNames, `Black's names on ${what}`).toBe(sides.map(([b]) => nameOf.get(b)).join(' '));
          expect
            .soft(columns.whiteNames, `White's names on ${what}`)
            .toBe(sides.map(([, w]) => nameOf.get(w)).join(' '));
          expect
            .soft(columns.blackFigures, `Black's ranks and MMS on ${what}`)
            .toEqual(sides.flatMap(([b]) => [rankOf.get(b)!, String(mms(b))]));
          expect
            .soft(columns.whiteFigures, `White's ranks and MMS on ${what}`)
            .toEqual(sides.flatMap(([, w]) => [rankOf.get(w)!, String(mms(w))]));
        };
        expectBoards(printed, round2, (id) => mmsOf.get(id)!, `round 2 on ${format}`);
        // Round 1 printed again later: the scores the players started on, not today's.
        const first = await printSheet(
          `${web.site}/#/t/${tournamentId}/print/pairings?round=1`,
          format,
          'mcmahon-pairings-r1',
        );
        const round1 = (await roundMatchUps(tournamentId, 1)).filter((m) => m.b !== null);
        expectBoards(first, round1, (id) => startOf(rankOf.get(id)!), `round 1 on ${format}`);

        const standings = await printSheet(
          `${web.site}/#/t/${tournamentId}/print/standings`,
          format,
          'mcmahon-standings',
        );
        expect.soft(standings.pages).toBe(1);
        expectNamesWhole(
          standings,
          GO_PLAYERS.map(([name]) => name),
          `the McMahon standings on ${format}`,
        );
      }
      expect(web.driver.consoleErrors).toEqual([]);
    },
  );
});
