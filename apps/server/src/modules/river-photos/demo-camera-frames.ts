import { asBuffer, cpuPool } from '../../cpu-pool/cpu-pool';
import { demoCameraFrameTask, isDemoCameraSlug } from './demo-camera-image';

/** How long one rendered demo frame is served before the next is drawn. */
export const DEMO_FRAME_SECONDS = 10;

const frames = new Map<string, { renderedAt: number; jpeg: Promise<Buffer> }>();

/**
 * The current frame of a demo camera, or null for an unknown slug. A frame is drawn at most once
 * per DEMO_FRAME_SECONDS per camera (in the CPU worker thread) and every request in that time,
 * concurrent ones included, gets the same bytes: a burst of requests costs one rendering.
 */
export function demoCameraFrame(slug: string, now = Date.now()): Promise<Buffer> | null {
  if (!isDemoCameraSlug(slug)) return null;
  const cached = frames.get(slug);
  if (cached && now - cached.renderedAt < DEMO_FRAME_SECONDS * 1000) return cached.jpeg;
  const jpeg = cpuPool.run(demoCameraFrameTask, [slug, now]).then(asBuffer);
  frames.set(slug, { renderedAt: now, jpeg });
  // A failed rendering is not kept: the next request tries again.
  jpeg.catch(() => frames.get(slug)?.jpeg === jpeg && frames.delete(slug));
  return jpeg;
}
