import type { Locator } from 'playwright-core';

/** An axis label as the chart drew it (the chart element's data-axis-labels). */
export interface DrawnLabel {
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Waits until the chart has drawn labels, and returns them split into the x axis (the bottom row) and the value axes. */
export async function drawnAxisLabels(chart: Locator): Promise<{ x: DrawnLabel[]; values: DrawnLabel[] }> {
  const deadline = Date.now() + 10_000;
  let labels: DrawnLabel[] = [];
  while (Date.now() < deadline) {
    labels = JSON.parse((await chart.getAttribute('data-axis-labels')) ?? '[]') as DrawnLabel[];
    if (labels.length > 0) break;
    await chart.page().waitForTimeout(200);
  }
  if (labels.length === 0) throw new Error('the chart never published its axis labels (data-axis-labels)');
  const bottom = Math.max(...labels.map((l) => l.y));
  const x = labels.filter((l) => Math.abs(l.y - bottom) <= 2).sort((a, b) => a.x - b.x);
  const values = labels.filter((l) => Math.abs(l.y - bottom) > 2);
  return { x, values };
}

/** Pairs of labels whose boxes overlap (texts printed over each other). */
export function overlappingLabels(labels: DrawnLabel[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < labels.length; i++)
    for (let j = i + 1; j < labels.length; j++) {
      const a = labels[i];
      const b = labels[j];
      if (a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height)
        out.push(`"${a.text}" over "${b.text}"`);
    }
  return out;
}
