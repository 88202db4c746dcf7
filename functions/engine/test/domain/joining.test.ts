import { describe, expect, it } from 'vitest';
import { assertEachEntryOnce, assertIdsFree } from '../../src/domain/joining/duplicates.js';
import { checkedInOnEntry, notCheckedIn, participantsToPair } from '../../src/domain/joining/checkIn.js';
import { DomainError } from '../../src/domain/common/errors.js';
import {
  CLOSED_JOINING,
  type JoiningOptions,
  assertApprovable,
  decideRegistration,
} from '../../src/domain/joining/joining.js';
import { refusal } from './refusal.js';

const open: JoiningOptions = { ...CLOSED_JOINING, registration: 'OPEN' };
const fresh = { registration: null, playsAnEntry: false };

describe('decideRegistration', () => {
  it('accepts at once when open, waits when the organizer approves, refuses when closed', () => {
    expect(decideRegistration(open, 'DRAFT', { name: ' Ann ' }, fresh)).toEqual({
      entry: { name: 'Ann' },
      accepted: true,
    });
    expect(decideRegistration({ ...open, registration: 'APPROVAL' }, 'DRAFT', { name: 'Ann' }, fresh).accepted).toBe(
      false,
    );
    expect(refusal(() => decideRegistration(CLOSED_JOINING, 'DRAFT', { name: 'Ann' }, fresh)).code).toBe(
      'failed-precondition',
    );
  });

  it('takes a late registration only when the organizer said so, and none once the tournament is over', () => {
    expect(refusal(() => decideRegistration(open, 'RUNNING', { name: 'Ann' }, fresh)).message).toContain('started');
    expect(decideRegistration({ ...open, lateRegistration: true }, 'RUNNING', { name: 'Ann' }, fresh).accepted).toBe(
      true,
    );
    expect(
      refusal(() => decideRegistration({ ...open, lateRegistration: true }, 'CLOSED', { name: 'A' }, fresh)).message,
    ).toBe('this tournament is over');
  });

  it('refuses a second registration of the same account, whatever became of the first, and a player', () => {
    for (const registration of ['PENDING', 'APPROVED', 'REFUSED'] as const)
      expect(
        refusal(() => decideRegistration(open, 'DRAFT', { name: 'Ann' }, { registration, playsAnEntry: false })).code,
      ).toBe('already-exists');
    expect(
      refusal(() => decideRegistration(open, 'DRAFT', { name: 'Ann' }, { registration: null, playsAnEntry: true }))
        .message,
    ).toBe('you already play in this tournament');
  });

  it('keeps only the details asked for, and insists on a rating when it is asked', () => {
    const asks = { rating: true, club: true, country: false, chess: false };
    const details = { name: 'Ann', rating: 1500, club: ' Rooks ', country: 'FRA' };
    expect(decideRegistration({ ...open, asks }, 'DRAFT', details, fresh).entry).toEqual({
      name: 'Ann',
      rating: 1500,
      club: 'Rooks',
    });
    expect(decideRegistration(open, 'DRAFT', details, fresh).entry).toEqual({ name: 'Ann' });
    expect(refusal(() => decideRegistration({ ...open, asks }, 'DRAFT', { name: 'Ann' }, fresh)).code).toBe(
      'invalid-argument',
    );
  });

  it("keeps a chess player's FIDE details when the tournament asks for them, and drops them otherwise", () => {
    const chess = { fideId: '1503014', title: 'GM', federation: 'NOR', sex: 'm', birthYear: 1990 } as const;
    const details = { name: 'Magnus', ...chess };
    const asks = { ...CLOSED_JOINING.asks, chess: true };
    expect(decideRegistration({ ...open, asks }, 'DRAFT', details, fresh).entry).toEqual(details);
    expect(decideRegistration({ ...open, asks }, 'DRAFT', { name: 'Ann', sex: 'w' }, fresh).entry).toEqual({
      name: 'Ann',
      sex: 'w',
    });
    expect(decideRegistration(open, 'DRAFT', details, fresh).entry).toEqual({ name: 'Magnus' });
  });

  it("keeps a Go player's rank when the tournament asks for it, and drops it otherwise", () => {
    const details = { name: 'Aiko', goRank: '4d' };
    const asks = { ...CLOSED_JOINING.asks, go: true };
    expect(decideRegistration({ ...open, asks }, 'DRAFT', details, fresh).entry).toEqual(details);
    expect(decideRegistration({ ...open, asks }, 'DRAFT', { name: 'Bo' }, fresh).entry).toEqual({ name: 'Bo' });
    expect(decideRegistration(open, 'DRAFT', details, fresh).entry).toEqual({ name: 'Aiko' });
  });

  it('approves only a waiting registration', () => {
    expect(() => assertApprovable('PENDING', 'RUNNING', true)).not.toThrow();
    expect(refusal(() => assertApprovable('APPROVED', 'DRAFT', true)).message).toContain('already approved');
    expect(refusal(() => assertApprovable('REFUSED', 'DRAFT', false)).message).toContain('declined');
    expect(refusal(() => assertApprovable('PENDING', 'CLOSED', true)).message).toBe('this tournament is over');
    expect(refusal(() => assertApprovable('PENDING', 'DRAFT', true, true)).message).toContain('already plays');
    expect(() => assertApprovable('PENDING', 'DRAFT', false, true)).not.toThrow();
  });
});

