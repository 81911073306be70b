import path from 'node:path';
import { RuleTester } from 'eslint';
import { afterAll, describe, it } from 'vitest';
import { serverModuleBoundaries } from './server-module-boundaries.js';

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;

const server = (rel) => path.join(process.cwd(), 'apps/server/src', rel);
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });

tester.run('server-module-boundaries', serverModuleBoundaries, {
  valid: [
    // Inside one module, and from a module to the shared tiers.
    { filename: server('modules/ogcapi/ogcapi.service.ts'), code: "import { a } from './ogcapi.repository';" },
    { filename: server('modules/ogcapi/ogcapi.service.ts'), code: "import { Db } from '../../db/client';" },
    { filename: server('modules/imports/engine/run.ts'), code: "import { recordAudit } from '../../../audit/audit.repository';" },
    { filename: server('modules/users-management/x.ts'), code: "import { hashPassword } from '../../accounts/passwords';" },
    // Another module through its public entry, written either way.
    { filename: server('modules/imports/engine/run.ts'), code: "import { ingestObservations } from '../../timeseries/index';" },
    { filename: server('modules/drill-down/drill-down.service.ts'), code: "import { seriesPoints } from '../timeseries';" },
    // Composition roots wire anything together.
    { filename: server('jobs/alert-tasks.ts'), code: "import { evaluate } from '../modules/alerts/engine/evaluate';" },
    { filename: server('seed/seed-demo.ts'), code: "import { ingestObservations } from '../modules/timeseries/ingest';" },
    { filename: server('app.ts'), code: "import { routes } from './modules/ogcapi/ogcapi.routes';" },
    // A shared tier's test may make its rows through a module's public entry.
    { filename: server('db/observation-layout.int.test.ts'), code: "import { ingestObservations } from '../modules/timeseries/index';" },
    // Packages and files outside the server are not its business.
    { filename: server('modules/ogcapi/a.ts'), code: "import { z } from 'zod';" },
    {
      filename: path.join(process.cwd(), 'apps/web/src/features/a/b.ts'),
      code: "import { x } from '../../../../server/src/modules/ogcapi/x';",
    },
  ],
  invalid: [
    {
      filename: server('modules/ogcapi/ogcapi-columns.repository.ts'),
      code: "import { csvTextCellSql } from '../query-download/query-download.repository';",
      errors: [{ messageId: 'moduleInternals' }],
    },
    {
      filename: server('modules/ogcapi/ogcapi.service.ts'),
      code: "export { feedVersion } from '../../modules/public-map/location-features.repository';",
      errors: [{ messageId: 'moduleInternals' }],
    },
    {
      filename: server('modules/imports/engine/run.ts'),
      code: "const m = await import('../../timeseries/ingest');",
      errors: [{ messageId: 'moduleInternals' }],
    },
    {
      filename: server('modules/ts-compare/a.int.test.ts'),
      code: "import { ingestObservations } from '../timeseries/ingest';",
      errors: [{ messageId: 'moduleInternals' }],
    },
    {
      filename: server('identity-provider/sign-up.ts'),
      code: "import { insertUser } from '../modules/users-management/users-management.repository';",
      errors: [{ messageId: 'tierToModule' }],
    },
    {
      filename: server('identity-provider/sign-up.ts'),
      code: "import { x } from '../modules/users-management/index';",
      errors: [{ messageId: 'tierToModule' }],
    },
    {
      filename: server('http/rate-limit-store.ts'),
      code: "import { x } from '../modules/alerts';",
      errors: [{ messageId: 'tierToModule' }],
    },
    {
      filename: server('access/access-policy.int.test.ts'),
      code: "import { LOOKUP_ITEMS_AS_LISTS } from '../modules/lookups/lookups.routes';",
      errors: [{ messageId: 'tierToModule' }],
    },
  ],
});
