/** The media types a client may ask for by Accept that mean "the JSON answer". */
const JSON_TYPES = ['application/json', 'application/geo+json', 'application/schema+json'];

/** The quality (q) an Accept header gives each media type it names exactly, and where it names it. */
function qualities(accept: string): Map<string, { q: number; at: number }> {
  const found = new Map<string, { q: number; at: number }>();
  accept.split(',').forEach((part, at) => {
    const [type, ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    if (!type) return;
    const qParam = params.find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!found.has(type)) found.set(type, { q: Number.isFinite(q) ? q : 0, at });
  });
  return found;
}

/**
 * Whether an answer is a page for people: `f=html`, or no `f` and an Accept header that names
 * text/html above every JSON type (a browser's). A program that names a JSON type first or
 * equally (GDAL: application/geo+json, application/json), names none (OWSLib, curl: nothing or
 * *\/*) or gives any other `f` gets JSON, as before the pages existed.
 */
export function wantsHtml(f: string | undefined, accept: string | undefined): boolean {
  if (f !== undefined) return f === 'html';
  if (!accept) return false;
  const q = qualities(accept);
  const html = q.get('text/html');
  if (!html || html.q <= 0) return false;
  return JSON_TYPES.every((t) => {
    const other = q.get(t);
    return !other || other.q < html.q || (other.q === html.q && other.at > html.at);
  });
}
