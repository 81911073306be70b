import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import type { OptionsObject, SnackbarMessage, SnackbarProviderProps } from 'notistack';
import { prefetchWhenIdle } from './prefetch';
import type { PendingToast } from './toast-host';

type ToastSettings = Omit<SnackbarProviderProps, 'children'>;

const loadToastHost = () => import('./toast-host');
// notistack shows the toasts; no page needs it before its first toast, so it is its own chunk.
const ToastHost = lazy(loadToastHost);

const EnqueueContext = createContext<((message: SnackbarMessage, options?: OptionsObject) => void) | null>(null);

/**
 * Toasts for the pages inside (notistack's, with `settings`): the toast host loads with the first
 * toast, or ahead of it once the page is idle; toasts asked for meanwhile wait for it in order.
 */
export function ToastProvider({ settings, children }: { settings: ToastSettings; children: ReactNode }) {
  const [pending, setPending] = useState<PendingToast[]>([]);
  const [asked, setAsked] = useState(false);
  const lastId = useRef(0);
  const enqueue = useCallback((message: SnackbarMessage, options?: OptionsObject) => {
    lastId.current += 1;
    const toast = { id: lastId.current, message, options };
    setAsked(true);
    setPending((list) => [...list, toast]);
  }, []);
  const shown = useCallback((lastId: number) => setPending((list) => list.filter((toast) => toast.id > lastId)), []);
  useEffect(() => prefetchWhenIdle(loadToastHost), []);
  return (
    <EnqueueContext.Provider value={enqueue}>
      {children}
      {asked ? (
        <Suspense fallback={null}>
          <ToastHost settings={settings} pending={pending} onShown={shown} />
        </Suspense>
      ) : null}
    </EnqueueContext.Provider>
  );
}

/** `enqueueSnackbar(message, { variant })` shows a toast, as notistack's hook of that name does. */
export function useSnackbar(): { enqueueSnackbar: (message: SnackbarMessage, options?: OptionsObject) => void } {
  const enqueueSnackbar = useContext(EnqueueContext);
  if (!enqueueSnackbar) throw new Error('useSnackbar must be used inside a ToastProvider');
  return { enqueueSnackbar };
}
