import { Box, List, ListSubheader } from '@mui/material';
import { Link } from 'react-router';
import { Logo } from '../../components/ui/logo';
import { APP_SHORT_NAME, DISTRICT_NAME } from '../../lib/branding';
import { useCanOpenPage } from '../../lib/page-access';
import { useSession } from '../../lib/session';
import { useDisplayListFacilities } from '../../api/facilities/get-display-list-facilities';
import { sidebarSections } from '../pages/derive-nav';
import { FACILITY_DETAILS_PATH } from '../pages/page-access';
import { PAGES } from '../pages/page-table';
import { SidebarNavItem } from './sidebar-nav-item';

export const SIDEBAR_WIDTH = 258;

/** The sidebar's content: brand header and the navigation derived from the page table for this viewer. */
export function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const { isAuthenticated, roles, user } = useSession();
  const viewer = { isAuthenticated, roles };
  const wantsFacilities = useCanOpenPage()(FACILITY_DETAILS_PATH);
  // The server already limits this list to facilities the user is authorised for.
  const facilities = useDisplayListFacilities(user?.profile.sub, wantsFacilities);
  const sections = sidebarSections(PAGES, viewer, facilities.data ?? []);

  return (
    <Box
      sx={{
        width: SIDEBAR_WIDTH,
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'sidebar.background',
        color: 'sidebar.color',
      }}
    >
      <Box
        component={Link}
        to="/"
        sx={{
          display: 'flex',
          alignItems: 'center',
          px: 5,
          minHeight: 64,
          color: 'inherit',
          textDecoration: 'none',
          borderBottom: '1px solid',
          borderColor: 'divider',
        }}
      >
        <Logo name={APP_SHORT_NAME} subtitle={DISTRICT_NAME} size={34} sx={{ minWidth: 0 }} />
      </Box>
      <Box component="nav" aria-label="Main navigation" id="main-navigation" sx={{ flex: 1, overflowY: 'auto', py: 2 }}>
        {sections.map((section) => (
          <List
            key={section.title}
            dense
            aria-label={section.title}
            subheader={
              <ListSubheader
                disableSticky
                sx={{
                  bgcolor: 'transparent',
                  color: 'sidebar.subheader',
                  fontSize: '0.6875rem',
                  fontWeight: 700,
                  letterSpacing: '0.08em',
                  textTransform: 'uppercase',
                  lineHeight: '32px',
                  px: 6,
                }}
              >
                {section.title}
              </ListSubheader>
            }
          >
            {section.items.map((item) => (
              <SidebarNavItem key={item.href ?? item.title} item={item} onNavigate={onNavigate} />
            ))}
          </List>
        ))}
      </Box>
    </Box>
  );
}
