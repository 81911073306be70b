import { CAMERA_IMAGE_TYPES } from '@portal/contracts';
import { HttpError } from '../../http/errors';

/** The camera's answer as the proxy passes it on. */
export interface Snapshot {
  bytes: Buffer;
  contentType: (typeof CAMERA_IMAGE_TYPES)[number];
}

/** A camera answer before checks: status, content type and body bytes. */
export interface RawAnswer {
  status: number;
  contentType: string;
  bytes: Buffer;
}

/** Serves paths of this app itself (the demo cameras) without a network round trip. */
export type LocalFetch = (path: string) => Promise<RawAnswer>;

export interface CameraFetchOptions {
  timeoutMs: number;
  maxBytes: number;
  fetchLocal: LocalFetch;
}

export const MAX_SNAPSHOT_BYTES = 10 * 1024 * 1024;

// Status mapping (docs/decisions/0010): the web app shows 'No response received from the
// camera.' for 503/504, so only "the camera is not answering" maps there; anything that means
// the camera or its registration is wrong is a 502, which asks the user to call the administrator.
export const cameraUnreachable = () => new HttpError(504, 'No response received from the camera.');
export const cameraBusy = () => new HttpError(503, 'The camera is busy or offline; try again in a minute.');
export const cameraBroken = (why: string) => new HttpError(502, `The camera did not send a usable snapshot: ${why}.`);

async function readCapped(response: Response, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) throw cameraBroken(`the image is larger than ${maxBytes / 1024 / 1024} MB`);
  if (!response.body) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
    total += chunk.byteLength;
    if (total > maxBytes) throw cameraBroken(`the image is larger than ${maxBytes / 1024 / 1024} MB`);
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

async function fetchRemote(url: string, { timeoutMs, maxBytes }: CameraFetchOptions): Promise<RawAnswer> {
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    // redirect: 'manual' keeps the fetch on the registered URL; a redirect could point anywhere.
    const response = await fetch(url, { signal, redirect: 'manual', headers: { accept: CAMERA_IMAGE_TYPES.join(', ') } });
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      return { status: response.status, contentType: response.headers.get('content-type') ?? '', bytes: Buffer.alloc(0) };
    }
    return {
      status: response.status,
      contentType: response.headers.get('content-type') ?? '',
      bytes: await readCapped(response, maxBytes),
    };
  } catch (error) {
    if (error instanceof HttpError) throw error;
    // Refused connections, DNS failures, resets and the timeout all mean the camera did not answer.
    throw cameraUnreachable();
  }
}

/** Fetches a registered camera URL and checks that the answer is an image we pass on. */
export async function fetchSnapshot(url: string, options: CameraFetchOptions): Promise<Snapshot> {
  const answer = url.startsWith('/') ? await options.fetchLocal(url) : await fetchRemote(url, options);
  if (answer.status === 503) throw cameraBusy();
  if (answer.status === 504) throw cameraUnreachable();
  if (answer.status >= 300 && answer.status < 400) throw cameraBroken(`it answered with a redirect (HTTP ${answer.status})`);
  if (answer.status !== 200) throw cameraBroken(`it answered HTTP ${answer.status}`);
  const type = answer.contentType.split(';')[0].trim().toLowerCase();
  const allowed = CAMERA_IMAGE_TYPES.find((t) => t === type);
  if (!allowed) throw cameraBroken(`it sent "${type || 'no content type'}" instead of a JPEG, PNG, GIF or WebP image`);
  if (answer.bytes.length === 0) throw cameraBroken('the image is empty');
  if (answer.bytes.length > options.maxBytes) throw cameraBroken(`the image is larger than ${options.maxBytes / 1024 / 1024} MB`);
  return { bytes: answer.bytes, contentType: allowed };
}
