import { ApiError } from '../../../lib/api-client';

/** 503 and 504 mean the camera did not answer (part 2 §4): asking again at once will not help. */
export function isNoCameraResponse(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 503 || error.status === 504);
}

/** Part 2 §9 "Camera retries: fewer than 2, none on 503 or 504": at most one retry. */
export function shouldRetryCameraPhoto(failureCount: number, error: unknown): boolean {
  return failureCount < 1 && !isNoCameraResponse(error);
}

/** The texts of part 2 §4/§8 for a failed snapshot. */
export function cameraErrorLines(error: unknown): string[] {
  return isNoCameraResponse(error)
    ? ['No response received from the camera.']
    : ['Something did not work as expected.', 'Please contact the administrator.'];
}
