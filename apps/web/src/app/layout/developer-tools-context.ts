import { createContext, useContext } from 'react';

export interface DeveloperToolsValue {
  /** True for Developers; everyone else never sees the drawer or its openers. */
  available: boolean;
  open: () => void;
}

export const DeveloperToolsContext = createContext<DeveloperToolsValue>({ available: false, open: () => undefined });

export function useDeveloperTools(): DeveloperToolsValue {
  return useContext(DeveloperToolsContext);
}
