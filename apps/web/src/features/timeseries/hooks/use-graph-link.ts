import { useEffect, useMemo, useRef } from 'react';
import { useSnackbar } from 'notistack';
import { useSearchParams } from 'react-router';
import type { GraphType } from '@portal/contracts';
import { findGraphTarget, graphLinkRequest, type GraphTarget } from '../lib/graph-links';

type Collections = Parameters<typeof findGraphTarget>[0];

/**
 * Opens the graph a link names (`/map?location=N&graph=flow`, the link of alert messages) once the
 * locations the caller may see have loaded. A location the caller does not see (a staff location
 * for a visitor) opens nothing and says so.
 */
export function useGraphLink(
  open: (location: GraphTarget['location'], graphType: GraphType) => void,
  collections: Collections,
  ready: boolean,
  signedIn: boolean,
): void {
  const [search] = useSearchParams();
  const request = useMemo(() => graphLinkRequest(search), [search]);
  const { enqueueSnackbar } = useSnackbar();
  const handled = useRef<string | null>(null);
  useEffect(() => {
    if (!request || !ready) return;
    const key = `${request.locationNdx}:${request.graphType}`;
    if (handled.current === key) return;
    handled.current = key;
    const location = findGraphTarget(collections, request);
    if (location) open(location, request.graphType);
    else enqueueSnackbar(`Location ${request.locationNdx} has no ${request.graphType} graph on this map${signedIn ? '' : ': sign in if it is a staff location'}.`, { variant: 'info' });
  }, [request, ready, collections, open, signedIn, enqueueSnackbar]);
}
