/**
 * Serves callable functions over HTTP the way the Functions emulator does:
 *
 *   POST http://127.0.0.1:5001/<project>/<region>/<name>   {"data": ...}
 *   -> 200 {"result": ...}  |  4xx/5xx {"error": {"status": "INVALID_ARGUMENT", "message": "..."}}
 *
 * The request goes to the real onCall handler (firebase-functions' own protocol code: request validation,
 * token check, CORS, encoding, HttpsError -> HTTP status), which expects an express request and response.
 * This host gives node:http's objects the few express methods it uses (`req.header()`, `req.body`,
 * `res.status()`, `res.send()`), instead of depending on express.
 *
 * Before the handler, an `Authorization: Bearer <token>` is checked as firebase-admin would (audience,
 * issuer, subject, expiry; see auth.ts). The functions run with the emulator's `skipTokenVerification`
 * feature, which only decodes tokens; a token that fails the check is replaced by a malformed header so the
 * platform code itself answers 401 UNAUTHENTICATED.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { checkLocalIdToken } from './auth.js';
import { BodyTooLargeError, listenHttp, readBody, sendJson, type HttpHost } from './http.js';

/** An onCall function as exported: an express-style request handler. */
export type CallableHandler = (req: unknown, res: unknown) => unknown;

export interface FunctionsHostOptions {
  projectId: string;
  region: string;
  callables: Record<string, CallableHandler>;
  host?: string | undefined;
  port?: number | undefined;
  strictPort?: boolean | undefined;
  /** Largest accepted body; default 32 MiB (the platform's limit for callables). */
  maxBodyBytes?: number;
  log?: (level: 'debug' | 'info' | 'warn' | 'error', line: string) => void;
}

export interface FunctionsHost extends HttpHost {
  /** http://host:port/<project>/<region> */
  readonly baseUrl: string;
  readonly names: readonly string[];
  urlOf(name: string): string;
}

/** Every callable among a functions module's exports (an `__endpoint` with a `callableTrigger`). */
export function discoverCallables(module: Record<string, unknown>): Record<string, CallableHandler> {
  const callables: Record<string, CallableHandler> = {};
  for (const [name, value] of Object.entries(module)) {
    const endpoint = (value as { __endpoint?: { callableTrigger?: unknown } } | null)?.__endpoint;
    if (typeof value === 'function' && endpoint?.callableTrigger) callables[name] = value as CallableHandler;
  }
  return callables;
}

type ExpressishRequest = IncomingMessage & {
  body?: unknown;
  rawBody?: Buffer;
  path?: string;
  originalUrl?: string;
  header(name: string): string | undefined;
  get(name: string): string | undefined;
};

type ExpressishResponse = ServerResponse & {
  status(code: number): ExpressishResponse;
  send(body?: unknown): ExpressishResponse;
  json(body: unknown): ExpressishResponse;
  set(name: string, value: string | string[]): ExpressishResponse;
};

function asExpressRequest(req: IncomingMessage, path: string, rawBody: Buffer): ExpressishRequest {
  const r = req as ExpressishRequest;
  const header = (name: string) => {
    const value = req.headers[name.toLowerCase()];
    return Array.isArray(value) ? value.join(', ') : value;
  };
  r.header = header;
  r.get = header;
  r.path = path;
  r.originalUrl = req.url ?? path;
  r.rawBody = rawBody;
  const contentType = (header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (contentType === 'application/json' && rawBody.length > 0) {
    try {
      r.body = JSON.parse(rawBody.toString('utf8'));
    } catch {
      r.body = undefined; // the handler answers 400 "Bad Request"
    }
  } else {
    r.body = rawBody.length > 0 ? rawBody.toString('utf8') : {};
  }
  return r;
}

function asExpressResponse(res: ServerResponse): ExpressishResponse {
  const s = res as ExpressishResponse;
  s.status = (code) => {
    s.statusCode = code;
    return s;
  };
  s.set = (name, value) => {
    s.setHeader(name, value);
    return s;
  };
  s.json = (body) => {
    if (!s.hasHeader('content-type')) s.setHeader('content-type', 'application/json; charset=utf-8');
    s.end(JSON.stringify(body));
    return s;
  };
  s.send = (body) => {
    if (body === undefined || body === null) s.end();
    else if (typeof body === 'string' || Buffer.isBuffer(body)) s.end(body);
    else s.json(body);
    return s;
  };
  return s;
}

function sendError(req: IncomingMessage, res: ServerResponse, status: number, canonical: string, message: string): void {
  res.setHeader('access-control-allow-origin', req.headers.origin ?? '*');
  res.setHeader('vary', 'Origin');
  sendJson(res, status, { error: { status: canonical, message } });
}

export async function startFunctionsHost(options: FunctionsHostOptions): Promise<FunctionsHost> {
  const { projectId, region, callables } = options;
  const names = Object.keys(callables);
  const prefix = `/${projectId}/${region}/`;
  const maxBody = options.maxBodyBytes ?? 32 * 1024 * 1024;
  const log = options.log ?? (() => {});
  let baseUrl = '';

  const handler = async (req: IncomingMessage, res: ServerResponse) => {
    const started = Date.now();
    const path = new URL(req.url ?? '/', 'http://localhost').pathname.replace(/\/+$/, '') || '/';
    if (req.method === 'GET' && (path === '/' || `${path}/` === prefix)) {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'access-control-allow-origin': '*' });
      res.end(JSON.stringify({ projectId, region, protocol: 'Firebase callable: POST {"data": ...}', callables: names.map((n) => `${baseUrl}/${n}`) }, null, 2));
      return;
    }
    const name = path.startsWith(prefix) ? path.slice(prefix.length) : undefined;
    // Own keys only: /toString must be a 404, not Object.prototype.toString.
    const callable = name && !name.includes('/') && Object.hasOwn(callables, name) ? callables[name] : undefined;
    if (!callable) {
      req.resume();
      sendError(req, res, 404, 'NOT_FOUND', `no callable at ${path}; callables are served at ${prefix}<name>: ${names.join(', ')}`);
      return;
    }
    let rawBody: Buffer;
    try {
      rawBody = await readBody(req, maxBody);
    } catch (error) {
      if (error instanceof BodyTooLargeError) return sendError(req, res, 413, 'INVALID_ARGUMENT', error.message);
      throw error;
    }
    const authorization = req.headers.authorization;
    const bearer = typeof authorization === 'string' ? /^Bearer (.*)$/i.exec(authorization) : null;
    if (bearer) {
      const check = checkLocalIdToken(bearer[1]!, projectId);
      if (!check.ok) {
        log('warn', `[functions] ${name}: ID token refused: ${check.reason}`);
        req.headers.authorization = 'Refused'; // not "Bearer ...": the platform answers 401 UNAUTHENTICATED
      }
    }
    const response = asExpressResponse(res);
    await callable(asExpressRequest(req, path, rawBody), response);
    if (!res.writableEnded) await new Promise<void>((resolve) => res.once('finish', resolve).once('close', resolve));
    const level = res.statusCode >= 500 ? 'warn' : 'debug';
    log(level, `[functions] ${req.method} ${name} -> ${res.statusCode} (${Date.now() - started} ms)`);
  };

  const http = await listenHttp(handler, { host: options.host, port: options.port ?? 5001, strictPort: options.strictPort });
  baseUrl = `${http.url}/${projectId}/${region}`;
  return { ...http, baseUrl, names, urlOf: (n) => `${baseUrl}/${n}` };
}
