import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { makeImportRun } from '../../../test/factories';
import { seedDemoDistrict } from '../../seed/seed-demo';

interface Refs {
  location: number;
  parameter: number;
  unit: number;
  fileSource: number;
}

describe('Imports Configuration API', () => {
  let h: TestApp;
  let refs: Refs;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    h = await createTestApp();
    await seedDemoDistrict(h.t.db, {
      anchor: new Date('2026-03-01T12:00:00Z'),
      demoPassword: 'test-password',
      fifteenMinuteDays: 2,
      dailyYears: 0.05,
    });
    const loc = await h.t.db.selectFrom('location').select('location_ndx').orderBy('location_ndx').executeTakeFirstOrThrow();
    const par = await h.t.db.selectFrom('parameter').select('parameter_ndx').where('parameter_name', '=', 'Flow').executeTakeFirstOrThrow();
    const unit = await h.t.db.selectFrom('unit').select('unit_ndx').where('unit_desc', '=', 'cfs').executeTakeFirstOrThrow();
    const ds = await h.t.db.selectFrom('data_source').select('datasrc_ndx').where('kind', '=', 'file').executeTakeFirstOrThrow();
    refs = { location: loc.location_ndx, parameter: par.parameter_ndx, unit: unit.unit_ndx, fileSource: ds.datasrc_ndx };
    Object.assign(tokens, await h.tokensByRole());
    tokens.none = await h.tokenFor({ roles: [] });
  }, 120_000);
  afterAll(async () => h.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, role: string | null = 'Administrator') =>
    h.app.inject({ method, url, payload: payload as object, headers: role ? { authorization: `Bearer ${tokens[role]}` } : {} });
  const minimal = () => ({ location_ndx: refs.location, parameter_ndx: refs.parameter, datasrc_ndx: refs.fileSource, unit_ndx: refs.unit });
  const auditRows = (key: number) =>
    h.t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('table_name', '=', 'import_source')
      .where('row_key', '=', String(key))
      .orderBy('audit_ndx')
      .execute();

  it('lists the seeded sources with their names and no run yet', async () => {
    const res = await call('GET', '/api/import-data-sources');
    expect(res.statusCode).toBe(200);
    const rows = res.json();
    expect(rows.length).toBeGreaterThanOrEqual(3);
    const file = rows.find((r: { file_name: string | null }) => r.file_name === 'WMD-HG_flow.csv');
    expect(file).toMatchObject({
      parameter_name: 'Flow',
      data_source: 'Logger File Import',
      datasrc_kind: 'file',
      delimiter_desc: 'Comma',
      frequency: '15 minutes',
      interval_period: '15 minutes',
      last_run: null,
      enabled: false,
    });
    expect(typeof file.location_name).toBe('string');
  });

  it('creates a source with the import defaults and audits it', async () => {
    const res = await call('POST', '/api/import-data-sources', minimal());
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      enabled: true,
      run_now: true,
      file_fieldcount: 30,
      file_header_rowcount: 1,
      delimiter_ndx: 2,
      frequency: '30 minutes',
      retain_days: -1,
      history_days: 20,
      apply_daylightsavings_offset: 0,
      interval_period: null,
      file_path: null,
      last_retrieval: null,
      last_run: null,
    });
    expect(created.import_ndx).toBeGreaterThan(0);
    const audit = await auditRows(created.import_ndx);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'insert', actor_sub: 'usr_Administrator', actor_email: 'Administrator@example.org' });
    expect(audit[0].after).toMatchObject({ frequency_minutes: 30, delimiter_ndx: 2 });
  });

  it('round-trips frequency and interval_period as minutes text and updates with an audit row', async () => {
    const created = (
      await call('POST', '/api/import-data-sources', {
        ...minimal(),
        frequency: '2 hours',
        interval_period: '15 minutes',
        file_path: ' loggers ',
        file_name: '*.csv',
        column_position_value: 0,
      })
    ).json();
    expect(created).toMatchObject({
      frequency: '120 minutes',
      interval_period: '15 minutes',
      file_path: 'loggers',
      file_name: '*.csv',
      column_position_value: 0,
    });
    const stored = await sql<{
      f: string;
      i: string;
    }>`select frequency::text as f, interval_period::text as i from import_source where import_ndx = ${created.import_ndx}`.execute(h.t.db);
    expect(stored.rows[0]).toEqual({ f: '02:00:00', i: '00:15:00' });

    const res = await call('PUT', `/api/import-data-sources/${created.import_ndx}`, {
      ...minimal(),
      frequency: '1 minute',
      interval_period: null,
      enabled: false,
      run_now: false,
      apply_daylightsavings_offset: 2,
      notes: 'checked',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      import_ndx: created.import_ndx,
      frequency: '1 minute',
      interval_period: null,
      enabled: false,
      run_now: false,
      apply_daylightsavings_offset: 2,
      notes: 'checked',
      file_path: null,
    });
    const audit = await auditRows(created.import_ndx);
    expect(audit.map((a) => a.action)).toEqual(['insert', 'update']);
    expect(audit[1].before).toMatchObject({ frequency_minutes: 120, enabled: true });
    expect(audit[1].after).toMatchObject({ frequency_minutes: 1, enabled: false });
    expect((await call('GET', `/api/import-data-sources/${created.import_ndx}`)).json().frequency).toBe('1 minute');
  });

  it('moves next_retrieval when the frequency changes after a run', async () => {
    const { import_ndx } = (await call('POST', '/api/import-data-sources', { ...minimal(), frequency: '1440 minutes' })).json();
    await sql`update import_source set last_retrieval = '2026-03-01T10:00:00Z', next_retrieval = '2026-03-02T10:00:00Z' where import_ndx = ${import_ndx}`.execute(
      h.t.db,
    );
    const res = await call('PUT', `/api/import-data-sources/${import_ndx}`, { ...minimal(), frequency: '15 minutes' });
    expect(res.json().next_retrieval).toBe('2026-03-01T10:15:00.000Z');
  });

  it('deletes a source with an audit row and answers 404 for unknown ones', async () => {
    const { import_ndx } = (await call('POST', '/api/import-data-sources', minimal())).json();
    const res = await call('DELETE', `/api/import-data-sources/${import_ndx}`);
    expect(res.statusCode).toBe(204);
    expect(await h.t.db.selectFrom('import_source').select('import_ndx').where('import_ndx', '=', import_ndx).execute()).toHaveLength(0);
    expect((await auditRows(import_ndx)).map((a) => a.action)).toEqual(['insert', 'delete']);
    for (const [method, url] of [
      ['DELETE', `/api/import-data-sources/${import_ndx}`],
      ['GET', `/api/import-data-sources/${import_ndx}`],
      ['PUT', `/api/import-data-sources/${import_ndx}`],
      ['GET', `/api/import-data-sources/${import_ndx}/runs`],
      ['POST', `/api/import-data-sources/${import_ndx}/run-now`],
    ] as const) {
      const r = await call(method, url, method === 'PUT' ? minimal() : undefined);
      expect(r.statusCode, `${method} ${url}`).toBe(404);
      expect(r.json()).toEqual({ error: 'Not Found', message: `Import configuration ${import_ndx} does not exist` });
    }
  });

  it('run-now sets run_now, is audited, and works before any worker created the queue', async () => {
    const { import_ndx } = (await call('POST', '/api/import-data-sources', { ...minimal(), run_now: false })).json();
    const res = await call('POST', `/api/import-data-sources/${import_ndx}/run-now`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ import_ndx, run_now: true, queued: false });
    const row = await h.t.db.selectFrom('import_source').select('run_now').where('import_ndx', '=', import_ndx).executeTakeFirstOrThrow();
    expect(row.run_now).toBe(true);
    expect((await auditRows(import_ndx)).at(-1)).toMatchObject({ action: 'update', before: { run_now: false }, after: { run_now: true } });
  });

  it('run-now queues an import-source job when the queue exists', async () => {
    // The same function graphile-worker installs, reduced to what the endpoint relies on.
    await sql`create schema graphile_worker;
      create table graphile_worker.test_jobs (task text, payload json, job_key text);
      create function graphile_worker.add_job(identifier text, payload json = null, queue_name text = null, run_at timestamptz = null,
        max_attempts int = null, job_key text = null, priority int = null, flags text[] = null, job_key_mode text = 'replace')
        returns void language sql as $$ insert into graphile_worker.test_jobs values (identifier, payload, job_key) $$;`.execute(h.t.db);
    try {
      const { import_ndx } = (await call('POST', '/api/import-data-sources', minimal())).json();
      const res = await call('POST', `/api/import-data-sources/${import_ndx}/run-now`);
      expect(res.json()).toEqual({ import_ndx, run_now: true, queued: true });
      const jobs = await sql<{
        task: string;
        payload: { importNdx: number };
        job_key: string;
      }>`select * from graphile_worker.test_jobs`.execute(h.t.db);
      expect(jobs.rows).toEqual([{ task: 'import-source', payload: { importNdx: import_ndx }, job_key: `import-source:${import_ndx}` }]);
    } finally {
      await sql`drop schema graphile_worker cascade`.execute(h.t.db);
    }
  });

  it('lists the last runs newest first with their counts and first errors', async () => {
    const { import_ndx } = (await call('POST', '/api/import-data-sources', minimal())).json();
    expect((await call('GET', `/api/import-data-sources/${import_ndx}/runs`)).json()).toEqual([]);
    for (let i = 0; i < 23; i++) {
      await makeImportRun(h.t.db, {
        import_ndx,
        started_at: new Date(Date.UTC(2026, 2, 1, 0, i)),
        finished_at: new Date(Date.UTC(2026, 2, 1, 0, i, 30)),
        status: i === 22 ? 'partial' : 'succeeded',
        rows_read: 10 + i,
        rows_inserted: 9 + i,
        rows_skipped: i === 22 ? 1 : 0,
        first_errors: JSON.stringify(i === 22 ? [{ line: 4, message: 'unreadable value "x"' }] : []),
        message: null,
      });
    }
    const runs = (await call('GET', `/api/import-data-sources/${import_ndx}/runs`)).json();
    expect(runs).toHaveLength(20);
    expect(runs[0]).toMatchObject({
      status: 'partial',
      rows_read: 32,
      rows_inserted: 31,
      rows_skipped: 1,
      first_errors: [{ line: 4, message: 'unreadable value "x"' }],
      started_at: '2026-03-01T00:22:00.000Z',
    });
    expect(runs[19].started_at).toBe('2026-03-01T00:03:00.000Z');
    expect((await call('GET', `/api/import-data-sources/${import_ndx}/runs?limit=2`)).json()).toHaveLength(2);
    const listed = (await call('GET', '/api/import-data-sources')).json().find((r: { import_ndx: number }) => r.import_ndx === import_ndx);
    expect(listed.last_run).toMatchObject({ status: 'partial', rows_read: 32, finished_at: '2026-03-01T00:22:30.000Z' });
  });

  it('serves the form lookups with the columns the form shows', async () => {
    const delimiters = (await call('GET', '/api/list-import-delimiter')).json();
    expect(delimiters.map((d: { delimiter_desc: string }) => d.delimiter_desc)).toEqual(['Tab', 'Comma', 'Semicolon', 'Space', 'Pipe']);
    expect((await call('GET', '/api/list-units')).json()).toContainEqual({ unit_ndx: refs.unit, unit_desc: 'cfs' });
    expect((await call('GET', '/api/list-parameters')).json()).toContainEqual({ parameter_ndx: refs.parameter, parameter_name: 'Flow' });
    expect((await call('GET', '/api/list-sources')).json()).toContainEqual({
      datasrc_ndx: refs.fileSource,
      data_source: 'Logger File Import',
      kind: 'file',
    });
    expect(Object.keys((await call('GET', '/api/list-locations')).json()[0])).toEqual(['location_ndx', 'location_name']);
  });

  it('lets only Administrators and Developers in (anonymous 401, other roles 403)', async () => {
    const { import_ndx } = (await call('POST', '/api/import-data-sources', minimal())).json();
    const reads = [
      '/api/import-data-sources',
      `/api/import-data-sources/${import_ndx}`,
      `/api/import-data-sources/${import_ndx}/runs`,
      '/api/list-units',
      '/api/list-sources',
      '/api/list-import-delimiter',
      '/api/list-locations',
      '/api/list-parameters',
    ];
    for (const url of reads) {
      expect((await call('GET', url, undefined, null)).statusCode, `anonymous ${url}`).toBe(401);
      for (const role of ['User', 'All Data User', 'none'])
        expect((await call('GET', url, undefined, role)).statusCode, `${role} ${url}`).toBe(403);
      for (const role of ['Administrator', 'Developer'])
        expect((await call('GET', url, undefined, role)).statusCode, `${role} ${url}`).toBe(200);
    }
    const writes = [
      ['POST', '/api/import-data-sources', minimal()],
      ['PUT', `/api/import-data-sources/${import_ndx}`, minimal()],
      ['POST', `/api/import-data-sources/${import_ndx}/run-now`, undefined],
      ['DELETE', `/api/import-data-sources/${import_ndx}`, undefined],
    ] as const;
    for (const [method, url, body] of writes) {
      expect((await call(method, url, body, null)).statusCode, `anonymous ${method} ${url}`).toBe(401);
      expect((await call(method, url, body, 'User')).statusCode, `User ${method} ${url}`).toBe(403);
    }
    for (const [method, url, body] of writes)
      expect((await call(method, url, body, 'Developer')).statusCode, `Developer ${method} ${url}`).toBeLessThan(300);
  });

  it('answers bad input with a readable 400, never a 500', async () => {
    const cases: [string, unknown, RegExp][] = [
      ['missing required fields', {}, /Location is required.*Parameter is required.*Data Source is required.*Incoming Units is required/],
      ['non-numeric ids', { ...minimal(), location_ndx: 'abc' }, /Location must be a whole number/],
      ["'e' values", { ...minimal(), file_fieldcount: '1e3' }, /file_fieldcount must be a whole number/],
      ['fractions', { ...minimal(), history_days: 1.5 }, /history_days must be a whole number/],
      ['negative history_days', { ...minimal(), history_days: -1 }, /history_days must be at least 0/],
      ['negative column positions', { ...minimal(), column_position_date: -1 }, /column_position_date must be at least 0/],
      ['retain_days below -1', { ...minimal(), retain_days: -2 }, /retain_days must be at least -1/],
      ['daylight offset 3', { ...minimal(), apply_daylightsavings_offset: 3 }, /must be 0, 1 or 2/],
      ['negative frequency', { ...minimal(), frequency: '-5 minutes' }, /frequency must be text such as '30 minutes'/],
      ['frequency as a number', { ...minimal(), frequency: 30 }, /frequency must be text/],
      ['huge frequency', { ...minimal(), frequency: '999999999 minutes' }, /frequency must be at most/],
      ['garbage interval', { ...minimal(), interval_period: 'soon' }, /interval_period must be text/],
      ['wrong types', { ...minimal(), enabled: 'yes' }, /enabled must be true or false/],
      ['unknown fields', { ...minimal(), import_ndx: 4, colour: 'red' }, /Unknown field\(s\): import_ndx, colour/],
      ['huge strings', { ...minimal(), notes: 'x'.repeat(100_000) }, /notes must be at most 4000 characters/],
      ['huge numbers', { ...minimal(), location_ndx: 1e12 }, /Location is out of range/],
      ['an array body', [minimal()], /expected object/i],
    ];
    for (const [name, body, message] of cases) {
      const res = await call('POST', '/api/import-data-sources', body);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().error, name).toBe('Bad Request');
      expect(res.json().message, name).toMatch(message);
    }
    for (const raw of ['{"location_ndx":', '"hello"', 'null']) {
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/import-data-sources',
        payload: raw,
        headers: { authorization: `Bearer ${tokens.Administrator}`, 'content-type': 'application/json' },
      });
      expect(res.statusCode, raw).toBe(400);
      expect(res.json().error, raw).toBe('Bad Request');
    }
    for (const bad of ['abc', '-1', '0', '1.5', '99999999999']) {
      const res = await call('GET', `/api/import-data-sources/${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message, bad).toMatch(/import number/);
    }
    for (const q of ['limit=0', 'limit=abc', 'limit=101', 'other=1'])
      expect((await call('GET', `/api/import-data-sources/1/runs?${q}`)).statusCode, q).toBe(400);
  });

  // PostgreSQL refuses NUL characters in text: the caller's mistake (400), not a server fault (500).
  it.each(['notes', 'file_name', 'source_site_id'])('answers a NUL character in %s with a readable 400', async (field) => {
    const res = await call('POST', '/api/import-data-sources', { ...minimal(), [field]: 'a\u0000b' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Bad Request', message: 'A value has the wrong format or is out of range' });
  });

  it('refuses at save a file path that leaves IMPORT_ROOT, and writes nothing', async () => {
    const before = await h.t.db
      .selectFrom('import_source')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    for (const [file_path, file_name] of [
      ['../outside', 'x.dat'],
      ['/etc', 'passwd'],
      ['logs/../../..', '*.dat'],
      [null, '../x.dat'],
    ]) {
      const res = await call('POST', '/api/import-data-sources', { ...minimal(), file_path, file_name });
      expect(res.statusCode, `${file_path} ${file_name}`).toBe(400);
      expect(res.json().message).toMatch(/is outside the import folder \(IMPORT_ROOT\): use a folder inside it$/);
      // The server's own folder is never shown, only what the administrator typed.
      expect(res.json().message).not.toContain(h.config.importRoot);
    }
    const after = await h.t.db
      .selectFrom('import_source')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    const { import_ndx } = (
      await call('POST', '/api/import-data-sources', { ...minimal(), file_path: 'loggers/site-a', file_name: '*.dat' })
    ).json();
    const put = await call('PUT', `/api/import-data-sources/${import_ndx}`, { ...minimal(), file_path: '../../etc', file_name: 'passwd' });
    expect(put.statusCode).toBe(400);
  });

  it('names references that do not exist instead of failing on a foreign key', async () => {
    const res = await call('POST', '/api/import-data-sources', { ...minimal(), location_ndx: 999_999, delimiter_ndx: 77 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Location 999999, Text File Delimiter 77 do not exist');
    const { import_ndx } = (await call('POST', '/api/import-data-sources', minimal())).json();
    const put = await call('PUT', `/api/import-data-sources/${import_ndx}`, { ...minimal(), unit_ndx: 424_242 });
    expect(put.statusCode).toBe(400);
    expect(put.json().message).toBe('Incoming Units 424242 does not exist');
  });
});
