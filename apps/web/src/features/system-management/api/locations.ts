import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  createdLocationSchema,
  locationMapPointSchema,
  setupLocationSchema,
  type LocationInputBody,
  type LocationMapPoint,
  type SetupLocation,
} from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client';

/** Every query of Locations Setup starts with this key, so one invalidation refreshes table, map and record. */
export const locationsKey = ['system-management', 'locations'] as const;

/** GET /api/sys-mgmt-locations-toptable (bearer, admin): the selection table. */
export function getLocationsTopTable(signal?: AbortSignal): Promise<SetupLocation[]> {
  return apiRequest('sys-mgmt-locations-toptable', { schema: z.array(setupLocationSchema), signal });
}

export function useLocationsTopTable() {
  return useQuery(queryOptions({ queryKey: [...locationsKey, 'toptable'], queryFn: ({ signal }) => getLocationsTopTable(signal) }));
}

/** GET /api/data-list-locations/{id} (bearer, admin): the record the editor loads. */
export function getLocation(locationNdx: number, signal?: AbortSignal): Promise<SetupLocation> {
  return apiRequest(`data-list-locations/${locationNdx}`, { schema: setupLocationSchema, signal });
}

export function useLocation(locationNdx: number | null) {
  return useQuery({
    queryKey: [...locationsKey, 'record', locationNdx],
    queryFn: ({ signal }) => getLocation(locationNdx!, signal),
    enabled: locationNdx !== null && locationNdx > 0,
  });
}

/** GET /api/locations-map (bearer, admin): every located location, for the setup map. */
export function getLocationsMap(signal?: AbortSignal): Promise<LocationMapPoint[]> {
  return apiRequest('locations-map', { schema: z.array(locationMapPointSchema), signal });
}

export function useLocationsMap() {
  return useQuery({ queryKey: [...locationsKey, 'map'], queryFn: ({ signal }) => getLocationsMap(signal) });
}

/** POST /api/data-list-locations (bearer, admin): answers the new location_ndx. */
export function createLocation(body: LocationInputBody): Promise<{ location_ndx: number }> {
  return apiRequest('data-list-locations', { method: 'POST', body, schema: createdLocationSchema });
}

/** PUT /api/data-list-locations/{id} (bearer, admin). */
export function updateLocation({ locationNdx, body }: { locationNdx: number; body: LocationInputBody }): Promise<SetupLocation> {
  return apiRequest(`data-list-locations/${locationNdx}`, { method: 'PUT', body, schema: setupLocationSchema });
}

/** DELETE /api/data-list-locations/{id} (bearer, admin): refused while data still refers to it. */
export async function deleteLocation(locationNdx: number): Promise<void> {
  await apiRequest(`data-list-locations/${locationNdx}`, { method: 'DELETE' });
}

function useLocationsMutation<A, R>(fn: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: locationsKey }) });
}

export const useCreateLocation = () => useLocationsMutation(createLocation);
export const useUpdateLocation = () => useLocationsMutation(updateLocation);
export const useDeleteLocation = () => useLocationsMutation(deleteLocation);
