import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { seedDemoDistrict } from '../../seed/seed-demo';

describe('Alerts Management, Groups, Contacts and associations API', () => {
  let h: TestApp;
  const tokens: Record<string, string> = {};
  let measured: { location_ndx: number; parameter_ndx: number };
  let notMeasuredParameter: number;
  let contactNdx: number;

  beforeAll(async () => {
    h = await createTestApp();
    await seedDemoDistrict(h.t.db, {
      anchor: new Date('2026-03-01T12:00:00Z'),
      demoPassword: 'test-password',
      fifteenMinuteDays: 1,
      dailyYears: 0.02,
    });
    measured = await h.t.db
      .selectFrom('series_latest')
      .select(['location_ndx', 'parameter_ndx'])
      .orderBy('location_ndx')
      .orderBy('parameter_ndx')
      .executeTakeFirstOrThrow();
    const other = await sql<{ parameter_ndx: number }>`
      select parameter_ndx from parameter p where not exists (select 1 from location_parameter lp where lp.location_ndx = ${measured.location_ndx} and lp.parameter_ndx = p.parameter_ndx)
        and not exists (select 1 from series_latest s where s.location_ndx = ${measured.location_ndx} and s.parameter_ndx = p.parameter_ndx) limit 1`.execute(
      h.t.db,
    );
    notMeasuredParameter = other.rows[0].parameter_ndx;
    contactNdx = (await h.t.db.selectFrom('contact').select('contact_ndx').orderBy('contact_ndx').executeTakeFirstOrThrow()).contact_ndx;
    Object.assign(tokens, await h.tokensByRole());
  }, 120_000);
  afterAll(async () => h.close());

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
    role: string | null = 'Administrator',
  ) => h.app.inject({ method, url, payload: payload as object, headers: role ? { authorization: `Bearer ${tokens[role]}` } : {} });
  const alertBody = (over: Record<string, unknown> = {}) => ({
    enabled: true,
    alert_type_ndx: 1,
    location_ndx: measured.location_ndx,
    parameter_ndx: measured.parameter_ndx,
    trigger_value: 0,
    reset_hours: 24,
    merged_address_ndx: `contact-${contactNdx}`,
    ...over,
  });
  const counts = async () => {
    const r = await sql<{ alerts: number; recipients: number; audits: number }>`
      select (select count(*) from alert_request)::int as alerts, (select count(*) from alert_request_recipient)::int as recipients,
             (select count(*) from audit_log)::int as audits`.execute(h.t.db);
    return r.rows[0];
  };

  it('is for administrators only', async () => {
    for (const url of [
      '/api/alerts-management-table',
      '/api/list-groups',
      '/api/list-contacts',
      '/api/assoc-contacts-groups',
      '/api/alerts-list-send-to',
      '/api/alerts-delivery-log',
    ]) {
      expect((await call('GET', url, undefined, null)).statusCode).toBe(401);
      expect((await call('GET', url, undefined, 'User')).statusCode).toBe(403);
      expect((await call('GET', url, undefined, 'All Data User')).statusCode).toBe(403);
      expect((await call('GET', url, undefined, 'Developer')).statusCode).toBe(200);
    }
    expect(
      (await call('POST', '/api/list-contacts', { contact_address: 'a@b.org', contact_name: 'A', contact_org: 'B' }, 'User')).statusCode,
    ).toBe(403);
  });

  it('lists the seeded alerts with recipient, newest value and the form lists', async () => {
    const rows = (await call('GET', '/api/alerts-management-table')).json();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0]).toHaveProperty('send_to_details');
    expect(rows.some((r: { most_recent_value: number | null }) => r.most_recent_value !== null)).toBe(true);
    const types = (await call('GET', '/api/alerts-list-alert-types')).json();
    expect(types.map((t: { alert_type: string }) => t.alert_type)).toEqual([
      'Value above trigger',
      'Value below trigger',
      'No new data (hours)',
      'Battery below trigger',
    ]);
    const params = (await call('GET', '/api/alerts-list-parameters')).json();
    const p = params.find((x: { parameter_ndx: number }) => x.parameter_ndx === measured.parameter_ndx);
    expect(p.assoc_location_ndx).toContain(measured.location_ndx);
    const locations = (await call('GET', '/api/alerts-list-locations')).json();
    expect(locations.some((l: { location_ndx: number }) => l.location_ndx === measured.location_ndx)).toBe(true);
    const sendTo = (await call('GET', '/api/alerts-list-send-to')).json();
    expect(sendTo.some((s: { merged_address_ndx: string }) => s.merged_address_ndx.startsWith('group-'))).toBe(true);
    expect(sendTo.some((s: { merged_address_ndx: string }) => s.merged_address_ndx === `contact-${contactNdx}`)).toBe(true);
  });

  it('creates, replaces and patches an alert, each audited', async () => {
    const created = await call('POST', '/api/alerts-management-table', alertBody({ custom_subject: '  High flow ', notes: '' }));
    expect(created.statusCode).toBe(201);
    const a = created.json();
    expect(a).toMatchObject({
      enabled: true,
      trigger_value: 0,
      custom_subject: 'High flow',
      notes: null,
      merged_address_ndx: `contact-${contactNdx}`,
      last_alert_sent: null,
    });
    const group = (await h.t.db.selectFrom('contact_group').select('group_ndx').executeTakeFirstOrThrow()).group_ndx;
    const put = await call(
      'PUT',
      `/api/alerts-management-table/${a.alert_request_ndx}`,
      alertBody({ trigger_value: 12.5, merged_address_ndx: `group-${group}` }),
    );
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ trigger_value: 12.5, merged_address_ndx: `group-${group}`, custom_subject: null });
    const patched = await call('PATCH', `/api/alerts-management-table/${a.alert_request_ndx}`, { enabled: false });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ enabled: false, trigger_value: 12.5, merged_address_ndx: `group-${group}` });
    const audits = await h.t.db
      .selectFrom('audit_log')
      .select(['action', 'actor_email'])
      .where('table_name', '=', 'alert_request')
      .where('row_key', '=', String(a.alert_request_ndx))
      .orderBy('audit_ndx')
      .execute();
    expect(audits.map((x) => x.action)).toEqual(['insert', 'update', 'update']);
    expect(audits[0].actor_email).toBe('Administrator@example.org');
    expect((await call('PATCH', '/api/alerts-management-table/999999', { enabled: true })).statusCode).toBe(404);
    expect((await call('PATCH', `/api/alerts-management-table/${a.alert_request_ndx}`, {})).statusCode).toBe(400);
  });

  it('refuses bad alerts with a readable 400 and writes nothing', async () => {
    const before = await counts();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ location_ndx: 999999 }, /Location 999999 does not exist/],
      [{ parameter_ndx: notMeasuredParameter }, /is not measured at location/],
      [{ trigger_value: -1 }, /Trigger value must be 0 or more/],
      [{ reset_hours: -0.5 }, /Reset hours must be 0 or more/],
      [{ merged_address_ndx: 'contact-999999' }, /Contact 999999 does not exist/],
      [{ merged_address_ndx: 'group-999999' }, /Group 999999 does not exist/],
      [{ merged_address_ndx: 'someone' }, /Send Alerts To/],
      [{ alert_type_ndx: 99 }, /Alert type 99 does not exist/],
      [{ alert_type_ndx: 4 }, /battery parameter/],
      [{ trigger_value: '1e3' }, /Trigger value must be a number/],
      [{ surprise: 1 }, /Unknown field/],
    ];
    for (const [over, message] of cases) {
      const res = await call('POST', '/api/alerts-management-table', alertBody(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    const existing = (await h.t.db.selectFrom('alert_request').select('alert_request_ndx').executeTakeFirstOrThrow()).alert_request_ndx;
    const res = await call('PUT', `/api/alerts-management-table/${existing}`, alertBody({ merged_address_ndx: 'contact-999999' }));
    expect(res.statusCode).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it('groups: create, unique names, update, delete refused while in use (naming the alerts), view-groups-used', async () => {
    const created = await call('POST', '/api/list-groups', { group_desc: 'Night Shift', remark: '' });
    expect(created.statusCode).toBe(201);
    const g = created.json();
    expect(g).toMatchObject({ group_desc: 'Night Shift', remark: null });
    expect((await call('POST', '/api/list-groups', { group_desc: 'night shift' })).statusCode).toBe(409);
    expect((await call('POST', '/api/list-groups', { group_desc: '  ' })).json().message).toMatch(/Group is required/);
    expect((await call('PUT', `/api/list-groups/${g.group_ndx}`, { group_desc: 'Night Crew', remark: 'on call' })).json()).toMatchObject({
      group_desc: 'Night Crew',
      remark: 'on call',
    });
    const alert = (await call('POST', '/api/alerts-management-table', alertBody({ merged_address_ndx: `group-${g.group_ndx}` }))).json();
    const used = (await call('GET', '/api/view-groups-used')).json();
    const mine = used.find((u: { group_ndx: number }) => u.group_ndx === g.group_ndx);
    expect(mine.alerts.map((x: { alert_request_ndx: number }) => x.alert_request_ndx)).toEqual([alert.alert_request_ndx]);
    const refused = await call('DELETE', `/api/list-groups/${g.group_ndx}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain(`#${alert.alert_request_ndx}`);
    expect(refused.json().message).toContain("Group 'Night Crew' is used by alert");
    await call('PUT', `/api/alerts-management-table/${alert.alert_request_ndx}`, alertBody());
    expect((await call('DELETE', `/api/list-groups/${g.group_ndx}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/list-groups/${g.group_ndx}`)).statusCode).toBe(404);
    const audits = await h.t.db
      .selectFrom('audit_log')
      .select('action')
      .where('table_name', '=', 'contact_group')
      .where('row_key', '=', String(g.group_ndx))
      .orderBy('audit_ndx')
      .execute();
    expect(audits.map((x) => x.action)).toEqual(['insert', 'update', 'delete']);
  });

  it('contacts: required fields, addresses must be e-mail or gateway addresses, update and delete', async () => {
    const bad = await call('POST', '/api/list-contacts', { contact_address: 'not an address', contact_name: 'X', contact_org: 'Y' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Contact Address must be an e-mail address or a phone gateway address/);
    expect(
      (await call('POST', '/api/list-contacts', { contact_address: 'x@y.org', contact_name: '', contact_org: 'Y' })).json().message,
    ).toMatch(/Contact Name is required/);
    const created = await call('POST', '/api/list-contacts', {
      contact_address: '3035551234@vtext.com',
      contact_name: 'Pat Gateway',
      contact_org: 'District',
    });
    expect(created.statusCode).toBe(201);
    const c = created.json();
    const updated = await call('PUT', `/api/list-contacts/${c.contact_ndx}`, {
      contact_address: 'pat@example.org',
      contact_name: 'Pat',
      contact_org: 'District',
      remark: 'desk',
    });
    expect(updated.json()).toMatchObject({ contact_address: 'pat@example.org', remark: 'desk' });
    expect((await call('DELETE', `/api/list-contacts/${c.contact_ndx}`)).statusCode).toBe(204);
    const direct = await call('DELETE', `/api/list-contacts/${contactNdx}`);
    expect(direct.statusCode).toBe(409);
    expect(direct.json().message).toMatch(/is the recipient of alert/);
  });

  it('associations: PUT replaces the set of one group; an unknown contact changes nothing', async () => {
    const g = (await call('POST', '/api/list-groups', { group_desc: 'Assoc test' })).json();
    const contacts = ((await call('GET', '/api/list-contacts')).json() as { contact_ndx: number }[])
      .sort((a, b) => a.contact_ndx - b.contact_ndx)
      .slice(0, 3);
    const pairs = contacts.map((c) => ({ group_ndx: g.group_ndx, contact_ndx: c.contact_ndx }));
    const first = await call('PUT', `/api/assoc-contacts-groups/${g.group_ndx}`, pairs);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual(pairs);
    expect((await call('PUT', `/api/assoc-contacts-groups/${g.group_ndx}`, pairs.slice(1))).json()).toEqual(pairs.slice(1));
    const bad = await call('PUT', `/api/assoc-contacts-groups/${g.group_ndx}`, [...pairs, { group_ndx: g.group_ndx, contact_ndx: 999999 }]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Contact 999999 does not exist/);
    expect(
      (
        await call('PUT', `/api/assoc-contacts-groups/${g.group_ndx}`, [
          { group_ndx: g.group_ndx + 1000, contact_ndx: contacts[0].contact_ndx },
        ])
      ).statusCode,
    ).toBe(400);
    const all = (await call('GET', '/api/assoc-contacts-groups')).json() as { group_ndx: number }[];
    expect(all.filter((p) => p.group_ndx === g.group_ndx)).toEqual(pairs.slice(1));
    expect((await call('PUT', `/api/assoc-contacts-groups/${g.group_ndx}`, [])).json()).toEqual([]);
  });

  it('deletes an alert for good (audited); its contact can then be deleted', async () => {
    const contact = (
      await call('POST', '/api/list-contacts', { contact_address: 'delete-me@example.org', contact_name: 'Old Alert', contact_org: 'Test' })
    ).json();
    const created = (
      await call('POST', '/api/alerts-management-table', alertBody({ merged_address_ndx: `contact-${contact.contact_ndx}` }))
    ).json();
    const ndx = created.alert_request_ndx as number;
    expect((await call('DELETE', `/api/list-contacts/${contact.contact_ndx}`)).statusCode, 'still used by the alert').toBe(409);
    expect((await call('DELETE', `/api/alerts-management-table/${ndx}`, undefined, 'User')).statusCode).toBe(403);
    expect((await call('DELETE', `/api/alerts-management-table/${ndx}`, undefined, null)).statusCode).toBe(401);
    const deleted = await call('DELETE', `/api/alerts-management-table/${ndx}`);
    expect(deleted.statusCode).toBe(204);
    const list = (await call('GET', '/api/alerts-management-table')).json() as { alert_request_ndx: number }[];
    expect(list.map((a) => a.alert_request_ndx)).not.toContain(ndx);
    const trail = await h.t.db
      .selectFrom('audit_log')
      .select(['action', 'before', 'actor_email'])
      .where('table_name', '=', 'alert_request')
      .where('row_key', '=', String(ndx))
      .orderBy('audit_ndx')
      .execute();
    expect(trail.map((r) => r.action)).toEqual(['insert', 'delete']);
    expect(trail[1]).toMatchObject({
      actor_email: 'Administrator@example.org',
      before: expect.objectContaining({ alert_request_ndx: ndx }),
    });
    expect(await call('DELETE', `/api/alerts-management-table/${ndx}`).then((r) => [r.statusCode, r.json().message])).toEqual([
      404,
      `Alert ${ndx} does not exist`,
    ]);
    expect((await call('DELETE', `/api/list-contacts/${contact.contact_ndx}`)).statusCode).toBe(204);
  });

  it('names each refused field with its message, apart from its path', async () => {
    const res = await call('POST', '/api/list-contacts', {
      contact_address: 'x@example.org',
      contact_name: 'n'.repeat(1001),
      contact_org: 'Org',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'Bad Request',
      message: 'body.contact_name: Contact Name must be at most 1000 characters',
      fields: [{ in: 'body', path: 'contact_name', message: 'Contact Name must be at most 1000 characters' }],
    });
  });
});
