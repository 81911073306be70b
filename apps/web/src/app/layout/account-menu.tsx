import { Box, Chip, Divider, ListItemIcon, ListItemText, Menu, MenuItem, Typography } from '@mui/material';
import LogoutIcon from '@mui/icons-material/Logout';
import { Link } from 'react-router';
import { ROUTES } from '@portal/contracts';
import type { PageDef } from '../pages/page-access';
import { ThemeMenuItems } from './theme-menu-items';

interface AccountMenuProps {
  anchor: HTMLElement | null;
  onClose: () => void;
  displayName: string;
  email: string | undefined;
  /** The user's menu rows of the page table. */
  pages: readonly PageDef[];
  /** The portal's version, shown beside the changelog; null until the config is read. */
  version: string | null;
}

/** The signed-in user's menu: their pages from the page table, the themes, and Log out. */
export function AccountMenu({ anchor, onClose: close, displayName, email, pages, version }: AccountMenuProps) {
  return (
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
              {email ? (
                <Typography variant="body2" color="text.secondary">
                  {email}
                </Typography>
              ) : null}
            </Box>
          </MenuItem>
        ) : (
          <MenuItem key={page.path} component={Link} to={page.path} onClick={close}>
            <ListItemText>{page.title}</ListItemText>
            {/* Changelog with a version badge. */}
            {page.path === ROUTES.CHANGELOG && version ? (
              <Chip size="small" color="primary" label={`v${version}`} sx={{ ml: 3 }} data-testid="version-badge" />
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
  );
}
