import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { decideAccess, ROUTES, type Access } from '@portal/contracts';
import { useSession } from './session';
import { LoadingScreen } from '../components/ui/loading-screen';

// Shown only to a signed-in user who lacks a page's role: it loads then.
const Unauthorized = lazy(async () => ({ default: (await import('../components/ui/unauthorized')).Unauthorized }));

/** The sign-in page URL that brings the user back to `returnTo` afterwards. */
export function loginPath(returnTo?: string): string {
  return returnTo ? `${ROUTES.LOGIN}?returnTo=${encodeURIComponent(returnTo)}` : ROUTES.LOGIN;
}

/**
 * Display guard of a page, deciding as the API does (decideAccess): signed-out users go to sign-in
 * and come back here afterwards; signed-in users without one of the roles see the Unauthorized
 * screen. The server enforces access on every API call; this only avoids showing empty pages.
 */
export function RequireAccess({ access, children }: { access: Access; children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session.status === 'loading') return <LoadingScreen label="Checking your session…" />;
  const decision = decideAccess(access, session);
  if (decision === 'sign-in') return <Navigate to={loginPath(`${location.pathname}${location.search}${location.hash}`)} replace />;
  if (decision === 'forbidden')
    return (
      <Suspense fallback={<LoadingScreen />}>
        <Unauthorized />
      </Suspense>
    );
  return children;
}
