/**
 * The local stack end to end, as `npm start -- --no-seed` runs it but on free ports: sign-in over HTTP, the
 * organizer's callables over HTTP, a score written straight into Firestore as a mobile client does, the real
 * trigger fired by the stack's listener, and the callable protocol's error statuses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../functions/test/support/wait.js';
import { CallableError, callablesClient, callFunction, signIn } from '../local/client.js';
import { mintIdToken } from '../local/auth.js';
import { DEMO_OWNER, seedDemo } from '../local/seedDemo.js';
import { type LocalStack, startLocalStack } from '../local/stack.js';

let stack: LocalStack | undefined;
const s = () => stack!;

beforeAll(async () => {
  stack = await startLocalStack({ ports: { firestore: 0, functions: 0, auth: 0 }, logLevel: 'silent' });
});

afterAll(async () => {
  await stack?.stop();
});

async function refusal(promise: Promise<unknown>): Promise<CallableError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, 'expected a refusal').toBeInstanceOf(CallableError);
  return error as CallableError;
}

/** Polls the stack's data every 25 ms, for up to 10 s. */
const until = <T>(what: string, read: () => Promise<T>, ok: (value: T) => boolean) => waitFor(what, read, ok, 10_000, 25);

async function runningTournament(owner: ReturnType<typeof callablesClient>) {
  const { clubId } = await owner('createClub', { name: 'Local Club' });
  const { championshipId } = await owner('createChampionship', { name: 'Local League', clubIds: [clubId] });
  const { tournamentId } = await owner('createTournament', { championshipId, date: '2026-12-05', description: 'Stack test', policy: 'REDEMPTION' });
  const participants = Array.from({ length: 6 }, (_, i) => ({ participantId: `p${i + 1}`, name: `Player ${i + 1}`, rating: 1500 + 40 * i, uid: `u${i + 1}` }));
  await owner('addParticipants', { tournamentId, participants });
  const round = await owner('generateNextRound', { tournamentId, requestId: 'r1' });
  return { tournamentId: tournamentId as string, round };
}

