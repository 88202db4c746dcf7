/**
 * npm run bench:dutch [-- --tournaments 1000] [-- --min 10 --max 300] [-- --seed 1] [-- --keep DIR]
 * npm run bench:dutch [-- --baku] [-- --tournaments 200] ...
 * npm run bench:dutch -- --file FILE.trf [--round R] [--baku [--record OUT]]
 * npm run bench:dutch -- --time [--players 2048] [--round 5] [--bbp]
 *
 * Identity (BBP_EXE names a bbpPairings v6.0.0 build): bbpPairings' generator makes random Dutch tournaments of
 * --min to --max players (seeds, rounds, draw, forfeit, bye and retirement rates drawn from --seed); every round of
 * every tournament is paired by our DUTCH method from the history before it and compared with the generator's
 * pairing of that round (pairs, colours and the bye). Prints "rounds identical / rounds compared" and the first
 * difference with the file, the round and the command that reproduces it (docs/dutch.md#identity).
 *
 * --baku: the same on Baku-accelerated tournaments (FIDE C.04.7). The generator cannot accelerate, so each round k of a
 * generated file is paired again by bbpPairings (`--dutch FILE -p`) from a copy holding rounds 1..k-1 (and round k's
 * byes set ahead), the planned rounds (XXR) and the tournament type FIDE_DUTCH_2025_BAKU; our DUTCH pairs the same
 * history with `acceleration: 'BAKU'`, and the two are compared.
 *
 * --time: one round of --players players (default 2,048) after --round - 1 rounds played with DUTCH and seeded
 * random results, timed for us; with --bbp also for bbpPairings on the same history (minutes of CPU at 2,048).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  generateRound,
  type PairingPlayer,
  type PairingRequest,
  pairingBoards,
  parseTrf,
  scenarioToTrf,
  type TrfDocument,
  trfInitialColour,
  trfPairingRequest,
  trfRoundBoards,
  trfRoundCount,
} from '@competition/engine';

const args = process.argv.slice(2);
function valueOf(flag: string): string | undefined {
  const i = args.indexOf(flag);
  return i >= 0 ? args[i + 1] : undefined;
}
const BBP = process.env.BBP_EXE;
const BAKU = args.includes('--baku');

/** A seeded generator (mulberry32), so the same --seed draws the same tournaments. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ---- Identity ----

function identity(): void {
  if (!BBP) throw new Error('set BBP_EXE to a bbpPairings v6.0.0 build for the identity run');
  const count = Number(valueOf('--tournaments') ?? 1000);
  const min = Number(valueOf('--min') ?? 10);
  const max = Number(valueOf('--max') ?? 300);
  const seed = Number(valueOf('--seed') ?? 1);
  const keep = valueOf('--keep');
  const dir = keep ?? mkdtempSync(join(tmpdir(), 'bench-dutch-'));
  mkdirSync(dir, { recursive: true });
  const draw = random(seed);
  const pick = (lo: number, hi: number) => lo + Math.floor(draw() * (hi - lo + 1));
  let compared = 0;
  let identical = 0;
  let failedRounds = 0;
  let notGenerated = 0;
  let firstDifference: string | null = null;
  let accelerationChanged = 0;
  let ourMs = 0;
  let largest = 0;
  const started = Date.now();
  for (let t = 0; t < count; t++) {
    const players = pick(min, max);
    const rounds = pick(3, Math.max(3, Math.min(13, Math.floor(players / 2))));
    const config = [
      `PlayersNumber=${players}`,
      `RoundsNumber=${rounds}`,
      `DrawPercentage=${pick(0, 60)}`,
      `ForfeitRate=${pick(5, 200)}`,
      `RetiredRate=${pick(20, 500)}`,
      `HalfPointByeRate=${pick(5, 200)}`,
      'HighestRating=2700',
      'LowestRating=1000',
    ].join('\n');
    const stem = join(dir, `t${t}-${players}x${rounds}`);
    writeFileSync(`${stem}.cfg`, `${config}\n`);
    const trfSeed = pick(1, 2_000_000_000);
    try {
      execFileSync(BBP, ['--dutch', '-g', `${stem}.cfg`, '-o', `${stem}.trf`, '-s', String(trfSeed)], {
        stdio: 'ignore',
      });
    } catch {
      // The generator gives up when a round has no valid pairing (too many rounds for the field): draw another.
      notGenerated++;
      t--;
      continue;
    }
    const text = readFileSync(`${stem}.trf`, 'utf8');
    const doc = parseTrf(text);
    for (let round = 1; round <= trfRoundCount(doc); round++) {
      const want = BAKU ? bakuBoards(text, doc, rounds, round, `${stem}-r${round}`) : trfRoundBoards(doc, round);
      if (want.length === 0) continue;
      compared++;
      if (BAKU && want.join() !== trfRoundBoards(doc, round).join()) accelerationChanged++;
      let got: string[];
      try {
        const t0 = performance.now();
        got = pairingBoards(generateRound(request(doc, round)));
        ourMs += performance.now() - t0;
      } catch (error) {
        got = [`error: ${(error as Error).message}`];
        failedRounds++;
      }
      largest = Math.max(largest, doc.players.length);
      if (got.join() === want.join()) identical++;
      else if (firstDifference === null) {
        const missing = want.filter((x) => !got.includes(x));
        const extra = got.filter((x) => !want.includes(x));
        firstDifference =
          `${stem}.trf round ${round}: bbpPairings has ${missing.join(', ')}; we have ${extra.join(', ')}\n` +
          `  reproduce: ${BBP} --dutch -g ${stem}.cfg -o ${stem}.trf -s ${trfSeed}, then pair round ${round}`;
      }
    }
    if (!keep && firstDifference === null) {
      rmSync(`${stem}.trf`, { force: true });
      rmSync(`${stem}.cfg`, { force: true });
    }
    if ((t + 1) % 50 === 0 || t + 1 === count) {
      const minutes = ((Date.now() - started) / 60000).toFixed(1);
      console.log(`${t + 1} tournaments, rounds identical ${identical} / ${compared} (${minutes} min)`);
    }
  }
  console.log(`rounds identical / rounds compared: ${identical} / ${compared}`);
  console.log(`tournaments: ${count} of ${min} to ${max} players; refused rounds: ${failedRounds}`);
  if (BAKU) console.log(`rounds where acceleration changed bbpPairings' pairing: ${accelerationChanged}`);
  console.log(`tournaments the generator could not finish (drawn again): ${notGenerated}`);
  console.log(`our pairing time: ${(ourMs / 1000).toFixed(1)} s in all, ${(ourMs / compared).toFixed(1)} ms per round`);
  if (firstDifference) console.log(`first difference: ${firstDifference}`);
}

/** The request for a round of a file, with Baku acceleration under --baku. */
function request(doc: TrfDocument, round: number): PairingRequest {
  const plain = trfPairingRequest(doc, round);
  return BAKU ? { ...plain, options: { ...plain.options, acceleration: 'BAKU' } } : plain;
}

