import { lazy, Suspense, useState } from 'react';
import { Box, Typography, useMediaQuery, type Theme } from '@mui/material';
import { Outlet, useLocation } from 'react-router';
import type { PageDef } from '../pages/page-access';
import { pageHandleAt } from '../pages/derive-routes';
import { visuallyHiddenSx } from '../../components/ui/visually-hidden';
import { readLocal, STORAGE_KEYS, writeLocal } from '../../lib/storage';
import { Footer } from './footer';
import { Sidebar, SIDEBAR_WIDTH } from './sidebar';
import { TopBar } from './top-bar';

// The drawer (and its modal and slide) loads when the navigation is first opened on a narrow window.
const NavigationDrawer = lazy(async () => ({ default: (await import('./navigation-drawer')).NavigationDrawer }));

/**
 * Shell of every app page except the landing page. From md up the sidebar sits beside the
 * content and its collapsed state is remembered; below md it is a temporary drawer.
 */
export function AppLayout({ pages }: { pages: readonly PageDef[] }) {
  const isDesktop = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'));
  const [collapsed, setCollapsed] = useState(() => readLocal(STORAGE_KEYS.sidebarCollapsed) === 'true');
  const [mobileOpen, setMobileOpen] = useState(false);
  // Once opened, the drawer stays mounted so that it can slide out again.
  const [mobileOpened, setMobileOpened] = useState(false);
  const { pathname } = useLocation();
  const page = pageHandleAt(pages, pathname);
  const fillPage = page?.layout === 'fill' ? page : undefined;
  const fills = Boolean(fillPage);

  function handleToggle() {
    if (!isDesktop) {
      setMobileOpened(true);
      setMobileOpen((open) => !open);
      return;
    }
    setCollapsed((value) => {
      writeLocal(STORAGE_KEYS.sidebarCollapsed, String(!value));
      return !value;
    });
  }

  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh', ...(fills && { height: '100dvh' }), bgcolor: 'background.default' }}>
      {isDesktop
        ? !collapsed && (
            <Box
              component="aside"
              sx={{
                width: SIDEBAR_WIDTH,
                flexShrink: 0,
                position: 'sticky',
                top: 0,
                height: '100vh',
                borderRight: '1px solid',
                borderColor: 'divider',
              }}
            >
              <Sidebar />
            </Box>
          )
        : mobileOpened && (
            <Suspense fallback={null}>
              <NavigationDrawer open={mobileOpen} onClose={() => setMobileOpen(false)}>
                <Sidebar onNavigate={() => setMobileOpen(false)} />
              </NavigationDrawer>
            </Suspense>
          )}
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <TopBar sidebarOpen={isDesktop ? !collapsed : mobileOpen} onToggleSidebar={handleToggle} />
        <Box
          component="main"
          id="main-content"
          sx={fills ? { flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' } : { flex: 1, p: { xs: 4, md: 6 } }}
        >
          {/* A full-window page (the map) has no visible heading; screen readers still find its name as the h1. */}
          {fillPage ? (
            <Typography component="h1" sx={visuallyHiddenSx}>
              {fillPage.title}
            </Typography>
          ) : null}
          <Outlet />
        </Box>
        <Footer />
      </Box>
    </Box>
  );
}
