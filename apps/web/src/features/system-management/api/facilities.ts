import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { createdFacilitySchema, setupFacilitySchema, type FacilityInputBody, type SetupFacility } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client';

export const facilitiesKey = ['system-management', 'facilities'] as const;

/** GET /api/data-list-facilities (bearer, admin). */
export function getFacilities(signal?: AbortSignal): Promise<SetupFacility[]> {
  return apiRequest('data-list-facilities', { schema: z.array(setupFacilitySchema), signal });
}

export function useSetupFacilities() {
  return useQuery({ queryKey: [...facilitiesKey, 'list'], queryFn: ({ signal }) => getFacilities(signal) });
}

/** GET /api/data-list-facilities/{id} (bearer, admin). */
export function useSetupFacility(facilityNdx: number | null) {
  return useQuery({
    queryKey: [...facilitiesKey, 'record', facilityNdx],
    queryFn: ({ signal }) => apiRequest(`data-list-facilities/${facilityNdx!}`, { schema: setupFacilitySchema, signal }),
    enabled: facilityNdx !== null && facilityNdx > 0,
  });
}

/** POST /api/data-list-facilities (bearer, admin): answers the new facility_ndx. */
export function createFacility(body: FacilityInputBody): Promise<{ facility_ndx: number }> {
  return apiRequest('data-list-facilities', { method: 'POST', body, schema: createdFacilitySchema });
}

/** PUT /api/data-list-facilities/{id} (bearer, admin). */
export function updateFacility({ facilityNdx, body }: { facilityNdx: number; body: FacilityInputBody }): Promise<SetupFacility> {
  return apiRequest(`data-list-facilities/${facilityNdx}`, { method: 'PUT', body, schema: setupFacilitySchema });
}

/** DELETE /api/data-list-facilities/{id} (bearer, admin): refused while locations or users still refer to it. */
export async function deleteFacility(facilityNdx: number): Promise<void> {
  await apiRequest(`data-list-facilities/${facilityNdx}`, { method: 'DELETE' });
}

function useFacilitiesMutation<A, R>(fn: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient();
  // Facility names also label the sidebar's facility pages and the association page.
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries() });
}

export const useCreateFacility = () => useFacilitiesMutation(createFacility);
export const useUpdateFacility = () => useFacilitiesMutation(updateFacility);
export const useDeleteFacility = () => useFacilitiesMutation(deleteFacility);
