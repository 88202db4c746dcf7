/**
 * The engines the pairing benchmark compares, behind one interface: give them the event so far, get the next
 * round. Each adapter calls its library the way that library's own code does (tournament-organizer through its
 * Tournament object, swiss-pairing through getMatchups); only the pairing call is timed.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import Manager from 'tournament-organizer';
import { type ColourMode, createRng, generateRound, type SimEvent, type SimRound } from '@competition/engine';

export type EngineName = 'ours' | 'tournament-organizer' | 'swiss-pairing' | 'bbpPairings';
/** bbpPairings (FIDE Dutch, C++) takes part when BBP_EXE names a build of it. */
export const ENGINES: EngineName[] = [
  'ours',
  'tournament-organizer',
  'swiss-pairing',
  ...(process.env.BBP_EXE ? (['bbpPairings'] as const) : []),
];

export interface Engine {
  /** Pairs the next round; returns the round and the milliseconds spent pairing (wall clock and this process's CPU). */
  next(event: SimEvent, roundNumber: number, totalRounds: number): { round: SimRound } & Lap;
  /** Tells the engine the results of the round it paired (for engines that keep their own state). */
  played(event: SimEvent, roundNumber: number): void;
}

/** Side a (first of each pair) moves first in every engine's round: white in the colour metrics. */
export interface Lap {
  ms: number;
  /** CPU time of this process (user + system): steadier than ms on a busy machine; excludes child processes. */
  cpuMs: number;
}

/** Starts a stopwatch for wall-clock and CPU time; calling the result stops it. */
function stopwatch(): () => Lap {
  const wall = performance.now();
  const cpu = process.cpuUsage();
  return () => {
    const used = process.cpuUsage(cpu);
    return { ms: performance.now() - wall, cpuMs: (used.user + used.system) / 1000 };
  };
}

export function createEngine(name: EngineName, seed: number, colours: ColourMode = 'FIDE'): Engine {
  switch (name) {
    case 'ours':
      return ours(seed, colours);
    case 'tournament-organizer':
      return tournamentOrganizer(seed);
    case 'swiss-pairing':
      return swissPairing(seed);
    case 'bbpPairings':
      return bbpPairings(process.env.BBP_EXE!);
  }
}

function ours(seed: number, colours: ColourMode): Engine {
  return {
    next(event, roundNumber, totalRounds) {
      const players = event.pairingPlayers();
      const stop = stopwatch();
      const out = generateRound({ roundNumber, totalRounds, method: 'SWISS', seed, players, options: { colours } });
      const lap = stop();
      return { round: { pairs: out.pairings.map((p) => [p.a, p.b]), byes: out.byes }, ...lap };
    },
    played() {},
  };
}

/**
 * The peers shuffle with Math.random; a seeded generator stands in for it while they run, so a benchmark run is
 * reproducible. (Our engine never calls Math.random.)
 */
function withSeededRandom<T>(rng: () => number, run: () => T): T {
  const original = Math.random;
  Math.random = rng;
  try {
    return run();
  } finally {
    Math.random = original;
  }
}

interface ToMatch {
  getId(): string;
  getRoundNumber(): number;
  getPlayer1(): { id: string | null };
  getPlayer2(): { id: string | null };
  isActive(): boolean;
}
interface ToTournament {
  createPlayer(name: string, id?: string): { set(values: { value: number }): void };
  startTournament(): void;
  nextRound(): void;
  getMatchesByRound(round: number): ToMatch[];
  enterResult(id: string, p1: number, p2: number, draws?: number): void;
}

function tournamentOrganizer(seed: number): Engine {
  const rng = createRng(seed ^ 0x70);
  let tournament: ToTournament | null = null;
  return {
    next(event, roundNumber, totalRounds) {
      let lap: Lap = { ms: 0, cpuMs: 0 };
      withSeededRandom(rng, () => {
        if (roundNumber === 1) {
          const manager = new Manager();
          tournament = manager.createTournament('bench', {
            stageOne: { format: 'swiss', rounds: totalRounds },
            sorting: 'descending',
            scoring: { bestOf: 1, win: 1, draw: 0.5, loss: 0, bye: 1 },
          });
          for (const p of event.players) tournament.createPlayer(p.id, p.id).set({ value: p.rating });
          const stop = stopwatch();
          tournament.startTournament();
          lap = stop();
        } else {
          const stop = stopwatch();
          tournament!.nextRound();
          lap = stop();
        }
      });
      const round: SimRound = { pairs: [], byes: [] };
      for (const m of tournament!.getMatchesByRound(roundNumber)) {
        const a = m.getPlayer1().id;
        const b = m.getPlayer2().id;
        if (a !== null && b !== null) round.pairs.push([a, b]);
        else if (a !== null || b !== null) round.byes.push((a ?? b)!);
      }
      return { round, ...lap };
    },
    played(event, roundNumber) {
      const results = new Map<string, number>();
      for (const [id, games] of event.games)
        for (const g of games)
          if (g.round === roundNumber && g.opponent !== null) results.set(`${id}|${g.opponent}`, g.matchPoints);
      withSeededRandom(rng, () => {
        for (const m of tournament!.getMatchesByRound(roundNumber)) {
          if (!m.isActive()) continue;
          const points = results.get(`${m.getPlayer1().id}|${m.getPlayer2().id}`) ?? 0.5;
          if (points === 1) tournament!.enterResult(m.getId(), 1, 0, 0);
          else if (points === 0) tournament!.enterResult(m.getId(), 0, 1, 0);
          else tournament!.enterResult(m.getId(), 0, 0, 1);
        }
      });
    },
  };
}

