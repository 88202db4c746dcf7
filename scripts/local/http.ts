/** Small node:http helpers shared by the local hosts: listening with a port fallback, reading a body, stopping. */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

export interface HttpHost {
  readonly host: string;
  readonly port: number;
  /** http://host:port, no trailing slash. */
  readonly url: string;
  /** true when the wanted port was taken and a free one was used instead. */
  readonly fellBack: boolean;
  stop(): Promise<void>;
}

export interface ListenOptions {
  host?: string | undefined;
  /** 0 picks a free port. */
  port: number;
  /** Fail when `port` is taken instead of falling back to a free port. */
  strictPort?: boolean | undefined;
}

function isAddressInUse(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === 'EADDRINUSE';
}

function listenOnce(server: Server, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => {
      server.off('listening', onListening);
      reject(error);
    };
    const onListening = () => {
      server.off('error', onError);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}

/** Tries `port`, then (unless strict) any free port: the first free answer of `attempt`. */
export async function withPortFallback<T>(port: number, strictPort: boolean | undefined, attempt: (port: number) => Promise<T>, isInUse: (error: unknown) => boolean = isAddressInUse): Promise<{ value: T; fellBack: boolean }> {
  try {
    return { value: await attempt(port), fellBack: false };
  } catch (error) {
    if (strictPort || port === 0 || !isInUse(error)) throw error;
    return { value: await attempt(0), fellBack: true };
  }
}

export async function listenHttp(handler: (req: IncomingMessage, res: ServerResponse) => void | Promise<void>, options: ListenOptions): Promise<HttpHost> {
  const host = options.host ?? '127.0.0.1';
  const server = createServer((req, res) => {
    Promise.resolve(handler(req, res)).catch((error: unknown) => {
      process.stderr.write(`[local] request ${req.method} ${req.url} failed: ${(error as Error)?.stack ?? String(error)}\n`);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { status: 'INTERNAL', message: 'INTERNAL' } }));
    });
  });
  // Keep-alive sockets must not hold the process open once stop() has been called.
  server.keepAliveTimeout = 5_000;
  const { value: port, fellBack } = await withPortFallback(options.port, options.strictPort, (p) => listenOnce(server, host, p));
  let stopping: Promise<void> | undefined;
  return {
    host,
    port,
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    fellBack,
    stop: () =>
      (stopping ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      })),
  };
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

export class BodyTooLargeError extends Error {}

/** The whole body; past `limitBytes` it keeps draining the request (so an answer can still be sent) and rejects. */
export function readBody(req: IncomingMessage, limitBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limitBytes) chunks.push(chunk);
    });
    req.on('end', () => (size > limitBytes ? reject(new BodyTooLargeError(`request body larger than ${limitBytes} bytes`)) : resolve(Buffer.concat(chunks))));
    req.on('error', reject);
  });
}
