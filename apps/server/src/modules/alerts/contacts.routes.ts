import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_ROLES,
  apiErrorSchema,
  contactGroupPairSchema,
  contactGroupPairsSchema,
  contactInputSchema,
  contactParamsSchema,
  contactSchema,
  groupInputSchema,
  groupParamsSchema,
  groupSchema,
  groupUsedSchema,
} from '@portal/contracts';
import { requireRole } from '../../tokens/guard';
import type { Db } from '../../db/client';
import * as service from './contacts.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
const admin = { ...requireRole(...ADMIN_ROLES) };
const meta = (summary: string) => ({ tags: ['contacts'], summary, security: [{ bearer: [] }] });

/** Groups, Contacts and Groups to Contacts Associations; administrators only. */
export const contactsRoutes: FastifyPluginAsync<{ db: Db }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/list-groups',
    { ...admin, schema: { ...meta('Every group'), response: { 200: z.array(groupSchema), ...errors } } },
    async () => service.listGroups(db),
  );
  app.post(
    '/api/list-groups',
    { ...admin, schema: { ...meta('Create a group'), body: groupInputSchema, response: { 201: groupSchema, ...errors } } },
    async (request, reply) => reply.status(201).send(await service.createGroup(db, request.user, request.body)),
  );
  app.put(
    '/api/list-groups/:group_ndx',
    {
      ...admin,
      schema: { ...meta('Replace a group'), params: groupParamsSchema, body: groupInputSchema, response: { 200: groupSchema, ...errors } },
    },
    async (request) => service.updateGroup(db, request.user, request.params.group_ndx, request.body),
  );
  app.delete(
    '/api/list-groups/:group_ndx',
    {
      ...admin,
      schema: { ...meta('Delete a group no alert sends to'), params: groupParamsSchema, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await service.deleteGroup(db, request.user, request.params.group_ndx);
      return reply.status(204).send(null);
    },
  );
  app.get(
    '/api/view-groups-used',
    {
      ...admin,
      schema: { ...meta('Groups that alerts send to, with those alerts'), response: { 200: z.array(groupUsedSchema), ...errors } },
    },
    async () => service.listGroupsUsed(db),
  );

  app.get(
    '/api/list-contacts',
    { ...admin, schema: { ...meta('Every contact'), response: { 200: z.array(contactSchema), ...errors } } },
    async () => service.listContacts(db),
  );
  app.post(
    '/api/list-contacts',
    { ...admin, schema: { ...meta('Create a contact'), body: contactInputSchema, response: { 201: contactSchema, ...errors } } },
    async (request, reply) => reply.status(201).send(await service.createContact(db, request.user, request.body)),
  );
  app.put(
    '/api/list-contacts/:contact_ndx',
    {
      ...admin,
      schema: {
        ...meta('Replace a contact'),
        params: contactParamsSchema,
        body: contactInputSchema,
        response: { 200: contactSchema, ...errors },
      },
    },
    async (request) => service.updateContact(db, request.user, request.params.contact_ndx, request.body),
  );
  app.delete(
    '/api/list-contacts/:contact_ndx',
    {
      ...admin,
      schema: {
        ...meta('Delete a contact no alert sends to directly'),
        params: contactParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.deleteContact(db, request.user, request.params.contact_ndx);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/assoc-contacts-groups',
    { ...admin, schema: { ...meta('Every group-contact pair'), response: { 200: z.array(contactGroupPairSchema), ...errors } } },
    async () => service.listAssociations(db),
  );
  app.put(
    '/api/assoc-contacts-groups/:group_ndx',
    {
      ...admin,
      schema: {
        ...meta("Replace a group's contacts with these pairs"),
        params: groupParamsSchema,
        body: contactGroupPairsSchema,
        response: { 200: z.array(contactGroupPairSchema), ...errors },
      },
    },
    async (request) => service.replaceAssociations(db, request.user, request.params.group_ndx, request.body),
  );
};
