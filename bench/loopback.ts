import http from 'node:http';

export interface LoopbackAnswer {
  statusCode: number;
  /** Bytes of the body as they came off the socket. */
  bytes: number;
  /** The body, only when asked for (decoding a large body is the client's cost, not the server's). */
  text?: string;
}

/**
 * A plain HTTP client of the server at `origin` (http://127.0.0.1:port), as a browser or a script
 * reaches the portal: one kept-alive connection, the body counted as it arrives. app.inject
 * instead joins every body into one Buffer and decodes it into a string, a copy a real server
 * never makes (for a 6.5 MB graph answer, 10-20 ms of the harness's own work inside the measured
 * time). Each request may name the address it comes from (X-Forwarded-For): the server must trust
 * 127.0.0.1 as its proxy (TRUST_PROXY), so that per-address limits see many callers.
 */
export function loopbackClient(origin: string) {
  const { hostname: host, port } = new URL(origin);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const post = (path: string, payload: object, options: { from?: string; text?: boolean } = {}) =>
    new Promise<LoopbackAnswer>((resolve, reject) => {
      const body = JSON.stringify(payload);
      const headers: http.OutgoingHttpHeaders = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) };
      if (options.from) headers['x-forwarded-for'] = options.from;
      const req = http.request({ host, port, method: 'POST', path, agent, headers }, (res) => {
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
