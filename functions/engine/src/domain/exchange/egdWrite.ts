/**
 * The European Go Database's results file, the `.h9` file OpenGotha 3.51.02 exports (docs/go.md#the-egd-results-file):
 * header lines, then one line per player in standings order with the place, name, rank, country, club, the
 * standings' figures and each round as the opponent's line, the result, how it was decided, the colour and the
 * handicap.
 */
import { DomainError } from '../common/index.js';
import type { CompetitionPolicy } from '../policy/index.js';
import { firstMover, type MatchUpRecord } from '../results/index.js';
import type { Participant } from '../ratings/index.js';
import { computeStandings, type LeaderboardRow, mcMahonFigures, TIEBREAK_NAMES } from '../standings/index.js';
import { formatGoRank, mcMahonRoundOf, mcMahonSettings, parseGoRank } from '../pairing/index.js';
import { importTournament } from './exchange.js';
import { parseScenario, type ScenarioEvent } from './scenario.js';

export interface EgdTournament {
  policy: CompetitionPolicy;
  participants: readonly Participant[];
  matchUps: readonly MatchUpRecord[];
  event?: ScenarioEvent | undefined;
}

export interface EgdWriteOptions {
  /** Writes rounds 1 to this one only; every round paired by default. */
  throughRound?: number;
}

/** The line the product adds to the header (a comment to other readers): what the file does not say otherwise. */
export const EGD_MCMAHON_LINE = /^;\s*McMahon bar (\S+), floor (\S+)/;

/** Writes a tournament's results file. Refuses an open game in the rounds written. */
export function writeEgd(tournament: EgdTournament, options: EgdWriteOptions = {}): string {
  const { policy, participants } = tournament;
  const lastPaired = Math.max(0, ...tournament.matchUps.map((m) => m.roundNumber));
  const rounds = options.throughRound ?? lastPaired;
  const matchUps = tournament.matchUps.filter((m) => m.roundNumber <= rounds);
  const open = matchUps.find((m) => m.result === null);
  if (open)
    throw new DomainError('failed-precondition', `round ${open.roundNumber} has a game without a result: ${open.a}`);
  const settings = mcMahonSettings(policy.pairingPolicy.mcMahon);
  const { states, leaderboard } = computeStandings(policy, participants, matchUps);
  const withdrawn = participants.filter((p) => p.withdrawn).map((p) => p.participantId);
  const lastRound = Math.max(0, ...Object.values(states).flatMap((s) => s.results.map((r) => r.roundNumber)));
  const figures = mcMahonFigures({ states, withdrawn: new Set(withdrawn), lastRound, settings });
  // The handicaps come from Go's figures, computed here whatever the policy ranks by.
  const line = new Map(leaderboard.map((row, k) => [row.participantId, k + 1]));
  const byId = new Map(participants.map((p) => [p.participantId, p]));
  const movesFirst = new Map(matchUps.map((m) => [m.matchUpId, firstMover(m)]));
  const criteria = criteriaOf(policy, leaderboard);

  const players = leaderboard.map((row) => {
    const p = byId.get(row.participantId)!;
    const state = states[row.participantId]!;
    const fields = Array.from({ length: rounds }, (_, k) => {
      const round = k + 1;
      const result = state.results.find((r) => r.roundNumber === round);
      if (!result) return field(0, absentMark(settings.absencePoints), '', '', '');
      const opponent = result.opponentParticipantId;
      if (opponent === null) {
        const counted = mcMahonRoundOf({ opponent, unplayed: result.kind, points: result.matchPoints });
        const points =
          counted === 'BYE' ? settings.byePoints : counted === 'ABSENT' ? settings.absencePoints : counted.points;
        return field(0, absentMark(points), '', '', '');
      }
      const mark = result.outcome === 'DRAW' ? '=' : result.outcome === 'LOSS' ? '-' : '+';
      const game = figures.get(row.participantId)?.games.find((g) => g.round === round && g.opponent === opponent);
      // In Go Black moves first: the side that moved first had Black.
      const colour = movesFirst.get(result.matchUpId) === row.participantId ? 'b' : 'w';
      return field(line.get(opponent)!, mark, result.played ? '/' : '!', colour, String(game?.stones ?? 0));
    });
    const values = criteria.map((c) => c.value(row).padStart(4));
    while (values.length < 4) values.push('0');
    return [
      String(row.rank).padStart(4),
      ` ${nameOf(p).padEnd(30).slice(0, 30)} `,
      rankOf(p.goRank).padStart(3),
      ` ${countryOf(p.country)}`,
      ` ${clubOf(p.club)}`,
      ...values.map((v) => ` ${v}`),
      ...fields.map((f) => ` ${f}`),
    ].join('');
  });
  const header = headerLines(tournament, settings, criteria);
  return [...header, ...players].map((l) => l.trimEnd()).join('\n') + '\n';
}

/** A round's field: the opponent's line (0 without a game), the result, `/` or `!`, the colour, the handicap. */
function field(opponent: number, mark: string, how: string, colour: string, handicap: string): string {
  return `${String(opponent).padStart(4)}${mark}${how}${colour}${handicap}`.padEnd(8);
}

