import type { FastifyInstance, FastifyRequest } from 'fastify';
import { OGC_DEFAULT_LIMIT } from '@portal/contracts';
import type { AppConfig } from '../config';
import { registerConcurrencyBound, type ConcurrencyBound } from './concurrency-bound';

/** An open data items route, under any root (`/ogcapi`, `/ogcapi/v0`): not one feature by its id. */
const isItemsRoute = (url: string) => url.startsWith('/ogcapi') && url.endsWith('/collections/:collectionId/items');

/**
 * Bounds the open data API's heavy pages (items pages above `pageFeatures` features, the default
 * page included): a page streams up to 50,000 features and holds a database connection while it
 * does, so only a few run at once and the rest of the portal keeps its connections.
 */
export function registerHeavyOpenDataPages(app: FastifyInstance, limits: AppConfig['openDataHeavyPages']): ConcurrencyBound {
  return registerConcurrencyBound(app, {
    routes: isItemsRoute,
    isHeavy: (request: FastifyRequest) => {
      const limit = (request.query as { limit?: unknown } | undefined)?.limit;
      return (typeof limit === 'number' ? limit : OGC_DEFAULT_LIMIT) > limits.pageFeatures;
    },
    limits,
    refusal: `Too many large open data pages at once (pages above ${limits.pageFeatures.toLocaleString('en-US')} features).`,
  });
}
