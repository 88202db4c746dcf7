/**
 * Splitting the emulator tier's files between stacks: each stack runs its files one at a time, so the tier takes
 * as long as its busiest stack. The longest files are placed first, each on the stack with the least work so far.
 */

/** How long each file took last time, in ms, by its path from the repository's root. */
export type Durations = Readonly<Record<string, number>>;

/** The files of each stack, in the order they run: longest first, so a slow file never starts last. */
export function planShards(files: readonly string[], durations: Durations, shards: number): string[][] {
  if (!Number.isInteger(shards) || shards < 1) throw new Error(`the number of stacks must be 1 or more, got ${shards}`);
  const known = files.map((file) => durations[file]).filter((ms): ms is number => ms !== undefined);
  // A file never timed (a new one) weighs as much as a typical file.
  const typical = known.length > 0 ? [...known].sort((a, b) => a - b)[Math.floor(known.length / 2)]! : 1;
  const weightOf = (file: string) => durations[file] ?? typical;
  const byWeight = [...files].sort((a, b) => weightOf(b) - weightOf(a) || a.localeCompare(b));
  const plan = Array.from({ length: shards }, () => ({ files: [] as string[], total: 0 }));
  for (const file of byWeight) {
    const lightest = plan.reduce((best, shard) => (shard.total < best.total ? shard : best));
    lightest.files.push(file);
    lightest.total += weightOf(file);
  }
  return plan.map((shard) => shard.files).filter((shardFiles) => shardFiles.length > 0);
}
