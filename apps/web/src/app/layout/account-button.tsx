import { lazy, Suspense } from 'react';
import { Avatar, IconButton } from '@mui/material';
import type { SessionUser } from '../../lib/stored-user';
import { Hint } from '../../components/ui/hint';
import { useDeferredMenu } from '../../components/ui/use-deferred-menu';
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

/** The signed-in user's avatar button and its account menu. */
export function AccountButton({ user }: { user: SessionUser }) {
  const { isAuthenticated, roles } = useSession();
  const { config } = useClientConfig();
  const menu = useDeferredMenu(loadAccountMenu);

  const profile = user.profile;
  const displayName = profile.name ?? profile.nickname ?? profile.email ?? 'Signed-in user';
  return (
    <>
      <Hint title="Account">
        {/* The name holds the initials the button shows, so a voice user can say what they see. */}
        <IconButton aria-label={`Account menu, ${initials(displayName)}`} {...menu.buttonProps} sx={{ p: 1 }}>
          <Avatar
            sx={{ width: 32, height: 32, fontSize: 13, bgcolor: 'primary.main', color: 'primary.contrastText' }}
            src={profile.picture}
          >
            {initials(displayName)}
          </Avatar>
        </IconButton>
      </Hint>
      {menu.opened ? (
        <Suspense fallback={null}>
          <AccountMenu
            anchor={menu.anchor}
            onClose={menu.close}
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
