/**
 * The dashboard's pure helpers: pasted CSV into addParticipants entries, the engine's cost terms in words, the
 * round countdown, and the emulator addresses read from the Hosting emulator's own init.js.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { clockAt, sharedClockAt } from '../../src/lib/countdown.js';
import { nextIds, parseParticipantsCsv, splitCsv } from '../../src/lib/csv.js';
import { colourNames, handicapText, rankingPoints } from '../../src/lib/format.js';
import { resolvePolicy } from '@competition/engine';
import { byeReasons, pairReasons } from '../../src/lib/reasons.js';
import { emulatorsFromInitJs, parseHostPort } from '../../src/data/firebase.js';
import { readTournamentLink } from '../../src/lib/tournamentLink.js';
import { parseRoute } from '../../src/app/route.js';
import { newRequestId } from '../../src/lib/requestId.js';

describe('participants pasted as CSV', () => {
  it('reads a header line in any column order, and quotes', () => {
    const text = 'Rating;Name;Club\n1800;"Smith; Ann";Riverside\n1650;Bo;\n';
    const { participants, errors } = parseParticipantsCsv(text, [{ participantId: 'p1', name: 'Someone' }]);
    expect(errors).toEqual([]);
    expect(participants).toEqual([
      { participantId: 'p2', name: 'Smith; Ann', rating: 1800, club: 'Riverside' },
      { participantId: 'p3', name: 'Bo', rating: 1650 },
    ]);
  });

  it('refuses a column of account ids, in any language, and links nobody', () => {
    for (const header of ['name,rating,account', 'Nom;Compte', 'Spieler\tKonto', 'name,uid']) {
      const { participants, errors } = parseParticipantsCsv(`${header}\nAda,1800,someone@example.com\n`);
      expect(participants).toEqual([]);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toContain('account column: remove it');
    }
  });

  it('takes lines without a header as name, rating, club, country, then the chess details; tabs', () => {
    const { participants, errors } = parseParticipantsCsv(
      'Ada\t1830\tRiverside\tGBR\nCy\t1755\nJu\t2650\t\t\t1503014\tgm\tnor\tf\t1995\tu1\textra',
    );
    expect(errors).toEqual([]);
    expect(participants).toEqual([
      { participantId: 'p1', name: 'Ada', rating: 1830, club: 'Riverside', country: 'GBR' },
      { participantId: 'p2', name: 'Cy', rating: 1755 },
      // A column past the birth year is no account, nor anything else.
      {
        participantId: 'p3',
        name: 'Ju',
        rating: 2650,
        fideId: '1503014',
        title: 'GM',
        federation: 'NOR',
        sex: 'w',
        birthYear: 1995,
      },
    ]);
  });

  it("reads a chess organizer's headers in any order, and each sex and birth date as FIDE writes it", () => {
    const english = parseParticipantsCsv(
      'Name;FIDE ID;Title;Fed;Sex;Born;Rtg\nAnn;1503014;wgm;nor;F;1990-05-12;2400\nBo;0;;;M;12.05.2001;\n',
    );
    expect(english.errors).toEqual([]);
    expect(english.participants).toEqual([
      {
        participantId: 'p1',
        name: 'Ann',
        rating: 2400,
        fideId: '1503014',
        title: 'WGM',
        federation: 'NOR',
        sex: 'w',
        birthYear: 1990,
      },
      { participantId: 'p2', name: 'Bo', sex: 'm', birthYear: 2001 },
    ]);
    const german = parseParticipantsCsv(
      'Spieler\tFIDE-ID\tTitel\tVerband\tGeschlecht\tGeburtsjahr\nJonas\t24600164\tFM\tGER\tw\t1988\n',
    );
    const french = parseParticipantsCsv(
      'Nom;ID FIDE;Titre;Fédération;Sexe;Année de naissance\nLéa;654321;CM;FRA;f;2004\n',
    );
    const other = parseParticipantsCsv('Player,FIDE-ID,Gender,Birth year,YOB\nCy,123,m,1970,\n');
    expect(german.participants[0]).toMatchObject({ fideId: '24600164', title: 'FM', federation: 'GER', sex: 'w' });
    expect(french.participants[0]).toMatchObject({ fideId: '654321', title: 'CM', federation: 'FRA', sex: 'w' });
    expect(other.participants[0]).toMatchObject({ fideId: '123', sex: 'm', birthYear: 1970 });
    expect([german.errors, french.errors, other.errors]).toEqual([[], [], []]);
  });

  it('refuses a bad FIDE id, title, federation, sex or birth year, naming the line and the field', () => {
    const { participants, errors } = parseParticipantsCsv(
      [
        'name,fide id,title,federation,sex,birth year',
        'Ada,12a,,,,',
        'Bo,,XM,,,',
        'Cy,,,Norway,,',
        'Di,,,,x,',
        'Ed,,,,,soon',
        'Flo,,,,,1850',
        'Gus,123456789012,,,,',
      ].join('\n'),
    );
    expect(participants).toEqual([]);
    expect(errors).toEqual([
      'line 2 (Ada): FIDE id: must be a FIDE id: 1 to 11 digits',
      'line 3 (Bo): title: must be one of GM, IM, WGM, FM, WIM, CM, WFM, WCM',
      'line 4 (Cy): federation: must be a FIDE federation code: 3 capital letters',
      'line 5 (Di): sex: must be one of m, w',
      'line 6 (Ed): the birth year “soon” is not a year',
      'line 7 (Flo): birth year: must be at least 1900',
      'line 8 (Gus): FIDE id: must be a FIDE id: 1 to 11 digits',
    ]);
  });

  it("reads a Go player's rank under the headers Go lists use, in any spelling, kept short", () => {
    const opengotha = parseParticipantsCsv('Name;Rank;Club;Country\nAi;5 kyu;Paris;FR\nBo;1D;;\nCy;3 dan;;\nDu;2p;;');
    expect(opengotha.errors).toEqual([]);
    expect(opengotha.participants).toEqual([
      { participantId: 'p1', name: 'Ai', club: 'Paris', country: 'FR', goRank: '5k' },
      { participantId: 'p2', name: 'Bo', goRank: '1d' },
      { participantId: 'p3', name: 'Cy', goRank: '3d' },
      { participantId: 'p4', name: 'Du', goRank: '2p' },
    ]);
    const egd = parseParticipantsCsv('Name,Grade,GoR\nEd,12k,1010\n');
    const german = parseParticipantsCsv('Spieler\tRang\tVerein\nFe\t4 Kyu\tBonn\n');
    const spanish = parseParticipantsCsv('Nombre;Rango\nGil;1 Dan\n');
    const slash = parseParticipantsCsv('Name,Kyu/Dan\nHo,30K\n');
    expect(egd.participants).toEqual([{ participantId: 'p1', name: 'Ed', rating: 1010, goRank: '12k' }]);
    expect(german.participants[0]).toMatchObject({ goRank: '4k', club: 'Bonn' });
    expect([spanish.participants[0]?.goRank, slash.participants[0]?.goRank]).toEqual(['1d', '30k']);
  });

  it("reads a rank in the rating's place without a header, and a chess list's Rank of places as no rank", () => {
    const bare = parseParticipantsCsv('Ai\t5k\tParis\nBo\t2 dan\nCy\t1650');
    expect(bare.errors).toEqual([]);
    expect(bare.participants).toEqual([
      { participantId: 'p1', name: 'Ai', club: 'Paris', goRank: '5k' },
      { participantId: 'p2', name: 'Bo', goRank: '2d' },
      { participantId: 'p3', name: 'Cy', rating: 1650 },
    ]);
    const standings = parseParticipantsCsv('Rank,Name,Rtg\n1,Ada,2400\n2.,Bo,2310\n3,Cy,\n');
    expect(standings.errors).toEqual([]);
    expect(standings.participants).toEqual([
      { participantId: 'p1', name: 'Ada', rating: 2400 },
      { participantId: 'p2', name: 'Bo', rating: 2310 },
      { participantId: 'p3', name: 'Cy' },
    ]);
  });

  it('refuses a rank that is none, naming the line and the field', () => {
    const { participants, errors } = parseParticipantsCsv('name,rank\nAi,5x\nBo,31k\nCy,10d\nDu,3k\n');
    expect(participants.map((p) => p.goRank)).toEqual(['3k']);
    expect(errors).toEqual([
      'line 2 (Ai): Go rank: must be a Go rank: 30k to 1k, 1d to 9d or 1p to 9p',
      'line 3 (Bo): Go rank: must be a Go rank: 30k to 1k, 1d to 9d or 1p to 9p',
      'line 4 (Cy): Go rank: must be a Go rank: 30k to 1k, 1d to 9d or 1p to 9p',
    ]);
  });

  it("names each bad line and field in words, with the callable's own schema", () => {
    const { participants, errors } = parseParticipantsCsv('name,rating\nAda,abc\n,1500\nCy,99999\n');
    expect(participants).toEqual([]);
    expect(errors).toEqual([
      'line 2 (Ada): the rating “abc” is not a number',
      'line 3: name: cannot be empty',
      'line 4 (Cy): rating: must be at most 10000',
    ]);
    expect(errors.join(' ')).not.toMatch(/Invalid input|expected number|NaN/);
  });

  it('reads a French, German or Spanish paste: its header, its separators and its numbers', () => {
    const french = parseParticipantsCsv(
      'Nom;Classement;Club\nÉmile Roux;1 520;Cercle\nLéa Morel;1\u202f480,5;\n',
      [],
      'fr-FR',
    );
    expect(french.errors).toEqual([]);
    expect(french.participants.map((p) => [p.name, p.rating, p.club])).toEqual([
      ['Émile Roux', 1520, 'Cercle'],
      ['Léa Morel', 1480.5, undefined],
    ]);
    const german = parseParticipantsCsv('Spieler;Wertung;Verein;Land\nJonas Weber;1.520,5;SK Berg;GER\n', [], 'de-DE');
    expect(german.participants.map((p) => [p.name, p.rating, p.club, p.country])).toEqual([
      ['Jonas Weber', 1520.5, 'SK Berg', 'GER'],
    ]);
    const spanish = parseParticipantsCsv('Nombre\tClasificación\tPaís\nAna Ruiz\t1.610\tESP\n', [], 'es-ES');
    expect(spanish.participants.map((p) => [p.name, p.rating, p.country])).toEqual([['Ana Ruiz', 1610, 'ESP']]);
    const english = parseParticipantsCsv('Player,Elo\n"Bo Lind","1,520"\n', [], 'en-GB');
    expect(english.participants.map((p) => p.rating)).toEqual([1520]);
  });

  it('refuses a player listed twice, or one already entered, with the same name and rating or club', () => {
    const entered = [{ participantId: 'p1', name: 'Emma Girard', rating: 1520, club: 'Cercle' }];
    const { errors } = parseParticipantsCsv(
      'Emma Girard,1520,Cercle\nPaul Roux,1400\npaul  roux,1400\nEmma Girard,1300,Other club\n',
      entered,
    );
    expect(errors).toEqual([
      'line 1: Emma Girard rated 1520 of Cercle is already entered',
      'line 3: paul  roux rated 1400 is listed twice',
    ]);
  });

  it('lists the errors in the order of the pasted lines, whatever found them', () => {
    const { errors } = parseParticipantsCsv(
      'Nom;Classement\nÉmile Roux;1 520\nÉmile Roux;1 520\nLéa Morel;beaucoup\n',
      [],
      'fr-FR',
    );
    expect(errors.map((e) => e.split(':')[0])).toEqual(['line 3', 'line 4 (Léa Morel)']);
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

  it('speaks of one point and one minute in the singular, and of the Dutch pairing numbers in words', () => {
    expect(pairReasons({ groupDistance: 1, scoreDifference: 1 })).toEqual([
      '1 score group apart',
      '1 point apart in the standings',
    ]);
    expect(pairReasons({ pairingNumberA: 6, pairingNumberB: 11 })).toEqual(['pairing numbers 6 and 11']);
    expect(byeReasons({ pairingNumber: 12, score: 1 })).toEqual(['pairing number 12', '1 point']);
    // A float's cost is no repeat: in round 1 nobody floated before.
    expect(pairReasons({ groupDistance: 1, floats: 3 })).toEqual([
      '1 score group apart',
      'a float the pairing would rather avoid',
    ]);
  });
});

describe("a Go game's sides, handicap and komi", () => {
  it('names Black first in a McMahon round, balancing colours by default; White first in chess', () => {
    const plain = resolvePolicy('SWISS');
    expect(colourNames({ method: 'MCMAHON', options: {} }, plain)).toEqual({ first: 'Black', second: 'White' });
    expect(colourNames({ method: 'MCMAHON', options: { colours: 'NONE' } }, plain)).toBeNull();
    expect(colourNames({ method: 'SWISS', options: {} }, plain)).toBeNull();
    expect(colourNames({ method: 'DUTCH', options: {} }, resolvePolicy('CHESS'))).toEqual({
      first: 'White',
      second: 'Black',
    });
  });

  it('reads the pair\'s handicap and komi terms as "H3 · komi 0.5" or "even · komi 7.5"; nothing for other games', () => {
    expect(handicapText({ handicap: 3, komi: 0.5, soft: 12 })).toBe('H3 · komi 0.5');
    expect(handicapText({ handicap: 0, komi: 7.5 })).toBe('even · komi 7.5');
    expect(handicapText({ komi: 6.5 })).toBe('even · komi 6.5');
    expect(handicapText({ rematches: 0, groupDistance: 0 })).toBeNull();
    expect(rankingPoints({ matchPoints: 2, mcMahonScore: 24 })).toEqual({
      value: 24,
      short: 'MMS',
      long: 'McMahon score',
    });
    expect(rankingPoints({ matchPoints: 2 })).toMatchObject({ value: 2, short: 'MP' });
    // The pair's reasons leave them to that tag.
    expect(pairReasons({ rematches: 0, handicap: 3, komi: 0.5, minimizeHandicap: 2, colourBalance: 150 })).toEqual([
      'never met',
    ]);
    expect(pairReasons({ rematches: 1, colourBalance: 0 })).toEqual([
      'rematch: met 1 time before',
      'colour balances that even out',
    ]);
  });
});

describe('the round countdown', () => {
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

  it('shares one clock: the full time until started, frozen while paused, going on from the pause', () => {
    expect(sharedClockAt(null, 30, 5, at(3))).toMatchObject({ state: 'not-started', text: '30:00' });
    const running = { startedAtMs: start, pausedAtMs: null, elapsedMs: 0 };
    expect(sharedClockAt(running, 30, 5, at(10))).toMatchObject({ state: 'running', text: '20:00' });
    const paused = { startedAtMs: start, pausedAtMs: at(10), elapsedMs: 0 };
    expect(sharedClockAt(paused, 30, 5, at(10))).toMatchObject({ state: 'paused', text: '20:00' });
    expect(sharedClockAt(paused, 30, 5, at(50))).toMatchObject({ state: 'paused', text: '20:00' });
    // Resumed at minute 50 with the 10 minutes it ran kept: 20 minutes later it is into its pre-alarm.
    const resumed = { startedAtMs: at(50), pausedAtMs: null, elapsedMs: 10 * 60_000 };
    expect(sharedClockAt(resumed, 30, 5, at(66))).toMatchObject({ state: 'running', phase: 'pre-alarm', text: '4:00' });
    expect(sharedClockAt(resumed, 30, 5, at(71))).toMatchObject({ phase: 'over', text: '+1:00' });
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
    // A phone that opened the page at the laptop's network address (npm start --lan) dials that address.
    expect(emulatorsFromInitJs(script, '192.168.1.23')).toEqual({
      auth: { host: '192.168.1.23', port: 9499 },
      firestore: { host: '192.168.1.23', port: 8480 },
      functions: { host: '192.168.1.23', port: 5401 },
    });
    expect(emulatorsFromInitJs(script, 'localhost')).toEqual(emulatorsFromInitJs(script));
  });

  it('parses host:port from the query, IPv6 in brackets', () => {
    expect(parseHostPort('[::1]:8080')).toEqual({ host: '::1', port: 8080 });
    expect(parseHostPort('localhost:9099')).toEqual({ host: 'localhost', port: 9099 });
    expect(parseHostPort('nonsense')).toBeNull();
  });
});

describe("Home's tournament link box", () => {
  it('takes the id from a join link, a share link, or the id alone', () => {
    expect(readTournamentLink('http://192.168.1.20:5000/#/t/AbC123/join?code=XYZ')).toEqual({ tournamentId: 'AbC123' });
    expect(readTournamentLink('  https://club.web.app/#/t/Spring%20Open/play ')).toEqual({
      tournamentId: 'Spring Open',
    });
    expect(readTournamentLink('AbC123')).toEqual({ tournamentId: 'AbC123' });
  });

  it('answers a link to somewhere else, a damaged link and an impossible id in words', () => {
    for (const [typed, words] of [
      ['http://example.com/not-a-tournament', 'not a link to a tournament'],
      ['example.com/not-a-tournament', 'not a link to a tournament'],
      ['https://club.web.app/#/t/%E0%A4%A/play', 'damaged'],
      ['__name__', 'is not a tournament’s id'],
      ['', 'paste a tournament’s link'],
    ] as const) {
      const link = readTournamentLink(typed);
      expect('problem' in link ? link.problem : `opened ${link.tournamentId}`, typed).toContain(words);
    }
  });
});

describe('hash routes', () => {
  it('names no screen for an id Firestore would refuse, instead of opening a listener on it', () => {
    expect(parseRoute('#/t/abc/standings')).toMatchObject({ screen: 'tournament', tournamentId: 'abc' });
    expect(parseRoute('#/t/a%2Fb/standings')).toEqual({ screen: 'missing', hash: '#/t/a%2Fb/standings' });
    expect(parseRoute('#/t/%E0%A4%A/play')).toMatchObject({ screen: 'missing' });
    expect(parseRoute('#/t/ok/p/..')).toMatchObject({ screen: 'missing' });
    expect(parseRoute('#/championships/__x__')).toMatchObject({ screen: 'missing' });
  });
});
describe('request ids', () => {
  it('are random UUIDs, made on a plain-http page too (npm start --lan), where crypto.randomUUID is missing', () => {
    const real = crypto;
    vi.stubGlobal('crypto', { getRandomValues: <T extends Uint8Array>(bytes: T) => real.getRandomValues(bytes) });
    try {
      const ids = Array.from({ length: 50 }, newRequestId);
      for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(new Set(ids).size).toBe(ids.length);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
