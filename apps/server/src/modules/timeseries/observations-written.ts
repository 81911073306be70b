import type { Db } from '../../db/client';

/**
 * What one ingest wrote, reported to the subscribers inside the ingest's transaction: what a
 * subscriber writes (a queued job, say) commits or rolls back with the observations. The write
 * path knows no subscriber; the job wiring (apps/server/src/jobs/) subscribes them.
 */
export interface ObservationsWritten {
  /** The ingest's transaction. */
  db: Db;
  inserted: number;
  updated: number;
  /** The series the ingest touched (written or unchanged), each once, with the first and last instant it brought. */
  series: readonly { locationNdx: number; parameterNdx: number; first: Date; last: Date }[];
}

export type ObservationsWrittenListener = (event: ObservationsWritten) => Promise<void>;

const listeners = new Set<ObservationsWrittenListener>();

/** Calls `listener` after every ingest that inserted or updated a row; returns the unsubscribe. */
export function onObservationsWritten(listener: ObservationsWrittenListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Reports a write to every subscriber in turn; a subscriber's failure fails the ingest's transaction. */
export async function reportObservationsWritten(event: ObservationsWritten): Promise<void> {
  if (event.inserted + event.updated === 0) return;
  for (const listener of listeners) await listener(event);
}

/**
 * Old values deleted from one series (retention), reported inside the deleting transaction with
 * the first and last instant deleted: what depends on a series' daily means (its statistics) must
 * follow a deletion as it follows a write.
 */
export interface ObservationsDeleted {
  db: Db;
  deleted: number;
  series: { locationNdx: number; parameterNdx: number; first: Date; last: Date };
}

export type ObservationsDeletedListener = (event: ObservationsDeleted) => Promise<void>;

const deletionListeners = new Set<ObservationsDeletedListener>();

/** Calls `listener` after every deletion that removed a row; returns the unsubscribe. */
export function onObservationsDeleted(listener: ObservationsDeletedListener): () => void {
  deletionListeners.add(listener);
  return () => {
    deletionListeners.delete(listener);
  };
}

/** Reports a deletion to every subscriber in turn; a subscriber's failure fails the deletion's transaction. */
export async function reportObservationsDeleted(event: ObservationsDeleted): Promise<void> {
  if (event.deleted === 0) return;
  for (const listener of deletionListeners) await listener(event);
}
