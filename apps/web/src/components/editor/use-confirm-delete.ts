import { useState } from 'react';
import { useSnackbar } from '../../lib/toasts';
import { useMutation } from '@tanstack/react-query';

interface Options<R> {
  /** Deletes the record (the server's refusal is shown as its message). */
  remove: (record: R) => Promise<unknown>;
  deletedMessage: string;
  failedMessage: string;
  onDeleted?: (record: R) => void;
}

/**
 * The record waiting for a delete confirmation, and the delete itself: `ask(record)` opens the
 * dialog, `dialog` spreads into ConfirmDeleteDialog.
 */
export function useConfirmDelete<R>({ remove, deletedMessage, failedMessage, onDeleted }: Options<R>) {
  const { enqueueSnackbar } = useSnackbar();
  const [pending, setPending] = useState<R | null>(null);
  const mutation = useMutation({ mutationFn: remove });
  const confirm = () => {
    if (pending === null) return;
    const record = pending;
    mutation.mutate(record, {
      onSuccess: () => {
        enqueueSnackbar(deletedMessage, { variant: 'success' });
        onDeleted?.(record);
      },
      onError: (error) => enqueueSnackbar(error.message || failedMessage, { variant: 'error' }),
      onSettled: () => setPending(null),
    });
  };
  return {
    pending,
    ask: (record: R) => setPending(record),
    dialog: { open: pending !== null, pending: mutation.isPending, onConfirm: confirm, onCancel: () => setPending(null) },
  };
}
