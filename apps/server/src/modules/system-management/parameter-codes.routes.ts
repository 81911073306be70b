import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ADMIN_ROLES,
  apiErrorSchema,
  parameterCodeListSchema,
  parameterCodeParamsSchema,
  parameterCodeRowSchema,
  parameterCodeUpdateSchema,
} from '@portal/contracts';
import { requireRole } from '../../tokens/guard';
import type { Db } from '../../db/client';
import { conflict, notFound } from '../../http/errors';
import { recordAudit } from '../../audit/audit.repository';
import { listParameterCodes, parameterHoldingCode, readParameterCode, writeParameterCode } from './parameter-codes.repository';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
const meta = (summary: string) => ({ tags: ['system-management'], summary, security: [{ bearer: [] }] });

/** Administrators give each parameter its USGS parameter code (the open data API's parameter_code); every change is audited. */
export const parameterCodeRoutes: FastifyPluginAsync<{ db: Db }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/parameter-codes',
    {
      ...requireRole(...ADMIN_ROLES),
      schema: { ...meta('Every parameter with its unit and USGS parameter code'), response: { 200: parameterCodeListSchema, ...errors } },
    },
    async () => listParameterCodes(db),
  );

  app.put(
    '/api/parameter-codes/:parameterNdx',
    {
      ...requireRole(...ADMIN_ROLES),
      schema: {
        ...meta("Set or clear a parameter's USGS parameter code (five digits; one parameter per code)"),
        params: parameterCodeParamsSchema,
        body: parameterCodeUpdateSchema,
        response: { 200: parameterCodeRowSchema, ...errors },
      },
    },
    async (request) => {
      const { parameterNdx } = request.params;
      const code = request.body.usgs_parameter_code;
      return db.transaction().execute(async (trx) => {
        const before = await readParameterCode(trx, parameterNdx);
        if (!before) throw notFound(`No parameter ${parameterNdx}`);
        if (code !== null) {
          const holder = await parameterHoldingCode(trx, code, parameterNdx);
          if (holder !== null) throw conflict(`The USGS parameter code ${code} is already the code of ${holder}`);
        }
        await writeParameterCode(trx, parameterNdx, code);
        const after = { ...before, usgs_parameter_code: code };
        await recordAudit(trx, {
          actor: request.user,
          action: 'update',
          table: 'parameter',
          rowKey: parameterNdx,
          before: { usgs_parameter_code: before.usgs_parameter_code },
          after: { usgs_parameter_code: code },
        });
        return after;
      });
    },
  );
};
