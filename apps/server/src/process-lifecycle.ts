import type { Logger } from 'pino';

/** Thrown at a start-up checkpoint once a stop was asked for: start-up ends there, quietly. */
export class StoppedDuringStartUp extends Error {
  constructor() {
    super('stopped during start-up');
  }
}

export interface ProcessLifecycle {
  /** True once SIGINT or SIGTERM arrived. */
  readonly stopping: boolean;
  /** Adds a step of the stop path; steps run in reverse order of adding (the database last). */
  onStop: (step: () => Promise<unknown>) => void;
  /**
   * Between start-up steps: throws StoppedDuringStartUp when a stop was asked for. `next` names
   * the step that follows when it is a long one, for the line a stop meanwhile prints.
   */
  checkpoint: (next?: string) => void;
  /**
   * Runs the start-up. A stop asked for meanwhile lets the running step finish (a migration or
   * the demo seed is never cut in half), skips the rest, runs the stop path and exits 0 with
   * "stopped during start-up". A start-up that fails on its own runs the stop path and exits 1.
   */
  run: (startUp: () => Promise<void>) => void;
}

/**
 * The server process's one way to stop. The signal handlers are installed at once, before the
 * database starts, so a Ctrl-C at any moment of start-up goes through the stop path, and the
 * process exits only after every stop step (the embedded PostgreSQL's last) has finished.
 */
export function createProcessLifecycle(log: Logger): ProcessLifecycle {
  let stopping = false;
  let startingUp: Promise<void> | null = null;
  let longStep: string | undefined;
  const steps: Array<() => Promise<unknown>> = [];

  const runStopSteps = async () => {
    for (const step of steps.splice(0).reverse()) await step().catch((e: unknown) => log.error({ err: e }, 'error while stopping'));
  };

  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping');
    const wasStarting = startingUp !== null;
    if (startingUp && longStep) log.info({ step: longStep }, 'stopping once the running start-up step has finished');
    // The start-up settles at its next checkpoint; its error then is the stop itself.
    if (startingUp) await startingUp.catch(() => {});
    await runStopSteps();
    if (wasStarting) log.info('stopped during start-up');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  return {
    get stopping() {
      return stopping;
    },
    onStop: (step) => steps.push(step),
    checkpoint: (next) => {
      if (stopping) throw new StoppedDuringStartUp();
      longStep = next;
    },
    run: (startUp) => {
      startingUp = startUp().finally(() => (startingUp = null));
      startingUp.catch(async (e: unknown) => {
        // A stop asked for during start-up finishes in stop().
        if (stopping) return;
        console.error(`Start-up failed: ${e instanceof Error ? e.message : String(e)}`);
        stopping = true;
        await runStopSteps();
        process.exit(1);
      });
    },
  };
}
