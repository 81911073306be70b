import type { OgcCollectionId } from '@portal/contracts';
import { invalidParameter } from './ogcapi-errors';

/**
 * Where a page starts: the key of the last feature of the page before, in the collection's
 * order (keyset paging). A page then starts right after that feature whatever was inserted or
 * deleted meanwhile, which OFFSET cannot do. The cursor is the collection's name and the key,
 * base64url-encoded so clients treat it as opaque.
 */
export type Keyset =
  | { collection: 'monitoring-locations'; location: number }
  | { collection: 'time-series-metadata'; location: number; parameter: number; daily: boolean }
  | { collection: 'latest-continuous'; location: number; parameter: number }
  | { collection: 'continuous'; location: number; parameter: number; instant: string }
  | { collection: 'daily'; location: number; parameter: number; date: string };

const INT = /^[1-9]\d{0,9}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The cursor of a key as the repository writes it ('12|3|2026-03-07T18:00:00.000000Z'). */
export function encodeCursorText(collection: OgcCollectionId, keyText: string): string {
  return Buffer.from(`${collection}|${keyText}`).toString('base64url');
}

/** The keyset of a cursor given back by a client; anything not made by encodeCursor for this collection is a 400. */
export function decodeCursor(collection: OgcCollectionId, cursor: string): Keyset {
  const bad = () => invalidParameter(`Parameter cursor: not a cursor of the collection ${collection}; copy it from a next link`);
  const parts = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (parts[0] !== collection) throw bad();
  const [, l, p, last] = parts;
  if (!INT.test(l ?? '')) throw bad();
  const location = Number(l);
  if (collection === 'monitoring-locations') {
    if (parts.length !== 2) throw bad();
    return { collection, location };
  }
  if (!INT.test(p ?? '')) throw bad();
  const parameter = Number(p);
  switch (collection) {
    case 'latest-continuous':
      if (parts.length !== 3) throw bad();
      return { collection, location, parameter };
    case 'time-series-metadata':
      if (parts.length !== 4 || (last !== 'daily' && last !== '15min')) throw bad();
      return { collection, location, parameter, daily: last === 'daily' };
    case 'continuous':
      if (parts.length !== 4 || !INSTANT.test(last) || !Number.isFinite(Date.parse(last))) throw bad();
      return { collection, location, parameter, instant: last };
    case 'daily':
      if (parts.length !== 4 || !DATE.test(last) || !Number.isFinite(Date.parse(`${last}T00:00:00Z`))) throw bad();
      return { collection, location, parameter, date: last };
  }
}
