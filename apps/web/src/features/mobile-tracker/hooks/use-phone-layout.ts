import { useMediaQuery, type Theme } from '@mui/material';

/**
 * True on a phone-width window (below the `sm` breakpoint, 600 px): the tracker's reports are laid
 * out as one card per row with 'label: value' lines there, because a table of more than two value
 * columns does not fit and a sideways swipe hides most values.
 */
export function usePhoneLayout(): boolean {
  return useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
}
