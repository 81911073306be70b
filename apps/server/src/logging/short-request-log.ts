import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * Request lines for a person at a terminal: nothing when a request comes in, one short line at
 * `debug` when it ends (`GET /api/config 200 3 ms`), and an error line when it failed.
 */
export class ShortRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = `${request.method} ${request.url} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`;
    if (error) reply.log.error({ err: error.message }, line);
    else reply.log.debug(line);
  }
}
