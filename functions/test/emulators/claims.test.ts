/**
 * Emulator Suite tier: claim codes through the real callables and firestore.rules. Every entry gets a private
 * code only the tournament's editors can read; a signed-in player who types it becomes that entry's account;
 * wrong codes are counted per account and lock it out; the organizer regenerates a code and unlinks an account.
 */
import { collection, deleteDoc, doc, getDoc, getDocs, setDoc } from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_WRONG_CODES, LOCK_MINUTES } from '@competition/engine';
import { paths } from '@competition/engine/schemas';
import {
  type Account,
  type Emulators,
  type SeededTournament,
  adminFirestore,
  call,
  closeAdmin,
  discoverEmulators,
  refusal,
  seedTournament,
  signUp,
  whyNoEmulators,
} from '../../../testing/stack.js';
import { clientApps, outcome } from './clients.js';

const skipReason = whyNoEmulators();
if (skipReason) console.warn(`[claims.test.ts] skipped: ${skipReason}`);

let emulators: Emulators;

const clients = clientApps('claims', () => emulators);
const clientAs = (account: Account | null) => clients.firestoreAs(account);

const newAccount = (label: string) =>
  signUp(emulators, `${label}-${Math.random().toString(36).slice(2, 10)}@example.com`);

describe.skipIf(Boolean(skipReason))('claim codes on the Emulator Suite', () => {
  let seeded: SeededTournament;
  let tournamentId: string;

  const codeOf = async (participantId: string) =>
    ((await adminFirestore().doc(paths.claimCode(tournamentId, participantId)).get()).data()?.code as string) ?? '';
  const roleOf = async (uid: string) => (await adminFirestore().doc(paths.role(tournamentId, uid)).get()).data();
  const claim = (account: Account, code: string) => call(emulators, 'claimEntry', { tournamentId, code }, account);
  const unlink = (participantId: string) =>
    call(emulators, 'linkParticipantAccount', { tournamentId, participantId, uid: null }, seeded.organizer);

  beforeAll(async () => {
    emulators = await discoverEmulators();
    seeded = await seedTournament(emulators, { label: 'claims', players: 4 });
    tournamentId = seeded.tournamentId;
    // p3 and p4 enter without an account: they are claimed below.
    await unlink('p3');
    await unlink('p4');
  });

  afterAll(async () => {
    await clients.closeAll();
    await closeAdmin();
  });

  it('every entry gets a code of 8 Crockford base32 characters, all different', async () => {
    const codes = await Promise.all(seeded.participants.map((p) => codeOf(p.participantId)));
    expect(codes).toHaveLength(4);
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
    expect(new Set(codes).size).toBe(4);
    // The public participant document carries no code.
    const participant = (await adminFirestore().doc(paths.participant(tournamentId, 'p1')).get()).data();
    expect(JSON.stringify(participant)).not.toContain(codes[0]);
  });

  it('only the tournament editors read codes and unlock wrong-code counts; nobody else reads or writes them', async () => {
    const organizer = await clientAs(seeded.organizer);
    const player = await clientAs(seeded.participants[0]!.account);
    const stranger = await clientAs(await newAccount('code-reader'));
    const visitor = await clientAs(null);
    const codes = paths.claimCodes(tournamentId);
    const one = paths.claimCode(tournamentId, 'p1');
    expect((await getDocs(collection(organizer, codes))).size).toBe(4);
    expect(await outcome(getDoc(doc(organizer, one)))).toBe('accepted');
    for (const db of [player, stranger, visitor]) {
      expect(await outcome(getDoc(doc(db, one)))).toBe('permission-denied');
      expect(await outcome(getDocs(collection(db, codes)))).toBe('permission-denied');
    }
    for (const db of [organizer, player, stranger, visitor]) {
      expect(await outcome(setDoc(doc(db, one), { participantId: 'p1', code: '00000000' }))).toBe('permission-denied');
      expect(await outcome(deleteDoc(doc(db, one)))).toBe('permission-denied');
    }
    const attempts = await newAccount('counter');
    await refusal(claim(attempts, '0000-0000'));
    const own = await clientAs(attempts);
    const count = paths.claimAttempt(tournamentId, attempts.uid);
    for (const db of [own, player, stranger, visitor]) {
      expect(await outcome(getDoc(doc(db, count)))).toBe('permission-denied');
      expect(await outcome(deleteDoc(doc(db, count)))).toBe('permission-denied');
    }
    for (const db of [own, organizer])
      expect(await outcome(setDoc(doc(db, count), { uid: attempts.uid, wrongCodes: 0, lockedUntil: null }))).toBe(
        'permission-denied',
      );
    // The organizer sees the count and unlocks the account (a delete).
    expect(await outcome(getDocs(collection(organizer, paths.claimAttempts(tournamentId))))).toBe('accepted');
    expect(await outcome(deleteDoc(doc(organizer, count)))).toBe('accepted');
    expect((await adminFirestore().doc(count).get()).exists).toBe(false);
  });

  it('a signed-in player who types the code, however spaced or cased, becomes the entry; a second account cannot', async () => {
    const code = await codeOf('p3');
    const player = await newAccount('claimer');
    const typed = ` ${code.slice(0, 4).toLowerCase()} - ${code.slice(4)} `;
    expect(await claim(player, typed)).toEqual({ participantId: 'p3', name: 'Player 3' });
    expect((await roleOf(player.uid))?.participantIds).toEqual(['p3']);

    const late = await newAccount('second-claimer');
    const taken = await refusal(claim(late, code));
    expect(taken.code).toBe('already-exists');
    expect(taken.message).toContain('already claimed by another account');
    expect(await roleOf(late.uid)).toBeUndefined();
  });

  it('a signed-out caller is refused', async () => {
    const code = await codeOf('p4');
    const anonymous = await refusal(call(emulators, 'claimEntry', { tournamentId, code }));
    expect(anonymous.code).toBe('unauthenticated');
  });

  it(`wrong codes are refused with the tries left; the ${FREE_WRONG_CODES}th locks the account, even for the right code`, async () => {
    const guesser = await newAccount('guesser');
    for (let left = FREE_WRONG_CODES - 1; left >= 1; left--) {
      const wrong = await refusal(claim(guesser, `ZZZZ-ZZZ${left}`));
      expect(wrong.code).toBe('not-found');
      expect(wrong.message).toContain(`matches no entry of this tournament`);
      expect(wrong.message).toContain(`(${left} ${left === 1 ? 'try' : 'tries'} left)`);
    }
    const last = await refusal(claim(guesser, 'not a code'));
    expect(last.message).toContain(`that was the last try: wait ${LOCK_MINUTES} minutes`);

    const right = await codeOf('p4');
    const locked = await refusal(claim(guesser, right));
    expect(locked.code).toBe('resource-exhausted');
    expect(locked.message).toMatch(/too many wrong codes: try again in 1[45] minutes/);
    expect(await roleOf(guesser.uid)).toBeUndefined();
    const stored = (await adminFirestore().doc(paths.claimAttempt(tournamentId, guesser.uid)).get()).data();
    expect(stored?.wrongCodes).toBe(FREE_WRONG_CODES);
    expect(stored?.lockedUntil).toBeGreaterThan(Date.now() + (LOCK_MINUTES - 1) * 60_000);

    // The lock is the guesser's alone: another account claims the entry with the same code.
    const other = await newAccount('honest');
    expect(await claim(other, right)).toMatchObject({ participantId: 'p4' });
  });

  it('the organizer regenerates a code (the old one stops working) and unlinks an account; a player may not', async () => {
    const old = await codeOf('p4');
    const player = seeded.participants[0]!.account;
    const notTheirs = await refusal(
      call(emulators, 'regenerateClaimCode', { tournamentId, participantId: 'p4' }, player),
    );
    expect(notTheirs.code).toBe('permission-denied');

    const { code } = await call<{ code: string }>(
      emulators,
      'regenerateClaimCode',
      { tournamentId, participantId: 'p4' },
      seeded.organizer,
    );
    expect(code).not.toBe(old);
    expect(await codeOf('p4')).toBe(code);
    await unlink('p4');

    const next = await newAccount('next-holder');
    const stale = await refusal(claim(next, old));
    expect(stale.code).toBe('not-found');
    expect(await claim(next, code)).toMatchObject({ participantId: 'p4' });
    expect((await roleOf(next.uid))?.participantIds).toEqual(['p4']);
  });
});
