/**
 * Groups of equal value, highest value first: how a ranking splits a field into tied groups. Imports nothing,
 * so the dashboard's first screen can rank stored rows without the schemas.
 */
export function splitBy<T>(items: readonly T[], value: (item: T) => number): T[][] {
  const valued = items.map((item) => ({ item, v: value(item) })).sort((x, y) => y.v - x.v);
  const groups: T[][] = [];
  let previous: number | undefined;
  for (const { item, v } of valued) {
    if (previous === undefined || v !== previous) groups.push([item]);
    else groups.at(-1)!.push(item);
    previous = v;
  }
  return groups;
}
