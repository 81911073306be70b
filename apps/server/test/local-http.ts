import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LocalServer {
  /** http://127.0.0.1:{port} */
  url: string;
  /** Every request's path and query, in arrival order. */
  requests: URL[];
  close: () => Promise<void>;
}

/** A real HTTP peer on 127.0.0.1 standing in for an outside web service (USGS, CDSS) in tests. */
export async function startLocalServer(handle: (url: URL, res: http.ServerResponse) => void | Promise<void>): Promise<LocalServer> {
  const requests: URL[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push(url);
    Promise.resolve(handle(url, res)).catch((e: unknown) => {
      res.statusCode = 599;
      res.end(String(e));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}
