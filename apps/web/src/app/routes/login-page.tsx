import { useEffect, useRef, useState } from 'react';
import { Alert, Button, CircularProgress, Stack } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ROUTES } from '@portal/contracts';
import { safeReturnPath } from '../../lib/auth';
import { useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AuthStatusCard } from './auth-status-card';
import { landingPathFor } from './landing-path';

/** /login: starts the redirect to the identity provider, remembering where to come back to. */
export function LoginPage() {
  useDocumentTitle('Log in');
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const returnTo = safeReturnPath(params.get('returnTo')) ?? undefined;
  const started = useRef(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (session.status === 'loading' || started.current || session.unavailableReason) return;
    started.current = true;
    if (session.isAuthenticated) {
      // Already signed in: on to the page asked for, else to the user's landing page.
      if (returnTo) navigate(returnTo, { replace: true });
      else if (session.user) void landingPathFor(queryClient, session.user.profile.sub).then((path) => navigate(path, { replace: true }));
      else navigate(ROUTES.LANDING, { replace: true });
      return;
    }
    session.signIn(returnTo).catch((cause: unknown) => {
      started.current = false;
      setError(cause instanceof Error ? cause.message : String(cause));
    });
  }, [navigate, queryClient, returnTo, session]);

  const problem = session.unavailableReason ?? error;
  if (!problem) {
    return (
      <AuthStatusCard title="Redirecting to sign-in…">
        <CircularProgress aria-label="Redirecting to sign-in" />
      </AuthStatusCard>
    );
  }
  return (
    <AuthStatusCard title="Sign-in is unavailable">
      <Alert severity="error" sx={{ textAlign: 'left', mb: 6 }}>
        {problem}
      </Alert>
      <Stack direction="row" spacing={3} sx={{ justifyContent: 'center' }}>
        <Button variant="contained" onClick={() => window.location.reload()}>
          Try again
        </Button>
        <Button component={Link} to="/">
          Back to home
        </Button>
      </Stack>
    </AuthStatusCard>
  );
}
