import { useEffect, useMemo, useRef } from 'react';
import { useSnackbar } from '../../../lib/toasts';
import { useSearchParams } from 'react-router';
import type { GraphType } from '@portal/contracts';
import { graphLinkRequest, graphTargetOf, type GraphTarget } from '../lib/graph-links';

/** The popup properties of a location on the caller's map, or null when it is not on it. */
export type LocationPropertiesLoader = (locationNdx: number) => Promise<Record<string, unknown> | null>;

/**
 * Opens the graph a link names (`/map?location=N&graph=flow`, the link of alert messages) once
 * the caller's session is known. The location's graphs come from its popup properties (the map
 * feeds are lean, decision 0022). A location the caller does not see (a staff location for a
 * visitor) opens nothing and says so.
 */
export function useGraphLink(
  open: (location: GraphTarget['location'], graphType: GraphType) => void,
  loadProperties: LocationPropertiesLoader,
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
    void loadProperties(request.locationNdx)
      .catch(() => null)
      .then((properties) => {
        const target = graphTargetOf(properties);
        if (target && target.location.ndx === request.locationNdx && target.graphTypes.includes(request.graphType))
          open(target.location, request.graphType);
        else
          enqueueSnackbar(
            `Location ${request.locationNdx} has no ${request.graphType} graph on this map${signedIn ? '' : ': sign in if it is a staff location'}.`,
            { variant: 'info' },
          );
      });
  }, [request, ready, loadProperties, open, signedIn, enqueueSnackbar]);
}
