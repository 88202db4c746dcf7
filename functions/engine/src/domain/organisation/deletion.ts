/**
 * Which tournaments the organizer may delete. A draft holds no results yet, and a broken tournament (documents
 * that fail their schema, matchUps whose players have no competition state: what a half-done import left) can
 * be neither played nor repaired from the dashboard; deleting it also frees its date. A running or closed
 * tournament in good order holds results people played for: it is closed, never deleted.
 */
export function deletionRefusal(name: string, status: unknown, problems: readonly string[]): string | null {
  if (status === 'DRAFT' || problems.length > 0) return null;
  const state =
    status === 'CLOSED' ? 'is closed' : status === 'RUNNING' ? 'has started' : 'is in a state nobody can play';
  return (
    `“${name}” ${state}: its rounds hold results people played for, so it stays (close it instead). ` +
    'Only a tournament with no round yet, or a broken one, can be deleted'
  );
}

/**
 * What makes a tournament broken besides documents that fail their schema: matchUps with no competition state
 * at all (the trigger cannot score them), or a participant without one.
 */
export function missingStateProblems(
  participantIds: readonly string[],
  stateIds: ReadonlySet<string>,
  matchUpCount: number,
): string[] {
  const problems: string[] = [];
  if (matchUpCount > 0 && stateIds.size === 0) {
    problems.push(`it has ${matchUpCount} matchUp(s) but no competition states`);
  }
  const missing = participantIds.filter((id) => !stateIds.has(id));
  if (missing.length > 0) problems.push(`participant(s) ${someOf(missing)} have no competition state`);
  return problems;
}

/** The first ten ids of a list, for a message. */
export function someOf(ids: readonly string[]): string {
  return `${ids.slice(0, 10).join(', ')}${ids.length > 10 ? ' ...' : ''}`;
}
