import type { KeyPart, OgcCollectionDefinition } from './collections/collection';
import { invalidParameter } from './ogcapi-errors';

/**
 * Where a page starts: the key of the last feature of the page before, in the collection's
 * order (keyset paging). A page then starts right after that feature whatever was inserted or
 * deleted meanwhile, which OFFSET cannot do. The cursor is the collection's name and the key
 * parts, base64url-encoded so clients treat it as opaque.
 */

const INT = /^[1-9]\d{0,9}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function partIsValid(part: KeyPart, text: string): boolean {
  switch (part.kind) {
    case 'int':
      return INT.test(text);
    case 'instant':
      return INSTANT.test(text) && Number.isFinite(Date.parse(text));
    case 'date':
      return DATE.test(text) && Number.isFinite(Date.parse(`${text}T00:00:00Z`));
    case 'word':
      return part.words.includes(text);
  }
}

/** The cursor of a key as the repository writes it ('12|3|2026-03-07T18:00:00.000000Z'). */
export function encodeCursorText(collection: OgcCollectionDefinition, keyText: string): string {
  return Buffer.from(`${collection.id}|${keyText}`).toString('base64url');
}

/** The key parts of a batch's last row as the repository writes them. */
export const keyPartsOf = (keyText: string): string[] => keyText.split('|');

/** The key parts of a cursor given back by a client; anything not made by encodeCursorText for this collection is a 400. */
export function decodeCursor(collection: OgcCollectionDefinition, cursor: string): string[] {
  const bad = () => invalidParameter(`Parameter cursor: not a cursor of the collection ${collection.id}; copy it from a next link`);
  const [name, ...parts] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (name !== collection.id || parts.length !== collection.keyParts.length) throw bad();
  if (!collection.keyParts.every((part, i) => partIsValid(part, parts[i]))) throw bad();
  return parts;
}
