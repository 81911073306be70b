import { AppBar, Box, IconButton, Toolbar } from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';
import { ThemeMenuButton } from './theme-menu';
import { UserMenu } from './user-menu';
import { Hint } from '../../components/ui/hint';

/** The app pages' top bar: sidebar toggle on the left, theme and account on the right. */
export function TopBar({ sidebarOpen, onToggleSidebar }: { sidebarOpen: boolean; onToggleSidebar: () => void }) {
  return (
    <AppBar position="sticky" sx={{ bgcolor: 'background.paper', borderBottom: '1px solid', borderColor: 'divider' }}>
      <Toolbar sx={{ gap: 2, minHeight: { xs: 56, sm: 64 } }}>
        <Hint title={sidebarOpen ? 'Hide navigation' : 'Show navigation'}>
          <IconButton
            edge="start"
            aria-label="Toggle navigation"
            aria-controls="main-navigation"
            aria-expanded={sidebarOpen}
            onClick={onToggleSidebar}
          >
            <MenuIcon />
          </IconButton>
        </Hint>
        <Box sx={{ flex: 1 }} />
        <ThemeMenuButton />
        <UserMenu />
      </Toolbar>
    </AppBar>
  );
}
