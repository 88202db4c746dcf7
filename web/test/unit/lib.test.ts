/**
 * The dashboard's pure helpers: pasted CSV into addParticipants entries, the engine's cost terms in words, the
 * round countdown, and the emulator addresses read from the Hosting emulator's own init.js.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clockAt } from '../../src/lib/countdown.js';
import { nextIds, parseParticipantsCsv, splitCsv } from '../../src/lib/csv.js';
import { byeReasons, pairReasons } from '../../src/lib/reasons.js';
import { emulatorsFromInitJs, parseHostPort } from '../../src/data/firebase.js';

describe('participants pasted as CSV', () => {
  it('reads a header line in any column order, quotes, and the account column', () => {
    const text = 'Rating;Name;Account;Club\n1800;"Smith; Ann";uid-1;Riverside\n1650;Bo;;\n';
    const { participants, errors } = parseParticipantsCsv(text, ['p1']);
    expect(errors).toEqual([]);
    expect(participants).toEqual([
      { participantId: 'p2', name: 'Smith; Ann', rating: 1800, uid: 'uid-1', club: 'Riverside' },
      { participantId: 'p3', name: 'Bo', rating: 1650 },
    ]);
  });

  it('takes lines without a header as name, rating, club, country, account; tabs from a spreadsheet', () => {
    const { participants } = parseParticipantsCsv('Ada\t1830\tRiverside\tGBR\tu1\nCy\t1755');
    expect(participants.map((p) => [p.name, p.rating, p.club, p.country, p.uid])).toEqual([
      ['Ada', 1830, 'Riverside', 'GBR', 'u1'],
      ['Cy', 1755, undefined, undefined, undefined],
    ]);
  });

  it("names each bad line and field, with the callable's own schema", () => {
    const { participants, errors } = parseParticipantsCsv('name,rating\nAda,abc\n,1500\nCy,99999\n');
    expect(participants).toEqual([]);
    expect(errors).toHaveLength(3);
    expect(errors[0]).toMatch(/^line 2: rating: /);
    expect(errors[1]).toMatch(/^line 3: name: /);
    expect(errors[2]).toMatch(/^line 4: rating: .*10000/);
  });

  it('splits RFC 4180 fields: doubled quotes and line breaks inside quotes', () => {
    expect(splitCsv('a,"b ""c""","d\ne"\r\nf', ',')).toEqual([['a', 'b "c"', 'd\ne'], ['f']]);
    expect(nextIds(['p1', 'p3'], 3)).toEqual(['p2', 'p4', 'p5']);
  });
});

describe("the pairing engine's cost terms in words", () => {
  it('reads a Swiss pair: score group, meetings, score gap, most decisive first', () => {
    // Firestore hands map keys back sorted: the words must not follow that order.
    expect(
      pairReasons({ groupDistance: 0, random: 41, rematches: 0, scoreConcavity: 0, scoreDifference: 0, soft: 41 }),
    ).toEqual(['never met', 'same score group', 'drawn at random inside the group']);
    expect(pairReasons({ groupDistance: 1, rematches: 0, scoreDifference: 1.5, floats: 0 })).toEqual([
      'never met',
      '1 score group apart',
      '1.5 points apart in the standings',
      'a fair float',
    ]);
    expect(pairReasons({ rematches: 1, groupDistance: 0, sameClub: 40 })).toEqual([
      'rematch: met 1 time before',
      'same score group',
      'same club (allowed, penalised)',
    ]);
  });

  it('reads SoL and table methods, byes, and unknown terms by name', () => {
    expect(pairReasons({ rankA: 3, rankB: 4, rematches: 0, scoreDifference: 0 })).toEqual([
      'never met',
      'equal scores',
      'ranked #3 v #4',
    ]);
    expect(pairReasons({ seedA: 1, seedB: 16 })).toEqual(['seeds 1 and 16']);
    expect(byeReasons({ earlierByes: 0, groupsAboveLowest: 0, rankFromBottom: 0 })).toEqual([
      'no bye yet',
      'from the lowest score group',
      'lowest ranked',
    ]);
    expect(pairReasons({ novelty: 2 })).toEqual(['novelty 2']);
  });
});

describe('the round countdown (seed 004)', () => {
  const start = Date.UTC(2026, 0, 17, 10, 0, 0);
  const at = (minutes: number) => start + minutes * 60_000;

  it('counts down, warns in the pre-alarm, then counts the overtime', () => {
    expect(clockAt(start, 30, 5, at(0))).toMatchObject({ phase: 'running', text: '30:00' });
    expect(clockAt(start, 30, 5, at(12.5))).toMatchObject({ phase: 'running', text: '17:30' });
    expect(clockAt(start, 30, 5, at(25))).toMatchObject({ phase: 'pre-alarm', text: '5:00' });
    expect(clockAt(start, 30, 5, at(29.99))).toMatchObject({ phase: 'pre-alarm', text: '0:01' });
    expect(clockAt(start, 30, 5, at(30))).toMatchObject({ phase: 'over', text: '+0:00' });
    expect(clockAt(start, 30, 5, at(31.5))).toMatchObject({ phase: 'over', text: '+1:30' });
    expect(clockAt(start, 90, 0, at(0))).toMatchObject({ phase: 'running', text: '1:30:00' });
  });

  it('shows nothing when the duration is 0', () => {
    expect(clockAt(start, 0, 5, at(1)).phase).toBe('off');
  });
});

describe('the emulator switch', () => {
  it("reads the emulators from the Hosting emulator's init.js, as firebase-tools writes it", () => {
    // The template firebase-tools fills in (hosting/implicitInit.js), filled the same way.
    const tools = dirname(createRequire(import.meta.url).resolve('firebase-tools/package.json'));
    const template = readFileSync(join(tools, 'templates', 'hosting', 'init.js'), 'utf8');
    const emulators = {
      auth: { host: '127.0.0.1', port: 9499, hostAndPort: '127.0.0.1:9499' },
      firestore: { host: '::', port: 8480 },
      functions: { host: '0.0.0.0', port: 5401 },
    };
    const script = template
      .replace('/*--CONFIG--*/', 'var firebaseConfig = {};')
      .replace('/*--EMULATORS--*/', `var firebaseEmulators = ${JSON.stringify(emulators, null, 2)};`);
    expect(emulatorsFromInitJs(script)).toEqual({
      auth: { host: '127.0.0.1', port: 9499 },
      firestore: { host: '::1', port: 8480 },
      functions: { host: '127.0.0.1', port: 5401 },
    });
    expect(emulatorsFromInitJs(template.replace('/*--EMULATORS--*/', 'var firebaseEmulators = undefined;'))).toBeNull();
  });

  it('parses host:port from the query, IPv6 in brackets', () => {
    expect(parseHostPort('[::1]:8080')).toEqual({ host: '::1', port: 8080 });
    expect(parseHostPort('localhost:9099')).toEqual({ host: 'localhost', port: 9099 });
    expect(parseHostPort('nonsense')).toBeNull();
  });
});
