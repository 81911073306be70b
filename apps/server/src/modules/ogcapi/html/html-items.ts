import type { Readable } from 'node:stream';
import type { OgcCollectionDefinition } from '../collections';
import { invalidParameter } from '../ogcapi-errors';
import type { OgcLinks } from '../ogcapi-links';
import { inFormat, itemsHtml, type FeaturePage } from './html-pages';

/** Features on a page for people when the query names no limit, and the most it may name: a table, not a download. */
export const HTML_DEFAULT_LIMIT = 100;
export const HTML_MAX_LIMIT = 1_000;

/** The page size of an HTML items page; more than a table holds is a 400 pointing to the JSON and CSV. */
export function htmlLimit(limit: number | undefined): number {
  if (limit !== undefined && limit > HTML_MAX_LIMIT) {
    throw invalidParameter(
      `Parameter limit: an HTML page shows at most ${HTML_MAX_LIMIT.toLocaleString('en-US')} features; ask for f=json or f=csv for more`,
    );
  }
  return limit ?? HTML_DEFAULT_LIMIT;
}

async function textOf(stream: Readable): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += String(chunk);
  return text;
}

/**
 * An items page for people, from the very GeoJSON page a program gets (same rows, same access,
 * same links): the JSON page's next link becomes the HTML next link, and the JSON and CSV links
 * name this page exactly (its cursor and page size).
 */
export async function itemsPageHtml(
  links: OgcLinks,
  c: OgcCollectionDefinition,
  columns: readonly string[],
  search: URLSearchParams,
  limit: number,
  geojson: Readable,
): Promise<string> {
  const page = JSON.parse(await textOf(geojson)) as FeaturePage;
  const exact = new URLSearchParams(search);
  exact.set('limit', String(limit));
  exact.delete('f');
  const self = links.items(c.id, exact);
  let firstHref: string | null = null;
  if (search.has('cursor')) {
    const first = new URLSearchParams(search);
    first.delete('cursor');
    firstHref = inFormat(links.items(c.id, first), 'html');
  }
  return itemsHtml(links, {
    c,
    columns,
    page,
    jsonHref: inFormat(self, 'json'),
    csvHref: inFormat(self, 'csv'),
    firstHref,
  });
}
