/**
 * Serves a fetch-compatible handler (a contract fetch, or several combined) as a real local HTTP
 * server, for e2e runs and for clients that cannot take a fetchImpl. The request URL seen by the
 * handler is rebuilt on `origin`, so contracts keep checking the host they were made for.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ServedFetch {
  url: string;
  close: () => Promise<void>;
}

export async function serveFetch(
  handler: (request: Request) => Promise<Response>,
  o: { port?: number; host?: string; origin?: string } = {},
): Promise<ServedFetch> {
  const host = o.host ?? '127.0.0.1';
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        try {
          const origin = o.origin ?? `http://${req.headers.host ?? host}`;
          const headers = new Headers();
          for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
          const hasBody = req.method !== 'GET' && req.method !== 'HEAD' && chunks.length > 0;
          const request = new Request(origin + (req.url ?? '/'), { method: req.method, headers, body: hasBody ? Buffer.concat(chunks) : null });
          const response = await handler(request);
          const out: Record<string, string> = {};
          response.headers.forEach((v, k) => (out[k] = v));
          res.writeHead(response.status, out);
          res.end(Buffer.from(await response.arrayBuffer()));
        } catch (error) {
          res.writeHead(500, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ message: (error as Error).message }));
        }
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(o.port ?? 0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}
