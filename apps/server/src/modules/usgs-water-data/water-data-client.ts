/**
 * The one HTTP client of the USGS Water Data OGC API (imports and "Fill from USGS"). Every request
 * carries the API key (X-Api-Key) when one is configured; the key is never put in a URL or a message.
 */

export interface WaterDataClient {
  /** USGS_WATER_DATA_URL without a trailing slash, e.g. https://api.waterdata.usgs.gov/ogcapi/v0. */
  baseUrl: string;
  apiKey?: string | null;
  fetchImpl?: typeof fetch;
  /** How long to wait before retry number `attempt` (1, 2, ...) after a 429 without Retry-After. */
  backoffMs?: (attempt: number) => number;
}

/** A failed request, with a message fit for the run's Processing Status or a 502 to the page. */
export class WaterDataError extends Error {}
/** The monitoring location or item does not exist (HTTP 404). */
export class WaterDataNotFoundError extends WaterDataError {}
/** HTTP 403 "query exceeds server limits": the same question over a shorter window may pass. */
export class WaterDataLimitError extends WaterDataError {}

export const WATER_DATA_SERVICE = 'USGS Water Data API';
/** How long one request may take before it is given up. */
const TIMEOUT_MS = 60_000;
/** 429 answers retried within one request before the run gives up. */
export const MAX_RATE_LIMIT_RETRIES = 5;
/** A Retry-After longer than this is not waited out inside a run: the run fails and the next one tries again. */
export const MAX_RETRY_WAIT_MS = 120_000;
/** A runaway chain of next links must not keep a worker busy for ever. */
export const MAX_PAGES = 1_000;

const defaultBackoff = (attempt: number) => Math.min(1000 * 2 ** (attempt - 1), 30_000);
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A URL under the configured base: `collections/continuous/items` with its query. */
export function waterDataUrl(client: WaterDataClient, path: string, query?: URLSearchParams): string {
  const q = query ? `?${query.toString()}` : '';
  return `${client.baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}${q}`;
}

/** GETs one JSON document, waiting out 429s (Retry-After, else backing off) a bounded number of times. */
export async function getWaterDataJson(client: WaterDataClient, url: string): Promise<unknown> {
  const fetchImpl = client.fetchImpl ?? fetch;
  const headers: Record<string, string> = { accept: 'application/geo+json, application/json' };
  if (client.apiKey) headers['x-api-key'] = client.apiKey;
  for (let attempt = 0; ; attempt++) {
    let res: Response;
    try {
      res = await fetchImpl(url, { headers, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (e) {
      const why = e instanceof Error ? (e.name === 'TimeoutError' ? `no answer within ${TIMEOUT_MS / 1000} s` : causeOf(e)) : String(e);
      throw new WaterDataError(`Could not reach the ${WATER_DATA_SERVICE} (${new URL(url).origin}): ${why}`);
    }
    const body = await res.text();
    if (res.status === 429) {
      const waitMs = retryAfterMs(res.headers.get('retry-after')) ?? (client.backoffMs ?? defaultBackoff)(attempt + 1);
      if (attempt >= MAX_RATE_LIMIT_RETRIES || waitMs > MAX_RETRY_WAIT_MS) {
        throw new WaterDataError(
          `The ${WATER_DATA_SERVICE} kept answering HTTP 429 (over its rate limit${waitMs > MAX_RETRY_WAIT_MS ? `; it asks to wait ${Math.round(waitMs / 1000)} s` : ''}) after ${attempt + 1} ${attempt === 0 ? 'try' : 'tries'}: ${serviceMessage(body) || 'no message'}. ` +
            'The next run asks again' +
            (client.apiKey ? '' : '; an API key (USGS_API_KEY) raises the limit') +
            ` (${url})`,
        );
      }
      await sleep(waitMs);
      continue;
    }
    const status = `HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ''}`;
    if (!res.ok) {
      const detail = serviceMessage(body);
      const message = `The ${WATER_DATA_SERVICE} answered ${status}${detail ? `: ${detail}` : ''} (${url})`;
      if (res.status === 404) throw new WaterDataNotFoundError(message);
      if (res.status === 403 && /exceed/i.test(detail)) throw new WaterDataLimitError(message);
      throw new WaterDataError(message);
    }
    try {
      return JSON.parse(body) as unknown;
    } catch {
      const start = oneLine(body);
      throw new WaterDataError(
        `The ${WATER_DATA_SERVICE} sent an answer that is not JSON (${status}, content type ${res.headers.get('content-type') ?? 'none'})` +
          (start ? `: ${start}` : ': an empty body') +
          ` (${url})`,
      );
    }
  }
}

interface FeaturePage {
  features?: unknown;
  links?: { rel?: unknown; href?: unknown }[];
}

/**
 * GETs a feature collection and every page after it (links[rel=next]) until there is none,
 * handing each page's features to `onPage`. A next link to another host is refused: the API key
 * must only go to the configured service.
 */
export async function forEachFeaturePage(
  client: WaterDataClient,
  firstUrl: string,
  onPage: (features: unknown[], page: number) => void,
): Promise<number> {
  const origin = new URL(client.baseUrl).origin;
  let url: string | null = firstUrl;
  let page = 0;
  while (url) {
    page++;
    if (page > MAX_PAGES)
      throw new WaterDataError(`The ${WATER_DATA_SERVICE} kept sending next pages after ${MAX_PAGES} pages (${firstUrl})`);
    const doc = (await getWaterDataJson(client, url)) as FeaturePage | null;
    if (typeof doc !== 'object' || doc === null || !Array.isArray(doc.features)) {
      throw new WaterDataError(`The ${WATER_DATA_SERVICE} sent JSON without a features list (${url})`);
    }
    onPage(doc.features as unknown[], page);
    const next = Array.isArray(doc.links) ? doc.links.find((l) => l?.rel === 'next' && typeof l.href === 'string') : undefined;
    if (!next) break;
    let nextUrl: URL;
    try {
      nextUrl = new URL(next.href as string, url);
    } catch {
      throw new WaterDataError(`The ${WATER_DATA_SERVICE} sent a next link that is not a URL (${String(next.href).slice(0, 200)})`);
    }
    if (nextUrl.origin !== origin) {
      throw new WaterDataError(`The ${WATER_DATA_SERVICE} sent a next link to another host (${nextUrl.origin}); not followed`);
    }
    url = nextUrl.toString();
  }
  return page;
}

/** Retry-After as seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const text = header.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** The service's own words: {error: {code, message}} (429), {code, description} (other errors), or the text. */
function serviceMessage(body: string): string {
  try {
    const doc = JSON.parse(body) as { error?: { code?: unknown; message?: unknown }; code?: unknown; description?: unknown };
    if (doc && typeof doc === 'object') {
      const code = doc.error?.code ?? doc.code;
      const text = doc.error?.message ?? doc.description;
      const parts = [code, text].filter((p) => typeof p === 'string' || typeof p === 'number').map(String);
      if (parts.length) return oneLine(parts.join(': '));
    }
  } catch {
    // not JSON: quote the text
  }
  return oneLine(body.replace(/<[^>]*>/g, ' '));
}

function oneLine(text: string): string {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length > 200 ? `${t.slice(0, 200)}…` : t;
}

function causeOf(e: Error): string {
  const cause = (e as Error & { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? e.message;
}
