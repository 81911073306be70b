import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  USERS_MANAGEMENT_ROLES,
  apiErrorSchema,
  changeOwnPasswordSchema,
  createUserSchema,
  landingPageParamsSchema,
  landingPageSchema,
  managedUserSchema,
  updateUserSchema,
  userIdParamsSchema,
  userRoleSchema,
  type UsersManagementMode,
  usersManagementModeSchema,
} from '@portal/contracts';
import { publicAccess, requireAuth, requireRole } from '../../tokens/guard';
import type { DeviceCookies } from '../../identity-provider/device-cookies';
import { LoginThrottle, waitInWords, type ThrottleSettings } from '../../identity-provider/login-throttle';
import { GRANT_ID_CLAIM } from '../../tokens/token-version';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { conflict, HttpError, notFound } from '../../http/errors';
import { findLandingPage, listLandingPages, listRoles, listUsers } from './users-management.repository';
import { changeOwnPassword, changeUser, createUser, removeUser } from './users-management.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
const managers = { ...requireRole(...USERS_MANAGEMENT_ROLES) };
const meta = (summary: string, bearer = true) => ({
  tags: ['users-management'],
  summary,
  ...(bearer ? { security: [{ bearer: [] }] } : {}),
});

/** Which fields this portal manages; with an external OIDC_ISSUER the rest live at the provider (decision 0016). */
export function usersManagementMode(config: AppConfig): UsersManagementMode {
  return config.oidc.embedded
    ? {
        provider: 'embedded',
        issuer: config.oidc.issuer,
        managedHere: ['name', 'nickname', 'email', 'password', 'role', 'landing page', 'facilities'],
        managedAtProvider: [],
      }
    : {
        provider: 'external',
        issuer: config.oidc.issuer,
        managedHere: ['landing page', 'facilities'],
        managedAtProvider: ['name', 'nickname', 'email', 'password', 'role', 'creating and deleting accounts'],
      };
}

/** Users Management and the signed-in user's own password. */
export const usersManagementRoutes: FastifyPluginAsync<{
  db: Db;
  config: AppConfig;
  /** Present with the embedded provider, the only one whose passwords are changed here. */
  devices?: DeviceCookies;
  throttle?: ThrottleSettings;
}> = async (base, { db, config, devices, throttle }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  // The current-password check is a password check like sign-in: throttled the same way, per
  // account and address, with the account's budget across addresses and device cookies.
  const passwordChecks = new LoginThrottle(db, 'password-check', throttle);
  const mode = usersManagementMode(config);
  const atProvider = () => conflict(`Accounts sign in at ${mode.issuer}: create and delete them, and change passwords, there`);

  app.get(
    '/api/users-management/mode',
    { ...managers, schema: { ...meta('Which user fields this portal manages'), response: { 200: usersManagementModeSchema, ...errors } } },
    async () => mode,
  );
  app.get(
    '/api/users-management/list-user-landing-pages',
    { ...managers, schema: { ...meta('Landing pages a user can be given'), response: { 200: z.array(landingPageSchema), ...errors } } },
    async () => listLandingPages(db),
  );
  // Read right after sign-in, before the SPA holds a token, so it is called without one.
  app.get(
    '/api/users-management/list-user-landing-pages/:id',
    {
      ...publicAccess,
      schema: {
        ...meta('One landing page (its landing_page_path)', false),
        params: landingPageParamsSchema,
        response: { 200: landingPageSchema, ...errors },
      },
    },
    async (request) => {
      const page = await findLandingPage(db, request.params.id);
      if (!page) throw notFound(`Landing page ${request.params.id} does not exist`);
      return page;
    },
  );
  app.get(
    '/api/users-management/list-user-roles',
    { ...managers, schema: { ...meta('Roles a user can be given'), response: { 200: z.array(userRoleSchema), ...errors } } },
    async () => listRoles(db),
  );
  app.get(
    '/api/users-management/users',
    { ...managers, schema: { ...meta('Every user'), response: { 200: z.array(managedUserSchema), ...errors } } },
    async () => listUsers(db),
  );
  app.post(
    '/api/users-management/users',
    {
      ...managers,
      schema: { ...meta('Create a user who can sign in at once'), body: createUserSchema, response: { 201: managedUserSchema, ...errors } },
    },
    async (request, reply) => {
      if (mode.provider === 'external') throw atProvider();
      return reply.status(201).send(await createUser(db, request.user!, request.body));
    },
  );
  app.put(
    '/api/users-management/users',
    {
      ...managers,
      schema: {
        ...meta('Update a user (applies at their next sign-in)'),
        body: updateUserSchema,
        response: { 200: managedUserSchema, ...errors },
      },
    },
    async (request) => changeUser(db, request.user!, request.body, mode.provider === 'embedded'),
  );
  app.delete(
    '/api/users-management/users/:auth0_user_id',
    {
      ...managers,
      schema: { ...meta('Delete a user and end their sessions'), params: userIdParamsSchema, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      if (mode.provider === 'external') throw atProvider();
      await removeUser(db, request.user!, request.params.auth0_user_id);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/api/account/password',
    {
      ...requireAuth,
      schema: {
        tags: ['account'],
        summary: 'Change your own password',
        security: [{ bearer: [] }],
        body: changeOwnPasswordSchema,
        response: { 204: z.null(), ...errors, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      if (mode.provider === 'external') throw atProvider();
      const caller = request.user!;
      // A browser that signed in to this account before is held only by its own budget.
      const device = await devices?.trustedFor(request.headers.cookie, caller.sub);
      const decision = await passwordChecks.attempt(caller.sub, request.ip, device);
      if (decision.refusedForMs !== undefined) {
        reply.header('retry-after', String(Math.ceil(decision.refusedForMs / 1000)));
        throw new HttpError(429, `Too many wrong current passwords. Try again in ${waitInWords(decision.refusedForMs)}.`);
      }
      if (decision.delayMs) await sleep(decision.delayMs);
      const grant = caller.claims[GRANT_ID_CLAIM];
      await changeOwnPassword(db, caller, request.body.currentPassword, request.body.newPassword, typeof grant === 'string' ? grant : null);
      await decision.succeeded();
      return reply.status(204).send(null);
    },
  );
};
