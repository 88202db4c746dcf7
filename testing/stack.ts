/**
 * The client tier's support (Node and browser tests of the Emulator Suite): where the running emulators are,
 * accounts on the Auth emulator, the real callables over HTTP, and one small tournament seeded through them
 * exactly as an organizer's dashboard would create it.
 *
 * These helpers run only inside `firebase emulators:exec`, which sets FIREBASE_EMULATOR_HUB,
 * FIRESTORE_EMULATOR_HOST, FIREBASE_AUTH_EMULATOR_HOST and GCLOUD_PROJECT. Every address is asked of the hub
 * (`GET /emulators`), so the tests follow whatever ports the firebase.json in use chose.
 */
import { randomUUID } from 'node:crypto';
import { inspect } from 'node:util';
import { type App, deleteApp, initializeApp } from 'firebase-admin/app';
import { type Firestore, getFirestore } from 'firebase-admin/firestore';
import { type MatchUpDoc, paths } from '@competition/engine/schemas';
import { type Emulators, PROJECT_ID, origin, whyNoEmulators } from './emulatorEnv.js';

export { waitFor } from './wait.js';
export { HUB_VARIABLE, PROJECT_ID, discoverEmulators, hostPort, origin, whyNoEmulators } from './emulatorEnv.js';
export type { Emulators } from './emulatorEnv.js';

/** The region the callables are deployed to (firebase-functions' default). */
export const REGION = 'us-central1';

/** Longer than any callable takes on the emulators, shorter than a test's timeout. */
const CALL_TIMEOUT_MS = 45_000;

/** The Auth emulator accepts any API key; the SDKs only need one to be present. */
export const FAKE_API_KEY = 'fake-api-key';

// ---------------------------------------------------------------- Auth emulator accounts

export interface Account {
  email: string;
  password: string;
  uid: string;
  /** An ID token the Functions emulator accepts in `Authorization: Bearer`. */
  idToken: string;
}

/** Creates an email/password account on the Auth emulator through its REST API (what the SDK's signUp posts). */
export async function signUp(emulators: Emulators, email: string, password = 'a-test-password'): Promise<Account> {
  const url = `${origin(emulators.auth)}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=${FAKE_API_KEY}`;
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
    signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
  });
  const body = (await response.json()) as { localId?: string; idToken?: string; error?: { message?: string } };
  if (!response.ok || !body.localId || !body.idToken) {
    throw new Error(
      `the Auth emulator refused to sign up ${email}: ${response.status} ${body.error?.message ?? JSON.stringify(body)}`,
    );
  }
  return { email, password, uid: body.localId, idToken: body.idToken };
}

/** Sets the account's display name on its Auth profile (the REST call the SDK's updateProfile makes). */
export async function nameAccount(emulators: Emulators, account: Account, displayName: string): Promise<void> {
  const url = `${origin(emulators.auth)}/identitytoolkit.googleapis.com/v1/accounts:update?key=${FAKE_API_KEY}`;
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ idToken: account.idToken, displayName, returnSecureToken: false }),
    signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`could not name ${account.email}: ${response.status} ${await response.text()}`);
}

// ---------------------------------------------------------------- callables

/** A callable's refusal, with the code the client SDKs would report (`permission-denied`, `failed-precondition`...). */
export class CallableError extends Error {
  constructor(
    readonly callable: string,
    readonly code: string,
    message: string,
    readonly httpStatus: number,
  ) {
    super(`${callable} refused (${code}, HTTP ${httpStatus}): ${message}`);
    this.name = 'CallableError';
  }
}

/** The URL the Functions emulator serves a callable at. */
export function callableUrl(emulators: Emulators, name: string): string {
  return `${origin(emulators.functions)}/${emulators.projectId}/${REGION}/${name}`;
}

