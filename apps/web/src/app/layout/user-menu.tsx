import { lazy, Suspense } from 'react';
import { Box, Button } from '@mui/material';
import LoginIcon from '@mui/icons-material/Login';
import { Link, useLocation } from 'react-router';
import { loginPath } from '../../lib/authorization';
import { useSession } from '../../lib/session';

// The account button (avatar, account menu) shows only when signed in: a visitor's first load does not carry it.
const AccountButton = lazy(async () => ({ default: (await import('./account-button')).AccountButton }));

/** Avatar button with the account menu when signed in; a Login button otherwise. */
export function UserMenu() {
  const { isAuthenticated, user } = useSession();
  const location = useLocation();

  if (!isAuthenticated || !user) {
    return (
      <Button
        variant="contained"
        color="primary"
        startIcon={<LoginIcon />}
        component={Link}
        to={loginPath(`${location.pathname}${location.search}`)}
      >
        Login
      </Button>
    );
  }
  return (
    // The button's room (a 32 px avatar in 8 px of padding) while it loads, so the top bar does not shift.
    <Suspense fallback={<Box sx={{ width: 48, height: 48 }} />}>
      <AccountButton user={user} />
    </Suspense>
  );
}
