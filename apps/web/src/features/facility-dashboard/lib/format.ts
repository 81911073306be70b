/** Number formats of the dashboard (en-US grouping); 'N/A' for missing values. */

const cache = new Map<string, Intl.NumberFormat>();
function formatter(min: number, max: number): Intl.NumberFormat {
  const key = `${min}:${max}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.NumberFormat('en-US', { minimumFractionDigits: min, maximumFractionDigits: max });
    cache.set(key, f);
  }
  return f;
}

/** A measured value with up to `maxDigits` decimals: 4,981.25. */
export function formatValue(value: number | null | undefined, maxDigits = 2): string {
  return value == null || !Number.isFinite(value) ? 'N/A' : formatter(0, maxDigits).format(value);
}

/** A volume in acre-feet, always one decimal: 1,234.5 af. */
export function formatAf(value: number | null | undefined): string {
  return value == null || !Number.isFinite(value) ? 'N/A' : `${formatter(1, 1).format(value)} af`;
}

/** A fraction 0..1 as a percentage with up to one decimal: 0.625 -> 62.5%. */
export function formatPercent(fraction: number | null | undefined): string {
  return fraction == null || !Number.isFinite(fraction) ? 'N/A' : `${formatter(0, 1).format(fraction * 100)}%`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The twelve months of a water year (April to March), labelled 'Apr 2026'. */
export function waterYearMonths(waterYear: number): { year: number; month: number; label: string }[] {
  return Array.from({ length: 12 }, (_, i) => {
    const month = ((i + 3) % 12) + 1;
    const year = month >= 4 ? waterYear : waterYear + 1;
    return { year, month, label: `${MONTHS[month - 1]} ${year}` };
  });
}

/** 'Water year Apr 2026 – Mar 2027'. */
export function waterYearLabel(waterYear: number): string {
  return `Water year Apr ${waterYear} – Mar ${waterYear + 1}`;
}

/** A local day 'YYYY-MM-DD' as MM/DD/YYYY, without passing through a Date (no time-zone shift). */
export function formatLocalDay(day: string | null | undefined): string {
  const m = day ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(day) : null;
  return m ? `${m[2]}/${m[3]}/${m[1]}` : 'N/A';
}
