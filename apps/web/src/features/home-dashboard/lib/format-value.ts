/** Values with thousands separators and at most two decimals. */
export function formatValue(value: number): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: 2 });
}
