/** A minimal client of the local stack's HTTP endpoints: sign-in and the callable protocol. */

/** A callable's refusal: the HTTP status and the error body's canonical status (INVALID_ARGUMENT, ...). */
export class CallableError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly status: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'CallableError';
  }

  /** firebase-functions' lower-case code: INVALID_ARGUMENT -> invalid-argument. */
  get code(): string {
    return this.status.toLowerCase().replace(/_/g, '-');
  }
}

export async function signIn(signInUrl: string, uid: string, extra: { email?: string; name?: string; claims?: Record<string, unknown> } = {}): Promise<string> {
  const response = await fetch(signInUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ uid, ...extra }) });
  const body = (await response.json()) as { idToken?: string; error?: { message?: string } };
  if (!response.ok || !body.idToken) throw new Error(`sign-in as ${uid} failed (${response.status}): ${body.error?.message ?? 'no token'}`);
  return body.idToken;
}

/** POST {"data": data} to a callable; its `result`, or a CallableError. */
export async function callFunction<T = unknown>(url: string, data: unknown, idToken?: string): Promise<T> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (idToken) headers['authorization'] = `Bearer ${idToken}`;
  const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify({ data: data ?? null }) });
  const text = await response.text();
  let body: { result?: T; error?: { status?: string; message?: string; details?: unknown } };
  try {
    body = JSON.parse(text);
  } catch {
    throw new CallableError(response.status, 'INTERNAL', `not a callable response (${response.status}): ${text.slice(0, 200)}`);
  }
  if (body.error || !response.ok) {
    throw new CallableError(response.status, body.error?.status ?? 'UNKNOWN', body.error?.message ?? `HTTP ${response.status}`, body.error?.details);
  }
  return body.result as T;
}

/** Callables by name under one base URL, as one signed-in user (or anonymous). */
export function callablesClient(baseUrl: string, idToken?: string) {
  return <T = any>(name: string, data: unknown): Promise<T> => callFunction<T>(`${baseUrl}/${name}`, data, idToken);
}