/** Report-file columns from 0: round 1's block (opponent, colour, result at 0-3, 5, 7 of it), the score. */
const ROUND_COLUMN = 91;
const ROUND_WIDTH = 10;
const SCORE_COLUMNS = [80, 84] as const;

/**
 * bbpPairings' accelerated pairing of `round`: a copy of the generated file with rounds 1..round-1, round's entries
 * of the players not paired in it (byes set ahead, absences), each score recounted over the rounds kept, the planned
 * rounds, the colour drawn for pairing number 1 (XXC) and the Baku tournament type; bbpPairings pairs the next round of it. The boards as `trfRoundBoards` gives
 * them (sorted, `pW-pB`, `bye pN`).
 */
function bakuBoards(text: string, doc: TrfDocument, totalRounds: number, round: number, stem: string): string[] {
  const lines = text.split(/\r\n|\r|\n/);
  const points: Record<string, number> = { '1': 1, '+': 1, W: 1, U: 1, F: 1, '=': 0.5, D: 0.5, H: 0.5 };
  const out: string[] = [];
  for (const line of lines) {
    if (!line.startsWith('001')) {
      if (line.trim() !== '') out.push(line);
      continue;
    }
    let kept = line.slice(0, ROUND_COLUMN);
    let score = 0;
    for (let k = 0; k < round; k++) {
      const entry = line.slice(ROUND_COLUMN + k * ROUND_WIDTH, ROUND_COLUMN + (k + 1) * ROUND_WIDTH);
      if (entry.trim() === '') break;
      const opponent = Number(entry.slice(0, 4));
      const code = entry.slice(7, 8);
      if (k === round - 1) {
        // The round being paired: keep only what was set ahead (a bye other than the pairing-allocated one).
        if (opponent === 0 && code !== 'U') kept += entry;
        break;
      }
      kept += entry;
      score += points[code] ?? 0;
    }
    const [from, to] = SCORE_COLUMNS;
    kept = kept.slice(0, from) + score.toFixed(1).padStart(to - from) + kept.slice(to);
    out.push(kept.trimEnd());
  }
  const colour = trfInitialColour(doc) === 'WHITE' ? 'white1' : 'black1';
  out.push(`XXR ${totalRounds}`, `XXC ${colour}`, '192 FIDE_DUTCH_2025_BAKU');
  writeFileSync(`${stem}.trf`, `${out.join('\r')}\r`);
  execFileSync(BBP!, ['--dutch', `${stem}.trf`, '-p', `${stem}.pairs`], { stdio: 'ignore' });
  const boards = readFileSync(`${stem}.pairs`, 'utf8').trim().split(/\r?\n/).slice(1);
  rmSync(`${stem}.trf`, { force: true });
  rmSync(`${stem}.pairs`, { force: true });
  return boards
    .map((line) => {
      const [w, b] = line.trim().split(/\s+/);
      return b === '0' ? `bye p${w}` : `p${w}-p${b}`;
    })
    .sort();
}

