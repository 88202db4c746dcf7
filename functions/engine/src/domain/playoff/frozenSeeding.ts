/** Where a round sits in a playoff, as a stored round keeps it (domain/rounds/nextRound.ts's RoundPlayoff). */
interface PlayoffPlace {
  mainRounds: number;
  seeding?: readonly string[] | undefined;
}

/** The seeding a playoff under way was frozen with, kept on its first round (docs/playoff.md). */
export function frozenSeeding(
  roundNumber: number,
  rounds: readonly { roundNumber: number; playoff?: PlayoffPlace | null | undefined }[],
): string[] | undefined {
  const byNumber = new Map(rounds.map((r) => [r.roundNumber, r]));
  const current = byNumber.get(roundNumber)?.playoff;
  if (!current) return undefined;
  const seeding = current.seeding ?? byNumber.get(current.mainRounds + 1)?.playoff?.seeding;
  return seeding ? [...seeding] : undefined;
}
