/**
 * The McMahon score each player had before a round (docs/go.md#mcmahon-scores), for a Go round's printed pairings:
 * the score the round was paired on, counted with the engine's own rules from the rounds before it, so a sheet
 * printed again later (or while the round's results come in) still says what the pairing read.
 */
import {
  type McMahonRound,
  McMahonOptions,
  type ScoringPolicy,
  initialMcMahonScore,
  mcMahonRoundOf,
  mcMahonScore,
  mcMahonSettings,
  resolveResult,
} from '@competition/engine';
import type { MatchUp, Tournament } from '../../data/shapes';

/** The settings a round pairs with: the pairing options' McMahon settings, else the policy's, as the pairing reads. */
export function mcMahonSettingsOf(tournament: Pick<Tournament, 'pairing' | 'policy'>) {
  const own = McMahonOptions.safeParse(tournament.pairing.options.mcMahon);
  return mcMahonSettings(own.success && own.data !== undefined ? own.data : tournament.policy.pairingPolicy.mcMahon);
}

/**
 * Each player's MMS before `roundNumber`: the start from the rank, then each earlier round as the pairing counts it
 * (a game's points, the pairing's bye, an absence for a round without a game); a game still without a result
 * counts nothing yet, as for the pairing.
 */
export function mcMahonScoresBefore(
  players: ReadonlyArray<{ participantId: string; goRank?: string | undefined }>,
  matchUps: readonly MatchUp[],
  roundNumber: number,
  scoring: ScoringPolicy,
  settings: ReturnType<typeof mcMahonSettings>,
): Map<string, number> {
  const scores = new Map<string, number>();
  for (const { participantId: id, goRank } of players) {
    const rounds: McMahonRound[] = [];
    const played = new Set<number>();
    for (const m of matchUps) {
      if (m.roundNumber >= roundNumber || (m.a !== id && m.b !== id)) continue;
      played.add(m.roundNumber);
      if (!m.result) continue;
      try {
        const resolved = resolveResult(m.result, m.b !== null, scoring);
        const mine = m.a === id ? resolved.a : resolved.b;
        const opponent = m.a === id ? m.b : m.a;
        rounds.push(
          mcMahonRoundOf({
            opponent,
            points: mine?.matchPoints ?? 0,
            ...(opponent === null ? { unplayed: m.result.kind } : {}),
          }),
        );
      } catch {
        // Refused by the engine: shown to the organizer among the score problems, counted nowhere.
      }
    }
    for (let r = 1; r < roundNumber; r++) if (!played.has(r)) rounds.push('ABSENT');
    scores.set(id, mcMahonScore(initialMcMahonScore(goRank, settings), rounds, settings));
  }
  return scores;
}
