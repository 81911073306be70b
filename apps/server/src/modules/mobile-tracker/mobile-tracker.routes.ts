import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MOBILE_DASHBOARD_ROLES,
  MOBILE_OVERVIEW_REPORTS,
  apiErrorSchema,
  flowCalcFormulasResponseSchema,
  flowCalcNotesResponseSchema,
  lastReportResponseSchema,
  mobileBatteriesResponseSchema,
  mobileReportResponseSchema,
} from '@portal/contracts';
import type { z } from 'zod';
import { callerOf } from '../../access/access-policy';
import { requireRole } from '../../tokens/guard';
import type { Db } from '../../db/client';
import { flowCalcFormulas, flowCalcNotes, lastReports, mobileBatteries, overviewReport } from './mobile-tracker.service';

const errors = { 401: apiErrorSchema, 403: apiErrorSchema };
const BASE = '/api/display-mobile';

const OVERVIEW_TITLES = {
  storage: 'Storage Overview Report',
  recharge: 'Recharge Overview Report',
  augmentation: 'Aug Flows Overview Report',
  wells: 'Wells Overview Report',
} as const;

/** The Mobile Tracker's tables: Administrator, Developer and All Data User. */
export const mobileTrackerRoutes: FastifyPluginAsync<{ db: Db }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const route = <R extends z.ZodType>(summary: string, response: R) => ({
    ...requireRole(...MOBILE_DASHBOARD_ROLES),
    schema: { tags: ['mobile tracker'], summary, security: [{ bearer: [] }], response: { 200: response, ...errors } },
  });

  for (const report of MOBILE_OVERVIEW_REPORTS) {
    app.get(
      `${BASE}/${report}`,
      route(`${OVERVIEW_TITLES[report]}: one cell per facility and configured column (mobile_report_column)`, mobileReportResponseSchema),
      async (request) => overviewReport(db, callerOf(request.user), report),
    );
  }
  app.get(`${BASE}/lastreport`, route("Each facility's newest reading, oldest first", lastReportResponseSchema), async (request) =>
    lastReports(db, callerOf(request.user)),
  );
  app.get(
    `${BASE}/available-flow-calcs-formulas`,
    route('Measuring structures with their stored flow formula and newest flow (cfs)', flowCalcFormulasResponseSchema),
    async (request) => flowCalcFormulas(db, callerOf(request.user)),
  );
  app.get(
    `${BASE}/available-flow-calcs-notes`,
    route('Notes on the flow calculation of measuring structures', flowCalcNotesResponseSchema),
    async (request) => flowCalcNotes(db, callerOf(request.user)),
  );
  app.get(
    `${BASE}/batteries`,
    route('Battery-voltage series with min and max over the last 7 days', mobileBatteriesResponseSchema),
    async (request) => mobileBatteries(db, callerOf(request.user)),
  );
};
