/**
 * npm start --lan: what phones on the venue's network may reach of the emulators. The emulators themselves stay on
 * 127.0.0.1; this proxy listens on the laptop's network address, on the same ports, and forwards only the paths
 * the client SDKs use (docs/operations.md, "An event on a laptop without internet"). The emulators' administration
 * (clearing Firestore, listing accounts and sign-in codes, the rules, the hub, the Emulator UI) is for the laptop
 * alone:
 *
 * - /emulator/... is refused on every port (Firestore's and Auth's administration, Auth's sign-in widget that
 *   lists the accounts), and so is a path with a `..` segment or a backslash, however encoded, which a server
 *   behind might resolve to one of those;
 * - Firestore answers `Authorization: Bearer owner` as an administrator, bypassing the rules: refused wherever a
 *   client could put it (a header, the address, a WebChannel body);
 * - Auth takes any bearer token as an administrator's: its client API is called with an API key and never with
 *   one, so a request carrying one is refused;
 * - Functions: only POST (and its CORS preflight) to one of the project's callables, in its region. The Functions
 *   emulator serves the triggers and the task functions over HTTP too, to anyone, with the event a caller makes up.
 *
 * And the tokens. The Auth emulator signs nothing: anyone can write an ID token for any uid, or a refresh token
 * (a base64 JSON naming the uid) that Auth exchanges for a real one, and Firestore and Functions believe them. So
 * the proxy hands phones its own stand-ins for the tokens Auth answers with, sealed with a key of its own, and
 * takes back only those, swapping each for the emulator's token on the way in: an ID token keeps its header and
 * claims (the SDKs read them) and takes the seal as its signature; a refresh token takes the seal and the time it
 * was handed out. A request carrying any other token is refused; one with none (a signed-out read) passes. Custom
 * tokens and Google sign-in are refused: the Auth emulator takes anyone's word for them (a made-up custom token
 * names any uid; a made-up Google token with a verified email signs in as the account of that email).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import {
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
  createServer,
  request,
} from 'node:http';
import type { Socket } from 'node:net';
import { networkInterfaces } from 'node:os';
import { dirname, join } from 'node:path';
import { FUNCTIONS_REGION } from '@competition/engine/view';
import type { CallableName } from '@competition/engine/schemas';
import { PROJECT_ID } from './config.js';
import { REPO_ROOT } from './prerequisites.js';

export interface LanPorts {
  firestore: number;
  auth: number;
  functions: number;
}
type Service = keyof LanPorts;

/** A request body bigger than Firestore's largest (10 MiB) is not a client's. */
const MAX_BODY_BYTES = 11 * 1024 * 1024;
const LOOPBACK = '127.0.0.1';

/**
 * The functions a phone may call: the project's callables, every one (functions/src/callables/index.ts). The
 * compiler checks that every callable the dashboard can name is here, and lanProxy.test.ts that these are exactly
 * the callables functions/src/index.ts exports, so that the list cannot drift from the code.
 */
export const CALLABLES = [
  'acceptInvitation',
  'addParticipants',
  'changeScoring',
  'claimEntry',
  'closeTournament',
  'correctRating',
  'createChampionship',
  'createClub',
  'createInvitation',
  'createTournament',
  'decideRegistration',
  'deleteClub',
  'deleteParticipant',
  'deleteTournament',
  'dropOut',
  'editPairings',
  'exportTournament',
  'generateNextRound',
  'getLeaderboard',
  'getStandingsCsv',
  'importTournament',
  'leaveClub',
  'linkClub',
  'linkParticipantAccount',
  'recordPenalty',
  'recordScore',
  'refreshDisplayName',
  'regenerateClaimCode',
  'register',
  'reopenTournament',
  'requestBye',
  'revokeInvitation',
  'setClubMember',
  'setDeckList',
  'setForbiddenPairs',
  'setJoiningOptions',
  'setPlayoff',
  'setScorekeepers',
  'undoLastRound',
  'withdrawParticipant',
] as const satisfies readonly CallableName[];
type Is<T extends true> = T;
/** A compile error here names a callable missing from CALLABLES. */
export type CallablesListed = Is<[Exclude<CallableName, (typeof CALLABLES)[number]>] extends [never] ? true : false>;
const callables = new Set<string>(CALLABLES);

