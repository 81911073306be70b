import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { displayFacilitySchema, facilityLocationPairSchema, unitedLocationSchema, type FacilityLocationPair } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client';

const associationsKey = ['system-management', 'assoc-locations-facilities'] as const;

/** GET /api/list-facilities-with-types (bearer, admin): the left-hand list. */
export function useFacilitiesWithTypes() {
  return useQuery({
    queryKey: ['system-management', 'list-facilities-with-types'],
    queryFn: ({ signal }) => apiRequest('list-facilities-with-types', { schema: z.array(displayFacilitySchema), signal }),
  });
}

/** GET /api/list-locations-united-only (bearer, admin): the checkable table. */
export function useUnitedOnlyLocations() {
  return useQuery({
    queryKey: ['system-management', 'list-locations-united-only'],
    queryFn: ({ signal }) => apiRequest('list-locations-united-only', { schema: z.array(unitedLocationSchema), signal }),
  });
}

/** GET /api/assoc-locations-facilities (bearer, admin): every pair. */
export function useFacilityLocationPairs() {
  return useQuery({
    queryKey: associationsKey,
    queryFn: ({ signal }) => apiRequest('assoc-locations-facilities', { schema: z.array(facilityLocationPairSchema), signal }),
  });
}

/** PUT /api/assoc-locations-facilities/{facility_ndx} (bearer, admin): the array replaces the facility's whole set. */
export function useSaveFacilityLocations() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ facilityNdx, pairs }: { facilityNdx: number; pairs: FacilityLocationPair[] }) =>
      apiRequest(`assoc-locations-facilities/${facilityNdx}`, { method: 'PUT', body: pairs, schema: z.array(facilityLocationPairSchema) }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
