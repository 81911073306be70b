import { useState } from 'react';
import { Collapse, List, ListItem, ListItemButton, ListItemIcon, ListItemText } from '@mui/material';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Link, useLocation } from 'react-router';
import { isNavItemActive, type NavItem } from '../pages/derive-nav';
import { isFacilityTypeIconName } from '../pages/page-access';
import { NavIcon } from './nav-icon';

const itemSx = (depth: number) => ({
  // Children line up with their parent's text, past the parent's icon.
  pl: depth > 0 ? 12 : 4,
  py: 1.5,
  color: 'sidebar.color',
  borderRadius: 1,
  mx: 2,
  '&:hover': { bgcolor: 'sidebar.hoverBackground' },
  '&.Mui-selected, &.Mui-selected:hover': { bgcolor: 'sidebar.activeBackground' },
});

/** One sidebar entry: a link, or a group that expands to its children. */
export function SidebarNavItem({ item, depth = 0, onNavigate }: { item: NavItem; depth?: number; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const active = isNavItemActive(item, pathname);
  // Groups start open when the current page is inside them, so the active entry is visible.
  const [open, setOpen] = useState(active);
  const typeIcon = isFacilityTypeIconName(item.iconName) ? item.iconName : undefined;
  // Which icon is drawn, by name (production builds carry no icon test ids).
  const iconName = typeIcon ?? item.icon ?? '';
  const icon =
    typeIcon || item.icon ? (
      <ListItemIcon sx={{ minWidth: 32, color: 'inherit', opacity: 0.8 }}>
        <NavIcon icon={item.icon} iconName={typeIcon} />
      </ListItemIcon>
    ) : null;
  const text = <ListItemText primary={item.title} slotProps={{ primary: { sx: { fontSize: '0.8125rem' } } }} />;

  if (item.children) {
    // Each entry is a list item holding its button or link (and a group's own list).
    return (
      <ListItem disablePadding sx={{ display: 'block' }}>
        <ListItemButton
          sx={itemSx(depth)}
          aria-expanded={open}
          data-nav-kind={item.kind}
          data-icon={iconName}
          onClick={() => setOpen((value) => !value)}
        >
          {icon}
          {text}
          {open ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
        </ListItemButton>
        <Collapse in={open} timeout="auto" unmountOnExit>
          <List disablePadding>
            {item.children.map((child) => (
              <SidebarNavItem key={child.href ?? child.title} item={child} depth={depth + 1} onNavigate={onNavigate} />
            ))}
          </List>
        </Collapse>
      </ListItem>
    );
  }

  return (
    <ListItem disablePadding sx={{ display: 'block' }}>
      <ListItemButton
        component={Link}
        to={item.href ?? '/'}
        selected={active}
        aria-current={active ? 'page' : undefined}
        data-nav-kind={item.kind}
        onClick={onNavigate}
        sx={itemSx(depth)}
      >
        {icon}
        {text}
      </ListItemButton>
    </ListItem>
  );
}
