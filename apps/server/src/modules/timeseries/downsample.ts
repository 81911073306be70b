/**
 * Largest-Triangle-Three-Buckets (Steinarsson 2013): thins a time series to `threshold` points
 * while keeping its visual shape (peaks and troughs survive, flat stretches are thinned). The
 * first and last points are always kept. Input: parallel arrays of times and values, sorted by
 * time. Returns the indexes of the kept points, ascending, so callers can pick from any column.
 */
export function lttbIndexes(times: ArrayLike<number>, values: ArrayLike<number>, threshold: number): number[] {
  const n = times.length;
  if (threshold >= n || n <= 2) return Array.from({ length: n }, (_, i) => i);
  if (threshold < 3) return threshold <= 1 ? [n - 1] : [0, n - 1];

  const kept: number[] = [0];
  // Buckets span the points between the fixed first and last ones.
  const every = (n - 2) / (threshold - 2);
  let a = 0;
  for (let bucket = 0; bucket < threshold - 2; bucket++) {
    // Average of the next bucket: the third corner of the triangle.
    const nextStart = Math.floor((bucket + 1) * every) + 1;
    const nextEnd = Math.min(Math.floor((bucket + 2) * every) + 1, n);
    let avgT = 0;
    let avgV = 0;
    for (let j = nextStart; j < nextEnd; j++) {
      avgT += times[j];
      avgV += values[j];
    }
    const count = nextEnd - nextStart;
    avgT /= count;
    avgV /= count;

    const start = Math.floor(bucket * every) + 1;
    const end = Math.floor((bucket + 1) * every) + 1;
    const at = times[a];
    const av = values[a];
    let best = start;
    let bestArea = -1;
    for (let j = start; j < end; j++) {
      // Twice the triangle area; the factor does not change the choice.
      const area = Math.abs((at - avgT) * (values[j] - av) - (at - times[j]) * (avgV - av));
      if (area > bestArea) {
        bestArea = area;
        best = j;
      }
    }
    kept.push(best);
    a = best;
  }
  kept.push(n - 1);
  return kept;
}
