import { useEffect, useRef, useState } from 'react';
import { Alert, Button, CircularProgress, Stack } from '@mui/material';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ROUTES } from '@portal/contracts';
import { safeReturnPath } from '../../lib/auth';
import { useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AuthStatusCard } from './auth-status-card';

/** /login: starts the redirect to the identity provider, remembering where to come back to. */
export function LoginPage() {
  useDocumentTitle('Log in');
  const session = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnTo = safeReturnPath(params.get('returnTo')) ?? undefined;
  const started = useRef(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (session.status === 'loading' || started.current || session.unavailableReason) return;
    started.current = true;
    if (session.isAuthenticated) {
      navigate(returnTo ?? ROUTES.PUBLIC_MAP, { replace: true });
      return;
    }
    session.signIn(returnTo).catch((cause: unknown) => {
      started.current = false;
      setError(cause instanceof Error ? cause.message : String(cause));
    });
  }, [navigate, returnTo, session]);

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