/** Every round of one file (a difference the identity run printed, or a recorded case). */
function oneFile(file: string): void {
  const doc = parseTrf(readFileSync(file, 'utf8'));
  const text = readFileSync(file, 'utf8');
  const only = valueOf('--round');
  const record = valueOf('--record');
  const recorded: string[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'bench-dutch-file-'));
  for (let round = 1; round <= trfRoundCount(doc); round++) {
    if (only !== undefined && Number(only) !== round) continue;
    const want = BAKU
      ? bakuBoards(text, doc, doc.totalRounds ?? trfRoundCount(doc), round, join(dir, `r${round}`))
      : trfRoundBoards(doc, round);
    if (want.length === 0) continue;
    recorded.push(`${round}: ${want.join(', ')}`);
    const t0 = performance.now();
    const got = pairingBoards(generateRound(request(doc, round)));
    const ms = (performance.now() - t0).toFixed(0);
    const same = got.join() === want.join();
    console.log(`round ${round}: ${same ? 'identical' : 'DIFFERENT'} (${ms} ms)`);
    if (!same) {
      console.log(`  bbpPairings only: ${want.filter((x) => !got.includes(x)).join(', ')}`);
      console.log(`  ours only:        ${got.filter((x) => !want.includes(x)).join(', ')}`);
    }
  }
  rmSync(dir, { recursive: true, force: true });
  // --record OUT: the reference boards, a line per round ("round: boards"), as the recorded Baku cases keep them.
  if (record !== undefined) writeFileSync(record, `${recorded.join('\n')}\n`);
}

// ---- Timing one large round ----

interface ScenarioGame {
  a: string;
  b: string | null;
  result?: 'a' | 'b' | 'draw';
  kind?: 'PAIRING_BYE';
}

/**
 * Plays --round - 1 rounds of a --players field with DUTCH and seeded results (the stronger player wins more
 * often), then times the next round; with --bbp, bbpPairings pairs the same round from the same history (the
 * engine's TRF writer gives it the file).
 */
