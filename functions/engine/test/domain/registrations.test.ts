import { describe, expect, it } from 'vitest';
import {
  CLOSED_JOINING,
  type JoiningOptions,
  type Registration,
  type RegistrationRequest,
  planRegistration,
  planRegistrationDecision,
} from '../../src/domain/joining/index.js';
import { refusal } from './refusal.js';

const approval: JoiningOptions = {
  ...CLOSED_JOINING,
  registration: 'APPROVAL',
  asks: { ...CLOSED_JOINING.asks, club: true },
};

describe('planRegistration', () => {
  const request: RegistrationRequest = {
    uid: 'u',
    tournament: { tournamentId: 't', status: 'DRAFT', joining: approval },
    registrationId: 'r1',
    details: { name: ' Ann ', rating: 1500, club: ' Aces ' },
    earlier: null,
    playsAnEntry: false,
    at: '2025-06-01T10:00:00.000Z',
  };

  it('a registration waits with the details the tournament asks for', () => {
    expect(planRegistration(request)).toEqual({
      accepted: false,
      entry: { name: 'Ann', club: 'Aces' },
      registration: {
        registrationId: 'r1',
        uid: 'u',
        tournamentId: 't',
        name: 'Ann',
        club: 'Aces',
        status: 'PENDING',
        registeredAt: '2025-06-01T10:00:00.000Z',
      },
    });
  });

  it('an open tournament accepts at once', () => {
    const open = {
      ...request,
      tournament: { ...request.tournament, joining: { ...approval, registration: 'OPEN' as const } },
    };
    expect(planRegistration(open).accepted).toBe(true);
  });

  it('refuses as decideRegistration says: no registrations taken (none set), twice, or an entry played already', () => {
    expect(refusal(() => planRegistration({ ...request, tournament: { tournamentId: 't', status: 'DRAFT' } }))).toEqual(
      {
        code: 'failed-precondition',
        message: 'this tournament does not take registrations: ask the organizer',
      },
    );
    expect(refusal(() => planRegistration({ ...request, earlier: 'PENDING' }))).toEqual({
      code: 'already-exists',
      message: 'you have already registered: the organizer has yet to approve it',
    });
    expect(refusal(() => planRegistration({ ...request, playsAnEntry: true }))).toEqual({
      code: 'already-exists',
      message: 'you already play in this tournament',
    });
  });
});

describe('planRegistrationDecision', () => {
  const waiting: Registration = {
    registrationId: 'r1',
    uid: 'u',
    tournamentId: 't',
    name: 'Ann',
    status: 'PENDING',
    registeredAt: '2025-06-01T10:00:00.000Z',
  };

  it('approves a waiting registration (the services enter its person), or declines it', () => {
    expect(planRegistrationDecision(waiting, { status: 'RUNNING' }, true, false)).toEqual({
      approve: true,
      registration: waiting,
    });
    expect(planRegistrationDecision(waiting, { status: 'CLOSED' }, false, false)).toEqual({
      approve: false,
      registration: { ...waiting, status: 'REFUSED' },
    });
  });

  it('refuses a registration that is gone', () => {
    expect(refusal(() => planRegistrationDecision(undefined, { status: 'DRAFT' }, true, false))).toEqual({
      code: 'not-found',
      message: 'this registration is gone (reload the page)',
    });
  });

  it('refuses as assertApprovable says: decided already, the tournament over, an entry claimed meanwhile', () => {
    expect(
      refusal(() => planRegistrationDecision({ ...waiting, status: 'APPROVED' }, { status: 'DRAFT' }, true, false)),
    ).toEqual({
      code: 'failed-precondition',
      message: 'this registration was already approved',
    });
    expect(refusal(() => planRegistrationDecision(waiting, { status: 'CLOSED' }, true, false))).toEqual({
      code: 'failed-precondition',
      message: 'this tournament is over',
    });
    expect(refusal(() => planRegistrationDecision(waiting, { status: 'DRAFT' }, true, true))).toEqual({
      code: 'failed-precondition',
      message: 'this person already plays an entry (they claimed it with a code)',
    });
  });
});
