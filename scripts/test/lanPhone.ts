/**
 * A phone on the venue's Wi-Fi, for start.test.ts: run inside the test's network namespace, it sends the requests
 * it reads as JSON on stdin, one after the other, and prints their answers as JSON on stdout. node:http rather
 * than fetch, which would resolve a `..` in a path before sending it.
 */
import { request } from 'node:http';

export interface PhoneRequest {
  host: string;
  port: number;
  path: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}
export type PhoneAnswer = { status: number; text: string } | { error: string };

function send({ host, port, path, method = 'GET', headers = {}, body }: PhoneRequest): Promise<PhoneAnswer> {
  return new Promise((resolve) => {
    const req = request({ host, port, path, method, headers, agent: false }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text = (text + chunk.toString()).slice(0, 100_000)));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      res.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    });
    req.setTimeout(20_000, () => req.destroy(new Error('timed out')));
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    req.end(body);
  });
}

let input = '';
process.stdin.on('data', (chunk: Buffer) => (input += chunk.toString()));
process.stdin.on('end', () => {
  void (async () => {
    const answers: PhoneAnswer[] = [];
    for (const asked of JSON.parse(input) as PhoneRequest[]) answers.push(await send(asked));
    process.stdout.write(JSON.stringify(answers));
  })();
});