/** Calls a deployed callable in the Firebase callable protocol, as `caller` (an Auth emulator account) or anonymously. */
export async function call<T = unknown>(
  emulators: Emulators,
  name: string,
  data: unknown,
  caller?: Pick<Account, 'idToken'>,
): Promise<T> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(callableUrl(emulators, name), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(caller ? { authorization: `Bearer ${caller.idToken}` } : {}),
      },
      body: JSON.stringify({ data }),
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
    text = await response.text();
  } catch (error) {
    // The Functions emulator leaves a request hanging when it cannot load functions/lib (a rebuild under it).
    throw new Error(
      `${name} did not answer within ${CALL_TIMEOUT_MS} ms at ${callableUrl(emulators, name)} (${String(error)}); ` +
        'if the emulator log says "Failed to load function", rebuild functions/lib and run again',
      { cause: error },
    );
  }
  let body: { result?: T; error?: { status?: string; message?: string } };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    throw new Error(
      `${name} answered HTTP ${response.status} with something that is not the callable protocol: ${text.slice(0, 500)}`,
    );
  }
  if (body.error || !response.ok) {
    const status = body.error?.status ?? 'UNKNOWN';
    throw new CallableError(
      name,
      status.toLowerCase().replace(/_/g, '-'),
      body.error?.message ?? text.slice(0, 500),
      response.status,
    );
  }
  return body.result as T;
}

/** The refusal a callable answered `promise` with; anything else (an answer, another error) fails the test. */
export async function refusal(promise: Promise<unknown>): Promise<CallableError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof CallableError))
    throw new Error(`expected the callable to refuse, got ${error === undefined ? 'success' : inspect(error)}`);
  return error;
}

// ---------------------------------------------------------------- the backend's view (rules off)

let admin: App | undefined;

/**
 * firebase-admin's Firestore on the emulator (FIRESTORE_EMULATOR_HOST), for checking what a client could not see
 * or was refused: it reads past the rules, as the backend does. A named app, so it never becomes the default one.
 */
export function adminFirestore(): Firestore {
  if (!process.env.FIRESTORE_EMULATOR_HOST) throw new Error(whyNoEmulators() ?? 'FIRESTORE_EMULATOR_HOST is not set');
  admin ??= initializeApp({ projectId: PROJECT_ID }, `client-tier-admin-${randomUUID().slice(0, 8)}`);
  return getFirestore(admin);
}

export async function closeAdmin(): Promise<void> {
  if (admin) await deleteApp(admin);
  admin = undefined;
}

// ---------------------------------------------------------------- one small tournament

export interface SeededParticipant {
  participantId: string;
  name: string;
  rating: number;
  account: Account;
}

export interface SeededTournament {
  clubId: string;
  championshipId: string;
  tournamentId: string;
  /** Created the club, the championship and the tournament: its owner. */
  organizer: Account;
  participants: SeededParticipant[];
  /** Round 1 as generateNextRound wrote it, in board order. */
  round1: MatchUpDoc[];
}

export interface SeedOptions {
  /** Part of every email and name, so runs and files never share an account. */
  label: string;
  /** An even number gives a round without byes. */
  players?: number;
  /** The tournament's preset (REDEMPTION by default). */
  policy?: string;
  /** The planned rounds (3 by default). */
  totalRounds?: number;
  /** False leaves the tournament a draft: no round 1 (`round1` is then empty). */
  pairFirstRound?: boolean;
}

/** The participant playing side `side` of a matchUp. */
export function playerOf(seeded: SeededTournament, matchUp: MatchUpDoc, side: 'a' | 'b'): SeededParticipant {
  const participantId = side === 'a' ? matchUp.a : matchUp.b;
  const participant = seeded.participants.find((p) => p.participantId === participantId);
  if (!participant) throw new Error(`matchUp ${matchUp.matchUpId} has no seeded participant on side ${side}`);
  return participant;
}

/**
 * Through the real callables, with Auth emulator accounts: the organizer creates a club, a championship linking
 * it and a REDEMPTION tournament (PER_MATCHUP, games to 5, 3 / 2 / 1.5 / 0 match points), enters one
 * participant per player account (the participant's `uid` is that account) and generates round 1.
 */
