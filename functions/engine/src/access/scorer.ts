import type { MatchUpDoc, Scorer, TournamentRoleDoc } from '../model/index.js';

/**
 * The role a score is signed with (`scoredBy`), from the writer's own role document: the side they play first,
 * then scorekeeper, then editor. Null when the role allows no claim; `firestore.rules` accepts a claim only if the
 * writer's role document holds it.
 */
export function scorerOf(
  role: Pick<TournamentRoleDoc, 'editor' | 'scorekeeper' | 'participantIds'> | undefined,
  matchUp: Pick<MatchUpDoc, 'a' | 'b'>,
): Scorer | null {
  if (!role) return null;
  if (role.participantIds.includes(matchUp.a)) return 'SIDE_A';
  if (matchUp.b !== null && role.participantIds.includes(matchUp.b)) return 'SIDE_B';
  if (role.scorekeeper && matchUp.b !== null) return 'SCOREKEEPER';
  if (role.editor) return 'EDITOR';
  return null;
}
