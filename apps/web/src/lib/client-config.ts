import { createContext, useContext } from 'react';
import type { ClientConfig } from '@portal/contracts';

export interface ClientConfigState {
  /** Null while loading or when the configuration could not be read. */
  config: ClientConfig | null;
  error: Error | null;
}

export const ClientConfigContext = createContext<ClientConfigState>({ config: null, error: null });

/** The public configuration, from the page's HTML or GET /api/config (OIDC settings, version, environment). */
export function useClientConfig(): ClientConfigState {
  return useContext(ClientConfigContext);
}
