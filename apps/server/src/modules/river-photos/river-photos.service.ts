import type { RiverPhotoRequest } from '@portal/contracts';
import type { Db } from '../../db/client';
import { HttpError, badRequest, notFound } from '../../http/errors';
import { MAX_SNAPSHOT_BYTES, cameraBroken, fetchSnapshot, type LocalFetch, type Snapshot } from './camera-fetch';
import { applyMasks, resolveMaskFile } from './camera-mask';
import { findCameraBySlug, findCameraByUrl, type CameraRow } from './cameras.repository';

export interface RiverPhotoDeps {
  db: Db;
  masksDir: string;
  timeoutMs: number;
  fetchLocal: LocalFetch;
}

const DEMO_CAMERA_PATH = /^\/demo-cameras\/[a-z0-9-]+\.jpg$/;

/** Registered URLs are absolute http(s) URLs or paths of this app (the demo cameras), never its API. */
function checkRegisteredUrl(url: string): void {
  if (url.startsWith('/')) {
    // Only the bundled demo cameras: an allow-list, because the in-process request normalises
    // '..', '%2e%2e' and backslashes that a block-list would have to foresee.
    if (!DEMO_CAMERA_PATH.test(url)) throw cameraBroken('the camera is registered with a path of this server that is not an image');
    return;
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw cameraBroken('the camera is registered with an address that is not a URL');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw cameraBroken('the camera is registered with an address that is not http or https');
}

async function findCamera(db: Db, body: RiverPhotoRequest): Promise<CameraRow> {
  if (body.camera !== undefined) {
    const camera = await findCameraBySlug(db, body.camera);
    if (!camera) throw notFound(`No camera "${body.camera}"`);
    return camera;
  }
  const camera = await findCameraByUrl(db, body.cameraUrl ?? '');
  // The proxy only fetches registered cameras, so it can never be aimed at another host (SSRF).
  if (!camera) throw notFound('No camera is registered with this URL; only registered cameras can be shown');
  return camera;
}

/**
 * A registered camera's current snapshot with its privacy masks applied. The camera's own mask
 * always applies (a caller cannot turn it off); a requested mask is added on top.
 */
export async function getRiverPhoto(deps: RiverPhotoDeps, body: RiverPhotoRequest): Promise<Snapshot> {
  const camera = await findCamera(deps.db, body);
  // Bad input is refused before the camera is asked anything.
  if (body.maskFileName) await resolveMaskFile(deps.masksDir, body.maskFileName);
  checkRegisteredUrl(camera.snapshot_url);
  // Visitors asking for the same picture at the same moment share one camera request and one
  // masking pass: the public page must not multiply load on a small camera or on this server.
  const key = `${camera.snapshot_url}\n${camera.mask_file_name ?? ''}\n${body.maskFileName ?? ''}`;
  const pending = inFlight.get(key);
  if (pending) return pending;
  const work = snapshotWithMasks(deps, camera, body).finally(() => inFlight.delete(key));
  inFlight.set(key, work);
  return work;
}

const inFlight = new Map<string, Promise<Snapshot>>();

async function snapshotWithMasks(deps: RiverPhotoDeps, camera: CameraRow, body: RiverPhotoRequest): Promise<Snapshot> {
  const snapshot = await fetchSnapshot(camera.snapshot_url, {
    timeoutMs: deps.timeoutMs,
    maxBytes: MAX_SNAPSHOT_BYTES,
    fetchLocal: deps.fetchLocal,
  });
  // A missing stored mask fails closed (502): the snapshot is never shown without its mask.
  const storedMissing = (message: string) => new HttpError(502, `The camera's privacy mask cannot be applied: ${message}.`);
  const masks = [
    ...(camera.mask_file_name ? [{ name: camera.mask_file_name, onMissing: storedMissing }] : []),
    ...(body.maskFileName && body.maskFileName !== camera.mask_file_name ? [{ name: body.maskFileName, onMissing: badRequest }] : []),
  ];
  return masks.length ? applyMasks(snapshot, deps.masksDir, masks) : snapshot;
}
