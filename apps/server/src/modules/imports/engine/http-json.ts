/** A web service problem with a message fit for the Processing Status (the run fails, nothing is written). */
export class ImportFetchError extends Error {}

/** How long one request to USGS or CDSS may take before the run gives up on it. */
const TIMEOUT_MS = 60_000;

/** GETs a JSON document; any network failure, non-2xx answer or non-JSON body becomes an ImportFetchError. */
export async function fetchJson(fetchImpl: typeof fetch, url: string, service: string): Promise<unknown> {
  let res: Response;
  try {
    res = await fetchImpl(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (e) {
    const why = e instanceof Error ? (e.name === 'TimeoutError' ? `no answer within ${TIMEOUT_MS / 1000} s` : causeOf(e)) : String(e);
    throw new ImportFetchError(`Could not reach ${service} (${new URL(url).origin}): ${why}`);
  }
  const body = await res.text();
  const contentType = res.headers.get('content-type')?.trim() || 'none';
  const status = `HTTP ${res.status} ${res.statusText}`.trimEnd();
  if (!res.ok) {
    const detail = readableBody(body);
    throw new ImportFetchError(`${service} answered ${status} (content type ${contentType})` + (detail ? `: ${detail}` : '') + ` (${url})`);
  }
  try {
    return JSON.parse(body) as unknown;
  } catch {
    // Outages often answer 200 with a maintenance or proxy error page: say so, and show its start.
    const what = isHtml(body, contentType) ? 'an HTML page instead of JSON' : 'an answer that is not JSON';
    const start = firstChars(body);
    throw new ImportFetchError(
      `${service} sent ${what} (${status}, content type ${contentType})` + (start ? `: ${start}` : ': an empty body') + ` (${url})`,
    );
  }
}

function isHtml(body: string, contentType: string): boolean {
  return /html/i.test(contentType) || /^\s*(<!doctype html|<html)/i.test(body);
}

/** The first 200 characters of a body as it came (white space folded), for the run's message. */
function firstChars(body: string): string {
  const text = body.replace(/\s+/g, ' ').trim();
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

function causeOf(e: Error): string {
  const cause = (e as Error & { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? e.message;
}

/** CDSS errors are a bare JSON string; other services send HTML or text. Keep one short line. */
function readableBody(body: string): string {
  let text = body.trim();
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'string') text = parsed;
  } catch {
    // not JSON: use the text as it is
  }
  text = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
