/**
 * Local sign-in: a tiny HTTP host that hands out unsigned Firebase ID tokens, the kind the Firebase Auth
 * emulator issues (JWT with `"alg": "none"` and an empty signature), for any uid you ask for.
 *
 *   POST http://127.0.0.1:9099/signIn   {"uid": "alice", "email"?: "...", "name"?: "...", "claims"?: {...}}
 *   -> 200 {"uid": "alice", "idToken": "<jwt>", "expiresIn": "3600", "authorization": "Bearer <jwt>"}
 *
 * The token carries `sub` = `user_id` = uid, `aud` = the project id, `iss` =
 * `https://securetoken.google.com/<project>`, `iat`/`auth_time`/`exp` and `firebase.sign_in_provider`.
 * Send it to a callable as `Authorization: Bearer <jwt>`. The functions run with the Functions emulator's
 * `skipTokenVerification` debug feature (the platform decodes the token without a Google key), and the
 * local functions host checks beforehand what a real verification would (see `checkLocalIdToken`).
 * For local use only: anyone who can reach the port can sign in as anyone.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listenHttp, readBody, sendJson, type HttpHost } from './http.js';

export interface IdTokenPayload {
  iss: string;
  aud: string;
  sub: string;
  user_id: string;
  iat: number;
  auth_time: number;
  exp: number;
  email?: string;
  email_verified?: boolean;
  name?: string;
  firebase: { identities: Record<string, unknown>; sign_in_provider: string };
  [claim: string]: unknown;
}

export interface MintOptions {
  email?: string;
  name?: string;
  /** Custom claims (reserved JWT/Firebase claim names are refused). */
  claims?: Record<string, unknown>;
  /** Lifetime in seconds; default 3600 (Firebase ID tokens live one hour). */
  expiresInSeconds?: number;
  /** Seconds since the epoch; default now. */
  now?: number;
}

const RESERVED = new Set(['iss', 'aud', 'sub', 'user_id', 'iat', 'exp', 'auth_time', 'nbf', 'firebase', 'acr', 'amr', 'at_hash', 'azp', 'cnf', 'c_hash', 'nonce']);
const MAX_UID = 128;

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

export function issuerFor(projectId: string): string {
  return `https://securetoken.google.com/${projectId}`;
}

/** An unsigned ID token for `uid`, as the Auth emulator makes them. */
export function mintIdToken(projectId: string, uid: string, options: MintOptions = {}): string {
  if (typeof uid !== 'string' || uid.length === 0 || uid.length > MAX_UID) throw new Error(`uid must be a string of 1 to ${MAX_UID} characters`);
  const now = options.now ?? Math.floor(Date.now() / 1000);
  const claims = options.claims ?? {};
  const reserved = Object.keys(claims).filter((k) => RESERVED.has(k));
  if (reserved.length) throw new Error(`reserved claim(s) cannot be set: ${reserved.join(', ')}`);
  const payload: IdTokenPayload = {
    ...claims,
    ...(options.name ? { name: options.name } : {}),
    ...(options.email ? { email: options.email, email_verified: true } : {}),
    iss: issuerFor(projectId),
    aud: projectId,
    auth_time: now,
    user_id: uid,
    sub: uid,
    iat: now,
    exp: now + (options.expiresInSeconds ?? 3600),
    firebase: { identities: options.email ? { email: [options.email] } : {}, sign_in_provider: 'custom' },
  };
  return `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(payload)}.`;
}

export type TokenCheck = { ok: true; payload: IdTokenPayload } | { ok: false; reason: string };

/**
 * What firebase-admin's verifyIdToken checks, minus the signature (the emulator tokens have none): shape,
 * audience, issuer, subject, issued-at and expiry. `alg` may be "none" (local tokens) or anything else
 * (a real token pasted in: its signature is not checked here either).
 */
