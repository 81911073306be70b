import { glyphFields } from '../modules/basemaps/glyph-ranges';
import { maskJpeg } from '../modules/river-photos/camera-mask';
import { isDemoCameraSlug, renderDemoCameraJpeg } from '../modules/river-photos/demo-camera-image';

/**
 * The CPU-heavy work that must not run on the server's event loop (a 0.5 s glyph range or a
 * 12 MP mask would stall every other request). Each task is a pure function of its arguments;
 * cpu-pool.ts runs them in a worker thread.
 */
export const cpuTasks = {
  glyphFields: (weight: number, start: number): Uint8Array => glyphFields(weight, start),
  demoCamera: (slug: string, atMs: number): Uint8Array => {
    if (!isDemoCameraSlug(slug)) throw new Error(`No demo camera ${slug}`);
    return renderDemoCameraJpeg(slug, new Date(atMs));
  },
  maskJpeg: (jpeg: Uint8Array, masks: { name: string; png: Uint8Array }[]): Uint8Array =>
    maskJpeg(
      Buffer.from(jpeg.buffer, jpeg.byteOffset, jpeg.byteLength),
      masks.map((m) => ({ name: m.name, png: Buffer.from(m.png.buffer, m.png.byteOffset, m.png.byteLength) })),
    ),
};

export type CpuTasks = typeof cpuTasks;
export type CpuTaskName = keyof CpuTasks;
