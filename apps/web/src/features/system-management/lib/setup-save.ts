import { SETUP_MESSAGES } from '@portal/contracts';

/** A create answers only the new id; an update answers the saved record. */
type Saved<R> = { updated: R } | { created: number };

interface Options<R, B, V> {
  /** The record being edited; null for a new one. */
  record: R | null;
  create: (body: B) => Promise<number>;
  update: (record: R, body: B) => Promise<R>;
  /** The form values of a saved record. */
  valuesFrom: (record: R) => V;
  /** A new record was created: the page opens it. */
  onCreated: (id: number) => void;
}

/**
 * The save half of a setup editor's options for useEntityEditor: create or update, the form
 * values after an update, and the setup messages.
 */
export function setupSave<R, B, V>({ record, create, update, valuesFrom, onCreated }: Options<R, B, V>) {
  return {
    isNew: record === null,
    save: async (body: B): Promise<Saved<R>> =>
      record === null ? { created: await create(body) } : { updated: await update(record, body) },
    valuesFromSaved: (saved: Saved<R>) => ('updated' in saved ? valuesFrom(saved.updated) : undefined),
    onSaved: (saved: Saved<R>) => {
      if ('created' in saved) onCreated(saved.created);
    },
    savedMessage: record === null ? SETUP_MESSAGES.created : SETUP_MESSAGES.updated,
    failedMessage: SETUP_MESSAGES.failed,
  };
}
