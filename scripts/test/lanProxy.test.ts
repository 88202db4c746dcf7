/**
 * The LAN proxy's decisions (scripts/emulators/lanProxy.ts), without the emulators: which functions a phone may
 * call (exactly the project's callables, in its region), that no path climbs out of the client APIs however it is
 * encoded, and that the only tokens admitted are the stand-ins the proxy handed out for the Auth emulator's, which
 * it swaps back on the way in. The last part runs the proxy itself between 127.0.0.2 and stand-in emulators on
 * 127.0.0.1.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { type IncomingHttpHeaders, type Server, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUNCTIONS_REGION } from '@competition/engine/view';
import {
  CALLABLES,
  type Forwarded,
  type LanProxy,
  REFRESH_LIFETIME_MS,
  TokenSeal,
  admit,
  carriesOwnerToken,
  climbs,
  functionRefusal,
  lanProxyKey,
  refusal,
  sealAnswer,
  startLanProxy,
} from '../emulators/lanProxy.js';

const project = 'demo-competition';
const documents = `/v1/projects/${project}/databases/(default)/documents`;
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const now = Date.parse('2025-06-01T10:00:00Z');
const inAnHour = now / 1000 + 3600;

/** An ID token as the Auth emulator makes one, and as anyone can: unsigned. */
const unsigned = (uid: string, exp = inAnHour) =>
  `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ user_id: uid, sub: uid, exp, firebase: { sign_in_provider: 'pw' } })}.`;
/** A refresh token as the Auth emulator makes one, and as anyone can. */
const refreshOf = (uid: string) =>
  Buffer.from(
    JSON.stringify({
      _AuthEmulatorRefreshToken: 'DO NOT MODIFY',
      localId: uid,
      provider: 'password',
      projectId: project,
    }),
  ).toString('base64');

const key = Buffer.alloc(32, 7);
const seal = new TokenSeal(key, () => now);

type Exported = Record<string, { __endpoint?: { callableTrigger?: object; region?: string[] } }>;

describe('the functions a phone may call', () => {
  it('are exactly the callables the functions export, in their region, so that the list cannot drift', async () => {
    const index = (await import('../../functions/src/index.js')) as unknown as Exported;
    const callables = (await import('../../functions/src/callables/index.js')) as unknown as Exported;
    const callableNames = (module: Exported) =>
      Object.entries(module)
        .filter(([, value]) => value.__endpoint?.callableTrigger !== undefined)
        .map(([name]) => name)
        .sort();
    expect([...CALLABLES].sort()).toEqual(callableNames(index));
    expect([...CALLABLES].sort()).toEqual(Object.keys(callables).sort());
    expect(callableNames(callables)).toEqual(Object.keys(callables).sort());
    for (const name of CALLABLES) expect(index[name]!.__endpoint!.region, name).toEqual([FUNCTIONS_REGION]);
    // The trigger and the task function are exported too, and served over HTTP by the Functions emulator.
    const others = Object.keys(index).filter((name) => !(CALLABLES as readonly string[]).includes(name));
    expect(others.sort()).toEqual(['onMatchUpWritten', 'rebuildStandingsPages']);
    for (const name of others)
      expect(functionRefusal('POST', `/${project}/${FUNCTIONS_REGION}/${name}`), name).toBe(
        'not a callable function of the project',
      );
  });

  it('only with POST or its preflight, in the project and its region, by the exact name', () => {
    const at = (path: string, method = 'POST') => functionRefusal(method, path);
    expect(at(`/${project}/us-central1/getLeaderboard`)).toBeNull();
    expect(at(`/${project}/us-central1/getLeaderboard`, 'OPTIONS')).toBeNull();
    expect(at(`/${project}/us-central1/getLeaderboard?x=1`)).toBeNull();
    expect(at(`/${project}/us-central1/getLeaderboard`, 'GET')).toBe('functions are called with POST');
    expect(at(`/${project}/europe-west1/getLeaderboard`)).toBe('the project’s functions run in us-central1');
    expect(at(`/other-project/us-central1/getLeaderboard`)).toBe('not a function of the project');
    const names = ['onMatchUpWritten', 'onMatchUpWritten-0', 'us-central1-onMatchUpWritten', 'rebuildStandingsPages'];
    for (const name of [...names, 'getleaderboard'])
      expect(at(`/${project}/us-central1/${name}`), name).toBe('not a callable function of the project');
    expect(at(`/${project}/us-central1/getLeaderboard/more`)).toBe('not a function of the project');
    expect(at('/backends')).toBe('not a function of the project');
  });
});

