import { useEffect, useRef } from 'react';
import { useSnackbar } from '../../../lib/toasts';

/** One 'Error fetching data: {message}' toast per failed list load. */
export function useLoadErrorToast(errors: readonly (Error | null)[]): void {
  const { enqueueSnackbar } = useSnackbar();
  const shown = useRef(new Set<Error>());
  useEffect(() => {
    for (const error of errors) {
      if (error && !shown.current.has(error)) {
        shown.current.add(error);
        enqueueSnackbar(`Error fetching data: ${error.message}`, { variant: 'error' });
      }
    }
  });
}
