import { useCallback } from 'react';
import { useSnackbar } from './toasts';

const MAX_TOAST_VALUE = 120;

/** The toast text after a copy; long values are shortened so the toast stays readable. */
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

/** 'Copy data': the success toast, and the error toast's text. */
export const COPY_DATA_SUCCESS = 'Data was copied to your clipboard.';
export function copyDataErrorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Something went wrong';
}

/** Copies a block of data (a popup, a table) as text with the 'Copy data' toasts. */
export function useCopyData(): (text: string) => Promise<void> {
  const { enqueueSnackbar } = useSnackbar();
  return useCallback(
    async (text: string) => {
      try {
        if (!navigator.clipboard) throw new Error('Clipboard is not available in this browser context');
        await navigator.clipboard.writeText(text);
        enqueueSnackbar(COPY_DATA_SUCCESS, { variant: 'success' });
      } catch (error) {
        enqueueSnackbar(copyDataErrorMessage(error), { variant: 'error' });
      }
    },
    [enqueueSnackbar],
  );
}