describe('participantsToPair', () => {
  const field = [
    { participantId: 'a', checkedIn: true },
    { participantId: 'b' },
    { participantId: 'c', checkedIn: false },
    { participantId: 'd', checkedIn: true, withdrawn: true },
  ];

  it('pairs everyone when check-in is off, and only those checked in when it is on', () => {
    expect(participantsToPair(field, [], false).map((p) => p.participantId)).toEqual(['a', 'b', 'c', 'd']);
    expect(participantsToPair(field, [], true).map((p) => p.participantId)).toEqual(['a', 'd']);
  });

  it('keeps a player already paired even if unticked later; one who checks in late joins', () => {
    const round1 = [{ a: 'a', b: 'c' }];
    expect(participantsToPair(field, round1, true).map((p) => p.participantId)).toEqual(['a', 'c', 'd']);
    expect(notCheckedIn(field, round1).map((p) => p.participantId)).toEqual(['b']);
  });
});

describe('checkedInOnEntry', () => {
  it('checks in an entry the organizer adds once the tournament runs, when check-in is on', () => {
    expect(checkedInOnEntry({ status: 'RUNNING', joining: { checkIn: true } })).toBe(true);
  });

  it('leaves entries before round 1, and tournaments without check-in, as they are', () => {
    expect(checkedInOnEntry({ status: 'DRAFT', joining: { checkIn: true } })).toBe(false);
    expect(checkedInOnEntry({ status: 'RUNNING', joining: { checkIn: false } })).toBe(false);
    expect(checkedInOnEntry({ status: 'RUNNING' })).toBe(false);
  });
});

describe('new entries by id', () => {
  const ann = { participantId: 'p1', name: 'Ann' };
  const bob = { participantId: 'p2', name: 'Bob' };

  it('refuses a list that names one entry twice, by its name', () => {
    expect(() => assertEachEntryOnce([ann, bob, { ...ann, name: 'Ann again' }])).toThrow(
      new DomainError('invalid-argument', 'Ann again is in the list twice'),
    );
    expect(() => assertEachEntryOnce([ann, bob])).not.toThrow();
  });

  it('refuses an id already entered, naming who holds it', () => {
    expect(() => assertIdsFree([{ name: 'Cleo' }])).toThrow(
      new DomainError('already-exists', 'Cleo is already entered'),
    );
    expect(() => assertIdsFree([{}])).toThrow('a participant is already entered');
    expect(() => assertIdsFree([])).not.toThrow();
  });
});
