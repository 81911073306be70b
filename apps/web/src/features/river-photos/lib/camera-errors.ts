import { ApiError } from '../../../lib/api-client';

/** 503 and 504 mean the camera did not answer: asking again at once will not help. */
export function isNoCameraResponse(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 503 || error.status === 504);
}

/** Camera retries: fewer than 2, none on 503 or 504; so at most one retry. */
export function shouldRetryCameraPhoto(failureCount: number, error: unknown): boolean {
  return failureCount < 1 && !isNoCameraResponse(error);
}

/** The lines shown for a failed snapshot, word for word as the product gives them. */
export function cameraErrorLines(error: unknown): string[] {
  return isNoCameraResponse(error)
    ? ['No response received from the camera.']
    : ['Something did not work as expected.', 'Please contact the administrator.'];
}
