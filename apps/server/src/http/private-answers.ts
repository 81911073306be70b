import type { FastifyInstance } from 'fastify';

/**
 * An answer to a signed-in caller depends on who asks (their roles, facilities, account), so no
 * cache may keep it: `Cache-Control: private, no-store`. The exception is an answer built to be
 * cached, which carries an ETag (and says Vary: Authorization itself, http/cached-body.ts).
 * Answers to anonymous callers keep whatever their route decided.
 */
export function registerPrivateAnswers(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const signedIn = Boolean(request.user) || request.headers.authorization !== undefined;
    if (signedIn && !reply.hasHeader('etag')) reply.header('cache-control', 'private, no-store');
    return payload;
  });
}
