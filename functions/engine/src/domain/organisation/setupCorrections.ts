/**
 * Setup mistakes an organizer may still undo, and when not (docs/organisation.md#correcting-the-setup): the
 * scoring before round 1, an entry added by mistake before it has a game, a mistyped rating while no rated game
 * was played from it. Pure decisions on plain data; each refusal says why and what to do instead.
 */
import { DomainError } from '../common/index.js';

/** The scoring (game target, match-point table, phantom score) is the tournament's until round 1 is paired. */
export function assertScoringChangeable(tournament: { currentRound: number; description: string }): void {
  if (tournament.currentRound < 1) return;
  throw new DomainError(
    'failed-precondition',
    `“${tournament.description}” has paired round 1 already, and its games count under the scoring they were ` +
      'paired with: the scoring can only change before round 1 (undo round 1 first, while it has no result)',
  );
}

interface EntryGame {
  a: string;
  b: string | null;
}

/**
 * An entry added by mistake is deleted while no round pairs it (not even with a bye); once it has a game, its
 * opponents' results depend on it, so it is withdrawn instead, which keeps those games.
 */
export function assertEntryDeletable(participant: { participantId: string; name: string }, games: EntryGame[]): void {
  const { participantId, name } = participant;
  if (!games.some((g) => g.a === participantId || g.b === participantId)) return;
  throw new DomainError(
    'failed-precondition',
    `${name} is paired in a round already, so the games around them stay: withdraw ${name} instead ` +
      '(they are then not paired again, and their games keep counting)',
  );
}

interface RatedGame extends EntryGame {
  /** Only a played game moves a rating; a bye or a forfeit never does. */
  played: boolean;
}

/**
 * A mistyped rating may be corrected while no played game of the player has a result: nothing rated depends on
 * it yet, and the player's ratings start again from the corrected one. Once a game is rated, the baseline rating
 * is frozen (as Swiss Manager and Vega keep the starting rating once a round is rated): every rating since was
 * computed from it, and changing it would silently change results already given.
 */
export function assertRatingCorrectable(participant: { participantId: string; name: string }, games: RatedGame[]) {
  const { participantId, name } = participant;
  const rated = games.filter((g) => g.played && (g.a === participantId || g.b === participantId)).length;
  if (rated === 0) return;
  throw new DomainError(
    'failed-precondition',
    `${name} has ${rated === 1 ? 'a rated game' : `${rated} rated games`} already: the rating they started with is ` +
      'frozen, because every rating since was computed from it. A rating can be corrected only before its first game',
  );
}
