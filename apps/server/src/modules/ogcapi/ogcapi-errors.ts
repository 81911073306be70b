import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../../http/error-handler';
import { HttpError } from '../../http/errors';

/** An error of the open data API in its own words: the OGC exception code and a description. */
export class OgcError extends HttpError {
  constructor(
    statusCode: number,
    readonly code: string,
    description: string,
  ) {
    super(statusCode, description);
  }
}

export const invalidParameter = (description: string) => new OgcError(400, 'InvalidParameterValue', description);
export const ogcNotFound = (description: string) => new OgcError(404, 'NotFound', description);

const CODES: Record<number, string> = {
  400: 'InvalidParameterValue',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  406: 'NotAcceptable',
  429: 'TooManyRequests',
  503: 'ServiceUnavailable',
};

/**
 * Every /ogcapi error answers in the OGC exception shape { code, description }. Anything that is
 * not a client error is handed to the API's error handler's rules (database outages are 503)
 * through `fallback`, then reshaped: never a stack trace or SQL text.
 */
export function registerOgcErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    let status: number;
    let description: string;
    if (hasZodFastifySchemaValidationErrors(err)) {
      status = 400;
      description = err.validation
        .map((v) => {
          const name = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
          return name ? `Parameter ${name}: ${v.message}` : v.message;
        })
        .join('; ')
        .replace(/Unrecognized key(s)?/, 'Unknown parameter$1');
    } else if (err instanceof HttpError) {
      status = err.statusCode;
      description = err.message;
    } else if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
      status = err.statusCode;
      description = err.message;
    } else if (isDatabaseUnavailable(err as { code?: string; message?: string })) {
      request.log.warn({ code: err.code }, 'database unavailable');
      status = 503;
      description = 'The database is not available right now. Try again in a moment.';
      reply.header('retry-after', '5');
    } else {
      request.log.error({ err }, 'unhandled error');
      status = 500;
      description = 'The server could not complete the request';
    }
    const code = err instanceof OgcError ? err.code : (CODES[status] ?? (status >= 500 ? 'ServerError' : 'InvalidRequest'));
    reply.removeHeader('content-disposition');
    reply.removeHeader('content-encoding');
    reply.removeHeader('content-length');
    reply.removeHeader('etag');
    void reply.status(status).type('application/json; charset=utf-8').header('cache-control', 'no-store').send({ code, description });
  });
}
