import { useState, type ReactNode } from 'react';
import {
  Avatar,
  Box,
  Button,
  Chip,
  Divider,
  IconButton,
  ListItemIcon,
  ListItemText,
  ListSubheader,
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
import { ThemeMenuItems } from './theme-menu';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return (parts.length > 1 ? parts[0][0] + parts[parts.length - 1][0] : name.slice(0, 2)).toUpperCase();
}

/** Avatar button with the account menu when signed in; a Login button otherwise. */
export function UserMenu() {
  const { isAuthenticated, user, flags } = useSession();
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
  const linkItem = (to: string, label: string, extra?: ReactNode) => (
    <MenuItem component={Link} to={to} onClick={close}>
      <ListItemText>{label}</ListItemText>
      {extra}
    </MenuItem>
  );

  return (
    <>
      <Tooltip title="Account">
        <IconButton
          aria-label="Account menu"
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
        <MenuItem component={Link} to={ROUTES.ACCOUNT_PROFILE} onClick={close} data-testid="user-menu-profile">
          <Box sx={{ minWidth: 200 }}>
            <Typography sx={{ fontWeight: 600 }}>{displayName}</Typography>
            {profile.email ? (
              <Typography variant="body2" color="text.secondary">
                {profile.email}
              </Typography>
            ) : null}
          </Box>
        </MenuItem>
        <Divider />
        {linkItem('/about', 'About')}
        {flags.isDeveloper ? linkItem('/documentation', 'Documentation') : null}
        {linkItem(
          '/changelog',
          'Changelog',
          config ? <Chip size="small" color="primary" label={`v${config.version}`} sx={{ ml: 3 }} data-testid="version-badge" /> : null,
        )}
        {linkItem('/account', 'Your Account')}
        {linkItem('/documentation/support', 'Support')}
        <Divider />
        <ListSubheader sx={{ lineHeight: '28px', bgcolor: 'transparent' }}>Theme</ListSubheader>
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
