import type { FastifyInstance } from 'fastify';

/**
 * Stops the server the way SIGTERM should: no new connections, every request in flight answered,
 * then closed. Node closes only the connections that are idle when closing starts; a keep-alive
 * connection whose request finishes later would hold the process for Fastify's 72 s keep-alive
 * timeout, so idle connections are closed as they appear. A request still running after
 * `graceMs` (a huge download) is cut so that shutdown always ends.
 */
export async function closeGracefully(app: FastifyInstance, graceMs = 30_000): Promise<void> {
  const closing = app.close();
  const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
  const deadline = setTimeout(() => app.server.closeAllConnections(), graceMs);
  try {
    await closing;
  } finally {
    clearInterval(sweep);
    clearTimeout(deadline);
  }
}
