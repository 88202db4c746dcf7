/**
 * The scores this device wrote that the server has not been seen to take yet (lib/outbox.ts judges them), kept in
 * the browser's storage so that a reload, or the app opened again offline, still knows what it sent. Firestore's
 * own queue (the persistent cache) does the sending; this only remembers what to compare the server's copy with.
 */
import { useEffect, useState } from 'react';
import type { SentScore } from '../lib/outbox';

const KEY = 'competition.sentScores';
const CHANGED = 'competition.sentScores.changed';

function readAll(): SentScore[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(parsed) ? (parsed as SentScore[]) : [];
  } catch {
    return [];
  }
}

function writeAll(items: SentScore[]) {
  try {
    localStorage.setItem(KEY, JSON.stringify(items));
  } catch {
    // Storage full or refused (private mode): the score is still queued by Firestore, only its follow-up is lost.
  }
  window.dispatchEvent(new Event(CHANGED));
}

const same = (x: Pick<SentScore, 'tournamentId' | 'matchUpId'>, y: Pick<SentScore, 'tournamentId' | 'matchUpId'>) =>
  x.tournamentId === y.tournamentId && x.matchUpId === y.matchUpId;

/** The latest score this device wrote for a matchUp replaces an earlier one. */
export function rememberSentScore(sent: SentScore): void {
  writeAll([...readAll().filter((item) => !same(item, sent)), sent]);
}

export function forgetSentScore(sent: Pick<SentScore, 'tournamentId' | 'matchUpId'>): void {
  const all = readAll();
  if (all.some((item) => same(item, sent))) writeAll(all.filter((item) => !same(item, sent)));
}

/** This tournament's sent scores, kept up to date when this tab or another one changes them. */
export function useSentScores(tournamentId: string): SentScore[] {
  const [items, setItems] = useState(() => readAll().filter((item) => item.tournamentId === tournamentId));
  useEffect(() => {
    const reload = () => setItems(readAll().filter((item) => item.tournamentId === tournamentId));
    reload();
    window.addEventListener(CHANGED, reload);
    window.addEventListener('storage', reload);
    return () => {
      window.removeEventListener(CHANGED, reload);
      window.removeEventListener('storage', reload);
    };
  }, [tournamentId]);
  return items;
}

/** How long an online write may take before the form stops waiting for the server and says it is queued. */
const SERVER_ANSWER_MS = 4000;

/**
 * Writes a player's or a scorekeeper's score (writes.ts) and remembers it until the server's copy is seen.
 * Answers `sent` once the server took it; `queued` when the device is offline or the server has not answered in
 * a few seconds: Firestore keeps the write and sends it later, and the tournament screen follows it. A refusal
 * while waiting here is thrown as usual (and forgotten: the form shows it); a later one shows as a refused score.
 */
export async function sendScore(
  write: () => Promise<void>,
  sent: Omit<SentScore, 'writtenAt'>,
): Promise<'sent' | 'queued'> {
  const written = write();
  rememberSentScore({ ...sent, writtenAt: Date.now() });
  const patience = navigator.onLine ? SERVER_ANSWER_MS : 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const queued = new Promise<'queued'>((resolve) => (timer = setTimeout(() => resolve('queued'), patience)));
  try {
    const answer = await Promise.race([written.then(() => 'sent' as const), queued]);
    if (answer === 'sent') forgetSentScore(sent);
    else written.then(() => forgetSentScore(sent)).catch(() => undefined);
    return answer;
  } catch (error) {
    forgetSentScore(sent);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
