import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ADMIN_ROLES, apiErrorSchema, signUpSettingSchema, signUpSettingStateSchema } from '@portal/contracts';
import type { AppConfig } from '../../config';
import { requireRole } from '../../tokens/guard';
import type { Db } from '../../db/client';
import { recordAudit } from '../../audit/audit.repository';
import { readSignUpSetting, writeSignUpSetting } from '../../accounts/sign-up-setting.repository';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
const meta = (summary: string) => ({ tags: ['system-management'], summary, security: [{ bearer: [] }] });

/** The administrator's switch for sign-up at the embedded identity provider (off until turned on). */
export const signUpSettingRoutes: FastifyPluginAsync<{ db: Db; config: AppConfig }> = async (base, { db, config }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const embeddedSignIn = config.oidc.embedded;

  app.get(
    '/api/sign-up-setting',
    {
      ...requireRole(...ADMIN_ROLES),
      schema: { ...meta('Whether visitors may sign up, and the role they get'), response: { 200: signUpSettingStateSchema, ...errors } },
    },
    async () => ({ ...(await readSignUpSetting(db)), embeddedSignIn }),
  );

  app.put(
    '/api/sign-up-setting',
    {
      ...requireRole(...ADMIN_ROLES),
      schema: {
        ...meta('Turn sign-up on or off and name the role new accounts get'),
        body: signUpSettingSchema,
        response: { 200: signUpSettingStateSchema, ...errors },
      },
    },
    async (request) =>
      db.transaction().execute(async (trx) => {
        const before = await readSignUpSetting(trx, true);
        await writeSignUpSetting(trx, request.body);
        await recordAudit(trx, { actor: request.user, action: 'update', table: 'sign_up_setting', rowKey: 1, before, after: request.body });
        return { ...request.body, embeddedSignIn };
      }),
  );
};
