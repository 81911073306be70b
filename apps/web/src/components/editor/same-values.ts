/**
 * Whether two form values hold the same content: objects key by key (in any order), arrays item
 * by item, everything else by ===. A form's values after typing and after a reset compare equal
 * whenever they say the same thing.
 */
export function sameValues(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => sameValues(item, b[i]));
  }
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const key of keys) {
      // A field the form has not rendered yet reads as undefined; undefined and a missing key are the same.
      if (!sameValues((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false;
    }
    return true;
  }
  return false;
}