/** The machine's IPv4 addresses on a network (not loopback, not link-local), in the system's order. */
export function networkAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .filter((a) => a !== undefined && a.family === 'IPv4' && !a.internal && !a.address.startsWith('169.254.'))
    .map((a) => a!.address);
}

/** One round of percent-decoding that never fails: a malformed escape stays as it is, as lenient servers keep it. */
function decodeOnce(text: string): string {
  return text
    .replace(/\+/g, ' ')
    .replace(/%([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The text and what it decodes to, round after round, until nothing changes: what some server behind may read. */
function decodings(text: string): string[] {
  const rounds = [text];
  for (let round = 0; round < 5; round++) {
    const next = decodeOnce(rounds.at(-1)!);
    if (next === rounds.at(-1)) break;
    rounds.push(next);
  }
  return rounds;
}

const pathOf = (url: string) => url.split('?', 1)[0]!;

/** Whether a request's path climbs (`..`, also as %2e%2e and the like) or holds a backslash, however encoded. */
export function climbs(url: string): boolean {
  return decodings(pathOf(url)).some((path) => path.includes('\\') || /(^|\/)\.\.([/;?#\0]|$)/.test(path));
}

const documentsPath = new RegExp(`^/v1/projects/${PROJECT_ID}/databases/\\(default\\)/documents([/:]|$)`);
const authPaths = [
  /^\/identitytoolkit\.googleapis\.com\/v1\/accounts:[A-Za-z]+$/,
  /^\/identitytoolkit\.googleapis\.com\/v2\/(recaptchaConfig|passwordPolicy)$/,
  /^\/securetoken\.googleapis\.com\/v1\/token$/,
];
/** Sign-ins the Auth emulator grants on a caller's word alone (see the top of this file). */
const unverifiedSignIns = new Map([
  ['signinwithcustomtoken', 'the Auth emulator takes any custom token, so custom tokens are for the laptop only'],
  [
    'signinwithidp',
    'the Auth emulator believes any Google token it is shown, so Google sign-in is for the laptop only: sign in ' +
      'with an email and a password',
  ],
]);

/** Why a function call is refused, or null for a call of one of the project's callables. */
export function functionRefusal(method: string, url: string): string | null {
  const [, project, region, name] = /^\/([^/]*)\/([^/]*)\/([^/]*)$/.exec(pathOf(url)) ?? [];
  if (project !== PROJECT_ID) return 'not a function of the project';
  if (region !== FUNCTIONS_REGION) return `the project’s functions run in ${FUNCTIONS_REGION}`;
  if (!callables.has(name!)) return 'not a callable function of the project';
  if (method !== 'POST' && method !== 'OPTIONS') return 'functions are called with POST';
  return null;
}

/** Why a request body cannot be read as the servers behind would read it, or null. */
function encodingRefusal(headers: IncomingHttpHeaders): string | null {
  const encoding = headers['content-encoding']?.trim().toLowerCase();
  if (encoding && encoding !== 'identity') return 'a compressed request body';
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(headers['content-type'] ?? '')?.[1]?.toLowerCase();
  if (charset && charset !== 'utf-8' && charset !== 'utf8') return 'a request body in another charset than UTF-8';
  return null;
}

/** Why a request is refused on the network address, from its method, address and headers, or null. */
export function refusal(service: Service, method: string, url: string, headers: IncomingHttpHeaders): string | null {
  const path = pathOf(url);
  if (climbs(url)) return 'a path with a `..` segment or a backslash';
  if (path.startsWith('/emulator/') || path === '/emulator')
    return 'the emulators’ administration is on the laptop only';
  const encoding = encodingRefusal(headers);
  if (encoding) return encoding;
  const authorization = headers.authorization ?? '';
  if (service === 'firestore') {
    if (!documentsPath.test(path) && !path.startsWith('/google.firestore.v1.Firestore/'))
      return 'not a path of the Firestore client API';
    if (/^bearer\s+owner\s*$/i.test(authorization)) return 'an administrator’s token';
    // Google's APIs take a token in the address too; no client sends one there.
    if (decodings(url).some((decoded) => /[?&]access_token=/i.test(decoded))) return 'a token in the address';
    return null;
  }
  if (service === 'auth') {
    if (!authPaths.some((pattern) => pattern.test(path))) return 'not a path of the Auth client API';
    // Lower case: a server behind may route without regard to case.
    const unverified = unverifiedSignIns.get(path.split(':')[1]?.toLowerCase() ?? '');
    if (unverified) return unverified;
    if (authorization) return 'the Auth emulator takes a bearer token as an administrator’s';
    return null;
  }
  // Headers firebase-functions takes, in some setups, as the caller already checked.
  if (headers['x-callable-context-auth'] !== undefined || headers['x-original-auth'] !== undefined)
    return 'a header that names the caller';
  return functionRefusal(method, url);
}

/** Whether text a client sent (an address, a body) carries Firestore's administrator token, however encoded. */
export function carriesOwnerToken(text: string): boolean {
  return decodings(text).some((decoded) => /bearer\s+owner\b/i.test(decoded));
}

const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

function jsonOf(part: string): unknown {
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/** Whether a string is a JWT as the emulators decode one: three base64url parts, the first of them JSON. */
export function isJwt(text: string): boolean {
  return JWT_SHAPE.test(text) && Boolean(jsonOf(text.slice(0, text.indexOf('.'))));
}

/** Whether the Auth emulator would take a string as one of its refresh tokens (it decodes them the same way). */
export function isEmulatorRefreshToken(text: string): boolean {
  return Buffer.from(text, 'base64').toString('utf8').includes('_AuthEmulatorRefreshToken');
}

/** Every JWT in a text, also glued to other words with dots. */
function jwtsIn(text: string): string[] {
  const found: string[] = [];
  for (const [run] of text.matchAll(/[A-Za-z0-9_.-]+/g)) {
    const parts = run.split('.');
    for (let i = 0; i + 2 < parts.length; i++) {
      const candidate = `${parts[i]}.${parts[i + 1]}.${parts[i + 2]}`;
      if (isJwt(candidate)) found.push(candidate);
    }
  }
  return found;
}

/** How long a refresh token handed out through the proxy keeps working: a phone that slept through an event day. */
export const REFRESH_LIFETIME_MS = 30 * 24 * 3600 * 1000;

/**
 * The proxy's stand-ins for the Auth emulator's tokens, and the way back (see the top of this file). Stateless: a
 * stand-in carries the emulator's token and a seal over it, so nothing grows with the number of sign-ins, and
 * one sealed with the same key still works after a restart of npm start.
 */
export class TokenSeal {
  constructor(
    private readonly key: Buffer,
    private readonly now: () => number = Date.now,
  ) {}

  private mac(kind: string, text: string): string {
    return createHmac('sha256', this.key).update(`${kind}\n${text}`).digest('base64url');
  }

  private matches(kind: string, text: string, mac: string): boolean {
    const expected = Buffer.from(this.mac(kind, text));
    const given = Buffer.from(mac);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** An emulator ID token (unsigned: `header.claims.`) as a phone gets it, or null for any other string. */
  sealIdToken(token: string): string | null {
    if (!isJwt(token) || !token.endsWith('.')) return null;
    return `${token}${this.mac('id', token)}`;
  }

  /** The emulator's ID token behind a stand-in this proxy handed out, or null (not one, or expired). */
  openIdToken(standIn: string): string | null {
    if (!isJwt(standIn)) return null;
    const token = standIn.slice(0, standIn.lastIndexOf('.') + 1);
    if (!this.matches('id', token, standIn.slice(token.length))) return null;
    const claims = jsonOf(token.split('.')[1]!) as { exp?: unknown } | undefined;
    return typeof claims?.exp === 'number' && claims.exp * 1000 > this.now() ? token : null;
  }

  sealRefreshToken(token: string): string {
    const sealed = `${token}.${Math.floor(this.now() / 1000).toString(36)}`;
    return `${sealed}.${this.mac('refresh', sealed)}`;
  }

  openRefreshToken(standIn: string): string | null {
    const cut = standIn.lastIndexOf('.');
    const sealed = standIn.slice(0, cut);
    const issued = sealed.slice(sealed.lastIndexOf('.') + 1);
    if (cut < 0 || !sealed.includes('.') || !this.matches('refresh', sealed, standIn.slice(cut + 1))) return null;
    if (parseInt(issued, 36) * 1000 + REFRESH_LIFETIME_MS <= this.now()) return null;
    return sealed.slice(0, sealed.lastIndexOf('.'));
  }
}

/** The key the proxy seals tokens with, kept on the laptop so that phones stay signed in across restarts. */
export const LAN_KEY_FILE = join(REPO_ROOT, '.firebase', 'lan-proxy.key');

export function lanProxyKey(file = LAN_KEY_FILE): Buffer {
  try {
    const key = readFileSync(file);
    if (key.length >= 32) return key;
  } catch {
    // None yet.
  }
  const key = randomBytes(32);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, key, { mode: 0o600 });
  return key;
}

/** A request as the proxy forwards it. */
export interface Forwarded {
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

const STRANGE_TOKEN = 'a token this proxy did not hand out, or one that has expired: sign in again on this network';

/** Every string in a JSON value, through `swap`. */
function mapStrings(value: unknown, swap: (text: string) => string): unknown {
  if (typeof value === 'string') return swap(value);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, swap));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapStrings(item, swap)]));
  return value;
}

/**
 * Auth's client API: every token in the address or the body (the Auth emulator reads `idToken` and `refreshToken`
 * under any spelling of the key, so every value is looked at) must be a stand-in, swapped for the emulator's.
 */
function admitAuth({ url, headers, body }: Forwarded, seal: TokenSeal): Forwarded | string {
  let strange = false;
  const swap = (text: string) => {
    const token = seal.openIdToken(text) ?? seal.openRefreshToken(text);
    if (token !== null) return token;
    if (isJwt(text) || isEmulatorRefreshToken(text)) strange = true;
    return text;
  };
  const cut = url.indexOf('?');
  let address = url;
  if (cut >= 0) {
    const query = new URLSearchParams(url.slice(cut + 1));
    const swapped = new URLSearchParams([...query].map(([key, value]) => [key, swap(value)]));
    if (swapped.toString() !== query.toString()) address = `${url.slice(0, cut)}?${swapped.toString()}`;
  }
  let forwarded = body;
  const type = (headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (body.length > 0) {
    if (type === 'application/json') {
      let parsed: unknown;
      try {
        parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(body));
      } catch {
        return 'a body that is not JSON';
      }
      forwarded = Buffer.from(JSON.stringify(mapStrings(parsed, swap)));
    } else if (type === 'application/x-www-form-urlencoded') {
      const form = new URLSearchParams(body.toString('utf8'));
      forwarded = Buffer.from(new URLSearchParams([...form].map(([key, value]) => [key, swap(value)])).toString());
    } else return 'not a body the Auth client API takes';
  }
  if (strange) return STRANGE_TOKEN;
  return { url: address, headers, body: forwarded };
}

/** Firestore and Functions: the bearer token, and for Firestore every token in the address or the body. */
function admitBearer(service: Service, { url, headers, body }: Forwarded, seal: TokenSeal): Forwarded | string {
  let address = url;
  let text = body.toString('latin1');
  let authorization = headers.authorization;
  if (authorization !== undefined) {
    const token = seal.openIdToken(/^bearer\s+(\S+)\s*$/i.exec(authorization)?.[1] ?? '');
    if (token === null) return STRANGE_TOKEN;
    authorization = `Bearer ${token}`;
  }
  if (service === 'firestore') {
    if (carriesOwnerToken(`${url}\n${text}`)) return 'an administrator’s token';
    // The WebChannel carries its headers in the address ($httpHeaders) or the first body (headers=).
    const found = new Set([...decodings(url), ...decodings(text)].flatMap(jwtsIn));
    for (const standIn of found) {
      const token = seal.openIdToken(standIn);
      if (token === null) return STRANGE_TOKEN;
      if (!address.includes(standIn) && !text.includes(standIn)) return 'a token encoded as no client encodes it';
      address = address.replaceAll(standIn, token);
      text = text.replaceAll(standIn, token);
    }
  }
  return {
    url: address,
    headers: authorization === undefined ? headers : { ...headers, authorization },
    body: service === 'firestore' ? Buffer.from(text, 'latin1') : body,
  };
}

/** A request as it goes on to the emulator, its tokens swapped for the emulator's, or why it is refused. */
export function admit(service: Service, forwarded: Forwarded, seal: TokenSeal): Forwarded | string {
  return service === 'auth' ? admitAuth(forwarded, seal) : admitBearer(service, forwarded, seal);
}

/** Auth's answer as a phone gets it: each token in it replaced by its stand-in. */
export function sealAnswer(headers: IncomingHttpHeaders, body: Buffer, seal: TokenSeal): Buffer {
  if (!/json/i.test(headers['content-type'] ?? '') || headers['content-encoding']) return body;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    return body;
  }
  let sealed = false;
  const answer = mapStrings(parsed, (text) => {
    const standIn = isJwt(text)
      ? seal.sealIdToken(text)
      : isEmulatorRefreshToken(text)
        ? seal.sealRefreshToken(text)
        : null;
    if (standIn === null) return text;
    sealed = true;
    return standIn;
  });
  return sealed ? Buffer.from(JSON.stringify(answer)) : body;
}

function refuse(res: ServerResponse, status: number, why: string): void {
  // Readable by the page too, so that the app reports the refusal instead of a network failure.
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'access-control-allow-origin': '*' });
  res.end(`Refused on the network address: ${why}.\n`);
}

function readBody(stream: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        resolve(null);
        stream.destroy();
      } else chunks.push(chunk);
    });
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

