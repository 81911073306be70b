/**
 * The result an arrow key moves to in a list of `count` results: Down from none (-1) is the first,
 * Up from none the last, and both wrap around the ends. An empty list has none.
 */
export function moveActive(current: number, count: number, step: 1 | -1): number {
  if (count === 0) return -1;
  if (current < 0 || current >= count) return step === 1 ? 0 : count - 1;
  return (current + step + count) % count;
}
