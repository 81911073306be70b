/**
 * Reads a Colorado DWR / CDSS HydroBase REST v2 list endpoint to the end. Every list answer
 * is an envelope {PageNumber, PageCount, ResultCount, ResultDateTime, ResultList}; like the
 * state's own OpenCDSS client we read PageCount from page 1 and then ask for pages 2..PageCount.
 * Errors come back as HTTP 400 with a bare JSON string body, which we pass on as the message.
 */

export interface CdssFetchOptions {
  /** Rows per page; CDSS allows up to 50,000. */
  pageSize?: number;
  timeoutMs?: number;
  /** Injected in tests only to count calls; defaults to the global fetch. */
  fetchFn?: typeof fetch;
}

/** A runaway PageCount must not keep a worker busy for ever. */
const MAX_PAGES = 200;

interface Envelope {
  PageNumber?: number;
  PageCount?: number;
  ResultCount?: number;
  ResultList?: unknown;
}

export class CdssError extends Error {}

/** Resolves a row's external_url: absolute URLs as they are, CDSS paths against the base URL. */
export function resolveCdssUrl(externalUrl: string, baseUrl: string): URL {
  if (/^https?:\/\//i.test(externalUrl)) return new URL(externalUrl);
  return new URL(externalUrl.replace(/^\/+/, ''), `${baseUrl.replace(/\/+$/, '')}/`);
}

async function readPage(url: URL, opts: Required<Pick<CdssFetchOptions, 'timeoutMs'>> & { fetchFn: typeof fetch }): Promise<Envelope> {
  let res: Response;
  try {
    res = await opts.fetchFn(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(opts.timeoutMs) });
  } catch (e) {
    throw new CdssError(`CDSS request failed (${url.host}): ${e instanceof Error ? e.message : String(e)}`);
  }
  const text = await res.text();
  if (!res.ok) {
    let detail = text.slice(0, 300);
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed === 'string') detail = parsed;
    } catch {
      /* not JSON: keep the raw text */
    }
    throw new CdssError(`CDSS answered HTTP ${res.status}: ${detail || res.statusText}`);
  }
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    throw new CdssError('CDSS answered with something that is not JSON');
  }
  if (!doc || typeof doc !== 'object' || !Array.isArray((doc as Envelope).ResultList)) {
    throw new CdssError('CDSS answer has no ResultList: is the URL a CDSS list endpoint?');
  }
  return doc as Envelope;
}

/** Every record of the endpoint, all pages concatenated. */
export async function fetchAllCdssRecords(url: URL, options: CdssFetchOptions = {}): Promise<Record<string, unknown>[]> {
  const fetchFn = options.fetchFn ?? fetch;
  const pageSize = options.pageSize ?? 50_000;
  const timeoutMs = options.timeoutMs ?? 60_000;
  const pageUrl = (page: number) => {
    const u = new URL(url);
    if (!u.searchParams.has('format')) u.searchParams.set('format', 'json');
    // Times without offsets ("2024-05-31 12:45:00", Colorado local time): one format to parse.
    u.searchParams.set('dateFormat', 'spaceSepToSeconds');
    u.searchParams.set('pageSize', String(pageSize));
    u.searchParams.set('pageIndex', String(page));
    return u;
  };
  const first = await readPage(pageUrl(1), { fetchFn, timeoutMs });
  const records = [...(first.ResultList as Record<string, unknown>[])];
  const pageCount = Math.min(Math.max(1, Number(first.PageCount) || 1), MAX_PAGES);
  for (let page = 2; page <= pageCount; page++) {
    const next = await readPage(pageUrl(page), { fetchFn, timeoutMs });
    records.push(...(next.ResultList as Record<string, unknown>[]));
  }
  return records;
}
