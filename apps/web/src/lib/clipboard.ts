import { useCallback } from 'react';
import { useSnackbar } from 'notistack';

const MAX_TOAST_VALUE = 120;

/** The toast text after a copy (part 1 §8); long values are shortened so the toast stays readable. */
export function copyToastMessage(value: string): string {
  const shown = value.length > MAX_TOAST_VALUE ? `${value.slice(0, MAX_TOAST_VALUE)}…` : value;
  return `Copied to clipboard: ${shown}`;
}

export function copyErrorMessage(error: unknown): string {
  return `Error copying text: ${error instanceof Error ? error.message : String(error)}`;
}

/** Copies text and reports success or failure as a toast. */
export function useCopyToClipboard(): (value: string) => Promise<void> {
  const { enqueueSnackbar } = useSnackbar();
  return useCallback(
    async (value: string) => {
      try {
        if (!navigator.clipboard) throw new Error('Clipboard is not available in this browser context');
        await navigator.clipboard.writeText(value);
        enqueueSnackbar(copyToastMessage(value), { variant: 'success' });
      } catch (error) {
        enqueueSnackbar(copyErrorMessage(error), { variant: 'error' });
      }
    },
    [enqueueSnackbar],
  );
}
