import { useState } from 'react';
import {
  Avatar,
  Box,
  Button,
  Chip,
  Divider,
  IconButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Tooltip,
  Typography,
} from '@mui/material';
import LoginIcon from '@mui/icons-material/Login';
import LogoutIcon from '@mui/icons-material/Logout';
import { Link, useLocation } from 'react-router';
import { ROUTES } from '@portal/contracts';
import { loginPath } from '../../lib/authorization';
import { useClientConfig } from '../../lib/client-config';
import { useSession } from '../../lib/session';
import { userMenuPages } from '../pages/derive-nav';
import { PAGES } from '../pages/page-table';
import { ThemeMenuItems } from './theme-menu';

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
  const pages = userMenuPages(PAGES, { isAuthenticated, roles });
  return (
    <>
      <Tooltip title="Account">
        {/* The name holds the initials the button shows, so a voice user can say what they see. */}
        <IconButton
          aria-label={`Account menu, ${initials(displayName)}`}
          aria-haspopup="menu"
          aria-expanded={Boolean(anchor)}
          onClick={(event) => setAnchor(event.currentTarget)}
          sx={{ p: 1 }}
        >
          <Avatar
            sx={{ width: 32, height: 32, fontSize: 13, bgcolor: 'primary.main', color: 'primary.contrastText' }}
            src={profile.picture}
          >
            {initials(displayName)}
          </Avatar>
        </IconButton>
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {/* Entries come from the page table (userMenu rows): the profile page is the header with the user's name. */}
        {pages.map((page) =>
          page.path === ROUTES.ACCOUNT_PROFILE ? (
            <MenuItem key={page.path} component={Link} to={page.path} onClick={close} data-testid="user-menu-profile">
              <Box sx={{ minWidth: 200 }}>
                <Typography sx={{ fontWeight: 600 }}>{displayName}</Typography>
                {profile.email ? (
                  <Typography variant="body2" color="text.secondary">
                    {profile.email}
                  </Typography>
                ) : null}
              </Box>
            </MenuItem>
          ) : (
            <MenuItem key={page.path} component={Link} to={page.path} onClick={close}>
              <ListItemText>{page.title}</ListItemText>
              {/* Changelog with a version badge. */}
              {page.path === ROUTES.CHANGELOG && config ? (
                <Chip size="small" color="primary" label={`v${config.version}`} sx={{ ml: 3 }} data-testid="version-badge" />
              ) : null}
            </MenuItem>
          ),
        )}
        <Divider />
        {/* No subheader: a menu holds only menu items and separators, and each item names its theme. */}
        <ThemeMenuItems onChosen={close} />
        <Divider />
        <MenuItem component={Link} to={ROUTES.LOGOUT} onClick={close}>
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Log out</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
