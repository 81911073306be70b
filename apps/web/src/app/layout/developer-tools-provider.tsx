import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { useSession } from '../../lib/session';
import { DeveloperToolsContext } from './developer-tools-context';

// Developers only, and only once opened: the drawer's code loads then.
const DeveloperDrawer = lazy(async () => ({ default: (await import('./developer-drawer')).DeveloperDrawer }));

/** Owns the Developer Tools drawer so any page's footer or top bar can open it. */
export function DeveloperToolsProvider({ children }: { children: ReactNode }) {
  const { flags } = useSession();
  const [open, setOpen] = useState(false);
  // Once opened, the drawer stays mounted so that it can slide out again.
  const [opened, setOpened] = useState(false);
  const available = flags.isDeveloper;
  const value = useMemo(
    () => ({
      available,
      open: () => {
        setOpened(true);
        setOpen(true);
      },
    }),
    [available],
  );
  return (
    <DeveloperToolsContext.Provider value={value}>
      {children}
      {available && opened ? (
        <Suspense fallback={null}>
          <DeveloperDrawer open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </DeveloperToolsContext.Provider>
  );
}
