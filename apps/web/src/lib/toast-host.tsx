import { useEffect, useRef } from 'react';
import { SnackbarProvider, useSnackbar, type OptionsObject, type SnackbarMessage, type SnackbarProviderProps } from 'notistack';

/** A toast asked for, numbered in the order asked. */
export interface PendingToast {
  id: number;
  message: SnackbarMessage;
  options?: OptionsObject;
}

interface ToastHostProps {
  settings: Omit<SnackbarProviderProps, 'children'>;
  pending: PendingToast[];
  /** The toasts up to this id are shown. */
  onShown: (lastId: number) => void;
}

/** Hands each toast asked for to notistack, once. */
function ShowPending({ pending, onShown }: Omit<ToastHostProps, 'settings'>) {
  const { enqueueSnackbar } = useSnackbar();
  const lastShown = useRef(0);
  useEffect(() => {
    const fresh = pending.filter((toast) => toast.id > lastShown.current);
    if (fresh.length === 0) return;
    for (const toast of fresh) enqueueSnackbar(toast.message, toast.options);
    lastShown.current = fresh[fresh.length - 1].id;
    onShown(lastShown.current);
  }, [pending, enqueueSnackbar, onShown]);
  return null;
}

/** notistack's provider, beside the pages: its toasts are fixed to the window, over everything. */
export default function ToastHost({ settings, ...toasts }: ToastHostProps) {
  return (
    <SnackbarProvider {...settings}>
      <ShowPending {...toasts} />
    </SnackbarProvider>
  );
}
