import { jsPDF } from 'jspdf';
import type { LegendEntry } from './legend';
import { northArrowShape, pdfLayout } from './pdf-layout';
import { imperialScaleBar } from './scale-bar';

export interface MapPdfInput {
  /** The map picture (PNG data URL) at the print scale width. */
  image: { dataUrl: string; width: number; height: number };
  title: string;
  /** Already formatted (MM/DD/YYYY, district zone). */
  date: string;
  /** Ground metres per pixel of the picture (at the map centre's latitude). */
  metresPerImagePixel: number;
  bearing: number;
  legend: LegendEntry[];
}

const INK: [number, number, number] = [33, 33, 33];

/** The A4 landscape report: title, date, map, imperial scale bar, north arrow and legend. */
export function buildMapPdf(input: MapPdfInput): jsPDF {
  const layout = pdfLayout(input.image.width, input.image.height);
  const doc = new jsPDF({ orientation: 'landscape', unit: 'mm', format: 'a4' });
  doc.setProperties({ title: input.title || 'Map', creator: 'Water Monitoring Portal' });
  doc.setTextColor(...INK);

  doc.setFont('helvetica', 'bold');
  doc.setFontSize(16);
  if (input.title) {
    const [firstLine] = doc.splitTextToSize(input.title, layout.title.maxWidth) as string[];
    doc.text(firstLine ?? '', layout.title.x, layout.title.y);
  }
  doc.setFont('helvetica', 'normal');
  doc.setFontSize(10);
  doc.text(input.date, layout.date.x, layout.date.y, { align: 'right' });

  const { map } = layout;
  // FAST deflates the picture; stored raw it would make a 3 MB file.
  doc.addImage(input.image.dataUrl, 'PNG', map.x, map.y, map.width, map.height, undefined, 'FAST');
  doc.setDrawColor(...INK);
  doc.setLineWidth(0.3);
  doc.rect(map.x, map.y, map.width, map.height);

  drawScaleBar(doc, layout.scaleBar, (input.metresPerImagePixel * input.image.width) / map.width);
  drawNorthArrow(doc, layout.northArrow, input.bearing);
  drawLegend(doc, layout.legend, input.legend);
  return doc;
}

function drawScaleBar(doc: jsPDF, at: { x: number; y: number; maxLength: number }, metresPerMm: number): void {
  const bar = imperialScaleBar(metresPerMm, at.maxLength);
  if (!bar) return;
  doc.setFillColor(255, 255, 255);
  doc.rect(at.x - 2, at.y - 8, bar.length + 4, 10, 'F');
  doc.setDrawColor(...INK);
  doc.setLineWidth(0.5);
  // The same shape as the on-screen scale: a bar with ticks at both ends.
  doc.line(at.x, at.y, at.x + bar.length, at.y);
  doc.line(at.x, at.y, at.x, at.y - 2);
  doc.line(at.x + bar.length, at.y, at.x + bar.length, at.y - 2);
  doc.setFontSize(8);
  doc.text(bar.label, at.x, at.y - 3);
}

function drawNorthArrow(doc: jsPDF, at: { cx: number; cy: number; size: number }, bearing: number): void {
  const { triangle, label } = northArrowShape(at.cx, at.cy, at.size, bearing);
  doc.setFillColor(255, 255, 255);
  doc.circle(at.cx, at.cy + 2, at.size * 0.75, 'F');
  doc.setFillColor(...INK);
  doc.triangle(...triangle[0], ...triangle[1], ...triangle[2], 'F');
  doc.setFont('helvetica', 'bold');
  doc.setFontSize(9);
  doc.text('N', label[0], label[1], { align: 'center' });
  doc.setFont('helvetica', 'normal');
}

function drawLegend(doc: jsPDF, box: { x: number; y: number; width: number; height: number }, entries: LegendEntry[]): void {
  doc.setFont('helvetica', 'bold');
  doc.setFontSize(11);
  doc.text('Legend', box.x, box.y + 4);
  doc.setFont('helvetica', 'normal');
  doc.setFontSize(8);
  const rowHeight = 6;
  let y = box.y + 11;
  if (entries.length === 0) doc.text('No layers shown', box.x, y);
  for (const [index, entry] of entries.entries()) {
    // Rows that do not fit are summed up in one line instead of running off the page.
    if (y > box.y + box.height - rowHeight && index < entries.length - 1) {
      doc.text(`and ${entries.length - index} more`, box.x, y);
      break;
    }
    doc.setFillColor(...entry.color);
    doc.setDrawColor(...INK);
    doc.setLineWidth(0.2);
    if (entry.symbol === 'circle') doc.circle(box.x + 2, y - 1, 1.6, 'FD');
    else if (entry.symbol === 'line') {
      doc.setDrawColor(...entry.color);
      doc.setLineWidth(0.8);
      doc.line(box.x, y - 1, box.x + 4, y - 1);
    } else doc.rect(box.x, y - 3, 4, 4, 'FD');
    const [line] = doc.splitTextToSize(entry.name, box.width - 7) as string[];
    doc.text(line ?? '', box.x + 6, y);
    y += rowHeight;
  }
}
