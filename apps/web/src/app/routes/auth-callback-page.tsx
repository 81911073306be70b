import { useEffect, useRef } from 'react';
import { Alert, Button, CircularProgress, Stack } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { ROUTES } from '@portal/contracts';
import { safeReturnPath, type SignInState } from '../../lib/auth';
import { useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AuthStatusCard } from './auth-status-card';
import { landingPathFor } from './landing-path';

/**
 * /auth/callback: the session provider has exchanged the code; this page sends the user on,
 * once: to the page a guard sent them from, else to their assigned landing page,
 * else to '/' when that lookup fails.
 */
export function AuthCallbackPage() {
  useDocumentTitle('Signing in');
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const done = useRef(false);

  useEffect(() => {
    if (session.status === 'loading' || done.current) return;
    if (!session.isAuthenticated || !session.user) {
      // Nothing to complete (opened directly, or the exchange failed and the error is shown).
      if (!session.error) navigate('/', { replace: true });
      return;
    }
    done.current = true;
    const returnTo = safeReturnPath((session.user.state as SignInState | undefined)?.returnTo);
    if (returnTo) {
      navigate(returnTo, { replace: true });
      return;
    }
    void landingPathFor(queryClient, session.user.profile.sub).then((path) => navigate(path, { replace: true }));
  }, [navigate, queryClient, session]);

  if (session.error && !session.isAuthenticated) {
    return (
      <AuthStatusCard title="Sign-in did not complete">
        <Alert severity="error" sx={{ textAlign: 'left', mb: 6 }}>
          {session.error.message}
        </Alert>
        <Stack direction="row" spacing={3} sx={{ justifyContent: 'center' }}>
          <Button variant="contained" component={Link} to={ROUTES.LOGIN}>
            Try again
          </Button>
          <Button component={Link} to="/">
            Back to home
          </Button>
        </Stack>
      </AuthStatusCard>
    );
  }
  return (
    <AuthStatusCard title="Signing you in…">
      <CircularProgress aria-label="Signing you in" />
    </AuthStatusCard>
  );
}
