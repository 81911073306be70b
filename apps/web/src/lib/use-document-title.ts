import { useEffect } from 'react';
import { APP_NAME } from './branding';

/** Sets the browser tab title to "{title} | {app}" while the page is shown. */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    document.title = title ? `${title} | ${APP_NAME}` : APP_NAME;
  }, [title]);
}
