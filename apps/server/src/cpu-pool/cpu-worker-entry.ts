import { parentPort } from 'node:worker_threads';
import { HttpError } from '../http/errors';
import { cpuTasks, type CpuTaskName } from './cpu-tasks';

interface TaskMessage {
  id: number;
  task: CpuTaskName;
  args: unknown[];
}

// Answers each task with its result, or with an error the main thread rebuilds (an HttpError
// keeps its status, so a broken mask is still a 502 with its message).
parentPort!.on('message', ({ id, task, args }: TaskMessage) => {
  try {
    const run = cpuTasks[task] as (...a: unknown[]) => unknown;
    const result = run(...args);
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
