import type { SxProps, Theme } from '@mui/material';

/** The outline of an outlined text field (MUI's 23 % of the text colour), on light and dark themes. */
const outline = (theme: Theme) => (theme.palette.mode === 'dark' ? 'rgba(255, 255, 255, 0.23)' : 'rgba(0, 0, 0, 0.23)');

/**
 * A small outlined field (38 px high, the label resting on the outline) drawn around a native
 * control, the way the theme's outlined text fields look: the outline darkens on hover and turns
 * the primary colour, 2 px, while the control has the focus.
 */
export const outlinedFieldSx = {
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  minWidth: 0,
  height: 38,
  borderRadius: 1.5,
  bgcolor: 'background.paper',
  boxShadow: (theme: Theme) => `inset 0 0 0 1px ${outline(theme)}`,
  '&:hover:not([data-disabled])': { boxShadow: (theme: Theme) => `inset 0 0 0 1px ${theme.palette.text.primary}` },
  '&:focus-within': { boxShadow: (theme: Theme) => `inset 0 0 0 2px ${theme.palette.primary.main}` },
  '&:focus-within > label': { color: 'primary.main' },
} satisfies SxProps<Theme>;

/** The field's label, shrunk onto the top of the outline. */
export const outlinedLabelSx = {
  position: 'absolute',
  top: 0,
  left: 10,
  transform: 'translateY(-50%)',
  px: 1,
  maxWidth: 'calc(100% - 20px)',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  bgcolor: 'background.paper',
  color: 'text.secondary',
  typography: 'caption',
  lineHeight: 1.2,
  pointerEvents: 'none',
} satisfies SxProps<Theme>;

/** The native control inside the outline: no border or outline of its own, the theme's body text. */
export const outlinedControlSx = {
  flex: 1,
  minWidth: 0,
  height: '100%',
  m: 0,
  py: 0,
  px: 3.5,
  border: 0,
  outline: 0,
  borderRadius: 1.5,
  bgcolor: 'transparent',
  color: 'text.primary',
  font: 'inherit',
  typography: 'body1',
  // The select's own list of choices follows the theme's light or dark mode.
  colorScheme: (theme: Theme) => theme.palette.mode,
  '&::placeholder': { color: 'text.secondary', opacity: 0.8 },
  '&:disabled': { color: 'text.disabled', cursor: 'default' },
} satisfies SxProps<Theme>;
