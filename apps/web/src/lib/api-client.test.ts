import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest } from './api-client';

function answerWith(response: Response): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => response),
  );
}

async function failureOf(path: string): Promise<ApiError> {
  try {
    await apiRequest(path);
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('the request did not fail');
}

describe('apiRequest failures', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('reads "Something went wrong" for a 500 with an empty body', async () => {
    answerWith(new Response('', { status: 500, statusText: 'Internal Server Error' }));
    const error = await failureOf('facilities');
    expect(error.message).toBe('Something went wrong');
    expect(error.status).toBe(500);
  });

  it('reads "Something went wrong" for an empty JSON object', async () => {
    answerWith(new Response('{}', { status: 502, headers: { 'content-type': 'application/json' } }));
    expect((await failureOf('facilities')).message).toBe('Something went wrong');
  });

  it('reads "Something went wrong" for a proxy\'s error page', async () => {
    answerWith(new Response('<html><body>502 Bad Gateway</body></html>', { status: 502, headers: { 'content-type': 'text/html' } }));
    expect((await failureOf('facilities')).message).toBe('Something went wrong');
  });

  it('keeps a plain-text reason', async () => {
    answerWith(new Response('Too many requests, retry in 60 s', { status: 429, headers: { 'content-type': 'text/plain' } }));
    expect((await failureOf('facilities')).message).toBe('Too many requests, retry in 60 s');
  });

  it("keeps the server's own message", async () => {
    answerWith(
      new Response(JSON.stringify({ error: 'Conflict', message: 'Another facility is already named "X"' }), {
        status: 409,
        headers: { 'content-type': 'application/json' },
      }),
    );
    const error = await failureOf('facilities');
    expect(error.message).toBe('Another facility is already named "X"');
    expect(error.error).toBe('Conflict');
  });
});
