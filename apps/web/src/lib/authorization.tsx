import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { hasAnyRole, ROUTES, type RoleName } from '@portal/contracts';
import { useSession } from './session';
import { LoadingScreen } from '../components/ui/loading-screen';
import { Unauthorized } from '../components/ui/unauthorized';

/** The sign-in page URL that brings the user back to `returnTo` afterwards. */
export function loginPath(returnTo?: string): string {
  return returnTo ? `${ROUTES.LOGIN}?returnTo=${encodeURIComponent(returnTo)}` : ROUTES.LOGIN;
}

/**
 * Display guard: signed-out users go to sign-in and come back here afterwards.
 * The server enforces access on every API call; this only avoids showing empty pages.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session.status === 'loading') return <LoadingScreen label="Checking your session…" />;
  if (!session.isAuthenticated) {
    return <Navigate to={loginPath(`${location.pathname}${location.search}${location.hash}`)} replace />;
  }
  return children;
}

/** Display guard: signed-in users without one of `roles` see the Unauthorized screen. */
export function RequireRoles({ roles, children }: { roles: readonly RoleName[]; children: ReactNode }) {
  const session = useSession();
  if (session.status === 'loading') return <LoadingScreen label="Checking your session…" />;
  if (!hasAnyRole(session.roles, roles)) return <Unauthorized />;
  return children;
}
