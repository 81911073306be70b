/** A function the CPU worker thread may run: pure, with arguments and a result a structured clone carries. */
export type CpuFunction = (...args: never[]) => unknown;

/**
 * One kind of CPU work, named by the module that exports its function and the export's name. The
 * worker thread imports that module itself, so the pool needs no list of the modules whose work it
 * runs and never imports them. `F` types the arguments and the result where the task is run.
 */
export interface CpuTask<F extends CpuFunction> {
  readonly moduleUrl: string;
  readonly exportName: string;
  /** Never set: carries the function's type for the type checker. */
  readonly signature?: F;
}

/**
 * Declares a task in the module that exports its function, e.g.
 * `cpuTask(import.meta.url, { glyphFields })`: the object's one key is the export's name.
 */
export function cpuTask<F extends CpuFunction>(moduleUrl: string, exported: Record<string, F>): CpuTask<F> {
  const names = Object.keys(exported);
  if (names.length !== 1) throw new Error('cpuTask takes an object with exactly one exported function, e.g. { glyphFields }');
  return { moduleUrl, exportName: names[0] };
}
