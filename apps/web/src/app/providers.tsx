import { useMemo, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { createUserManager } from '../lib/auth';
import { ClientConfigContext } from '../lib/client-config';
import { PageAccessProvider, type PageAccessLookup } from '../lib/page-access';
import { connectApiClient, OidcSessionProvider, UnavailableSessionProvider } from '../lib/session-provider';
import { ThemeModeProvider } from '../lib/theme/theme-mode';
import { useClientConfigQuery } from '../features/auth/api/get-client-config';
import { DeveloperToolsProvider } from './layout/developer-tools-provider';
import { accessOfPath } from './pages/page-access';
import { PAGES } from './pages/page-table';

/** Toasts auto-hide after 6000 ms unless a caller asks them to persist. */
const TOAST_DURATION_MS = 6000;

/** Who may open a page, from the page table, for code outside app/ (useCanOpenPage). */
const pageAccessOf: PageAccessLookup = (path) => accessOfPath(PAGES, path);

/**
 * Loads GET /api/config, then creates the OIDC client from it. When the config cannot be
 * read the portal still renders, signed out, so public pages keep working and /login can
 * explain why sign-in is unavailable. Swapping to the OIDC provider remounts the pages once,
 * at start-up, which is harmless because the router keeps the location.
 */
function SessionGate({ children }: { children: ReactNode }) {
  const configQuery = useClientConfigQuery();
  const config = configQuery.data ?? null;
  // Config never changes during a page view, so the manager is created once.
  const userManager = useMemo(() => {
    if (!config) return null;
    const manager = createUserManager(config);
    connectApiClient(manager);
    return manager;
  }, [config]);
  const configState = useMemo(() => ({ config, error: configQuery.error }), [config, configQuery.error]);

  // Public pages render at once; until the config arrives the session reads as 'loading',
  // which only the guarded pages and the auth pages wait for.
  const reason = configQuery.isPending ? null : `Could not load the portal configuration: ${configQuery.error?.message ?? 'no answer'}`;
  return (
    <ClientConfigContext.Provider value={configState}>
      {config && userManager ? (
        <OidcSessionProvider config={config} userManager={userManager}>
          <DeveloperToolsProvider>{children}</DeveloperToolsProvider>
        </OidcSessionProvider>
      ) : (
        <UnavailableSessionProvider reason={reason}>
          <DeveloperToolsProvider>{children}</DeveloperToolsProvider>
        </UnavailableSessionProvider>
      )}
    </ClientConfigContext.Provider>
  );
}

/** Everything the pages rely on: theme, toasts, query cache, config, session, developer tools. */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    <ThemeModeProvider>
      <SnackbarProvider
        maxSnack={3}
        autoHideDuration={TOAST_DURATION_MS}
        // Top centre, over the top bar's empty middle: an editor's Close, Reset and Save buttons (and a
        // table's row actions and pager) sit at the bottom right, where a toast would cover them.
        anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
        // Long server messages (what still holds a record) wrap instead of running off screen.
        style={{ maxWidth: 'min(560px, calc(100vw - 40px))' }}
      >
        <QueryClientProvider client={queryClient}>
          <SessionGate>
            <PageAccessProvider value={pageAccessOf}>{children}</PageAccessProvider>
          </SessionGate>
        </QueryClientProvider>
      </SnackbarProvider>
    </ThemeModeProvider>
  );
}