async function forward(
  service: Service,
  port: number,
  seal: TokenSeal,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const url = req.url ?? '/';
  const why = refusal(service, req.method ?? 'GET', url, req.headers);
  if (why) return refuse(res, 403, why);
  // Bodies are small (a write, a sign-in, a call): read whole, so that no token can hide in them.
  const body = await readBody(req);
  if (body === null) return refuse(res, 413, 'the request is too big');
  const admitted = admit(service, { url, headers: req.headers, body }, seal);
  if (typeof admitted === 'string') return refuse(res, 403, admitted);
  const headers: IncomingHttpHeaders = { ...admitted.headers, 'content-length': String(admitted.body.length) };
  // The body goes whole, with its length; Auth answers uncompressed, so that the proxy can read its tokens.
  delete headers['transfer-encoding'];
  delete headers.expect;
  if (service === 'auth') delete headers['accept-encoding'];
  const upstream = request(
    {
      host: LOOPBACK,
      port,
      method: req.method,
      path: admitted.url,
      headers,
      // A connection of its own: a kept-alive one the emulator has just closed would fail the phone's request.
      agent: false,
    },
    (answer) => {
      if (service !== 'auth') {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        // Firestore's listen channel streams its answer for as long as the phone listens.
        answer.pipe(res);
        return;
      }
      readBody(answer).then(
        (raw) => {
          if (raw === null) return refuse(res, 502, 'the Auth emulator answered too much');
          const sealed = sealAnswer(answer.headers, raw, seal);
          const { 'transfer-encoding': _chunked, ...answerHeaders } = answer.headers;
          res.writeHead(answer.statusCode ?? 502, { ...answerHeaders, 'content-length': String(sealed.length) });
          res.end(sealed);
        },
        () => res.destroy(),
      );
    },
  );
  upstream.on('error', (error) => {
    if (res.destroyed) return;
    console.error(`LAN proxy: ${req.method} ${pathOf(url)} to port ${port} failed: ${error.message}`);
    if (!res.headersSent) refuse(res, 502, `the emulator did not answer (${error.message})`);
    else res.destroy();
  });
  res.on('close', () => upstream.destroy());
  upstream.end(admitted.body);
}

export interface LanProxy {
  address: string;
  close: () => Promise<void>;
}

export interface LanProxyOptions {
  /** What the proxy seals tokens with; by default the one kept in LAN_KEY_FILE. */
  key?: Buffer;
}

/** Listens on `address` at each emulator's port and forwards the client APIs to the emulator on 127.0.0.1. */
export async function startLanProxy(
  address: string,
  ports: LanPorts,
  options: LanProxyOptions = {},
): Promise<LanProxy> {
  const seal = new TokenSeal(options.key ?? lanProxyKey());
  const servers: Server[] = [];
  const sockets = new Set<Socket>();
  const close = async () => {
    for (const socket of sockets) socket.destroy();
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  };
  try {
    for (const service of Object.keys(ports) as Service[]) {
      const port = ports[service];
      const server = createServer((req, res) => {
        forward(service, port, seal, req, res).catch(() => res.destroy());
      });
      server.on('connection', (socket) => {
        sockets.add(socket);
        socket.once('close', () => sockets.delete(socket));
      });
      servers.push(server);
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, address, () => resolve());
      });
    }
  } catch (error) {
    await close();
    throw error;
  }
  return { address, close };
}
