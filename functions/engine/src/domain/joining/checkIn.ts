/**
 * Check-in (docs/joining.md#check-in): when the tournament asks for it, a round pairs only the participants who
 * checked in. One who checks in after round 1 is paired from the next round, as a late entry is; one already
 * paired stays in the field (taking them out is a withdrawal, not an unticked box), and so does one whose bye in
 * the round is decided before it (awarded or asked for), in the hall or not.
 */
import type { Participant } from '../ratings/index.js';
import { decidedByeOf } from './decidedByes.js';

export interface CheckInEntry extends Pick<Participant, 'awardedByes' | 'requestedByes'> {
  participantId: string;
  checkedIn?: boolean | undefined;
}

export interface PairedGame {
  a: string;
  b: string | null;
}

/** The participants round `roundNumber` may pair. */
export function participantsToPair<P extends CheckInEntry>(
  participants: readonly P[],
  earlierGames: readonly PairedGame[],
  checkInRequired: boolean,
  roundNumber = 1,
): P[] {
  if (!checkInRequired) return [...participants];
  const paired = new Set(earlierGames.flatMap((game) => (game.b === null ? [game.a] : [game.a, game.b])));
  return participants.filter(
    (p) => p.checkedIn === true || paired.has(p.participantId) || decidedByeOf(p, roundNumber) !== null,
  );
}

/** Who has not checked in, for the desk's "missing" list. */
export function notCheckedIn<P extends CheckInEntry & { withdrawn?: boolean | undefined }>(
  participants: readonly P[],
  earlierGames: readonly PairedGame[],
): P[] {
  const pairable = new Set(participantsToPair(participants, earlierGames, true).map((p) => p.participantId));
  return participants.filter((p) => !p.withdrawn && !pairable.has(p.participantId));
}

/**
 * Whether an entry the organizer adds is checked in at once: once the tournament runs, the organizer adds a late
 * arrival at the desk, in person, so the next round pairs them without a second step. Before round 1 everyone
 * checks in the usual way; entries that players make themselves (a registration) never check in for them.
 */
export function checkedInOnEntry(tournament: {
  status: string;
  joining?: { checkIn?: boolean | undefined } | undefined;
}): boolean {
  return tournament.joining?.checkIn === true && tournament.status === 'RUNNING';
}
