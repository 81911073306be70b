import { useMemo, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ROUTES, type ClientConfig } from '@portal/contracts';
import { ClientConfigContext } from '../lib/client-config';
import { PageAccessProvider, type PageAccessLookup } from '../lib/page-access';
import { setAccessTokenProvider } from '../lib/api-client';
import { OidcSession } from '../lib/oidc-session';
import { OidcSessionProvider, UnavailableSessionProvider } from '../lib/session-provider';
import { ThemeModeProvider } from '../lib/theme/theme-mode';
import { ToastProvider } from '../lib/toasts';
import { useClientConfigQuery } from '../features/auth/api/get-client-config';
import { DeveloperToolsProvider } from './layout/developer-tools-provider';
import { accessOfPath } from './pages/page-access';
import { PAGES } from './pages/page-table';

const TOAST_SETTINGS = {
  maxSnack: 3,
  // Toasts auto-hide after 6000 ms unless a caller asks them to persist.
  autoHideDuration: 6000,
  // Top centre, over the top bar's empty middle: an editor's Close, Reset and Save buttons (and a
  // table's row actions and pager) sit at the bottom right, where a toast would cover them.
  anchorOrigin: { vertical: 'top', horizontal: 'center' },
  // Long server messages (what still holds a record) wrap instead of running off screen.
  style: { maxWidth: 'min(560px, calc(100vw - 40px))' },
} as const;

/** Who may open a page, from the page table, for code outside app/ (useCanOpenPage). */
const pageAccessOf: PageAccessLookup = (path) => accessOfPath(PAGES, path);

let pageViewSession: OidcSession | null = null;

/**
 * The session of this page view. The config never changes during a page view, but it is fetched
 * again when the query cache is cleared (as on sign-out): the session in progress carries on.
 */
function oidcSessionOf(config: ClientConfig): OidcSession {
  if (pageViewSession?.isFor(config)) return pageViewSession;
  // Only the callback route may consume ?code=&state=; other pages can carry such params.
  pageViewSession = new OidcSession(config, () => window.sessionStorage, window.location.pathname === ROUTES.AUTH_CALLBACK);
  // The API client sends the stored token while valid, else renews it; failing that, no header.
  setAccessTokenProvider(pageViewSession.accessToken);
  return pageViewSession;
}

/**
 * Restores the session for the OIDC client the config names. The config is in the query cache
 * from the start when the page's HTML carries it (the server's always does), so the first render
 * is the OIDC provider's. Otherwise it is asked of GET /api/config: until it arrives the pages
 * render signed out, and swapping to the OIDC provider then remounts them once, which is harmless
 * because the router keeps the location. When the config cannot be read the portal still renders,
 * signed out, so public pages keep working and /login can explain why sign-in is unavailable.
 */
function SessionGate({ children }: { children: ReactNode }) {
  const configQuery = useClientConfigQuery();
  const config = configQuery.data ?? null;
  const oidc = useMemo(() => (config ? oidcSessionOf(config) : null), [config]);
  const configState = useMemo(() => ({ config, error: configQuery.error }), [config, configQuery.error]);

  // Public pages render at once; until the config arrives the session reads as 'loading',
  // which only the guarded pages and the auth pages wait for.
  const reason = configQuery.isPending ? null : `Could not load the portal configuration: ${configQuery.error?.message ?? 'no answer'}`;
  return (
    <ClientConfigContext.Provider value={configState}>
      {config && oidc ? (
        <OidcSessionProvider config={config} oidc={oidc}>
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
      <ToastProvider settings={TOAST_SETTINGS}>
        <QueryClientProvider client={queryClient}>
          <SessionGate>
            <PageAccessProvider value={pageAccessOf}>{children}</PageAccessProvider>
          </SessionGate>
        </QueryClientProvider>
      </ToastProvider>
    </ThemeModeProvider>
  );
}
