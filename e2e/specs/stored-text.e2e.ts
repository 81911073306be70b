import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { signIn } from '../../apps/server/test/oidc-flow';
import { BASE_URL, PASSWORD, launchBrowser, signInFromLanding } from '../lib/browser';
import { expectShownAsText, MIN, one, openRow, query, visit, wallClock, watchedPage, type WatchedPage } from '../lib/stored-text';

/**
 * Stored text on every page: script and HTML payloads stored through the API in every text field
 * an administrator can write are shown as text, never run, on every page that shows them, to
 * every role that may open it. Each page is checked for the payload's visible text, for
 * `window.__xss` never being set and for no dialog opening.
 *
 * Fields: location id, display label, name and notes; facility name, facility and notes; contact
 * name, organisation and remark; group name and remark; alert custom subject, custom location
 * name and notes; import source site id, site metadata, interval metadata and notes; user name
 * and nickname. (Parameter labels and report titles have no editor or write route.)
 *
 * Pages, as the public (no sign-in):
 *   /map?location=…&graph=flow (the location's graph panel), Site Summary Table, Batteries Status
 *   Table, Time Series Comparisons (the location offered for an axis).
 * As a User given the new facility (the account whose name and nickname carry payloads):
 *   the account menu, the profile page (/account/profile), Facility Pages list, the facility's
 *   details page, Query & Download, /map with the graph panel, Site Summary Table.
 * As an Administrator:
 *   Locations Setup (list and editor), Facilities Setup (list and editor), Facilities to
 *   Locations, Contacts, Groups, Groups to Contacts Associations, Alerts Management (table and
 *   editor), Imports Configuration (table and editor), Users Management, Facility Pages list, the
 *   facility's details page, Mobile Tracker, the home dashboard, /map with the graph panel, Site
 *   Summary Table.
 *
 * The content security policy already blocks inline handlers, so besides `window.__xss` the spec
 * also looks for the elements a payload would make (`img[src=x]`, `svg[onload]`): markup that got
 * into the page fails the spec even when the browser refused to run it.
 *
 * Every row is new, named "0 XSS-<run> …" (no other spec reads such names), and deleted after.
 */
const DATABASE_URL = process.env.E2E_DATABASE_URL;
const IMPORT_ROOT = process.env.E2E_IMPORT_ROOT;
const RUN = Date.now().toString(36).slice(-5);
const MARK = `0 XSS-${RUN}`;
const PAYLOADS = ['<img src=x onerror=window.__xss=1>', '<script>window.__xss=1</script>', '"><svg onload=window.__xss=1>'];
const USER_EMAIL = `xss-${RUN}@example.org`;
const USER_PASSWORD = `stored text ${RUN} 1`;
let payloadIndex = 0;
/** A field's stored text: the run's mark, the field's name and one of the payloads in turn. */
const stored = (field: string) => `${MARK} ${field} ${PAYLOADS[payloadIndex++ % PAYLOADS.length]}`;

const TEXT = {
  locationId: stored('location id'),
  locationLabel: stored('location label'),
  locationName: stored('location name'),
  locationNotes: stored('location notes'),
  facilityName: stored('facility name'),
  facility: stored('facility'),
  facilityNotes: stored('facility notes'),
  contactName: stored('contact name'),
  contactOrg: stored('contact org'),
  contactRemark: stored('contact remark'),
  groupName: stored('group name'),
  groupRemark: stored('group remark'),
  alertSubject: stored('alert subject'),
  alertLocation: stored('alert location'),
  alertNotes: stored('alert notes'),
  importSiteId: stored('import site id'),
  importSiteMetadata: stored('import site metadata'),
  importIntervalMetadata: stored('import interval metadata'),
  importNotes: stored('import notes'),
  userName: stored('user name'),
  userNickname: stored('user nickname'),
};

