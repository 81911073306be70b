import { useMutation, useQueryClient } from '@tanstack/react-query';
import { moveToWaterDataResultSchema, type MoveToWaterDataResult } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client';
import { importSourcesKey } from './get-import-sources';

/**
 * POST /api/import-data-sources/{import_ndx}/move-to-water-data-api, or without a number the bulk
 * POST /api/import-data-sources/move-to-water-data-api (bearer, admin): WaterServices sources to the
 * Water Data API, keeping their high-water marks.
 */
export function moveToWaterData(importNdx: number | null): Promise<MoveToWaterDataResult> {
  return importNdx === null
    ? apiRequest('import-data-sources/move-to-water-data-api', { method: 'POST', body: {}, schema: moveToWaterDataResultSchema })
    : apiRequest(`import-data-sources/${importNdx}/move-to-water-data-api`, { method: 'POST', schema: moveToWaterDataResultSchema });
}

export function useMoveToWaterData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveToWaterData,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: importSourcesKey }),
  });
}
