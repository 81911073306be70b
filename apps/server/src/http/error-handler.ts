import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ApiFieldError } from '@portal/contracts';
import { HttpError, STATUS_NAMES } from './errors';

const FIELD_PARTS = ['body', 'querystring', 'params', 'headers'] as const;

interface PgError {
  code?: string;
  constraint?: string;
  column?: string;
  table?: string;
}

/**
 * PostgreSQL errors that bad input can cause, turned into client errors without SQL text.
 * Constraint names are written to be readable (table_column_check), so they can be shown.
 */
function fromPostgres(err: PgError): HttpError | undefined {
  const what = err.constraint ? ` (${err.constraint.replace(/_/g, ' ')})` : '';
  switch (err.code) {
    case '23505':
      return new HttpError(409, `A record with the same unique value already exists${what}`);
    case '23503':
      return new HttpError(409, `The record refers to, or is referred to by, a record that does not exist or is still in use${what}`);
    case '23514':
      return new HttpError(400, `A value is outside its allowed range${what}`);
    case '23502':
      return new HttpError(400, `A required value is missing${err.column ? ` (${err.column})` : ''}`);
    case '22P02':
    case '22007':
    case '22008':
    case '22003':
    case '22001':
    case '22021': // a NUL character in text: PostgreSQL refuses it ("invalid byte sequence for encoding UTF8: 0x00")
      return new HttpError(400, 'A value has the wrong format or is out of range');
    default:
      return undefined;
  }
}

/**
 * The database cannot be reached (stopped, restarting, network gone): the request may succeed
 * again shortly, so 503, not 500. Node's socket codes and PostgreSQL's shutdown/startup states.
 */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
]);

export function isDatabaseUnavailable(err: PgError & { message?: string }): boolean {
  if (err.code && UNAVAILABLE_CODES.has(err.code)) return true;
  // pg reports a dropped or timed-out connection without a code.
  return /^(Connection terminated|timeout exceeded when trying to connect)/.test(err.message ?? '');
}

/**
 * PostgreSQL cancelled the statement to resolve a conflict, not because of the request: a standby
 * replaying changes the read still needed (40001), or one side of a deadlock (40P01). The same
 * request succeeds when sent again.
 */
const CONFLICT_CODES = new Set(['40001', '40P01']);

/** One error shape for the whole API: { error, message }; never a stack trace or SQL. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError & PgError, request, reply) => {
    let status: number;
    let message: string;
    let fields: ApiFieldError[] | undefined;
    if (hasZodFastifySchemaValidationErrors(err)) {
      status = 400;
      // Each refused value also goes out on its own, so a form can show the message at its field.
      fields = err.validation.map((v) => ({
        in: FIELD_PARTS.find((part) => part === err.validationContext) ?? 'body',
        path: v.instancePath.replace(/^\//, '').replace(/\//g, '.'),
        message: v.message ?? 'Invalid value',
      }));
      message = fields.map((f) => `${[f.in, f.path].filter(Boolean).join('.')}: ${f.message}`).join('; ');
    } else if (err instanceof HttpError) {
      status = err.statusCode;
      message = err.message;
    } else if (isResponseSerializationError(err)) {
      request.log.error({ err }, 'response did not match its schema');
      status = 500;
      message = 'The server could not complete the request';
    } else if (fromPostgres(err)) {
      const mapped = fromPostgres(err) as HttpError;
      request.log.info({ code: err.code, constraint: err.constraint }, 'database rejected input');
      status = mapped.statusCode;
      message = mapped.message;
    } else if (isDatabaseUnavailable(err)) {
      request.log.warn({ code: err.code, msg: err.message }, 'database unavailable');
      status = 503;
      message = 'The database is not available right now. Try again in a moment.';
      reply.header('retry-after', '5');
    } else if (err.code && CONFLICT_CODES.has(err.code)) {
      request.log.warn({ code: err.code, msg: err.message }, 'statement cancelled to resolve a conflict');
      status = 503;
      message = 'The database stopped this request to resolve a conflict with other work. Try again.';
      reply.header('retry-after', '1');
    } else if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
      // Fastify's own client errors (bad JSON, wrong content type, body too large).
      status = err.statusCode;
      message = err.message;
    } else {
      request.log.error({ err }, 'unhandled error');
      status = 500;
      message = 'The server could not complete the request';
    }
    // A route may have set a file's headers (a CSV download) before failing on its first read:
    // the error is JSON, never a payload labelled as an attachment or as compressed.
    reply.removeHeader('content-disposition');
    reply.removeHeader('content-encoding');
    reply.removeHeader('content-length');
    void reply
      .status(status)
      .type('application/json; charset=utf-8')
      .send({ error: STATUS_NAMES[status] ?? 'Error', message, ...(fields ? { fields } : {}) });
  });
}

/** JSON 404 for unknown paths (the web app's fallback replaces this when the app is built). */
export function notFoundBody(method: string, url: string) {
  return { error: 'Not Found', message: `No endpoint ${method} ${url.split('?')[0]}` };
}