describe('stored text on every page', () => {
  let browser: Browser;
  let token: string;
  const ids: {
    location?: number;
    facility?: number;
    contact?: number;
    group?: number;
    alert?: number;
    importSource?: number;
    batteryImport?: number;
    user?: string;
  } = {};
  const importDir = `xss-e2e-${RUN}`;

  const api = async <T>(method: string, url: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${BASE_URL}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    assert.ok(res.ok, `${method} ${url} answered ${res.status}: ${text}`);
    return (text ? JSON.parse(text) : null) as T;
  };

  before(async () => {
    assert.ok(DATABASE_URL && IMPORT_ROOT, 'e2e/run.ts passes E2E_DATABASE_URL and E2E_IMPORT_ROOT');
    const flow = await signIn(BASE_URL, 'portal-web', `${BASE_URL}/api`, 'admin@demo.local', PASSWORD);
    token = (await flow.finish()).access_token;

    const flowNdx = await one(`select parameter_ndx as n from parameter where parameter_name = 'Flow'`);
    // A public location on the map, with a Flow series filled by an import of a logger file.
    ids.location = (
      await api<{ location_ndx: number }>('POST', '/api/data-list-locations', {
        location_id: TEXT.locationId,
        location_display_label: TEXT.locationLabel,
        location_name: TEXT.locationName,
        location_type_ndx: await one('select min(location_type_ndx) as n from location_type'),
        waterbody_ndx: await one('select min(waterbody_ndx) as n from waterbody'),
        legend_color: '#1F77B4',
        display_order: 0,
        notes: TEXT.locationNotes,
        latitude: 40.3,
        longitude: -104.7,
      })
    ).location_ndx;
    const now = Math.floor(Date.now() / (15 * MIN)) * 15 * MIN;
    const lines = [
      'Date,Time,Flow_cfs',
      ...Array.from({ length: 8 }, (_, i) => `${wallClock(new Date(now - (7 - i) * 15 * MIN))},${100 + i}`),
    ];
    fs.mkdirSync(path.join(IMPORT_ROOT!, importDir), { recursive: true });
    fs.writeFileSync(path.join(IMPORT_ROOT!, importDir, 'flow.csv'), `${lines.join('\r\n')}\r\n`);
    ids.importSource = (
      await api<{ import_ndx: number }>('POST', '/api/import-data-sources', {
        location_ndx: ids.location,
        parameter_ndx: flowNdx,
        datasrc_ndx: await one(`select datasrc_ndx as n from data_source where data_source = 'Logger File Import'`),
        unit_ndx: await one(`select unit_ndx as n from unit where unit_desc = 'cfs'`),
        enabled: false,
        run_now: false,
        interval_period: '15 minutes',
        file_path: importDir,
        file_name: 'flow.csv',
        file_fieldcount: 3,
        file_header_rowcount: 1,
        column_position_date: 0,
        column_position_time: 1,
        column_position_value: 2,
        source_site_id: TEXT.importSiteId,
        source_site_metadata: TEXT.importSiteMetadata,
        interval_metadata: TEXT.importIntervalMetadata,
        notes: TEXT.importNotes,
      })
    ).import_ndx;
    await api('POST', `/api/import-data-sources/${ids.importSource}/run-now`);
    // A battery-voltage series too, so the location is on the Batteries Status Table.
    const batteryNdx = await one(`select min(parameter_ndx) as n from parameter where parameter_name ilike '%battery%'`);
    const batteryLines = [
      'Date,Time,Battery_V',
      ...Array.from({ length: 8 }, (_, i) => `${wallClock(new Date(now - (7 - i) * 15 * MIN))},${(12.4 + i / 100).toFixed(2)}`),
    ];
    fs.writeFileSync(path.join(IMPORT_ROOT!, importDir, 'battery.csv'), `${batteryLines.join('\r\n')}\r\n`);
    ids.batteryImport = (
      await api<{ import_ndx: number }>('POST', '/api/import-data-sources', {
        location_ndx: ids.location,
        parameter_ndx: batteryNdx,
        datasrc_ndx: await one(`select datasrc_ndx as n from data_source where data_source = 'Logger File Import'`),
        unit_ndx: await one(
          `select coalesce(
          (select min(i.unit_ndx) from import_source i where i.parameter_ndx = $1),
          (select min(unit_ndx) from unit)) as n`,
          [batteryNdx],
        ),
        enabled: false,
        run_now: false,
        interval_period: '15 minutes',
        file_path: importDir,
        file_name: 'battery.csv',
        file_fieldcount: 3,
        file_header_rowcount: 1,
        column_position_date: 0,
        column_position_time: 1,
        column_position_value: 2,
        notes: `${MARK} battery import`,
      })
    ).import_ndx;
    await api('POST', `/api/import-data-sources/${ids.batteryImport}/run-now`);
    for (let i = 0; ; i++) {
      const [row] = await query<{ n: string }>('select count(*) as n from observation where location_ndx = $1', [ids.location]);
      if (Number(row.n) >= 16) break;
      assert.ok(i < 180, 'the imports stored both logger files');
      await new Promise((r) => setTimeout(r, 500));
    }

    ids.facility = (
      await api<{ facility_ndx: number }>('POST', '/api/data-list-facilities', {
        facility_name: TEXT.facilityName,
        facility: TEXT.facility,
        facility_type_ndx: await one('select min(facility_type_ndx) as n from facility_type'),
        display_order: 0,
        notes: TEXT.facilityNotes,
        array_parameter_ndx: [flowNdx],
      })
    ).facility_ndx;
    await api('PUT', `/api/assoc-locations-facilities/${ids.facility}`, [{ facility_ndx: ids.facility, location_ndx: ids.location }]);

    ids.contact = (
      await api<{ contact_ndx: number }>('POST', '/api/list-contacts', {
        contact_address: `contact-${RUN}@example.org`,
        contact_name: TEXT.contactName,
        contact_org: TEXT.contactOrg,
        remark: TEXT.contactRemark,
      })
    ).contact_ndx;
    ids.group = (
      await api<{ group_ndx: number }>('POST', '/api/list-groups', { group_desc: TEXT.groupName, remark: TEXT.groupRemark })
    ).group_ndx;
    await api('PUT', `/api/assoc-contacts-groups/${ids.group}`, [{ group_ndx: ids.group, contact_ndx: ids.contact }]);
    ids.alert = (
      await api<{ alert_request_ndx: number }>('POST', '/api/alerts-management-table', {
        enabled: false,
        alert_type_ndx: await one('select min(alert_type_ndx) as n from alert_type'),
        location_ndx: ids.location,
        parameter_ndx: flowNdx,
        trigger_value: 1000,
        reset_hours: 24,
        merged_address_ndx: `group-${ids.group}`,
        custom_subject: TEXT.alertSubject,
        custom_loc_name: TEXT.alertLocation,
        notes: TEXT.alertNotes,
      })
    ).alert_request_ndx;

    ids.user = (
      await api<{ auth0_user_id: string }>('POST', '/api/users-management/users', {
        email: USER_EMAIL,
        name: TEXT.userName,
        nickname: TEXT.userNickname,
        password: USER_PASSWORD,
        role: 'rol_user',
        landingPageNdx: 1,
        facilities: [ids.facility],
      })
    ).auth0_user_id;

    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    if (!token) return;
    const remove = async (url: string) =>
      (await fetch(`${BASE_URL}${url}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } })).ok;
    if (ids.user) await remove(`/api/users-management/users/${ids.user}`);
    if (ids.alert) await remove(`/api/alerts-management-table/${ids.alert}`);
    if (ids.group) await api('PUT', `/api/assoc-contacts-groups/${ids.group}`, []).catch(() => undefined);
    if (ids.group) await remove(`/api/list-groups/${ids.group}`);
    if (ids.contact) await remove(`/api/list-contacts/${ids.contact}`);
    if (ids.importSource) await remove(`/api/import-data-sources/${ids.importSource}`);
    if (ids.batteryImport) await remove(`/api/import-data-sources/${ids.batteryImport}`);
    if (ids.facility) await api('PUT', `/api/assoc-locations-facilities/${ids.facility}`, []).catch(() => undefined);
    if (ids.facility) await remove(`/api/data-list-facilities/${ids.facility}`);
    if (ids.location && !(await remove(`/api/data-list-locations/${ids.location}`))) {
      // The editor keeps a location that has readings; the readings the spec imported go with it here.
      await query('delete from import_run where import_ndx in (select import_ndx from import_source where location_ndx = $1)', [
        ids.location,
      ]);
      await query('delete from import_source where location_ndx = $1', [ids.location]);
      await query('delete from location where location_ndx = $1', [ids.location]);
    }
    fs.rmSync(path.join(IMPORT_ROOT!, importDir), { recursive: true, force: true });
    const left = await query<{ n: string }>(
      `select (select count(*) from location where location_name like $1) + (select count(*) from facility where facility_name like $1)
        + (select count(*) from contact where contact_name like $1) + (select count(*) from contact_group where group_desc like $1)
        + (select count(*) from alert_request where notes like $1) + (select count(*) from import_source where notes like $1)
        + (select count(*) from app_user where name like $1) as n`,
      [`${MARK}%`],
    );
    assert.equal(Number(left[0].n), 0, 'every row the spec made is gone');
  });

  const graphPage = () => `/map?location=${ids.location}&graph=flow`;

  /** Time Series Comparisons: the location offered for the left axis once Flow is its parameter. */
  async function compareOffers(w: WatchedPage): Promise<void> {
    await w.page.goto('/data-access/time-series-comparisons');
    await w.page.getByRole('combobox', { name: /Left.*Parameter/ }).click();
    await w.page.getByRole('option', { name: /^Flow/ }).first().click();
    await w.page.getByRole('combobox', { name: /Left.*Locations/ }).fill(`XSS-${RUN}`);
    await expectShownAsText(w, 'Time Series Comparisons (left locations)', [TEXT.locationLabel, TEXT.locationName]);
    await w.page.keyboard.press('Escape');
  }

  it('the public: the map graph panel, the report tables and the comparisons', async () => {
    const w = await watchedPage(browser, `XSS-${RUN}`);
    await visit(w, graphPage(), [TEXT.locationName]);
    await visit(w, '/data-access/site-summary-table', [TEXT.locationName]);
    await visit(w, '/data-access/batteries-status-table', [TEXT.locationLabel]);
    await compareOffers(w);
  });

  it('a User given the facility: account, facility pages, Query & Download, map and reports', async () => {
    const w = await watchedPage(browser, `XSS-${RUN}`);
    await signInFromLanding(w.page, USER_EMAIL, USER_PASSWORD);
    await w.page.getByRole('button', { name: /^Account menu/ }).click();
    await expectShownAsText(w, 'the account menu', [TEXT.userName]);
    await w.page.keyboard.press('Escape');
    await visit(w, '/account/profile', [TEXT.userName]);
    await visit(w, '/facility-pages', [TEXT.facilityName]);
    await visit(w, `/facility-pages/${ids.facility}`, [TEXT.facilityName, TEXT.facilityNotes, TEXT.locationName]);
    await visit(w, '/data-access/query-and-download/facilities', [TEXT.facilityName]);
    await visit(w, graphPage(), [TEXT.locationName]);
    await visit(w, '/data-access/site-summary-table', [TEXT.locationName]);
  });

  it('an Administrator: every editor that holds the text, and the pages that show it', async () => {
    const w = await watchedPage(browser, `XSS-${RUN}`);
    await signInFromLanding(w.page, 'admin@demo.local');
    const sm = '/data-access/system-management';
    await visit(w, `${sm}/locations-setup`, [TEXT.locationName]);
    await openRow(w, 'Locations Setup', TEXT.locationName, [TEXT.locationId, TEXT.locationLabel, TEXT.locationName, TEXT.locationNotes]);
    await visit(w, `${sm}/facilities-setup`, [TEXT.facilityName]);
    await openRow(w, 'Facilities Setup', TEXT.facilityName, [TEXT.facilityName, TEXT.facility, TEXT.facilityNotes]);
    await visit(w, `${sm}/associate-facilities-and-locations`, [TEXT.facilityName]);
    await visit(w, `${sm}/contacts`, [TEXT.contactName, TEXT.contactOrg, TEXT.contactRemark]);
    await visit(w, `${sm}/groups`, [TEXT.groupName, TEXT.groupRemark]);
    await visit(w, `${sm}/associate-contacts-and-groups`, [TEXT.groupName]);
    await visit(w, `${sm}/alerts-management`, [TEXT.alertLocation, TEXT.groupName]);
    await openRow(w, 'Alerts Management', TEXT.alertLocation, [TEXT.alertSubject, TEXT.alertLocation, TEXT.alertNotes]);
    // A disabled source is listed once the table shows all sources.
    await w.page.goto(`${sm}/imports-configuration`);
    await w.page.getByRole('switch', { name: 'Show disabled sources' }).check();
    await expectShownAsText(w, 'Imports Configuration', [TEXT.locationName]);
    await openRow(w, 'Imports Configuration', TEXT.locationName, [
      TEXT.importSiteId,
      TEXT.importSiteMetadata,
      TEXT.importIntervalMetadata,
      TEXT.importNotes,
    ]);
    await visit(w, '/admin/users-management', [TEXT.userName, TEXT.userNickname]);
    await visit(w, '/facility-pages', [TEXT.facilityName]);
    await visit(w, `/facility-pages/${ids.facility}`, [TEXT.facilityName, TEXT.facilityNotes, TEXT.locationName]);
    await visit(w, '/dashboards/mobile-dashboard', [TEXT.facilityName]);
    await w.page.goto('/dashboards/home');
    await w.page.getByRole('radio', { name: /^Flow/ }).first().check();
    await expectShownAsText(w, 'the home dashboard (Flow)', [TEXT.locationLabel]);
    await visit(w, graphPage(), [TEXT.locationName]);
    await visit(w, '/data-access/site-summary-table', [TEXT.locationName]);
  });
});
