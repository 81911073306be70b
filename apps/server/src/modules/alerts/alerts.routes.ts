import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_ROLES,
  alertDeliveryQuerySchema,
  alertDeliverySchema,
  alertLocationOptionSchema,
  alertParameterOptionSchema,
  alertRequestInputSchema,
  alertRequestParamsSchema,
  alertRequestPatchSchema,
  alertRequestSchema,
  alertTypeOptionSchema,
  apiErrorSchema,
  sendToOptionSchema,
} from '@portal/contracts';
import { callerOf } from '../../access/access-policy';
import { requireRole } from '../../tokens/guard';
import type { Db } from '../../db/client';
import { listAlertLocations, listAlertParameters, listAlertTypes, listSendToOptions } from './alerts.repository';
import { createAlert, deleteAlert, listAlerts, patchAlert, updateAlert } from './alerts.service';
import { listDeliveries } from '../../outbox/delivery.repository';
import { deliveriesVisibleTo } from '../../outbox/outbox-visibility';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
const admin = { ...requireRole(...ADMIN_ROLES) };
const meta = (summary: string) => ({ tags: ['alerts'], summary, security: [{ bearer: [] }] });

/** Alerts Management: alert requests, the form's lists and the delivery log; administrators only. */
export const alertsRoutes: FastifyPluginAsync<{ db: Db }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const path = '/api/alerts-management-table';
  const one = `${path}/:alert_request_ndx`;

  app.get(
    path,
    {
      ...admin,
      schema: {
        ...meta('Every alert request with its recipient, newest value and last alert'),
        response: { 200: z.array(alertRequestSchema), ...errors },
      },
    },
    async () => listAlerts(db),
  );

  app.post(
    path,
    {
      ...admin,
      schema: { ...meta('Create an alert request'), body: alertRequestInputSchema, response: { 201: alertRequestSchema, ...errors } },
    },
    async (request, reply) => reply.status(201).send(await createAlert(db, request.user, request.body)),
  );

  app.put(
    one,
    {
      ...admin,
      schema: {
        ...meta('Replace an alert request'),
        params: alertRequestParamsSchema,
        body: alertRequestInputSchema,
        response: { 200: alertRequestSchema, ...errors },
      },
    },
    async (request) => updateAlert(db, request.user, request.params.alert_request_ndx, request.body),
  );

  app.patch(
    one,
    {
      ...admin,
      schema: {
        ...meta('Change some fields of an alert request (inline enabled)'),
        params: alertRequestParamsSchema,
        body: alertRequestPatchSchema,
        response: { 200: alertRequestSchema, ...errors },
      },
    },
    async (request) => patchAlert(db, request.user, request.params.alert_request_ndx, request.body),
  );

  app.delete(
    one,
    {
      ...admin,
      schema: {
        ...meta('Delete an alert request (its sent messages stay in the delivery log)'),
        params: alertRequestParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteAlert(db, request.user, request.params.alert_request_ndx);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/alerts-delivery-log',
    {
      ...admin,
      schema: {
        ...meta('Messages the alert engine sent or holds in its outbox, newest first'),
        querystring: alertDeliveryQuerySchema,
        response: { 200: z.array(alertDeliverySchema), ...errors },
      },
    },
    async (request) => deliveriesVisibleTo(callerOf(request.user).roles, await listDeliveries(db, request.query.limit)),
  );

  const lists = [
    ['/api/alerts-list-alert-types', 'Alert types for the alert form', alertTypeOptionSchema, listAlertTypes],
    ['/api/alerts-list-locations', 'Locations that measure something, for the alert form', alertLocationOptionSchema, listAlertLocations],
    [
      '/api/alerts-list-parameters',
      'Parameters with the locations that measure them, for the alert form',
      alertParameterOptionSchema,
      listAlertParameters,
    ],
    ['/api/alerts-list-send-to', 'Groups and contacts an alert can send to', sendToOptionSchema, listSendToOptions],
  ] as const;
  for (const [url, summary, schema, load] of lists) {
    app.get(url, { ...admin, schema: { ...meta(summary), response: { 200: z.array(schema as z.ZodType), ...errors } } }, async () =>
      load(db),
    );
  }
};
