import type { SxProps, Theme } from '@mui/material';

/**
 * Styles that hide an element from the eye but keep it for screen readers and axe (a page's h1
 * over a full-window map, a name whose visible text is hidden on narrow screens).
 */
export const visuallyHiddenSx = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  clipPath: 'inset(50%)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} satisfies SxProps<Theme>;