export async function seedTournament(emulators: Emulators, options: SeedOptions): Promise<SeededTournament> {
  const count = options.players ?? 4;
  const run = randomUUID().slice(0, 8);
  const tag = `${options.label}-${run}`;
  const organizer = await signUp(emulators, `organizer-${tag}@example.com`);
  const accounts = await Promise.all(
    Array.from({ length: count }, (_, i) => signUp(emulators, `player${i + 1}-${tag}@example.com`)),
  );

  const { clubId } = await call<{ clubId: string }>(
    emulators,
    'createClub',
    { name: `Club ${tag}`, memberUids: accounts.map((a) => a.uid) },
    organizer,
  );
  const { championshipId } = await call<{ championshipId: string }>(
    emulators,
    'createChampionship',
    { name: `Series ${tag}`, clubIds: [clubId] },
    organizer,
  );
  const { tournamentId } = await call<{ tournamentId: string }>(
    emulators,
    'createTournament',
    {
      championshipId,
      date: '2025-06-01',
      description: `Open ${tag}`,
      hostClubId: clubId,
      location: 'Hall A',
      policy: options.policy ?? 'REDEMPTION',
      pairing: { method: 'SWISS', options: {} },
      totalRounds: options.totalRounds ?? 3,
    },
    organizer,
  );

  const participants: SeededParticipant[] = accounts.map((account, i) => ({
    participantId: `p${i + 1}`,
    name: `Player ${i + 1}`,
    rating: 1800 - 50 * i,
    account,
  }));
  await call(
    emulators,
    'addParticipants',
    {
      tournamentId,
      participants: participants.map(({ participantId, name, rating, account }) => ({
        participantId,
        name,
        rating,
        uid: account.uid,
      })),
    },
    organizer,
  );
  if (options.pairFirstRound === false)
    return { clubId, championshipId, tournamentId, organizer, participants, round1: [] };
  const generated = await call<{ roundNumber: number; matchUps: number }>(
    emulators,
    'generateNextRound',
    { tournamentId, requestId: `round-1-${run}` },
    organizer,
  );
  if (generated.roundNumber !== 1)
    throw new Error(`generateNextRound made round ${generated.roundNumber}, expected round 1`);

  const snapshot = await adminFirestore().collection(paths.matchUps(tournamentId)).where('roundNumber', '==', 1).get();
  const round1 = snapshot.docs.map((d) => d.data() as MatchUpDoc).sort((x, y) => x.order - y.order);
  const pairs = round1.filter((m) => m.b !== null);
  if (pairs.length !== Math.floor(count / 2)) {
    throw new Error(
      `round 1 has ${pairs.length} games for ${count} players: ${JSON.stringify(round1.map((m) => m.matchUpId))}`,
    );
  }
  return { clubId, championshipId, tournamentId, organizer, participants, round1 };
}

/** The numbers of a standings row a player looks at. */
export const ROW_FIELDS = ['matchPoints', 'wins', 'losses', 'draws', 'pointsWon', 'pointsLost'] as const;
export type RowNumbers = Record<(typeof ROW_FIELDS)[number], number>;

export function rowNumbers(data: Record<string, unknown> | undefined): Partial<RowNumbers> | undefined {
  if (!data) return undefined;
  return Object.fromEntries(ROW_FIELDS.map((field) => [field, data[field]]));
}

/** Reads a standings row past the rules. */
export async function readRow(tournamentId: string, participantId: string): Promise<Partial<RowNumbers> | undefined> {
  const snapshot = await adminFirestore().doc(paths.standing(tournamentId, participantId)).get();
  return rowNumbers(snapshot.data());
}

/** Reads a matchUp past the rules. */
export async function readMatchUp(tournamentId: string, matchUpId: string): Promise<MatchUpDoc | undefined> {
  const snapshot = await adminFirestore().doc(paths.matchUp(tournamentId, matchUpId)).get();
  return snapshot.data() as MatchUpDoc | undefined;
}
