import type { ReactNode } from 'react';
import { Box, Stack, Typography } from '@mui/material';

interface Props {
  /** The page's one h1. */
  title: ReactNode;
  /** One line on what the page is for. */
  description?: ReactNode;
  /** Buttons and switches beside the title (below it on a phone). */
  actions?: ReactNode;
  /** Above the title: breadcrumbs or an overline. */
  before?: ReactNode;
  /** A decorative icon before the title. */
  icon?: ReactNode;
  /** Below the description: notes that belong to the header. */
  children?: ReactNode;
  /** 'h3' (default) or 'h4' for pages whose content needs the room. */
  size?: 'h3' | 'h4';
  /** Space below the header, in theme units (default 3). */
  spacing?: number;
}

/** The header every page starts with: title, a line of description, actions at the side. */
export function PageHeader({ title, description, actions, before, icon, children, size = 'h3', spacing = 3 }: Props) {
  return (
    <Box sx={{ mb: spacing }}>
      {before}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
        <Box sx={{ minWidth: 0 }}>
          <Stack direction="row" spacing={3} sx={{ alignItems: 'center' }}>
            {icon}
            <Typography variant={size} component="h1">
              {title}
            </Typography>
          </Stack>
          {description ? <Typography color="text.secondary">{description}</Typography> : null}
        </Box>
        {actions ? (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', alignSelf: { xs: 'flex-start', sm: 'center' }, flexShrink: 0 }}>
            {actions}
          </Stack>
        ) : null}
      </Stack>
      {children}
    </Box>
  );
}
