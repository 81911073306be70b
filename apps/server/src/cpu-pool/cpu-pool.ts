import { Worker } from 'node:worker_threads';
import { HttpError } from '../http/errors';
import type { CpuFunction, CpuTask } from './cpu-task';

const taskKey = (task: CpuTask<CpuFunction>): string => `${task.moduleUrl}#${task.exportName}`;

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

/**
 * One worker thread for CPU-heavy tasks (declared with cpuTask next to their functions), started on first use and restarted if
 * it dies. One thread is enough on the 2-core machines districts run: the other core keeps the
 * event loop answering. The thread is unref'd so it never keeps a process alive.
 */
export class CpuPool {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private readonly started = new Map<string, number>();

  run<F extends CpuFunction>(task: CpuTask<F>, args: Parameters<F>, transfer: ArrayBuffer[] = []): Promise<ReturnType<F>> {
    const worker = this.worker ?? this.start();
    const id = this.nextId++;
    const key = taskKey(task);
    this.started.set(key, (this.started.get(key) ?? 0) + 1);
    return new Promise<ReturnType<F>>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      worker.postMessage({ id, moduleUrl: task.moduleUrl, exportName: task.exportName, args }, transfer);
    });
  }

  /** Tasks handed to the thread and not answered yet. */
  get pendingTasks(): number {
    return this.pending.size;
  }

  /** How many tasks of a kind this pool was handed (tests show that work ran here, not on the event loop). */
  tasksStarted(task: CpuTask<CpuFunction>): number {
    return this.started.get(taskKey(task)) ?? 0;
  }

  /** Stops the thread (tests; a later run starts a new one). */
  async stop(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await worker.terminate();
  }

  private start(): Worker {
    const worker = new Worker(new URL('./cpu-worker-boot.mjs', import.meta.url), {
      workerData: { entry: new URL('./cpu-worker-entry.ts', import.meta.url).href },
    });
    worker.unref();
    worker.on('message', (m: { id: number; result?: unknown; error?: { statusCode?: number; message: string } }) => {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      if (!m.error) p.resolve(m.result);
      else p.reject(m.error.statusCode ? new HttpError(m.error.statusCode, m.error.message) : new Error(m.error.message));
    });
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = undefined;
      for (const p of this.pending.values()) p.reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (code !== 0) fail(new Error(`The CPU worker thread stopped (exit code ${code})`));
      else if (this.worker === worker) this.worker = undefined;
    });
    this.worker = worker;
    return worker;
  }
}

/** The process's pool. */
export const cpuPool = new CpuPool();

/** A Uint8Array from the worker as a Buffer (no copy). */
export const asBuffer = (bytes: Uint8Array): Buffer => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
