import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

export interface LoopbackAnswer {
  statusCode: number;
  /** Bytes of the body as they came off the socket. */
  bytes: number;
  /** The body, only when asked for (decoding a large body is the client's cost, not the server's). */
  text?: string;
}

/**
 * A plain HTTP client of `app` over a TCP socket on 127.0.0.1, as a browser or a script reaches
 * the portal: one kept-alive connection, the body counted as it arrives. app.inject instead
 * joins every body into one Buffer and decodes it into a string, a copy a real server never makes
 * (for a 6.5 MB graph answer, 10-20 ms of the harness's own work inside the measured time).
 * Each request may name the address it comes from (X-Forwarded-For): the app must trust 127.0.0.1
 * as its proxy (TRUST_PROXY), so that per-address limits see many callers.
 */
export async function loopbackClient(app: FastifyInstance) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const post = (path: string, payload: object, options: { from?: string; text?: boolean } = {}) =>
    new Promise<LoopbackAnswer>((resolve, reject) => {
      const body = JSON.stringify(payload);
      const headers: http.OutgoingHttpHeaders = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) };
      if (options.from) headers['x-forwarded-for'] = options.from;
      const req = http.request({ host: '127.0.0.1', port, method: 'POST', path, agent, headers }, (res) => {
        let bytes = 0;
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (options.text) chunks.push(chunk);
        });
        res.on('end', () =>
          resolve({ statusCode: res.statusCode ?? 0, bytes, ...(options.text ? { text: Buffer.concat(chunks).toString('utf8') } : {}) }),
        );
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });
  return { post, close: () => agent.destroy() };
}
