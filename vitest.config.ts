import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'apps/**/src/**/*.test.ts',
            'apps/**/src/**/*.test.tsx',
            'apps/web/vite-plugins/**/*.test.ts',
            'packages/**/src/**/*.test.ts',
            'eslint-rules/**/*.test.js',
            'bench/**/*.test.ts',
          ],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/server/src/**/*.int.test.ts', 'apps/server/test/**/*.int.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file gets its own database cloned from a migrated template; two files at once
          // keep both cores busy without starving PostgreSQL.
          maxWorkers: 2,
        },
      },
    ],
  },
});
