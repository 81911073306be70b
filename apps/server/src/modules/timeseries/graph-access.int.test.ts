import { describe, expect, it } from 'vitest';
import { admin, flow, h, loc, noRole, post, staff, useGraphDistrict } from './graph-fixture';

useGraphDistrict();

describe('access', () => {
  it('hides private and map-excluded locations from anonymous and role-less callers (404, like a missing one)', async () => {
    const body = { startDate: '03/07/2026', endDate: '03/07/2026', interval: '15min' };
    for (const id of [loc.priv, loc.excluded]) {
      for (const token of [undefined, noRole]) {
        const res = await flow(id, body, token);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ error: 'Not Found', message: `Location ${id} was not found` });
      }
      // A User reads private locations, but an excluded one only through an authorised facility (decision 0012).
      const ok = await flow(id, body, id === loc.excluded ? admin : staff);
      expect(ok.statusCode).toBe(200);
      expect(ok.json().rows).toHaveLength(96);
    }
    expect((await flow(loc.excluded, body, staff)).statusCode).toBe(404);
  });

  it('unknown location 404; a bad token 401', async () => {
    const body = { startDate: '03/07/2026', endDate: '03/07/2026', interval: '15min' };
    expect((await flow(987654, body)).json()).toEqual({ error: 'Not Found', message: 'Location 987654 was not found' });
    expect((await flow(loc.pub, body, 'not-a-token')).statusCode).toBe(401);
  });
});

describe('bad input is a 400 with a readable message', () => {
  const ok = { startDate: '03/07/2026', endDate: '03/08/2026', interval: '15min' };
  const cases: [string, number | string, unknown, RegExp][] = [
    ['impossible date', 1, { ...ok, startDate: '02/30/2026' }, /startDate "02\/30\/2026" is not a valid date/],
    ['not a date', 1, { ...ok, endDate: 'yesterday' }, /endDate "yesterday" is not a valid date/],
    ['missing date', 1, { endDate: '03/08/2026', interval: '15min' }, /startDate is required/],
    ['end before start', 1, { ...ok, startDate: '03/09/2026' }, /endDate 2026-03-08 is before startDate 2026-03-09/],
    ['unknown interval', 1, { ...ok, interval: 'hourly' }, /interval must be '15min' or 'daily'/],
    ['15-minute range over 3 years', 1, { ...ok, startDate: '01/01/2020' }, /too long for 15-Minute Data: at most 1098 days/],
    ['daily range over 100 years', 1, { startDate: '01/01/1900', endDate: '01/01/2026', interval: 'daily' }, /too long for Daily Data/],
    ['tiny maxPoints', 1, { ...ok, maxPoints: 5 }, /maxPoints must be at least 10/],
    ['non-numeric id', 'abc', ok, /location number must be a whole number/],
    ['negative id', -3, ok, /location number must be positive/],
    ['huge id', '99999999999', ok, /location number is too large/],
  ];
  it.each(cases)('%s', async (_name, id, payload, message) => {
    const res = await flow(id === 1 ? loc.pub : id, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Bad Request');
    expect(res.json().message).toMatch(message);
  });

  it('a non-JSON body is a 400 too', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: `/api/graph-flow-data15-min/${loc.pub}`,
      payload: 'start=1',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('caches: a graph answer depends on who asks', () => {
  // Every graph endpoint, both intervals: the same request (URL and body) answers differently with
  // and without a token (a private location is 404 to the public, 200 to staff). So every answer,
  // the 404 too, says Vary: Authorization and may only be kept by the caller's own browser
  // (private), never by a shared cache that could hand one caller's answer to another.
  const paths = ['graph-flow-data15-min', 'graph-stage-data15-min', 'graph-waterlevel-data15-min'];
  const cases = paths.flatMap((path) => (['15min', 'daily'] as const).map((interval) => [path, interval] as const));
  const perCaller = (res: { headers: Record<string, unknown> }) => {
    const vary = String(res.headers.vary ?? '')
      .split(',')
      .map((v) => v.trim().toLowerCase());
    const cacheControl = String(res.headers['cache-control'] ?? '');
    return {
      varyAuthorization: vary.includes('authorization') || vary.includes('*'),
      private: /\bprivate\b|\bno-store\b/.test(cacheControl),
      shared: /\bpublic\b|s-maxage/.test(cacheControl),
    };
  };
  it.each(cases)('%s, %s', async (path, interval) => {
    const body = { startDate: '03/07/2026', endDate: '03/07/2026', interval };
    const anonymous = await post(`${path}/${loc.priv}`, body);
    const signedIn = await post(`${path}/${loc.priv}`, body, staff);
    expect([anonymous.statusCode, signedIn.statusCode]).toEqual([404, 200]);
    const open = await post(`${path}/${loc.pub}`, body);
    expect(open.statusCode).toBe(200);
    for (const res of [anonymous, signedIn, open])
      expect(perCaller(res)).toEqual({ varyAuthorization: true, private: true, shared: false });
  });
});
