import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { SILENT_CALLBACK_PATH } from './lib/auth';
import { AppProviders } from './app/providers';
import { AppRoutes } from './app/router';
import { prefetchRouteData } from './app/route-prefetch';
import { PAGES } from './app/pages/page-table';
import { preloadPageAt } from './app/pages/preload-page';
import { createQueryClient } from './lib/query-client';

if (window.location.pathname === SILENT_CALLBACK_PATH) {
  // Inside the hidden silent-renew iframe: hand the response URL to the parent window and stop.
  // The parent's UserManager validates state and exchanges the code, so the placeholder
  // settings here are never used to talk to the provider.
  void import('oidc-client-ts')
    .then(({ UserManager }) =>
      new UserManager({
        authority: window.location.origin,
        client_id: 'silent-callback',
        redirect_uri: window.location.href,
      }).signinSilentCallback(),
    )
    .catch((error: unknown) => console.error('Silent sign-in callback failed', error));
} else {
  const queryClient = createQueryClient();
  prefetchRouteData(queryClient, window.location.pathname);
  // The page arrived on renders with the shell, not through its loading screen (preload-page.ts).
  void preloadPageAt(PAGES, window.location.pathname).then(() =>
    createRoot(document.getElementById('root') as HTMLElement).render(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </AppProviders>
      </StrictMode>,
    ),
  );
}