function timeLargeRound(): void {
  const size = Number(valueOf('--players') ?? 2048);
  const target = Number(valueOf('--round') ?? 5);
  const totalRounds = Math.max(target, 11);
  const draw = random(Number(valueOf('--seed') ?? 1));
  const players: PairingPlayer[] = Array.from({ length: size }, (_, k) => ({
    id: `p${k + 1}`,
    rating: 2800 - Math.floor((k * 1800) / size),
    seed: k + 1,
    games: [],
  }));
  const byId = new Map(players.map((p) => [p.id, p]));
  const rounds: ScenarioGame[][] = [];
  const request = (round: number): PairingRequest => ({
    roundNumber: round,
    totalRounds,
    method: 'DUTCH',
    seed: 1,
    players,
    options: { initialColour: 'WHITE' },
  });
  for (let round = 1; round < target; round++) {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    const paired = generateRound(request(round));
    const c = process.cpuUsage(c0);
    console.log(
      `history: round ${round} paired in ${((performance.now() - t0) / 1000).toFixed(2)} s wall, ` +
        `${((c.user + c.system) / 1e6).toFixed(2)} s CPU (${paired.stats.solves} matching solves)`,
    );
    const games: ScenarioGame[] = [];
    for (const g of paired.pairings) {
      const a = byId.get(g.a)!;
      const b = byId.get(g.b)!;
      const x = draw() + (a.rating - b.rating) / 4000;
      const result = x > 0.6 ? 'a' : x > 0.3 ? 'draw' : 'b';
      const points = { a: result === 'a' ? 1 : result === 'draw' ? 0.5 : 0, b: 0 };
      points.b = 1 - points.a;
      const outcome = (p: number) => (p === 1 ? 'WIN' : p === 0 ? 'LOSS' : 'DRAW');
      a.games.push({ round, opponent: b.id, outcome: outcome(points.a), matchPoints: points.a, colour: 'WHITE' });
      b.games.push({ round, opponent: a.id, outcome: outcome(points.b), matchPoints: points.b, colour: 'BLACK' });
      games.push({ a: a.id, b: b.id, result });
    }
    for (const id of paired.byes) {
      byId.get(id)!.games.push({ round, opponent: null, outcome: 'WIN', matchPoints: 1, unplayed: 'PAIRING_BYE' });
      games.push({ a: id, b: null, kind: 'PAIRING_BYE' });
    }
    rounds.push(games);
  }
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const ours = generateRound(request(target));
  const cpu = process.cpuUsage(cpu0);
  const wall = (performance.now() - t0) / 1000;
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  console.log(
    `ours: round ${target} of ${size} players in ${wall.toFixed(2)} s wall, ${cpuSeconds.toFixed(2)} s CPU ` +
      `(${ours.stats.solves} matching solves)`,
  );
  if (!args.includes('--bbp')) return;
  if (!BBP) throw new Error('--bbp needs BBP_EXE');
  const dir = mkdtempSync(join(tmpdir(), 'bench-dutch-time-'));
  const scenario = {
    policy: 'CHESS',
    participants: players.map((p) => ({ id: p.id, rating: p.rating, seed: p.seed })),
    rounds,
    pairing: { method: 'DUTCH', initialColour: 'WHITE', totalRounds },
  };
  writeFileSync(join(dir, 'history.trf'), scenarioToTrf(scenario, { lineEnding: '\r' }));
  const b0 = Date.now();
  execFileSync(BBP, ['--dutch', join(dir, 'history.trf'), '-p', join(dir, 'bbp.pairs')], { stdio: 'ignore' });
  const bbpSeconds = (Date.now() - b0) / 1000;
  const bbpBoards = readFileSync(join(dir, 'bbp.pairs'), 'utf8').trim().split('\n').slice(1);
  const theirs = bbpBoards.map((line) => {
    const [w, b] = line.trim().split(/\s+/);
    return b === '0' ? `bye p${w}` : `p${w}-p${b}`;
  });
  const same = theirs.sort().join() === pairingBoards(ours).join();
  console.log(
    `bbpPairings: the same round in ${bbpSeconds.toFixed(1)} s wall; ${same ? 'identical' : 'DIFFERENT'} pairing`,
  );
  rmSync(dir, { recursive: true, force: true });
}

const file = valueOf('--file');
if (args.includes('--time')) timeLargeRound();
else if (file !== undefined) oneFile(file);
else identity();
