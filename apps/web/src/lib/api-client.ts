import type { z } from 'zod';
import { isApiFieldError, type ApiFieldError } from '@portal/contracts';

/**
 * An API failure carrying the server's `{ error, message, fields }` (or a network message).
 * When the server names the refused fields, the message is their messages alone: a person
 * reads "Contact Name must be at most 1000 characters", never the field's path in the request.
 */
export class ApiError extends Error {
  readonly fields: ApiFieldError[];
  constructor(
    message: string,
    readonly status: number,
    readonly error: string,
    readonly data: unknown,
  ) {
    const fields = fieldsOf(data);
    super(fields.length ? [...new Set(fields.map((f) => f.message))].join('; ') : message);
    this.fields = fields;
    this.name = 'ApiError';
  }
}

function fieldsOf(data: unknown): ApiFieldError[] {
  const list = data && typeof data === 'object' ? (data as { fields?: unknown }).fields : undefined;
  if (!Array.isArray(list)) return [];
  return list.filter(isApiFieldError);
}

/** What the Developer Tools drawer shows as "the raw data of the last API call". */
export interface ApiCallRecord {
  method: string;
  url: string;
  status: number;
  ok: boolean;
  authorized: boolean;
  at: string;
  data: unknown;
}

type TokenProvider = () => Promise<string | null>;

// The session provider registers how to get a token; the client itself stays free of React
// and of oidc-client-ts so every feature's fetcher can be a plain async function.
let tokenProvider: TokenProvider = async () => null;
let lastCall: ApiCallRecord | null = null;
const listeners = new Set<() => void>();

export function setAccessTokenProvider(provider: TokenProvider): void {
  tokenProvider = provider;
}

export function getLastApiCall(): ApiCallRecord | null {
  return lastCall;
}

export function subscribeToApiCalls(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function record(call: ApiCallRecord): void {
  lastCall = call;
  listeners.forEach((listener) => listener());
}

export interface ApiRequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Serialized as JSON. */
  body?: unknown;
  /** Send the bearer token when signed in (default). False for calls the spec makes without one. */
  auth?: boolean;
  /** Validates the JSON answer; the parsed value is returned. */
  schema?: z.ZodType<T>;
  /**
   * A plain check of the JSON answer, for the answers of every visitor's first load, where zod is
   * not loaded (decision 0059). An answer that fails it is refused like one that fails `schema`.
   */
  check?: (data: unknown) => data is T;
  /** 'blob' for CSV downloads and images. */
  responseType?: 'json' | 'blob' | 'text';
  signal?: AbortSignal;
}

async function readToken(): Promise<string | null> {
  try {
    return await tokenProvider();
  } catch (error) {
    // When token retrieval fails, the request goes out without the header.
    console.warn('Access token unavailable; sending the request without it.', error);
    return null;
  }
}

/** What a person reads when a call fails and the server said nothing about why. */
export const GENERIC_FAILURE_MESSAGE = 'Something went wrong';

/** What a person reads when the server's answer is not what the page expects (a portal upgraded while the page was open). */
export const UNREADABLE_ANSWER_MESSAGE = 'The server sent an answer this page cannot read; reload the page';

/**
 * The failure's name and message: the server's own `{ error, message }` when it sent one, its
 * plain-text body otherwise, and the generic message when the body is empty or a web page (a
 * proxy's error page): a status text such as "Internal Server Error" tells a person nothing.
 */
function messageFrom(data: unknown, statusText: string): { error: string; message: string } {
  if (data && typeof data === 'object') {
    const { error, message } = data as { error?: unknown; message?: unknown };
    if (typeof message === 'string' && message) {
      return { error: typeof error === 'string' ? error : statusText, message };
    }
  }
  const text = typeof data === 'string' ? data.trim() : '';
  return { error: statusText, message: text && !text.startsWith('<') ? text : GENERIC_FAILURE_MESSAGE };
}

async function readBody(response: Response, responseType: 'json' | 'blob' | 'text'): Promise<unknown> {
  if (response.status === 204) return null;
  const isJson = response.headers.get('content-type')?.includes('json') ?? false;
  if (!response.ok || responseType === 'json') {
    const text = await response.text();
    if (!text) return null;
    if (isJson || responseType === 'json') {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return text;
      }
    }
    return text;
  }
  return responseType === 'blob' ? response.blob() : response.text();
}

/** Calls the API on the same origin. `path` is relative to /api, e.g. 'auth/me'. */
export async function apiRequest<T = unknown>(path: string, options: ApiRequestOptions<T> = {}): Promise<T> {
  const { method = 'GET', body, auth = true, schema, check, responseType = 'json', signal } = options;
  const url = `/api/${path.replace(/^\/+/, '').replace(/^api\//, '')}`;
  const headers: Record<string, string> = { Accept: responseType === 'json' ? 'application/json' : '*/*' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const token = auth ? await readToken() : null;
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal });
  } catch (cause) {
    const message = cause instanceof Error ? cause.message : String(cause);
    record({ method, url, status: 0, ok: false, authorized: Boolean(token), at: new Date().toISOString(), data: { message } });
    throw new ApiError(message, 0, 'Network Error', null);
  }

  const data = await readBody(response, responseType);
  record({
    method,
    url,
    status: response.status,
    ok: response.ok,
    authorized: Boolean(token),
    at: new Date().toISOString(),
    data: data instanceof Blob ? { blob: data.type, size: data.size } : data,
  });

  if (!response.ok) {
    const { error, message } = messageFrom(data, response.statusText || `HTTP ${response.status}`);
    throw new ApiError(message, response.status, error, data);
  }
  if (check && !check(data)) throw new ApiError(UNREADABLE_ANSWER_MESSAGE, response.status, 'Unreadable Answer', null);
  return schema ? schema.parse(data) : (data as T);
}
