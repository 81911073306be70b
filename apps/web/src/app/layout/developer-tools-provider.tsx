import { useMemo, useState, type ReactNode } from 'react';
import { useSession } from '../../lib/session';
import { DeveloperDrawer } from './developer-drawer';
import { DeveloperToolsContext } from './developer-tools-context';

/** Owns the Developer Tools drawer so any page's footer or top bar can open it. */
export function DeveloperToolsProvider({ children }: { children: ReactNode }) {
  const { flags } = useSession();
  const [open, setOpen] = useState(false);
  const available = flags.isDeveloper;
  const value = useMemo(() => ({ available, open: () => setOpen(true) }), [available]);
  return (
    <DeveloperToolsContext.Provider value={value}>
      {children}
      {available ? <DeveloperDrawer open={open} onClose={() => setOpen(false)} /> : null}
    </DeveloperToolsContext.Provider>
  );
}
