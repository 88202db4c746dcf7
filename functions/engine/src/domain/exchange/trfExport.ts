/**
 * The report of a tournament exported from the backend (docs/trf.md), as the dashboard downloads it: the rounds
 * complete so far, so a report during the event shows every result that is in and no open game.
 */
import { importTournament } from './exchange.js';
import { trfEventType, writeTrf } from './trfWrite.js';

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

export function exportedTournamentToTrf(json: string): string {
  const data = importTournament(json);
  const { tournament } = data;
  const open = data.matchUps.filter((m) => m.result === null).map((m) => m.roundNumber);
  const lastPaired = Math.max(0, ...data.matchUps.map((m) => m.roundNumber));
  const throughRound = open.length ? Math.min(...open) - 1 : lastPaired;
  const date = text(tournament.date);
  return writeTrf(
    {
      policy: data.policy,
      participants: data.participants,
      matchUps: data.matchUps,
      totalRounds: typeof tournament.totalRounds === 'number' ? tournament.totalRounds : undefined,
      event: {
        ...(text(tournament.description) ? { name: text(tournament.description)!.slice(0, 200) } : {}),
        ...(text(tournament.location) ? { city: text(tournament.location)!.slice(0, 200) } : {}),
        ...(date ? { startDate: date } : {}),
      },
      type: trfEventType(text(tournament.system) ?? 'SWISS'),
    },
    { throughRound },
  );
}
