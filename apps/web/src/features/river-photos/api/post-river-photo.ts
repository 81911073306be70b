import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RiverPhotoRequest } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { shouldRetryCameraPhoto } from '../lib/camera-errors';

/** POST /api/river-photos (public, no token): the camera's current snapshot as an image blob. */
export function postRiverPhoto(camera: string, signal?: AbortSignal): Promise<Blob> {
  const body: RiverPhotoRequest = { camera };
  return apiRequest<Blob>('river-photos', { method: 'POST', body, auth: false, responseType: 'blob', signal });
}

export const riverPhotoQueryOptions = (camera: string) =>
  queryOptions({
    queryKey: ['river-photos', camera],
    queryFn: ({ signal }) => postRiverPhoto(camera, signal),
    // A snapshot is only as current as the moment it was asked for: every visit asks again,
    // and an old image is not kept around in memory.
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
    retry: shouldRetryCameraPhoto,
  });

/**
 * Waits for the session to settle although the call needs no token: the app remounts its pages
 * once when the session provider takes over at start-up, and each mount would ask the camera.
 */
export function useRiverPhoto(camera: string) {
  const { status } = useSession();
  return useQuery({ ...riverPhotoQueryOptions(camera), enabled: status !== 'loading' });
}
