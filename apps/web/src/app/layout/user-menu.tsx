import { lazy, Suspense, useState } from 'react';
import { Avatar, Button, IconButton } from '@mui/material';
import LoginIcon from '@mui/icons-material/Login';
import { Link, useLocation } from 'react-router';
import { Hint } from '../../components/ui/hint';
import { loginPath } from '../../lib/authorization';
import { useClientConfig } from '../../lib/client-config';
import { useSession } from '../../lib/session';
import { userMenuPages } from '../pages/derive-nav';
import { PAGES } from '../pages/page-table';

/** The account menu's entries (and the version badge) load when the account button is first pointed at, focused or opened. */
const loadAccountMenu = () => import('./account-menu');
const AccountMenu = lazy(async () => ({ default: (await loadAccountMenu()).AccountMenu }));

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return (parts.length > 1 ? parts[0][0] + parts[parts.length - 1][0] : name.slice(0, 2)).toUpperCase();
}

/** Avatar button with the account menu when signed in; a Login button otherwise. */
export function UserMenu() {
  const { isAuthenticated, user, roles } = useSession();
  const { config } = useClientConfig();
  const location = useLocation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Once opened, the menu stays mounted so that it can fade out and hand the focus back.
  const [opened, setOpened] = useState(false);
  const close = () => setAnchor(null);

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

  const profile = user.profile;
  const displayName = profile.name ?? profile.nickname ?? profile.email ?? 'Signed-in user';
  return (
    <>
      <Hint title="Account">
        {/* The name holds the initials the button shows, so a voice user can say what they see. */}
        <IconButton
          aria-label={`Account menu, ${initials(displayName)}`}
          aria-haspopup="menu"
          aria-expanded={Boolean(anchor)}
          onPointerEnter={() => void loadAccountMenu()}
          onFocus={() => void loadAccountMenu()}
          onClick={(event) => {
            setOpened(true);
            setAnchor(event.currentTarget);
          }}
          sx={{ p: 1 }}
        >
          <Avatar
            sx={{ width: 32, height: 32, fontSize: 13, bgcolor: 'primary.main', color: 'primary.contrastText' }}
            src={profile.picture}
          >
            {initials(displayName)}
          </Avatar>
        </IconButton>
      </Hint>
      {opened ? (
        <Suspense fallback={null}>
          <AccountMenu
            anchor={anchor}
            onClose={close}
            displayName={displayName}
            email={profile.email}
            pages={userMenuPages(PAGES, { isAuthenticated, roles })}
            version={config?.version ?? null}
          />
        </Suspense>
      ) : null}
    </>
  );
}
