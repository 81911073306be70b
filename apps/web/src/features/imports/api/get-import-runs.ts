import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { importRunSchema, type ImportRun } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client';

export const importRunsKey = (importNdx: number) => ['imports', 'runs', importNdx] as const;

/** GET /api/import-data-sources/{import_ndx}/runs (bearer, admin): the last 20 runs, newest first. */
export function getImportRuns(importNdx: number, signal?: AbortSignal): Promise<ImportRun[]> {
  return apiRequest(`import-data-sources/${importNdx}/runs`, { schema: z.array(importRunSchema), signal });
}

export const importRunsQueryOptions = (importNdx: number) =>
  queryOptions({ queryKey: importRunsKey(importNdx), queryFn: ({ signal }) => getImportRuns(importNdx, signal) });

/** `pollMs(runs)` says how often to refetch given the runs seen so far (false = not), e.g. while a requested run is awaited. */
export function useImportRuns(importNdx: number | null, pollMs: (runs: ImportRun[] | undefined) => number | false = () => false) {
  return useQuery({
    ...importRunsQueryOptions(importNdx ?? 0),
    enabled: importNdx !== null && importNdx > 0,
    refetchInterval: (query) => pollMs(query.state.data),
  });
}
