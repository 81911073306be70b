import { afterEach, describe, expect, it, vi } from 'vitest';
import { isUnitedLocationsResponse } from '@portal/contracts';
import { ApiError, apiRequest, UNREADABLE_ANSWER_MESSAGE } from './api-client';

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

  it('refuses an answer that fails its plain check, and returns one that passes', async () => {
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    answerWith(json({ data: { type: 'FeatureCollection', features: [{ type: 'Feature', geometry: null, properties: 'x' }] } }));
    const refused = await apiRequest('public-map/united', { check: isUnitedLocationsResponse }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).message).toBe(UNREADABLE_ANSWER_MESSAGE);
    const good = { data: { type: 'FeatureCollection', features: [{ type: 'Feature', geometry: null, properties: null }] } };
    answerWith(json(good));
    expect(await apiRequest('public-map/united', { check: isUnitedLocationsResponse })).toEqual(good);
  });

  it('names refused fields by their messages, and skips entries that are not field errors', async () => {
    answerWith(
      new Response(
        JSON.stringify({
          error: 'Bad Request',
          message: 'body/contact_name must NOT have more than 1000 characters',
          fields: [
            { in: 'body', path: 'contact_name', message: 'Contact Name must be at most 1000 characters' },
            { in: 'cookies', path: 'x', message: 'not one' },
          ],
        }),
        { status: 400, headers: { 'content-type': 'application/json' } },
      ),
    );
    const error = await failureOf('contacts');
    expect(error.message).toBe('Contact Name must be at most 1000 characters');
    expect(error.fields).toEqual([{ in: 'body', path: 'contact_name', message: 'Contact Name must be at most 1000 characters' }]);
  });
});
