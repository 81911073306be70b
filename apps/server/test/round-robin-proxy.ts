import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RoundRobinProxy {
  /** http://127.0.0.1:{port}: the one public address of the site. */
  url: string;
  /** For every request, in order: its path and the backend (index into the targets) that answered it. */
  served: { path: string; backend: number }[];
  close: () => Promise<void>;
}

/**
 * A load balancer for tests: each request goes to the next backend in turn (no stickiness), with
 * the X-Forwarded-* headers a reverse proxy adds. The Host header is passed on unchanged.
 */
export async function startRoundRobinProxy(targets: string[]): Promise<RoundRobinProxy> {
  const served: RoundRobinProxy['served'] = [];
  let next = 0;
  const server = http.createServer((req, res) => {
    const backend = next++ % targets.length;
    served.push({ path: (req.url ?? '/').split('?')[0], backend });
    const target = new URL(targets[backend]);
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: {
          ...req.headers,
          'x-forwarded-for': req.socket.remoteAddress ?? '127.0.0.1',
          'x-forwarded-proto': 'http',
          'x-forwarded-host': req.headers.host ?? '',
        },
      },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
