import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { importParameterOptionSchema } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client';

const locationTypeSchema = z.object({ location_type_ndx: z.number().int(), location_type_desc: z.string() });
const waterbodySchema = z.object({ waterbody_ndx: z.number().int(), waterbody_name: z.string() });
const facilityTypeSchema = z.object({ facility_type_ndx: z.number().int(), facility_type_desc: z.string() });

/** GET /api/list-location-types (bearer, staff). */
export function useLocationTypes() {
  return useQuery({
    queryKey: ['lookups', 'list-location-types'],
    queryFn: ({ signal }) => apiRequest('list-location-types', { schema: z.array(locationTypeSchema), signal }),
    staleTime: 5 * 60_000,
  });
}

/** GET /api/list-waterbodies (bearer, staff). */
export function useWaterbodies() {
  return useQuery({
    queryKey: ['lookups', 'list-waterbodies'],
    queryFn: ({ signal }) => apiRequest('list-waterbodies', { schema: z.array(waterbodySchema), signal }),
    staleTime: 5 * 60_000,
  });
}

/** GET /api/list-facility-types-united-only (bearer, staff). */
export function useFacilityTypes() {
  return useQuery({
    queryKey: ['lookups', 'list-facility-types-united-only'],
    queryFn: ({ signal }) => apiRequest('list-facility-types-united-only', { schema: z.array(facilityTypeSchema), signal }),
    staleTime: 5 * 60_000,
  });
}

/** GET /api/list-parameters (bearer, admin): every parameter, for the facility's series. */
export function useParameters() {
  return useQuery({
    queryKey: ['lookups', 'list-parameters'],
    queryFn: ({ signal }) => apiRequest('list-parameters', { schema: z.array(importParameterOptionSchema), signal }),
    staleTime: 5 * 60_000,
  });
}
