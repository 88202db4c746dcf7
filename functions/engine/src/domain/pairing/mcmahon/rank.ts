import { z } from 'zod';

/**
 * A Go rank (docs/go.md#ranks): 30 kyu up to 1 kyu, 1 dan up to 9 dan, and the professional ranks 1p to 9p. The
 * one place a rank is read from what organizers write ("5k", "5 kyu", "1d", "1 dan", "3p", "3 pro") and written
 * back ("5k", "1d", "3p").
 */
export const GO_RANK_PATTERN = /^\s*(\d{1,2})\s*(k|kyu|d|dan|p|pro)\s*$/i;

export const GoRankText = z
  .string()
  .max(12)
  .refine((text) => parseGoRank(text) !== null, 'must be a Go rank: 30k to 1k, 1d to 9d or 1p to 9p');
export type GoRankText = z.infer<typeof GoRankText>;

/** A rank as an entry stores it: any spelling GoRankText reads, written back short ("5 kyu" becomes "5k"). */
export const GoRankEntry = GoRankText.transform((text) => formatGoRank(parseGoRank(text)!));

export interface GoRank {
  kind: 'KYU' | 'DAN' | 'PRO';
  grade: number;
}

/** A rank read from an organizer's spelling, or null when it is none. */
export function parseGoRank(text: string): GoRank | null {
  const match = GO_RANK_PATTERN.exec(text);
  if (!match) return null;
  const grade = Number(match[1]);
  const unit = match[2]!.toLowerCase();
  const kind = unit.startsWith('k') ? 'KYU' : unit.startsWith('d') ? 'DAN' : 'PRO';
  const highest = kind === 'KYU' ? 30 : 9;
  return grade >= 1 && grade <= highest ? { kind, grade } : null;
}

export function formatGoRank(rank: GoRank): string {
  return `${rank.grade}${rank.kind === 'KYU' ? 'k' : rank.kind === 'DAN' ? 'd' : 'p'}`;
}

/** The canonical spelling of a rank an organizer wrote ("5 kyu" -> "5k"), or null. */
export function normalizeGoRank(text: string): string | null {
  const rank = parseGoRank(text);
  return rank === null ? null : formatGoRank(rank);
}

/**
 * The rank as a number on OpenGotha's scale, which MMS and handicaps count on: 30k = -30, 1k = -1, 1d = 0, 9d = 8.
 * A professional counts as OpenGotha counts one: 1p-3p as 7d, 4p-6p as 8d, 7p-9p as 9d.
 */
export function goRankValue(rank: GoRank): number {
  if (rank.kind === 'KYU') return -rank.grade;
  if (rank.kind === 'DAN') return rank.grade - 1;
  return rank.grade <= 3 ? 6 : rank.grade <= 6 ? 7 : 8;
}

/** The number of a rank as an organizer wrote it; a caller that reached here checked it with GoRankText. */
export function rankValueOf(text: string): number {
  const rank = parseGoRank(text);
  if (rank === null) throw new RangeError(`not a Go rank: ${text}`);
  return goRankValue(rank);
}

/** The amateur rank of a number on that scale (-30 -> "30k", 0 -> "1d"). */
export function rankTextOf(value: number): string {
  return value >= 0 ? `${value + 1}d` : `${-value}k`;
}

export const LOWEST_RANK = -30;
export const HIGHEST_RANK = 8;
