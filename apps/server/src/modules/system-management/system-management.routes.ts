import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_ROLES,
  apiErrorSchema,
  createdFacilitySchema,
  createdLocationSchema,
  displayFacilitySchema,
  facilityInputSchema,
  facilityLocationPairSchema,
  facilityLocationSetSchema,
  locationInputSchema,
  locationMapPointSchema,
  setupFacilitySchema,
  setupIdParamsSchema,
  setupLocationSchema,
  unitedLocationSchema,
} from '@portal/contracts';
import { callerOf } from '../../access/access-policy';
import { requireRole } from '../../tokens/guard';
import type { Db } from '../../db/client';
import { listFacilitiesWithTypes, listFacilityLocationPairs, listSetupFacilities } from './facilities-setup.repository';
import { listLocationMapPoints, listSetupLocations, listUnitedLocations } from './locations-setup.repository';
import {
  changeFacility,
  changeLocation,
  createFacility,
  createLocation,
  getFacility,
  getLocation,
  removeFacility,
  removeLocation,
  replaceAssociations,
} from './system-management.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
// The product does not say who opens the system-management pages; they are administrators' pages
// here as elsewhere in the portal (imports), decision 0016.
const admin = { ...requireRole(...ADMIN_ROLES) };
const meta = (summary: string) => ({ tags: ['system-management'], summary, security: [{ bearer: [] }] });
const params = setupIdParamsSchema;

/** Locations Setup, Facilities Setup and Facilities to Locations Associations. */
export const systemManagementRoutes: FastifyPluginAsync<{ db: Db }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const list = <T extends z.ZodType>(
    url: string,
    summary: string,
    schema: T,
    load: (caller: ReturnType<typeof callerOf>) => Promise<z.infer<T>[]>,
  ) =>
    app.get(url, { ...admin, schema: { ...meta(summary), response: { 200: z.array(schema), ...errors } } }, async (request) =>
      load(callerOf(request.user)),
    );

  list('/api/sys-mgmt-locations-toptable', 'Locations for the Locations Setup selection table', setupLocationSchema, (c) =>
    listSetupLocations(db, c),
  );
  list('/api/data-list-locations', 'Every location with its editable fields', setupLocationSchema, (c) => listSetupLocations(db, c));
  list('/api/locations-map', 'Location markers of the setup map', locationMapPointSchema, (c) => listLocationMapPoints(db, c));
  list('/api/data-list-facilities', 'Every facility with its editable fields', setupFacilitySchema, (c) => listSetupFacilities(db, c));
  list('/api/list-facilities-with-types', 'Facilities with their types (associations page)', displayFacilitySchema, (c) =>
    listFacilitiesWithTypes(db, c),
  );
  list('/api/list-locations-united-only', 'Locations of united-list waterbodies (associations page)', unitedLocationSchema, (c) =>
    listUnitedLocations(db, c),
  );
  list('/api/assoc-locations-facilities', 'Every facility-location pair', facilityLocationPairSchema, () => listFacilityLocationPairs(db));

  app.get(
    '/api/data-list-locations/:id',
    { ...admin, schema: { ...meta('One location'), params, response: { 200: setupLocationSchema, ...errors } } },
    async (request) => getLocation(db, callerOf(request.user), request.params.id),
  );
  app.post(
    '/api/data-list-locations',
    {
      ...admin,
      schema: {
        ...meta('Create a location; answers its id'),
        body: locationInputSchema,
        response: { 201: createdLocationSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await createLocation(db, request.user, request.body)),
  );
  app.put(
    '/api/data-list-locations/:id',
    {
      ...admin,
      schema: { ...meta('Replace a location'), params, body: locationInputSchema, response: { 200: setupLocationSchema, ...errors } },
    },
    async (request) => changeLocation(db, request.user, callerOf(request.user), request.params.id, request.body),
  );
  app.delete(
    '/api/data-list-locations/:id',
    { ...admin, schema: { ...meta('Delete a location nothing refers to any more'), params, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await removeLocation(db, request.user, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/data-list-facilities/:id',
    { ...admin, schema: { ...meta('One facility'), params, response: { 200: setupFacilitySchema, ...errors } } },
    async (request) => getFacility(db, callerOf(request.user), request.params.id),
  );
  app.post(
    '/api/data-list-facilities',
    {
      ...admin,
      schema: {
        ...meta('Create a facility; answers its id'),
        body: facilityInputSchema,
        response: { 201: createdFacilitySchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await createFacility(db, request.user, request.body)),
  );
  app.put(
    '/api/data-list-facilities/:id',
    {
      ...admin,
      schema: { ...meta('Replace a facility'), params, body: facilityInputSchema, response: { 200: setupFacilitySchema, ...errors } },
    },
    async (request) => changeFacility(db, request.user, callerOf(request.user), request.params.id, request.body),
  );
  app.delete(
    '/api/data-list-facilities/:id',
    {
      ...admin,
      schema: { ...meta('Delete a facility without locations or authorised users'), params, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await removeFacility(db, request.user, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/api/assoc-locations-facilities/:id',
    {
      ...admin,
      schema: {
        ...meta("Replace a facility's whole set of locations"),
        params,
        body: facilityLocationSetSchema,
        response: { 200: z.array(facilityLocationPairSchema), ...errors },
      },
    },
    async (request) => replaceAssociations(db, request.user, request.params.id, request.body),
  );
};
