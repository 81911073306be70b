import { parentPort } from 'node:worker_threads';
import { HttpError } from '../http/errors';

interface TaskMessage {
  id: number;
  moduleUrl: string;
  exportName: string;
  args: unknown[];
}

const modules = new Map<string, Promise<Record<string, unknown>>>();

/** The task's function, from its module (imported once per thread). */
async function taskFunction(moduleUrl: string, exportName: string): Promise<(...a: unknown[]) => unknown> {
  let loading = modules.get(moduleUrl);
  if (!loading) {
    loading = import(moduleUrl) as Promise<Record<string, unknown>>;
    modules.set(moduleUrl, loading);
  }
  const run = (await loading)[exportName];
  if (typeof run !== 'function') throw new Error(`${moduleUrl} exports no function ${exportName}`);
  return run as (...a: unknown[]) => unknown;
}

// Answers each task with its result, or with an error the main thread rebuilds (an HttpError
// keeps its status, so a broken mask is still a 502 with its message).
parentPort!.on('message', async ({ id, moduleUrl, exportName, args }: TaskMessage) => {
  try {
    const result = (await taskFunction(moduleUrl, exportName))(...args);
    // Hand the bytes over without a copy, unless they share a pooled buffer with other Buffers.
    const owned = result instanceof Uint8Array && result.byteOffset === 0 && result.byteLength === result.buffer.byteLength;
    const transfer = owned ? [result.buffer as ArrayBuffer] : [];
    parentPort!.postMessage({ id, result }, transfer);
  } catch (e) {
    const error =
      e instanceof HttpError ? { statusCode: e.statusCode, message: e.message } : { message: e instanceof Error ? e.message : String(e) };
    parentPort!.postMessage({ id, error });
  }
});
