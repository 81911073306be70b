import { useState, type ReactNode } from 'react';
import { Badge, Box, Button, Checkbox, Divider, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import type { FilterOption } from '@portal/contracts';
import { allValues, toggleValue } from '../../../map/location-filters';
import { Hint } from '../../../components/ui/hint';

interface FilterMenuButtonProps {
  label: string;
  options: readonly FilterOption[] | undefined;
  selected: readonly number[];
  onChange: (values: number[]) => void;
  icon: ReactNode;
  /** Icon only, the label in a tooltip and as the button's accessible name (a narrow toolbar). */
  compact?: boolean;
}

/** A filter button with a checkbox menu, plus Select All / Select None. */
export function FilterMenuButton({ label, options, selected, onChange, icon, compact = false }: FilterMenuButtonProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const list = options ?? [];
  const hidden = list.filter((o) => !selected.includes(o.value)).length;
  const menuId = `${label.toLowerCase().replace(/\s+/g, '-')}-menu`;

  return (
    <>
      <Hint title={compact ? label : ''}>
        <Badge color="warning" variant="dot" invisible={hidden === 0} overlap="rectangular">
          <Button
            variant="outlined"
            size="small"
            startIcon={compact ? undefined : icon}
            endIcon={<ArrowDropDownIcon />}
            aria-label={compact ? label : undefined}
            sx={compact ? { minWidth: 0, '& .MuiButton-endIcon': { ml: 0 } } : undefined}
            aria-haspopup="menu"
            aria-controls={anchor ? menuId : undefined}
            aria-expanded={Boolean(anchor)}
            disabled={!options}
            onClick={(e) => setAnchor(e.currentTarget)}
          >
            {compact ? icon : label}
          </Button>
        </Badge>
      </Hint>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { dense: true, 'aria-label': label } }}
      >
        <Box sx={{ display: 'flex', gap: 1, px: 2, pb: 1 }}>
          <Button size="small" onClick={() => onChange(allValues(list))}>
            Select All
          </Button>
          <Button size="small" onClick={() => onChange([])}>
            Select None
          </Button>
        </Box>
        <Divider />
        {list.map((option) => {
          const checked = selected.includes(option.value);
          return (
            <MenuItem
              key={option.value}
              role="menuitemcheckbox"
              aria-checked={checked}
              onClick={() => onChange(toggleValue(selected, option.value))}
            >
              <ListItemIcon>
                <Checkbox
                  edge="start"
                  size="small"
                  checked={checked}
                  tabIndex={-1}
                  disableRipple
                  slotProps={{ input: { 'aria-hidden': true } }}
                />
              </ListItemIcon>
              <ListItemText primary={option.display} />
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}
