import { Box, IconButton } from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';
import { ThemeMenuButton } from './theme-menu';
import { UserMenu } from './user-menu';
import { Hint } from '../../components/ui/hint';

/**
 * The app pages' top bar: sidebar toggle on the left, theme and account on the right. A plain
 * sticky header (what MUI's AppBar and Toolbar would draw here with the theme's flat, inherited
 * colours), so every page's first load does not carry those two components for its styles.
 */
export function TopBar({ sidebarOpen, onToggleSidebar }: { sidebarOpen: boolean; onToggleSidebar: () => void }) {
  return (
    <Box
      component="header"
      sx={{
        position: 'sticky',
        top: 0,
        zIndex: 'appBar',
        display: 'flex',
        alignItems: 'center',
        gap: 2,
        flexShrink: 0,
        // The bar's height without its bottom border, as MUI's Toolbar (and its gutters).
        boxSizing: 'content-box',
        minHeight: { xs: 56, sm: 64 },
        px: { xs: 2, sm: 3 },
        bgcolor: 'background.paper',
        borderBottom: '1px solid',
        borderColor: 'divider',
      }}
    >
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
    </Box>
  );
}
