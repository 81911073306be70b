import jpeg from 'jpeg-js';
import { districtTimeZone } from '../../db/local-day';
import { cpuTask } from '../../cpu-pool/cpu-task';

/**
 * Synthetic river-camera snapshots for the demo district, so the camera pages and the camera
 * proxy work with no camera on the network. Each slug gets its own fixed scene (seeded by the
 * slug); the light follows the local hour and the water moves with the minute, and a
 * timestamp is burnt in like a real camera's overlay.
 */
export const DEMO_CAMERA_SLUGS = ['western', 'empire', 'riverside-dam', 'riverside-sand-gate'] as const;
export type DemoCameraSlug = (typeof DEMO_CAMERA_SLUGS)[number];

const W = 640;
const H = 360;

// 3x5 bitmap glyphs for the overlay (rows top to bottom, 3 bits each).
const GLYPHS: Record<string, number[]> = {
  '0': [7, 5, 5, 5, 7],
  '1': [2, 6, 2, 2, 7],
  '2': [7, 1, 7, 4, 7],
  '3': [7, 1, 7, 1, 7],
  '4': [5, 5, 7, 1, 1],
  '5': [7, 4, 7, 1, 7],
  '6': [7, 4, 7, 5, 7],
  '7': [7, 1, 1, 1, 1],
  '8': [7, 5, 7, 5, 7],
  '9': [7, 5, 7, 1, 7],
  ':': [0, 2, 0, 2, 0],
  '-': [0, 0, 7, 0, 0],
  '/': [1, 1, 2, 4, 4],
  ' ': [0, 0, 0, 0, 0],
};

function hashSeed(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

function denverParts(at: Date): { hour: number; minute: number; label: string } {
  const f = new Intl.DateTimeFormat('en-US', {
    timeZone: districtTimeZone(),
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  const p = Object.fromEntries(f.formatToParts(at).map((x) => [x.type, x.value]));
  return { hour: Number(p.hour), minute: Number(p.minute), label: `${p.month}/${p.day}/${p.year} ${p.hour}:${p.minute}:${p.second}` };
}

export function renderDemoCameraJpeg(slug: DemoCameraSlug, at: Date): Buffer {
  const data = Buffer.alloc(W * H * 4);
  const seed = hashSeed(slug);
  const { hour, minute, label } = denverParts(at);
  // Daylight 0..1, peaking at 13:00, dark at night.
  const day = Math.max(0.15, Math.min(1, Math.cos(((hour + minute / 60 - 13) / 12) * Math.PI) * 1.2 + 0.3));
  const horizon = 120 + (seed % 30);
  const riverTop = 205 + ((seed >> 5) % 25);
  const gateX = 180 + ((seed >> 9) % 260);
  const phase = minute / 60;
  const set = (x: number, y: number, r: number, g: number, b: number) => {
    const i = (y * W + x) * 4;
    data[i] = Math.max(0, Math.min(255, r * day));
    data[i + 1] = Math.max(0, Math.min(255, g * day));
    data[i + 2] = Math.max(0, Math.min(255, b * day));
    data[i + 3] = 255;
  };
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const hills = horizon - 25 * Math.sin(x / 90 + (seed % 7)) - 12 * Math.sin(x / 37 + (seed % 5));
      if (y < hills) {
        const t = y / horizon;
        set(x, y, 110 + 60 * t, 160 + 50 * t, 230);
      } else if (y < riverTop) {
        const grass = (x * 7 + y * 13 + seed) % 17;
        set(x, y, 95 + grass, 120 + grass, 60);
      } else {
        const ripple = Math.sin(x / 11 + y / 3 + phase * Math.PI * 8) * 14 + Math.sin(x / 29 - phase * Math.PI * 4) * 8;
        const depth = (y - riverTop) / (H - riverTop);
        set(x, y, 60 + ripple - 20 * depth, 100 + ripple - 10 * depth, 120 + ripple);
      }
    }
  }
  // The diversion structure: a concrete headwall with a steel gate, and foam below it.
  for (let y = riverTop - 60; y < riverTop + 40; y++) {
    for (let x = gateX; x < gateX + 120; x++) {
      const inGate = x > gateX + 40 && x < gateX + 80 && y > riverTop - 40;
      if (inGate) set(x, y, 70, 80, 90);
      else set(x, y, 175, 172, 165);
    }
  }
  for (let y = riverTop + 40; y < Math.min(H, riverTop + 70); y++) {
    for (let x = gateX + 30; x < gateX + 90; x++) {
      if ((x * 31 + y * 17 + minute * 7) % 5 < 3) set(x, y, 235, 240, 245);
    }
  }
  // Burnt-in timestamp, bottom left, 3x scale, on a dark strip.
  const scale = 3;
  for (let y = H - 26; y < H - 4; y++) for (let x = 6; x < 12 + label.length * 4 * scale; x++) set(x, y, 20, 20, 20);
  [...label].forEach((ch, charIndex) => {
    const glyph = GLYPHS[ch] ?? GLYPHS[' '];
    glyph.forEach((bits, row) => {
      for (let col = 0; col < 3; col++) {
        if (!(bits & (4 >> col))) continue;
        for (let dy = 0; dy < scale; dy++)
          for (let dx = 0; dx < scale; dx++) {
            const px = ((H - 22 + row * scale + dy) * W + 10 + charIndex * 4 * scale + col * scale + dx) * 4;
            data[px] = data[px + 1] = data[px + 2] = 255;
          }
      }
    });
  });
  return jpeg.encode({ data, width: W, height: H }, 80).data;
}

export function isDemoCameraSlug(slug: string): slug is DemoCameraSlug {
  return (DEMO_CAMERA_SLUGS as readonly string[]).includes(slug);
}

/** A demo camera's frame at an instant given in epoch milliseconds (runs in the CPU worker thread). */
export function demoCameraFrame(slug: string, atMs: number): Uint8Array {
  if (!isDemoCameraSlug(slug)) throw new Error(`No demo camera ${slug}`);
  return renderDemoCameraJpeg(slug, new Date(atMs));
}
export const demoCameraFrameTask = cpuTask(import.meta.url, { demoCameraFrame });