interface SpMatch {
  round: number;
  home: { id: string; points: number };
  away: { id: string | null; points: number };
}

function swissPairing(seed: number): Engine {
  const require = createRequire(import.meta.url);
  // swiss-pairing ships no types: its factory's shape, as its README documents it.
  const factory = require('swiss-pairing') as (options: { maxPerRound: number }) => {
    getMatchups(
      round: number,
      participants: { id: string; seed: number }[],
      matches: SpMatch[],
    ): { home: string | null; away: string | null }[];
  };
  const lib = factory({ maxPerRound: 1 });
  const rng = createRng(seed ^ 0x51);
  return {
    next(event, roundNumber) {
      // Seeds by rating, 1 = strongest, as its README suggests.
      const participants = event.players
        .slice()
        .sort((x, y) => y.rating - x.rating)
        .map((p, k) => ({ id: p.id, seed: k + 1 }));
      const matches: SpMatch[] = [];
      for (const [id, games] of event.games) {
        for (const g of games) {
          if (g.opponent === null)
            matches.push({ round: g.round, home: { id, points: g.matchPoints }, away: { id: null, points: 0 } });
          else if (id < g.opponent) {
            matches.push({
              round: g.round,
              home: { id, points: g.matchPoints },
              away: { id: g.opponent, points: 1 - g.matchPoints },
            });
          }
        }
      }
      let result: { home: string | null; away: string | null }[] = [];
      const stop = stopwatch();
      withSeededRandom(rng, () => {
        result = lib.getMatchups(roundNumber, participants, matches);
      });
      const lap = stop();
      const round: SimRound = { pairs: [], byes: [] };
      for (const m of result) {
        if (m.home !== null && m.away !== null) round.pairs.push([m.home, m.away]);
        else if (m.home !== null || m.away !== null) round.byes.push((m.home ?? m.away)!);
      }
      return { round, ...lap };
    },
    played() {},
  };
}

/**
 * bbpPairings through its command line: the event so far as a TRF file (pairing numbers by rating, white for the
 * top player in round 1), `--dutch FILE -p OUT`, pairs read back white first. The time includes starting the
 * process and the files (a few milliseconds), which the engine's own pairing time does not.
 */
function bbpPairings(exe: string): Engine {
  const dir = bbpDirectory();
  return {
    next(event, roundNumber, totalRounds) {
      const ranked = event.players.slice().sort((x, y) => y.rating - x.rating || (x.id < y.id ? -1 : 1));
      const number = new Map(ranked.map((p, k) => [p.id, k + 1]));
      const lines = ['012 bench', `XXR ${totalRounds}`, 'XXC white1'];
      for (const p of ranked) {
        const games = event.games.get(p.id)!;
        const score = games.reduce((s, g) => s + g.matchPoints, 0);
        // TRF columns (0-based): start rank 4-7, name 14-46, rating 48-51, points 80-83, rounds from 91, 10 each.
        let line = `001 ${pad(number.get(p.id)!, 4)}      ${p.id.slice(0, 32).padEnd(33)} ${pad(p.rating, 4)}${' '.repeat(28)}${score.toFixed(1).padStart(4)}`;
        line = line.padEnd(91);
        for (const g of games) {
          const block =
            g.opponent === null
              ? '0000 - U'
              : `${pad(number.get(g.opponent)!, 4)} ${g.colour === 'BLACK' ? 'b' : 'w'} ${g.matchPoints === 1 ? '1' : g.matchPoints === 0 ? '0' : '='}`;
          line += `${block}  `;
        }
        lines.push(line.trimEnd().padEnd(84));
      }
      const input = join(dir, 'in.trf');
      const output = join(dir, 'out.txt');
      writeFileSync(input, `${lines.join('\n')}\n`);
      const stop = stopwatch();
      try {
        execFileSync(exe, ['--dutch', input, '-p', output], { stdio: ['ignore', 'ignore', 'pipe'] });
      } catch (error) {
        const status = (error as { status?: number }).status;
        throw new Error(
          status === 1
            ? `no valid pairing for round ${roundNumber} (bbpPairings exit 1)`
            : `bbpPairings failed (exit ${status})`,
          { cause: error },
        );
      }
      const lap = stop();
      const byNumber = new Map(ranked.map((p, k) => [k + 1, p.id]));
      const round: SimRound = { pairs: [], byes: [] };
      for (const row of readFileSync(output, 'utf8').trim().split('\n').slice(1)) {
        const [white, black] = row.trim().split(/\s+/).map(Number);
        if (black === 0) round.byes.push(byNumber.get(white!)!);
        else round.pairs.push([byNumber.get(white!)!, byNumber.get(black!)!]);
      }
      // The pairing runs in a child process: its CPU time is not this process's.
      return { round, ms: lap.ms, cpuMs: NaN };
    },
    played() {},
  };
}

let scratch: string | null = null;

function bbpDirectory(): string {
  if (scratch === null) {
    const dir = mkdtempSync(join(tmpdir(), 'bbp-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    scratch = dir;
  }
  return scratch;
}

function pad(value: number, width: number): string {
  return String(value).padStart(width);
}
