import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { cameraErrorLines, shouldRetryCameraPhoto } from './camera-errors';

const failure = (status: number) => new ApiError('failed', status, 'Error', null);

describe('camera photo failures', () => {
  it('retry once at most, and never after a 503 or 504', () => {
    expect(shouldRetryCameraPhoto(0, failure(502))).toBe(true);
    expect(shouldRetryCameraPhoto(0, failure(0))).toBe(true);
    expect(shouldRetryCameraPhoto(1, failure(502))).toBe(false);
    expect(shouldRetryCameraPhoto(0, failure(503))).toBe(false);
    expect(shouldRetryCameraPhoto(0, failure(504))).toBe(false);
  });

  it('show the spec texts', () => {
    expect(cameraErrorLines(failure(503))).toEqual(['No response received from the camera.']);
    expect(cameraErrorLines(failure(504))).toEqual(['No response received from the camera.']);
    expect(cameraErrorLines(failure(502))).toEqual(['Something did not work as expected.', 'Please contact the administrator.']);
    expect(cameraErrorLines(new Error('network'))).toEqual(['Something did not work as expected.', 'Please contact the administrator.']);
  });
});
