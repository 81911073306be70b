import type { DisplayFacility } from '@portal/contracts';

/** Facilities whose name or type contains every word of the search (case-insensitive); all for an empty search. */
export function filterFacilities(facilities: readonly DisplayFacility[], search: string): DisplayFacility[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...facilities];
  return facilities.filter((f) => {
    const text = `${f.facility_name} ${f.facility_type_desc}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
}