describe('a path that climbs', () => {
  it('is a `..` segment or a backslash, however percent-encoded, in the path and not the query', () => {
    for (const path of [
      '/a/../b',
      '/a/..',
      '/..',
      '/a/%2e%2e/b',
      '/a/%2E./b',
      '/a/.%2e/b',
      '/a/%252e%252E/b',
      '/a/..%2fb',
      '/a/..;/b',
      '/a/..%00/b',
      '/a\\b',
      '/a%5cb',
      '/a%255Cb',
    ])
      expect(climbs(path), path).toBe(true);
    for (const path of ['/a/b', '/a/..b', '/a/b..', '/a/.../b', '/a/./b', '/a/b?x=..', '/a/b?x=%5c', '/%zz/b'])
      expect(climbs(path), path).toBe(false);
  });

  it('is refused on every port, before anything else', () => {
    const paths = {
      firestore: `${documents}/%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/emulator/v1/projects/${project}/databases`,
      auth: `/identitytoolkit.googleapis.com/v1/accounts:signUp/../../../emulator/v1/projects/${project}/accounts`,
      functions: `/${project}/us-central1/getLeaderboard/..%5c..%5cbackends`,
    } as const;
    for (const [service, path] of Object.entries(paths))
      expect(refusal(service as keyof typeof paths, 'POST', path, {}), service).toBe(
        'a path with a `..` segment or a backslash',
      );
  });
});

describe('what is refused before any token is looked at', () => {
  const refused = (service: 'firestore' | 'auth' | 'functions', path: string, headers: IncomingHttpHeaders = {}) =>
    refusal(service, 'POST', path, headers);

  it('keeps the administration on the laptop', () => {
    expect(refused('firestore', `/emulator/v1/projects/${project}/databases/(default)/documents`)).toMatch(/laptop/);
    expect(refused('auth', `/emulator/v1/projects/${project}/oobCodes`)).toMatch(/laptop/);
    expect(refused('firestore', `${documents}/t/x`, { authorization: 'Bearer owner' })).toBe(
      'an administrator’s token',
    );
    expect(refused('firestore', `${documents}/t/x?access_token=owner`)).toBe('a token in the address');
    expect(refused('firestore', '/v1/projects/other/databases/(default)/documents/t/x')).toMatch(/Firestore client/);
    expect(refused('auth', `/identitytoolkit.googleapis.com/v1/projects/${project}/accounts:query`)).toMatch(/Auth/);
    expect(
      refused('auth', '/identitytoolkit.googleapis.com/v1/accounts:lookup?key=k', { authorization: 'Bearer x' }),
    ).toMatch(/administrator/);
    expect(refused('firestore', `${documents}/t/x`)).toBeNull();
    expect(refused('auth', '/identitytoolkit.googleapis.com/v1/accounts:signUp?key=k')).toBeNull();
    expect(refused('auth', '/securetoken.googleapis.com/v1/token?key=k')).toBeNull();
  });

  it('refuses the sign-ins the Auth emulator grants on a word, and headers that name a caller', () => {
    for (const name of ['signInWithCustomToken', 'signInWithIdp', 'SIGNINWITHIDP'])
      expect(refused('auth', `/identitytoolkit.googleapis.com/v1/accounts:${name}?key=k`), name).toMatch(
        /for the laptop only/,
      );
    const call = `/${project}/us-central1/getLeaderboard`;
    expect(refused('functions', call, { 'x-callable-context-auth': '{"uid":"owner"}' })).toBe(
      'a header that names the caller',
    );
    expect(refused('functions', call, { 'x-original-auth': 'Bearer x' })).toBe('a header that names the caller');
  });

  it('refuses a body it cannot read as the servers behind would: compressed, or in another charset', () => {
    expect(refused('firestore', `${documents}:commit`, { 'content-encoding': 'gzip' })).toBe(
      'a compressed request body',
    );
    expect(
      refused('auth', '/identitytoolkit.googleapis.com/v1/accounts:update', {
        'content-type': 'application/json; charset=utf-16',
      }),
    ).toMatch(/charset/);
    expect(refused('firestore', `${documents}:commit`, { 'content-type': 'text/plain;charset=UTF-8' })).toBeNull();
  });

  it('finds the administrator token however it is encoded', () => {
    expect(carriesOwnerToken('headers=Authorization%3ABearer%2520owner')).toBe(true);
    expect(carriesOwnerToken('headers=Authorization%3ABearer+owner%zz')).toBe(true);
    expect(carriesOwnerToken('headers=Authorization%3ABearer%20someone')).toBe(false);
  });
});

