import { useEffect, useRef } from 'react';
import { CircularProgress } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AuthStatusCard } from './auth-status-card';

/** /auth/logout: drops the local session and ends the provider session; falls back to '/'. */
export function LogoutPage() {
  useDocumentTitle('Signing out');
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const started = useRef(false);

  useEffect(() => {
    if (session.status === 'loading' || started.current) return;
    started.current = true;
    // Cached answers belong to the user who is leaving.
    queryClient.clear();
    session
      .signOut()
      .then((redirecting) => {
        if (!redirecting) navigate('/', { replace: true });
      })
      .catch((error: unknown) => {
        console.error('Sign-out at the identity provider failed; the local session is cleared.', error);
        navigate('/', { replace: true });
      });
  }, [navigate, queryClient, session]);

  return (
    <AuthStatusCard title="Signing you out…">
      <CircularProgress aria-label="Signing you out" />
    </AuthStatusCard>
  );
}
