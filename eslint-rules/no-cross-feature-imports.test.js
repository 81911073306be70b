import path from 'node:path';
import { RuleTester } from 'eslint';
import { afterAll, describe, it } from 'vitest';
import { noCrossFeatureImports } from './no-cross-feature-imports.js';

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;

const web = (rel) => path.join(process.cwd(), 'apps/web/src', rel);
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });

tester.run('no-cross-feature-imports', noCrossFeatureImports, {
  valid: [
    { filename: web('features/reports/components/a.tsx'), code: "import { b } from './b';" },
    { filename: web('features/reports/components/a.tsx'), code: "import { b } from '../lib/b';" },
    { filename: web('features/reports/components/a.tsx'), code: "import { t } from '../../../components/data-table/data-table';" },
    { filename: web('features/reports/components/a.tsx'), code: "import { t } from '../../../lib/time';" },
    { filename: web('features/reports/components/a.tsx'), code: "import { ROUTES } from '@portal/contracts';" },
    {
      filename: web('app/routes/page.tsx'),
      code: "import { A } from '../../features/reports/components/a'; import { B } from '../../features/timeseries/b';",
    },
    { filename: web('map/a.ts'), code: "import { b } from '../lib/b';" },
    { filename: web('map/a.ts'), code: "import { b } from '../components/ui/b';" },
    { filename: web('features/public-map/a.ts'), code: "import { b } from '../../map/b';" },
    { filename: web('features/reports/api/a.ts'), code: "import { b } from '../../../api/facilities/b';" },
    { filename: web('map/a.ts'), code: "import { b } from '../api/public-map/b';" },
  ],
  invalid: [
    {
      filename: web('components/ui/a.tsx'),
      code: "import { b } from '../../api/public-map/b';",
      errors: [{ messageId: 'domainInDomainFree' }],
    },
    { filename: web('components/charts/a.ts'), code: "import { b } from '../../map/b';", errors: [{ messageId: 'domainInDomainFree' }] },
    { filename: web('lib/a.ts'), code: "import { b } from '../api/facilities/b';", errors: [{ messageId: 'domainInDomainFree' }] },
    { filename: web('map/a.ts'), code: "import { b } from '../features/public-map/b';", errors: [{ messageId: 'sharedToFeature' }] },
    {
      filename: web('features/reports/components/a.tsx'),
      code: "import { b } from '../../timeseries/lib/b';",
      errors: [{ messageId: 'crossFeature' }],
    },
    { filename: web('features/reports/a.ts'), code: "export { b } from '../timeseries/b';", errors: [{ messageId: 'crossFeature' }] },
    {
      filename: web('features/reports/a.ts'),
      code: "export * from '../../../src/features/imports/x';",
      errors: [{ messageId: 'crossFeature' }],
    },
    {
      filename: web('features/reports/components/a.tsx'),
      code: "const m = () => import('../../public-map/x');",
      errors: [{ messageId: 'crossFeature' }],
    },
    { filename: web('lib/a.ts'), code: "import { b } from '../features/reports/b';", errors: [{ messageId: 'sharedToFeature' }] },
    {
      filename: web('api/facilities/a.ts'),
      code: "import { b } from '../../features/reports/b';",
      errors: [{ messageId: 'sharedToFeature' }],
    },
    {
      filename: web('components/ui/a.ts'),
      code: "import { b } from '../../features/reports/b';",
      errors: [{ messageId: 'sharedToFeature' }],
    },
  ],
});