describe('the stand-ins for the Auth emulator’s tokens', () => {
  it('an ID token keeps its header and claims, takes a seal for a signature, and opens back until it expires', () => {
    const token = unsigned('alice');
    const standIn = seal.sealIdToken(token)!;
    expect(standIn.startsWith(token)).toBe(true);
    expect(standIn.length).toBeGreaterThan(token.length + 40);
    expect(seal.openIdToken(standIn)).toBe(token);
    expect(seal.sealIdToken(token), 'the same token, the same stand-in').toBe(standIn);
    expect(new TokenSeal(key, () => inAnHour * 1000).openIdToken(standIn), 'expired').toBeNull();
    expect(new TokenSeal(Buffer.alloc(32, 8), () => now).openIdToken(standIn), 'another key').toBeNull();
  });

  it('a token anyone can write does not open: unsigned, signed at random, or claims changed under a seal', () => {
    const standIn = seal.sealIdToken(unsigned('alice'))!;
    const mac = standIn.slice(standIn.lastIndexOf('.') + 1);
    expect(seal.openIdToken(unsigned('owner'))).toBeNull();
    expect(seal.openIdToken(`${unsigned('owner')}${'A'.repeat(mac.length)}`)).toBeNull();
    expect(seal.openIdToken(`${unsigned('owner')}${mac}`)).toBeNull();
    expect(seal.openIdToken('owner')).toBeNull();
    expect(seal.sealIdToken(`${unsigned('alice')}c2lnbmVk`), 'a signed token is not the emulator’s').toBeNull();
  });

  it('a refresh token opens back for REFRESH_LIFETIME_MS; the emulator’s own, which anyone writes, does not', () => {
    const token = refreshOf('alice');
    const standIn = seal.sealRefreshToken(token);
    expect(seal.openRefreshToken(standIn)).toBe(token);
    expect(seal.openIdToken(standIn)).toBeNull();
    expect(new TokenSeal(key, () => now + REFRESH_LIFETIME_MS - 1000).openRefreshToken(standIn)).toBe(token);
    expect(new TokenSeal(key, () => now + REFRESH_LIFETIME_MS).openRefreshToken(standIn)).toBeNull();
    expect(seal.openRefreshToken(token)).toBeNull();
    expect(seal.openRefreshToken(`${refreshOf('owner')}${standIn.slice(token.length)}`)).toBeNull();
  });

  it('are sealed with a key kept on the laptop, readable by its owner only, the same after a restart', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lan-key-'));
    try {
      const file = join(dir, 'nested', 'lan-proxy.key');
      const first = lanProxyKey(file);
      expect(first.length).toBe(32);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(lanProxyKey(file).equals(first)).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the tokens a request carries', () => {
  const alice = unsigned('alice');
  const aliceStandIn = seal.sealIdToken(alice)!;
  const forged = unsigned('owner');
  const strange = /did not hand out/;
  const request = (url: string, headers: IncomingHttpHeaders = {}, body = ''): Forwarded => ({
    url,
    headers,
    body: Buffer.from(body),
  });

  it('Firestore and Functions: none passes; a stand-in becomes the emulator’s token; any other is refused', () => {
    const read = request(`${documents}/clubs/none`);
    expect(admit('firestore', read, seal)).toEqual(read);
    const swapped = admit('firestore', request(read.url, { authorization: `Bearer ${aliceStandIn}` }), seal);
    expect(swapped).toMatchObject({ headers: { authorization: `Bearer ${alice}` } });
    for (const authorization of [`Bearer ${forged}`, `Bearer ${alice}`, 'Bearer garbage', 'Basic x', ''])
      expect(admit('firestore', request(read.url, { authorization }), seal), authorization).toMatch(strange);
    const call = `/${project}/us-central1/getLeaderboard`;
    expect(admit('functions', request(call, { authorization: `Bearer ${aliceStandIn}` }, '{}'), seal)).toMatchObject({
      headers: { authorization: `Bearer ${alice}` },
      body: Buffer.from('{}'),
    });
    expect(admit('functions', request(call, { authorization: `Bearer ${forged}` }), seal)).toMatch(strange);
  });

  it('Firestore’s WebChannel: a token in the first body (headers=) or the address ($httpHeaders), encoded', () => {
    const channel = '/google.firestore.v1.Firestore/Listen/channel?VER=8&RID=1&CVER=22';
    const body = (token: string) => `headers=Authorization%3ABearer%20${token}%0D%0A&count=1&req0___data__=%7B%7D`;
    const swapped = admit('firestore', request(channel, {}, body(aliceStandIn)), seal) as Forwarded;
    expect(swapped.body.toString()).toBe(body(alice));
    const inAddress = (token: string) => `${channel}&%24httpHeaders=Authorization%3ABearer%2520${token}%0D%0A`;
    expect((admit('firestore', request(inAddress(aliceStandIn)), seal) as Forwarded).url).toBe(inAddress(alice));
    expect(admit('firestore', request(channel, {}, body(forged)), seal)).toMatch(strange);
    expect(admit('firestore', request(inAddress(forged)), seal)).toMatch(strange);
    const encoded = forged.replace(/e/g, '%2565');
    expect(admit('firestore', request(channel, {}, body(encoded)), seal), 'encoded twice').toMatch(strange);
    expect(admit('firestore', request(channel, {}, body(`x.${forged}`)), seal), 'glued to a word').toMatch(strange);
    expect(admit('firestore', request(channel, {}, 'headers=Authorization%3ABearer%2520owner'), seal)).toBe(
      'an administrator’s token',
    );
    const plain = request(
      `${documents}:commit`,
      {},
      '{"writes":[{"update":{"fields":{"name":{"stringValue":"a.b.c"}}}}]}',
    );
    expect(admit('firestore', plain, seal)).toEqual(plain);
  });

  it('Auth: every value of the body or the address, under any key, that is a token must be a stand-in', () => {
    const lookup = '/identitytoolkit.googleapis.com/v1/accounts:lookup?key=k';
    const json = { 'content-type': 'application/json' };
    const swapped = admit('auth', request(lookup, json, JSON.stringify({ idToken: aliceStandIn })), seal) as Forwarded;
    expect(JSON.parse(swapped.body.toString())).toEqual({ idToken: alice });
    for (const body of [
      { idToken: forged },
      { id_token: forged },
      { ID_TOKEN: [forged] },
      { refreshToken: refreshOf('a') },
    ])
      expect(admit('auth', request(lookup, json, JSON.stringify(body)), seal), JSON.stringify(body)).toMatch(strange);
    expect(admit('auth', request(`${lookup}&idToken=${forged}`, json, '{}'), seal)).toMatch(strange);
    expect(admit('auth', request(lookup, json, '{"idToken":'), seal)).toBe('a body that is not JSON');
    expect(admit('auth', request(lookup, { 'content-type': 'text/plain' }, '{}'), seal)).toMatch(/not a body/);
    const signUp = request(lookup, json, JSON.stringify({ email: 'a@example.com', password: 'my.pass.word' }));
    expect(admit('auth', signUp, seal)).toMatchObject({ url: lookup });

    const refresh = '/securetoken.googleapis.com/v1/token?key=k';
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const standIn = seal.sealRefreshToken(refreshOf('alice'));
    const body = (token: string) =>
      new URLSearchParams({ grant_type: 'refresh_token', refresh_token: token }).toString();
    expect((admit('auth', request(refresh, form, body(standIn)), seal) as Forwarded).body.toString()).toBe(
      body(refreshOf('alice')),
    );
    expect(admit('auth', request(refresh, form, body(refreshOf('owner'))), seal)).toMatch(strange);
  });

  it('Auth’s answers: every token replaced by a stand-in that opens back to it', () => {
    const json = { 'content-type': 'application/json; charset=utf-8' };
    const signedUp = {
      kind: 'x',
      localId: 'alice',
      idToken: alice,
      refreshToken: refreshOf('alice'),
      expiresIn: '3600',
    };
    const answer = JSON.parse(
      sealAnswer(json, Buffer.from(JSON.stringify(signedUp)), seal).toString(),
    ) as typeof signedUp;
    expect(answer).toMatchObject({ kind: 'x', localId: 'alice', expiresIn: '3600' });
    expect(seal.openIdToken(answer.idToken)).toBe(alice);
    expect(seal.openRefreshToken(answer.refreshToken)).toBe(refreshOf('alice'));
    const refreshed = { access_token: alice, id_token: alice, refresh_token: refreshOf('alice'), user_id: 'alice' };
    const sealed = JSON.parse(
      sealAnswer(json, Buffer.from(JSON.stringify(refreshed)), seal).toString(),
    ) as typeof refreshed;
    expect(sealed.access_token).toBe(sealed.id_token);
    expect(seal.openIdToken(sealed.id_token)).toBe(alice);
    expect(seal.openRefreshToken(sealed.refresh_token)).toBe(refreshOf('alice'));
    const none = Buffer.from('{"kind":"identitytoolkit#GetAccountInfoResponse"}');
    expect(sealAnswer(json, none, seal)).toBe(none);
    expect(sealAnswer({ 'content-type': 'text/html' }, Buffer.from(alice), seal).toString()).toBe(alice);
  });
});

/** What a stand-in emulator received. */
interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

describe('the proxy between 127.0.0.2 and the emulators on 127.0.0.1', () => {
  const received: Received[] = [];
  const upstreams: Server[] = [];
  let proxy: LanProxy;
  const ports = { firestore: 0, auth: 0, functions: 0 };

  /** An emulator that answers what Auth answers a sign-up, and records what it was sent. */
  async function emulator(): Promise<number> {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push({ path: req.url!, headers: req.headers, body: Buffer.concat(chunks).toString() });
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ localId: 'alice', idToken: unsigned('alice', Date.now() / 1000 + 3600) }));
      });
    });
    upstreams.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return (server.address() as AddressInfo).port;
  }

  beforeAll(async () => {
    for (const service of Object.keys(ports) as (keyof typeof ports)[]) ports[service] = await emulator();
    proxy = await startLanProxy('127.0.0.2', ports, { key });
  });
  afterAll(async () => {
    await proxy?.close();
    await Promise.all(upstreams.map((server) => new Promise((resolve) => server.close(resolve))));
  });

  /** A raw request (fetch would resolve `..` before sending it). */
  const send = (port: number, method: string, path: string, headers: Record<string, string> = {}, body = '') =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request({ host: '127.0.0.2', port, method, path, headers }, (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, text }));
      });
      req.on('error', reject);
      req.end(body);
    });

  it('hands out stand-ins, takes them back as the emulator’s tokens, refuses the rest before an emulator', async () => {
    const json = { 'content-type': 'application/json' };
    const signUp = await send(
      ports.auth,
      'POST',
      '/identitytoolkit.googleapis.com/v1/accounts:signUp?key=k',
      { ...json, 'accept-encoding': 'gzip, br' },
      '{}',
    );
    expect(signUp.status).toBe(200);
    const { idToken } = JSON.parse(signUp.text) as { idToken: string };
    const real = seal.openIdToken(idToken);
    expect(real, 'a stand-in sealed with the key').toMatch(/\.$/);
    expect(received.at(-1)!.headers['accept-encoding']).toBeUndefined();

    const call = await send(ports.functions, 'POST', `/${project}/us-central1/getLeaderboard`, {
      ...json,
      authorization: `Bearer ${idToken}`,
      'transfer-encoding': 'chunked',
    });
    expect(call.status).toBe(200);
    expect(received.at(-1)).toMatchObject({ path: `/${project}/us-central1/getLeaderboard` });
    expect(received.at(-1)!.headers.authorization).toBe(`Bearer ${real}`);
    expect(received.at(-1)!.headers['transfer-encoding']).toBeUndefined();

    const before = received.length;
    const refused = [
      await send(ports.firestore, 'GET', `${documents}/clubs/none`, { authorization: `Bearer ${unsigned('owner')}` }),
      await send(ports.functions, 'POST', `/${project}/us-central1/onMatchUpWritten`, json, '{}'),
      await send(ports.firestore, 'GET', `${documents}/%2e%2e/%2E%2e/x`),
      await send(ports.auth, 'POST', '/identitytoolkit.googleapis.com/v1/accounts:signUp/..\\..\\x', json, '{}'),
    ];
    for (const answer of refused) {
      expect(answer.status).toBe(403);
      expect(answer.text).toMatch(/^Refused on the network address: /);
    }
    expect(received.length, 'nothing refused reached an emulator').toBe(before);
  });
});
