import { describe, expect, it } from 'vitest';
import { hasErrorShape } from '../route-calls';
import { facilityTargets, locationTargets, useAccessFixture } from './access-fixture';
import { guardStatus, mayRead, TABLE } from './access-table';
import type { DataRoute } from './data-routes';

/** Calls each route as every caller of the table for every target, and checks the answer against the table. */
export function describeDataRoutes(routes: readonly DataRoute[]): void {
  const access = useAccessFixture();
  for (const route of routes) {
    describe(`${route.method} ${route.template}`, () => {
      for (const identity of TABLE) {
        it(`as ${identity.label}`, async () => {
          const guard = guardStatus(access.declared(route.method, route.template), identity.roles);
          const targets = route.kind === 'location' ? locationTargets() : facilityTargets();
          const reader = route.asRow ? TABLE.find((i) => i.label === route.asRow)! : identity;
          for (const target of targets) {
            const url = route.url?.(target.ndx) ?? route.template.replace(/:[A-Za-z]+$/, String(target.ndx));
            const res = await access.call(route.method, url, identity.label, route.body?.(target.ndx));
            const readable = mayRead(reader, target) && !(route.mapOnly && target.column === 'excluded');
            const what = `${identity.label} → ${target.name} (${url})`;
            if (guard !== undefined) {
              expect(res.statusCode, what).toBe(guard);
              continue;
            }
            if (route.shape === 'list') {
              expect(res.statusCode, what).toBe(200);
              expect(route.holds(res, target.ndx), what).toBe(readable);
            } else if (readable) {
              expect(res.statusCode, `${what}: ${res.body.slice(0, 200)}`).toBe(200);
              expect(route.holds(res, target.ndx), what).toBe(true);
            } else {
              expect(res.statusCode, what).toBe(404);
              expect(hasErrorShape(url, res.json() as Record<string, unknown>), what).toBe(true);
            }
          }
        });
      }
    });
  }
}