/** A round without a game shows what it earned: `+` a whole point, `=` half, `-` nothing (as OpenGotha). */
const absentMark = (points: number) => (points >= 1 ? '+' : points > 0 ? '=' : '-');

interface Criterion {
  name: string;
  value: (row: LeaderboardRow) => string;
}

/** The standings' figures the file shows: the primary ranking's, then the tiebreaks the rows carry. */
function criteriaOf(policy: CompetitionPolicy, leaderboard: readonly LeaderboardRow[]): Criterion[] {
  const primary: Criterion =
    policy.victoryPolicy.primaryRanking === 'MCMAHON_SCORE'
      ? { name: 'MMS', value: (row) => quarters(row.mcMahonScore ?? 0) }
      : { name: 'Pts', value: (row) => quarters(row.matchPoints) };
  const tiebreaks = (policy.victoryPolicy.tiebreakOrder ?? [])
    .filter((t) => leaderboard.every((row) => typeof row.tiebreaks[t] === 'number'))
    .map((t) => ({ name: TIEBREAK_NAMES[t].short, value: (row: LeaderboardRow) => quarters(row.tiebreaks[t]!) }));
  return [primary, ...tiebreaks];
}

/** A figure as OpenGotha prints it: the whole part and ¼, ½ or ¾ (other fractions rounded to two decimals). */
function quarters(value: number): string {
  const whole = Math.floor(value);
  const fraction = { 0: '', 0.25: '¼', 0.5: '½', 0.75: '¾' }[value - whole];
  return fraction === undefined ? String(Math.round(value * 100) / 100) : `${whole}${fraction}`;
}

function headerLines(tournament: EgdTournament, settings: ReturnType<typeof mcMahonSettings>, criteria: Criterion[]) {
  const { event } = tournament;
  const start = event?.startDate;
  const lines = [
    ...(event?.name ? [`; EV[${event.name}]`] : []),
    ...(event?.city ? [`; PC[,${event.city}]`] : []),
    ...(start ? [`; DT[${start},${event?.endDate ?? start}]`] : []),
  ];
  const handicap = settings.handicap;
  if (handicap && (handicap.ceiling ?? 9) > 0 && (handicap.correction ?? 1) > 0)
    lines.push(`; HA[h${handicap.correction ?? 1}]`);
  lines.push(`; KM[${settings.komi}]`);
  if (event?.timeControl) lines.push(`; TM[${event.timeControl}]`);
  lines.push(`; McMahon bar ${settings.bar}, floor ${settings.floor}`, ';');
  const names = criteria.map((c) => c.name.slice(0, 5).padStart(5)).join('');
  lines.push(`; Pl Name                            Rk Co Club${names}`);
  return lines;
}

/** The name in one field: OpenGotha writes "Surname Firstname"; the product's one name is written as entered. */
const nameOf = (p: Participant) => (p.name ?? p.participantId).trim().replace(/\s+/g, ' ');

/** The rank as the file writes it, upper case (5K, 1D, 3P); a player without one at the lowest, 30K. */
function rankOf(rank: string | undefined): string {
  const parsed = rank === undefined ? null : parseGoRank(rank);
  return parsed === null ? '30K' : formatGoRank(parsed).toUpperCase();
}

/** Two letters, as the EGD codes countries; XX when unknown (OpenGotha's mark). */
function countryOf(country: string | undefined): string {
  const code = (country ?? '').trim().replace(/\s+/g, '');
  return code.length < 2 ? 'XX' : code.slice(0, 2).toUpperCase();
}

/** Up to four characters without spaces, as the EGD codes clubs; xxxx when none (OpenGotha's mark). */
function clubOf(club: string | undefined): string {
  const code = (club ?? '').trim().replace(/\s+/g, '_');
  return code.length === 0 ? 'xxxx' : code.slice(0, 4).padStart(4);
}

/** A scenario file's results file (the `egd` tool). */
export function scenarioToEgd(input: unknown, options: EgdWriteOptions = {}): string {
  const { policy, participants, matchUps, event } = parseScenario(input);
  return writeEgd({ policy, participants, matchUps, event }, options);
}

/**
 * The results file of a tournament exported from the backend, as the dashboard downloads it: the rounds complete
 * so far, so a file during the event shows every result that is in and no open game.
 */
export function exportedTournamentToEgd(json: string): string {
  const data = importTournament(json);
  const { tournament } = data;
  const open = data.matchUps.filter((m) => m.result === null).map((m) => m.roundNumber);
  const lastPaired = Math.max(0, ...data.matchUps.map((m) => m.roundNumber));
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);
  const date = text(tournament.date);
  return writeEgd(
    {
      policy: data.policy,
      participants: data.participants,
      matchUps: data.matchUps,
      event: {
        ...(text(tournament.description) ? { name: text(tournament.description)!.slice(0, 200) } : {}),
        ...(text(tournament.location) ? { city: text(tournament.location)!.slice(0, 200) } : {}),
        ...(date ? { startDate: date } : {}),
      },
    },
    { throughRound: open.length ? Math.min(...open) - 1 : lastPaired },
  );
}
