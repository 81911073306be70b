import type { FastifyInstance } from 'fastify';
import { API_KEY_HEADER } from '@portal/contracts';

/**
 * An answer to a signed-in caller (an access token or a personal API key) depends on who asks
 * (their roles, facilities, account), so no cache may keep it: `Cache-Control: private, no-store`.
 * The exception is an answer built to be cached, which carries an ETag (and says
 * Vary: Authorization itself, http/cached-body.ts). Answers to anonymous callers keep whatever
 * their route decided. An answer that varies with Authorization varies with X-Api-Key too: both
 * name the caller, so a shared cache must not hand the anonymous answer to a key's script.
 */
export function registerPrivateAnswers(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const signedIn = Boolean(request.user) || request.headers.authorization !== undefined || request.headers[API_KEY_HEADER] !== undefined;
    if (signedIn && !reply.hasHeader('etag')) reply.header('cache-control', 'private, no-store');
    const vary = reply.getHeader('vary');
    if (vary !== undefined && /(^|,)\s*authorization\s*(,|$)/i.test(String(vary)) && !/x-api-key/i.test(String(vary))) {
      reply.header('vary', `${String(vary)}, X-Api-Key`);
    }
    return payload;
  });
}
