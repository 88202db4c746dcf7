/**
 * An EGD results file (`.h9`, docs/go.md#the-egd-results-file) read back into a scenario: the GO preset with the
 * header's komi and handicap correction, a player per line (named g1, g2 ... by line), and each round's games,
 * colours and byes. Fields are read by whitespace, so files from other programs with other widths read too.
 */
import { DomainError } from '../common/index.js';
import { normalizeGoRank } from '../pairing/index.js';
import { EGD_MCMAHON_LINE } from './egdWrite.js';
import type { ScenarioInput } from './trfScenario.js';

type ScenarioMatchUpInput = ScenarioInput['rounds'] extends Array<Array<infer M>> | undefined ? M : never;

const RANK = /^\d{1,2}[kdp]$/i;
/** A round: opponent's line, result, `/` played or `!` decided without play, colour, handicap (OpenGotha's fields). */
const ROUND = /^(\d+)([-+=?])([/!])?([wb?])?(\d)?$/;

interface EgdRound {
  opponent: number;
  mark: string;
  forfeit: boolean;
  colour: string | undefined;
}

interface EgdPlayer {
  line: number;
  name: string;
  rank: string;
  country: string | undefined;
  club: string | undefined;
  rounds: EgdRound[];
}

const egdError = (line: number, problem: string) => new DomainError('invalid-argument', `h9 line ${line}: ${problem}`);

export function readEgd(text: string): ScenarioInput {
  const header = new Map<string, string>();
  let mcMahon: { bar: string; floor: string } | undefined;
  const players: EgdPlayer[] = [];
  text.split(/\r\n|\r|\n/).forEach((raw, index) => {
    const source = index + 1;
    const trimmed = raw.trim();
    if (trimmed === '') return;
    if (trimmed.startsWith(';')) {
      for (const [, tag, value] of trimmed.matchAll(/([A-Z]{2})\[([^\]]*)\]/g)) header.set(tag!, value!);
      const bar = EGD_MCMAHON_LINE.exec(trimmed);
      if (bar) mcMahon = { bar: bar[1]!, floor: bar[2]! };
      return;
    }
    players.push(playerOf(trimmed.split(/\s+/), players.length + 1, source));
  });
  if (players.length === 0) throw new DomainError('invalid-argument', 'h9: no player lines');
  const rounds = Math.max(...players.map((p) => p.rounds.length));
  const komi = header.has('KM') ? Number(header.get('KM')) : undefined;
  const correction = /^h(\d)$/.exec(header.get('HA') ?? '')?.[1];
  const settings = {
    ...mcMahon,
    ...(komi !== undefined && Number.isFinite(komi) ? { komi } : {}),
    ...(correction !== undefined ? { handicap: { correction: Number(correction) } } : {}),
  };
  const [start, end] = (header.get('DT') ?? '').split(',').map((d) => d.trim());
  const city = header.get('PC')?.split(',')[1]?.trim();
  const event = {
    ...(header.get('EV') && { name: header.get('EV')!.trim() }),
    ...(city && { city }),
    ...(start && /^\d{4}-\d{2}-\d{2}$/.test(start) && { startDate: start }),
    ...(end && /^\d{4}-\d{2}-\d{2}$/.test(end) && { endDate: end }),
  };
  return {
    ...(Object.keys(event).length > 0 && { event }),
    policy: 'GO',
    ...(Object.keys(settings).length > 0 && {
      options: { policyOverrides: { pairingPolicy: { mcMahon: settings } } },
    }),
    participants: players.map((p) => ({
      id: `g${p.line}`,
      name: p.name,
      goRank: p.rank,
      ...(p.country && { country: p.country }),
      ...(p.club && { club: p.club }),
    })),
    rounds: Array.from({ length: rounds }, (_, k) => roundOf(players, k)),
  };
}

/** A player line: place, the name's words, rank, country, club, the standings' figures, then the rounds. */
function playerOf(tokens: string[], line: number, source: number): EgdPlayer {
  const rankAt = tokens.findIndex((t, k) => k >= 2 && RANK.test(t));
  if (rankAt < 0 || tokens.length < rankAt + 3) throw egdError(source, 'expected place, name, rank, country and club');
  let first = tokens.length;
  while (first > rankAt + 3 && ROUND.test(tokens[first - 1]!)) first -= 1;
  const rounds = tokens.slice(first).map((token) => {
    const [, opponent, mark, how, colour] = ROUND.exec(token)!;
    return { opponent: Number(opponent), mark: mark!, forfeit: how === '!', colour };
  });
  const country = tokens[rankAt + 1]!;
  const club = tokens[rankAt + 2]!;
  return {
    line,
    name: tokens.slice(1, rankAt).join(' '),
    rank: normalizeGoRank(tokens[rankAt]!)!,
    country: country.toUpperCase() === 'XX' ? undefined : country,
    club: club.toLowerCase() === 'xxxx' ? undefined : club,
    rounds,
  };
}

/** A round's games, each once (from its Black player, who moves first: side a), then the rounds without a game. */
function roundOf(players: readonly EgdPlayer[], k: number): ScenarioMatchUpInput[] {
  const games: ScenarioMatchUpInput[] = [];
  const byes: ScenarioMatchUpInput[] = [];
  for (const player of players) {
    const round = player.rounds[k];
    if (!round) continue;
    const id = `g${player.line}`;
    if (round.opponent === 0) {
      // What the round earned: a whole point is the pairing's bye, half or nothing an absence the player asked for.
      const kind = round.mark === '+' ? 'pairing-bye' : round.mark === '=' ? 'half-bye' : 'zero-bye';
      byes.push({ a: id, b: null, kind });
      continue;
    }
    const other = players[round.opponent - 1];
    const back = other?.rounds[k];
    if (!other || !back || back.opponent !== player.line)
      throw egdError(player.line, `round ${k + 1}: opponent ${round.opponent} does not name this player back`);
    // Each game once: from its Black player, or from the lower line when the colour is not known.
    const black = round.colour === 'b' || (round.colour !== 'w' && player.line < other.line);
    if (!black) continue;
    games.push(gameOf(id, `g${other.line}`, round, back));
  }
  return [...games, ...byes];
}

function gameOf(a: string, b: string, x: EgdRound, y: EgdRound): ScenarioMatchUpInput {
  if (x.mark === '?' || y.mark === '?') return { a, b, status: 'TO_BE_PLAYED' };
  if (x.mark === '-' && y.mark === '-') return { a, b, status: 'DOUBLE_WALKOVER' };
  const winner = x.mark === '+' ? 'a' : y.mark === '+' ? 'b' : undefined;
  if (x.forfeit && winner) return { a, b, status: 'WALKOVER', winner };
  return winner ? { a, b, winner } : { a, b, result: 'draw' };
}
