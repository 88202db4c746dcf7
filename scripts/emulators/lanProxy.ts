/**
 * npm start --lan: what phones on the venue's network may reach of the emulators. The emulators themselves stay on
 * 127.0.0.1; this proxy listens on the laptop's network address, on the same ports, and forwards only the paths
 * the client SDKs use. The emulators' administration (clearing Firestore, listing accounts and sign-in codes,
 * the rules, the hub, the Emulator UI) is for the laptop alone:
 *
 * - /emulator/... is refused on every port (Firestore's and Auth's administration, Auth's sign-in widget that
 *   lists the accounts);
 * - Firestore answers `Authorization: Bearer owner` as an administrator, bypassing the rules: refused wherever a
 *   client could put it (a header, the address, a WebChannel body);
 * - Auth takes any bearer token as an administrator's: its client API is called with an API key and never with
 *   one, so a request carrying one is refused;
 * - Functions: only POST (and its CORS preflight) to a function of the project.
 */
import { type IncomingMessage, type Server, type ServerResponse, createServer, request } from 'node:http';
import type { Socket } from 'node:net';
import { networkInterfaces } from 'node:os';
import { PROJECT_ID } from './config.js';

export interface LanPorts {
  firestore: number;
  auth: number;
  functions: number;
}
type Service = keyof LanPorts;

/** A request body bigger than Firestore's largest (10 MiB) is not a client's. */
const MAX_BODY_BYTES = 11 * 1024 * 1024;
const LOOPBACK = '127.0.0.1';

/** The machine's IPv4 addresses on a network (not loopback, not link-local), in the system's order. */
export function networkAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .filter((a) => a !== undefined && a.family === 'IPv4' && !a.internal && !a.address.startsWith('169.254.'))
    .map((a) => a!.address);
}

const documentsPath = new RegExp(`^/v1/projects/${PROJECT_ID}/databases/\\(default\\)/documents([/:?]|$)`);
const functionPath = new RegExp(`^/${PROJECT_ID}/[a-z0-9-]+/[A-Za-z0-9_-]+(\\?|$)`);
const authPaths = [
  /^\/identitytoolkit\.googleapis\.com\/v1\/accounts:[A-Za-z]+(\?|$)/,
  /^\/identitytoolkit\.googleapis\.com\/v2\/(recaptchaConfig|passwordPolicy)(\?|$)/,
  /^\/securetoken\.googleapis\.com\/v1\/token(\?|$)/,
];

/** Why a request is refused on the network address, or null when it is a client's. */
export function refusal(
  service: Service,
  method: string,
  url: string,
  headers: IncomingMessage['headers'],
): string | null {
  if (url.startsWith('/emulator/') || url === '/emulator') return 'the emulators’ administration is on the laptop only';
  const authorization = headers.authorization ?? '';
  if (service === 'firestore') {
    if (!documentsPath.test(url) && !url.startsWith('/google.firestore.v1.Firestore/'))
      return 'not a path of the Firestore client API';
    if (/^bearer\s+owner\s*$/i.test(authorization)) return 'an administrator’s token';
    return null;
  }
  if (service === 'auth') {
    if (!authPaths.some((path) => path.test(url))) return 'not a path of the Auth client API';
    if (authorization) return 'the Auth emulator takes a bearer token as an administrator’s';
    return null;
  }
  if (!functionPath.test(url)) return 'not a function of the project';
  if (method !== 'POST' && method !== 'OPTIONS') return 'functions are called with POST';
  return null;
}

/** Whether text a client sent (an address, a body) carries Firestore's administrator token, however encoded. */
export function carriesOwnerToken(text: string): boolean {
  let decoded = text;
  for (let round = 0; round < 3; round++) {
    if (/bearer\s+owner\b/i.test(decoded)) return true;
    try {
      decoded = decodeURIComponent(decoded.replace(/\+/g, ' '));
    } catch {
      return false;
    }
  }
  return /bearer\s+owner\b/i.test(decoded);
}

function refuse(res: ServerResponse, status: number, why: string): void {
  // Readable by the page too, so that the app reports the refusal instead of a network failure.
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'access-control-allow-origin': '*' });
  res.end(`Refused on the network address: ${why}.\n`);
}

function readBody(req: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        resolve(null);
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

async function forward(service: Service, port: number, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = req.url ?? '/';
  const why = refusal(service, req.method ?? 'GET', url, req.headers);
  if (why) return refuse(res, 403, why);
  // Bodies are small (a write, a sign-in, a call): read whole, so that no token can hide in them.
  const body = await readBody(req);
  if (body === null) return refuse(res, 413, 'the request is too big');
  if (service === 'firestore' && carriesOwnerToken(`${url}\n${body.toString('latin1')}`))
    return refuse(res, 403, 'an administrator’s token');
  const upstream = request(
    {
      host: LOOPBACK,
      port,
      method: req.method,
      path: url,
      headers: { ...req.headers, 'content-length': body.length },
      // A connection of its own: a kept-alive one the emulator has just closed would fail the phone's request.
      agent: false,
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      // Firestore's listen channel streams its answer for as long as the phone listens.
      answer.pipe(res);
    },
  );
  upstream.on('error', (error) => {
    if (res.destroyed) return;
    console.error(`LAN proxy: ${req.method} ${url.split('?')[0]} to port ${port} failed: ${error.message}`);
    if (!res.headersSent) refuse(res, 502, `the emulator did not answer (${error.message})`);
    else res.destroy();
  });
  res.on('close', () => upstream.destroy());
  upstream.end(body);
}

export interface LanProxy {
  address: string;
  close: () => Promise<void>;
}

/** Listens on `address` at each emulator's port and forwards the client APIs to the emulator on 127.0.0.1. */
export async function startLanProxy(address: string, ports: LanPorts): Promise<LanProxy> {
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
        forward(service, port, req, res).catch(() => res.destroy());
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