export function checkLocalIdToken(token: string, projectId: string, nowSeconds = Math.floor(Date.now() / 1000)): TokenCheck {
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, reason: 'not a JWT (expected three dot-separated parts)' };
  let header: { alg?: unknown };
  let payload: Partial<IdTokenPayload>;
  try {
    header = JSON.parse(Buffer.from(parts[0]!, 'base64url').toString('utf8'));
    payload = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'the token header or payload is not base64url JSON' };
  }
  if (typeof header !== 'object' || header === null || typeof header.alg !== 'string') return { ok: false, reason: 'the token header has no "alg"' };
  if (typeof payload !== 'object' || payload === null) return { ok: false, reason: 'the token payload is not an object' };
  if (payload.aud !== projectId) return { ok: false, reason: `"aud" is ${JSON.stringify(payload.aud)}, expected "${projectId}"` };
  if (payload.iss !== issuerFor(projectId)) return { ok: false, reason: `"iss" is ${JSON.stringify(payload.iss)}, expected "${issuerFor(projectId)}"` };
  if (typeof payload.sub !== 'string' || payload.sub.length === 0 || payload.sub.length > MAX_UID) return { ok: false, reason: '"sub" must be a non-empty string of at most 128 characters' };
  if (typeof payload.exp !== 'number' || payload.exp <= nowSeconds) return { ok: false, reason: 'the token has expired (sign in again)' };
  if (typeof payload.iat !== 'number' || payload.iat > nowSeconds + 300) return { ok: false, reason: '"iat" is missing or in the future' };
  return { ok: true, payload: payload as IdTokenPayload };
}

export interface AuthHost extends HttpHost {
  /** POST here with {"uid": ...}. */
  readonly signInUrl: string;
}

function setCors(req: IncomingMessage, res: ServerResponse): void {
  res.setHeader('access-control-allow-origin', req.headers.origin ?? '*');
  res.setHeader('vary', 'Origin');
  res.setHeader('access-control-allow-methods', 'POST, GET, OPTIONS');
  res.setHeader('access-control-allow-headers', 'content-type');
  res.setHeader('access-control-max-age', '3600');
}

export async function startAuthHost(options: { projectId: string; host?: string; port?: number; strictPort?: boolean }): Promise<AuthHost> {
  const { projectId } = options;
  const handler = async (req: IncomingMessage, res: ServerResponse) => {
    setCors(req, res);
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    if (path === '/' && req.method === 'GET') {
      sendJson(res, 200, {
        service: 'local sign-in (unsigned ID tokens, as the Firebase Auth emulator issues them)',
        projectId,
        signIn: { method: 'POST', path: '/signIn', body: { uid: 'alice', 'email?': 'alice@example.com', 'name?': 'Alice', 'claims?': {} } },
      });
      return;
    }
    if (path !== '/signIn') return sendJson(res, 404, { error: { status: 'NOT_FOUND', message: `no route ${req.method} ${path}; POST /signIn {"uid": "..."}` } });
    if (req.method !== 'POST') return sendJson(res, 405, { error: { status: 'INVALID_ARGUMENT', message: 'use POST /signIn' } });
    let body: unknown;
    try {
      body = JSON.parse((await readBody(req, 64 * 1024)).toString('utf8') || '{}');
    } catch {
      return sendJson(res, 400, { error: { status: 'INVALID_ARGUMENT', message: 'the body must be JSON: {"uid": "..."}' } });
    }
    const { uid, email, name, claims, expiresInSeconds } = (body ?? {}) as Record<string, unknown>;
    const badType =
      (email !== undefined && typeof email !== 'string') ||
      (name !== undefined && typeof name !== 'string') ||
      (claims !== undefined && (typeof claims !== 'object' || claims === null || Array.isArray(claims))) ||
      (expiresInSeconds !== undefined && (!Number.isInteger(expiresInSeconds) || (expiresInSeconds as number) <= 0));
    if (typeof uid !== 'string' || badType) {
      return sendJson(res, 400, { error: { status: 'INVALID_ARGUMENT', message: 'expected {"uid": string, "email"?: string, "name"?: string, "claims"?: object, "expiresInSeconds"?: positive integer}' } });
    }
    try {
      const lifetime = (expiresInSeconds as number | undefined) ?? 3600;
      const idToken = mintIdToken(projectId, uid, {
        ...(email ? { email: email as string } : {}),
        ...(name ? { name: name as string } : {}),
        ...(claims ? { claims: claims as Record<string, unknown> } : {}),
        expiresInSeconds: lifetime,
      });
      sendJson(res, 200, { uid, idToken, expiresIn: String(lifetime), authorization: `Bearer ${idToken}` });
    } catch (error) {
      sendJson(res, 400, { error: { status: 'INVALID_ARGUMENT', message: (error as Error).message } });
    }
  };
  const host = await listenHttp(handler, { host: options.host, port: options.port ?? 9099, strictPort: options.strictPort });
  return { ...host, signInUrl: `${host.url}/signIn` };
}