describe('local stack (Node only)', () => {
  it('signs in over HTTP with an unsigned ID token for the project', async () => {
    const token = await signIn(s().auth.signInUrl, 'alice', { email: 'alice@example.com' });
    const [header, payload, signature] = token.split('.');
    expect(JSON.parse(Buffer.from(header!, 'base64url').toString())).toEqual({ alg: 'none', typ: 'JWT' });
    expect(signature).toBe('');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    expect(claims).toMatchObject({ sub: 'alice', user_id: 'alice', aud: 'demo-competition', iss: 'https://securetoken.google.com/demo-competition', email: 'alice@example.com' });
    expect(claims.exp - claims.iat).toBe(3600);
    const bad = await fetch(s().auth.signInUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"uid": 7}' });
    expect(bad.status).toBe(400);
  });

  it('runs the organizer flow over HTTP; a score written by a client reaches the standings through the trigger', async () => {
    const owner = callablesClient(s().functions.baseUrl, await signIn(s().auth.signInUrl, 'owner'));
    const { tournamentId, round } = await runningTournament(owner);
    expect(round).toMatchObject({ roundNumber: 1, matchUps: 3, repeated: false });

    const matchUps = await s().db.collection(`tournaments/${tournamentId}/matchUps`).get();
    expect(matchUps.size).toBe(3);
    const first = matchUps.docs[0]!;
    const { a, b, playerUids } = first.data() as { a: string; b: string; playerUids: string[] };
    // The mobile client's write: only the score fields, by a player of the game.
    await first.ref.update({ result: { kind: 'PLAYED', score: { a: 5, b: 2 } }, scoredBy: playerUids[0], scoredAt: new Date().toISOString() });
    const standing = (id: string) => async () => (await s().db.doc(`tournaments/${tournamentId}/standings/${id}`).get()).data();
    const winner = await until(`standings/${a}`, standing(a), (row) => row?.['wins'] === 1);
    expect(winner).toMatchObject({ wins: 1, losses: 0, matchPoints: 3, pointsWon: 5, pointsLost: 2 });
    expect(await standing(b)()).toMatchObject({ wins: 0, losses: 1, matchPoints: 0, pointsWon: 2, pointsLost: 5 });

    // A correction written right behind the first write (the trigger may still be running) is not lost.
    await first.ref.update({ result: { kind: 'PLAYED', score: { a: 1, b: 5 } }, scoredAt: new Date().toISOString() });
    await first.ref.update({ result: { kind: 'PLAYED', score: { a: 3, b: 5 } }, scoredAt: new Date().toISOString() });
    await until(`corrected standings/${b}`, standing(b), (row) => row?.['wins'] === 1 && row?.['pointsWon'] === 5 && row?.['pointsLost'] === 3);
    expect(await standing(a)()).toMatchObject({ wins: 0, losses: 1, matchPoints: 0, pointsWon: 3, pointsLost: 5 });

    // The leaderboard callable sees it too.
    const board = await owner('getLeaderboard', { tournamentId });
    expect(board.rows.find((r: { participantId: string }) => r.participantId === b)).toMatchObject({ rank: 1, matchPoints: 3 });
    expect(s().triggers.stats()).toMatchObject({ gaveUp: 0 });
  });

  it('maps refusals to the callable protocol: status, HTTP code, message', async () => {
    const url = (name: string) => s().functions.urlOf(name);
    const owner = await signIn(s().auth.signInUrl, 'owner');

    const invalid = await refusal(callFunction(url('createClub'), { name: '' }, owner));
    expect([invalid.httpStatus, invalid.status, invalid.code]).toEqual([400, 'INVALID_ARGUMENT', 'invalid-argument']);
    expect(invalid.message).toMatch(/name/);

    const anonymous = await refusal(callFunction(url('createClub'), { name: 'Nobody' }));
    expect([anonymous.httpStatus, anonymous.status]).toEqual([401, 'UNAUTHENTICATED']);

    const expired = mintIdToken('demo-competition', 'owner', { now: Math.floor(Date.now() / 1000) - 7200 });
    expect((await refusal(callFunction(url('createClub'), { name: 'Late' }, expired))).httpStatus).toBe(401);
    const otherProject = mintIdToken('another-project', 'owner');
    expect((await refusal(callFunction(url('createClub'), { name: 'Elsewhere' }, otherProject))).httpStatus).toBe(401);

    const missing = await refusal(callFunction(url('getLeaderboard'), { tournamentId: 'no-such-tournament' }));
    expect([missing.httpStatus, missing.status]).toEqual([404, 'NOT_FOUND']);

    const ownerClient = callablesClient(s().functions.baseUrl, owner);
    const { tournamentId } = await runningTournament(ownerClient);
    const stranger = await signIn(s().auth.signInUrl, 'stranger');
    const denied = await refusal(callFunction(url('generateNextRound'), { tournamentId, requestId: 'r2' }, stranger));
    expect([denied.httpStatus, denied.status]).toEqual([403, 'PERMISSION_DENIED']);
    const open = await refusal(callFunction(url('generateNextRound'), { tournamentId, requestId: 'r2' }, owner));
    expect([open.httpStatus, open.status]).toEqual([400, 'FAILED_PRECONDITION']);

    // Not the protocol's shape at all: a body without "data", and a function that does not exist.
    const raw = await fetch(url('createClub'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"x"}' });
    expect(raw.status).toBe(400);
    expect((await raw.json()).error.status).toBe('INVALID_ARGUMENT');
    const unknown = await fetch(url('deleteEverything'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"data":{}}' });
    expect(unknown.status).toBe(404);
    await unknown.body?.cancel();
    // An inherited name is not a callable either (it used to hang the request).
    const inherited = await fetch(url('toString'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"data":{}}', signal: AbortSignal.timeout(5000) });
    expect(inherited.status).toBe(404);
    await inherited.body?.cancel();

    // CORS preflight for the dashboard.
    const preflight = await fetch(url('createClub'), {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
  });

  it("seeds npm start's demo through the callables: 16 players, round 1 scored by players and the organizer", async () => {
    const demo = await seedDemo(s());
    expect(demo.players).toHaveLength(16);
    expect(demo.scoredByPlayers).toBeGreaterThan(0);
    expect(demo.scoredByOwner).toBeGreaterThan(0);
    expect(demo.scoredByPlayers + demo.scoredByOwner).toBe(8);
    expect(demo.leaderboard).toHaveLength(16);
    // Every game is in the standings: eight results, each a win/draw on one side and a loss/draw on the other.
    const games = demo.leaderboard.reduce((n, r) => n + r.wins + r.draws + r.losses, 0);
    expect(games).toBe(16);
    const scorers = (await s().db.collection(`tournaments/${demo.tournamentId}/matchUps`).get()).docs.map((d) => d.get('scoredBy') as string);
    expect(new Set(scorers)).toContain(DEMO_OWNER);
    expect(scorers.some((uid) => uid.startsWith('player-'))).toBe(true);
  });

  it('stops cleanly: servers closed, nothing left listening', async () => {
    const { functions, auth } = s();
    await s().stop();
    stack = undefined;
    await expect(fetch(functions.urlOf('getLeaderboard'), { method: 'POST' })).rejects.toThrow();
    await expect(fetch(auth.signInUrl, { method: 'POST' })).rejects.toThrow();
    await new Promise((r) => setTimeout(r, 50));
    const sockets = process.getActiveResourcesInfo().filter((r) => r === 'TCPServerWrap' || r === 'TCPSocketWrap');
    expect(sockets).toEqual([]);
  });
});
