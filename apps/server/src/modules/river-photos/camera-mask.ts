import fs from 'node:fs/promises';
import path from 'node:path';
import { convertIndexedToRgb, decode as decodePng } from 'fast-png';
import jpeg from 'jpeg-js';
import { maskFileNameSchema } from '@portal/contracts';
import { asBuffer, cpuPool } from '../../cpu-pool/cpu-pool';
import { cpuTask } from '../../cpu-pool/cpu-task';
import { HttpError, badRequest } from '../../http/errors';
import { cameraBroken, type Snapshot } from './camera-fetch';

/**
 * Privacy masks (docs/decisions/0010): a mask is a PNG in the masks folder whose opaque pixels
 * (alpha >= 128) are painted black over the snapshot, e.g. over a neighbour's yard. The mask is
 * stretched to the snapshot's size, so one mask fits a camera at any resolution.
 */
// Masking decodes and re-encodes in pure JS on the main thread: 12 MP (4K is 8.3 MP) bounds its time and memory.
const MAX_PIXELS = 12_000_000;

export interface AlphaMask {
  width: number;
  height: number;
  /** One byte per pixel: 1 where the snapshot is painted black. */
  opaque: Uint8Array;
}

/** The mask file's path, only for plain names of files that exist in the folder (no traversal). */
export async function resolveMaskFile(dir: string, name: string, onMissing: (message: string) => HttpError = badRequest): Promise<string> {
  if (!maskFileNameSchema.safeParse(name).success || path.basename(name) !== name) throw badRequest(`"${name}" is not a mask file name`);
  let files: string[];
  try {
    files = await fs.readdir(dir);
  } catch {
    throw onMissing('Masks are not available: the camera masks folder does not exist');
  }
  if (!files.includes(name)) throw onMissing(`No mask file "${name}"`);
  return path.join(dir, name);
}

function pngSize(bytes: Buffer): { width: number; height: number } {
  // IHDR is the first chunk: width and height are big-endian at bytes 16 and 20.
  return bytes.length >= 24 ? { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) } : { width: 0, height: 0 };
}

/** Reads a mask PNG into a 0/1 map; masks without transparency are refused (they would hide everything). */
export function readAlphaMask(bytes: Buffer, name: string): AlphaMask {
  const { width: w, height: h } = pngSize(bytes);
  if (w * h === 0 || w * h > MAX_PIXELS) throw cameraBroken(`the privacy mask "${name}" is not a usable PNG`);
  let png;
  try {
    png = decodePng(bytes);
  } catch {
    throw cameraBroken(`the privacy mask "${name}" is not a usable PNG`);
  }
  let data: ArrayLike<number> = png.data;
  let channels = png.channels;
  if (png.palette) {
    data = convertIndexedToRgb(png);
    channels = png.transparency ? 4 : 3;
  }
  if (channels !== 2 && channels !== 4) throw cameraBroken(`the privacy mask "${name}" has no transparency`);
  const threshold = png.depth === 16 ? 32768 : 128;
  const opaque = new Uint8Array(png.width * png.height);
  for (let i = 0; i < opaque.length; i++) opaque[i] = data[i * channels + channels - 1] >= threshold ? 1 : 0;
  return { width: png.width, height: png.height, opaque };
}

/** Paints the mask's opaque pixels black over a JPEG snapshot and answers a new JPEG. */
export function applyMask(snapshot: Snapshot, mask: AlphaMask): Snapshot {
  if (snapshot.contentType !== 'image/jpeg')
    throw cameraBroken(`a privacy mask can only be applied to JPEG snapshots, the camera sent ${snapshot.contentType}`);
  let image;
  try {
    image = jpeg.decode(snapshot.bytes, {
      useTArray: true,
      formatAsRGBA: true,
      maxResolutionInMP: MAX_PIXELS / 1e6,
      maxMemoryUsageInMB: 512,
    });
  } catch {
    throw cameraBroken('the JPEG could not be decoded');
  }
  const { width, height, data } = image;
  for (let y = 0; y < height; y++) {
    const my = Math.min(mask.height - 1, Math.floor((y * mask.height) / height));
    for (let x = 0; x < width; x++) {
      const mx = Math.min(mask.width - 1, Math.floor((x * mask.width) / width));
      if (!mask.opaque[my * mask.width + mx]) continue;
      const i = (y * width + x) * 4;
      data[i] = data[i + 1] = data[i + 2] = 0;
    }
  }
  return { bytes: Buffer.from(jpeg.encode({ width, height, data }, 85).data), contentType: 'image/jpeg' };
}

/** Paints the given mask PNGs in turn over a JPEG (runs in the CPU worker thread). */
export function maskJpeg(jpegBytes: Uint8Array, masks: { name: string; png: Uint8Array }[]): Uint8Array {
  let result: Snapshot = { bytes: asBuffer(jpegBytes), contentType: 'image/jpeg' };
  for (const { name, png } of masks) result = applyMask(result, readAlphaMask(asBuffer(png), name));
  return result.bytes;
}
const maskJpegTask = cpuTask(import.meta.url, { maskJpeg });

/**
 * Reads and applies the named masks in turn (the camera's own, then the requested one). The files
 * are found here; decoding and painting run in the CPU worker thread, off the event loop.
 */
export async function applyMasks(
  snapshot: Snapshot,
  dir: string,
  masks: { name: string; onMissing: (m: string) => HttpError }[],
): Promise<Snapshot> {
  const pngs = [];
  for (const { name, onMissing } of masks) pngs.push({ name, png: await fs.readFile(await resolveMaskFile(dir, name, onMissing)) });
  if (snapshot.contentType !== 'image/jpeg')
    throw cameraBroken(`a privacy mask can only be applied to JPEG snapshots, the camera sent ${snapshot.contentType}`);
  const bytes = await cpuPool.run(maskJpegTask, [snapshot.bytes, pngs]);
  return { bytes: asBuffer(bytes), contentType: 'image/jpeg' };
}
