import type { Server } from 'node:http';
import type { FastifyError, FastifyHttpOptions, FastifyReply, FastifyRequest } from 'fastify';
import { ASSOCIATED_LIST_MAX } from '@portal/contracts';
import { STATUS_NAMES } from './errors';

/**
 * How long a client may take to send a request, and how many connections one process holds.
 * Without these a client sending one body byte every few seconds keeps a connection (and a file
 * descriptor) forever, and a few thousand such clients exhaust the process.
 */
export interface ServerLimits {
  /** Time to receive all request headers. */
  headersTimeoutMs: number;
  /** Time to receive the whole request, body included (bodies are at most 5 MB). */
  requestTimeoutMs: number;
  /** How often Node checks the two timeouts above (a request may run over by up to this much). */
  checkIntervalMs: number;
  /** Open connections at most; further ones are closed at once. */
  maxConnections: number;
}

export const DEFAULT_SERVER_LIMITS: ServerLimits = {
  headersTimeoutMs: 20_000,
  requestTimeoutMs: 60_000,
  checkIntervalMs: 5_000,
  maxConnections: 4_000,
};

/**
 * Longest path parameter: a comma list of the most ids a list route takes (200 ids of up to
 * 10 digits and their commas), with room to spare. Longer ones are refused before routing.
 */
export const MAX_PATH_PARAM_LENGTH = Math.max(4096, ASSOCIATED_LIST_MAX * 11);

/** Fastify options of the limits above (Fastify passes `http` to Node's createServer). */
export function serverLimitOptions(limits: ServerLimits): FastifyHttpOptions<Server> {
  return {
    requestTimeout: limits.requestTimeoutMs,
    http: { headersTimeout: limits.headersTimeoutMs, connectionsCheckingInterval: limits.checkIntervalMs },
    routerOptions: { maxParamLength: MAX_PATH_PARAM_LENGTH },
    frameworkErrors: answerFrameworkError,
  };
}

/**
 * Errors Fastify raises before a route is found (a path parameter too long, a malformed URL):
 * the API's `{error, message}` shape, never echoing the address the client sent.
 */
function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
  const message =
    status === 414
      ? `A part of the address is longer than ${MAX_PATH_PARAM_LENGTH} characters`
      : 'The address is not a valid URL (a % not followed by two hexadecimal digits?)';
  void reply
    .status(status)
    .type('application/json; charset=utf-8')
    .send({ error: STATUS_NAMES[status] ?? 'Bad Request', message });
}
