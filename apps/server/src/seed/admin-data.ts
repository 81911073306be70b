import type { Db } from '../db/client';
import type { ParameterKey } from './reference-data';
import type { ReferenceKeys } from './write-reference';

/** Cameras of the river photo pages; snapshots are served by the app itself in the demo. */
export const DEMO_CAMERAS = [
  { slug: 'western', title: 'Western Mutual Ditch' },
  { slug: 'empire', title: 'Empire Ditch' },
  { slug: 'riverside-dam', title: 'Riverside Canal at Dam' },
  { slug: 'riverside-sand-gate', title: 'Riverside Canal at Sand Gate' },
] as const;

const CONTACTS = [
  ['Maria Delgado', 'maria.delgado@district.example', 'Operations'],
  ['Maria Delgado (SMS)', '3035550123@vtext.com', 'Operations'],
  ['Tom Whitaker', 'tom.whitaker@district.example', 'Operations'],
  ['Tom Whitaker (SMS)', '9705550147@txt.att.net', 'Operations'],
  ['Priya Raman', 'priya.raman@district.example', 'Water Resources'],
  ['Dale Schmidt', 'dale.schmidt@district.example', 'Water Resources'],
  ['Dale Schmidt (SMS)', '7205550188@tmomail.net', 'Water Resources'],
  ['Jenny Archuleta', 'jenny.archuleta@district.example', 'Management'],
  ['Carlos Ortega', 'carlos.ortega@westernmutual.example', 'Western Mutual Ditch Co.'],
  ['Carlos Ortega (SMS)', '9705550161@vtext.com', 'Western Mutual Ditch Co.'],
  ['Ruth Lindqvist', 'ruth.lindqvist@consulting.example', 'Hydro Consulting LLC'],
  ['Water Commissioner D2', 'commissioner.d2@dwr.example', 'Colorado DWR'],
] as const;

const GROUPS: { desc: string; remark: string; members: string[] }[] = [
  {
    desc: 'Operations On-Call',
    remark: 'Paged for telemetry and pump alarms, day and night.',
    members: ['Maria Delgado', 'Maria Delgado (SMS)', 'Tom Whitaker', 'Tom Whitaker (SMS)'],
  },
  {
    desc: 'Water Resources Engineers',
    remark: 'Accounting and augmentation obligations.',
    members: ['Priya Raman', 'Dale Schmidt', 'Dale Schmidt (SMS)', 'Ruth Lindqvist'],
  },
  {
    desc: 'Ditch Riders',
    remark: 'Headgate changes on the mutual ditches.',
    members: ['Carlos Ortega', 'Carlos Ortega (SMS)', 'Tom Whitaker (SMS)'],
  },
  { desc: 'Management', remark: 'Daily summary only.', members: ['Jenny Archuleta', 'Priya Raman'] },
];

/** alert_type_ndx values pre-filled by the migration. */
const ABOVE = 1;
const BELOW = 2;
const STALE = 3;

const ALERTS: {
  loc: string;
  param: ParameterKey;
  type: number;
  trigger: number;
  reset: number;
  group?: string;
  contact?: string;
  subject?: string;
  notes: string;
}[] = [
  {
    loc: 'TW-11',
    param: 'level',
    type: ABOVE,
    trigger: 60,
    reset: 24,
    group: 'Operations On-Call',
    subject: 'TW-11 below trigger elevation',
    notes: 'Depth to water past the trigger elevation for Well Field 1.',
  },
  {
    loc: 'TW-13',
    param: 'level',
    type: ABOVE,
    trigger: 60,
    reset: 24,
    group: 'Operations On-Call',
    notes: 'Trigger elevation for Well Field 1.',
  },
  {
    loc: 'SPR-GAGE-02',
    param: 'flow',
    type: BELOW,
    trigger: 60,
    reset: 12,
    group: 'Water Resources Engineers',
    notes: 'Low flow at Platteville affects augmentation obligations.',
  },
  { loc: 'MIL-RES', param: 'pctfull', type: BELOW, trigger: 30, reset: 72, group: 'Management', notes: 'Milton Reservoir below 30% full.' },
  {
    loc: 'WX-01',
    param: 'battery',
    type: BELOW,
    trigger: 12.3,
    reset: 24,
    contact: 'Maria Delgado (SMS)',
    notes: 'Solar charging problem at the weather station.',
  },
  {
    loc: 'WMD-HG',
    param: 'flow',
    type: STALE,
    trigger: 6,
    reset: 12,
    group: 'Ditch Riders',
    subject: 'Western Mutual headgate not reporting',
    notes: 'No new data for 6 hours.',
  },
];

/** Cameras, contacts, groups, alerts and import sources, all pointing at rows written before. */
export async function writeAdminData(trx: Db, ref: ReferenceKeys, location: Map<string, number>): Promise<void> {
  await trx
    .insertInto('camera')
    .values(
      DEMO_CAMERAS.map((c) => ({
        slug: c.slug,
        title: c.title,
        snapshot_url: `/demo-cameras/${c.slug}.jpg`,
        mask_file_name: null,
        page_path: `/river-photos/${c.slug}`,
      })),
    )
    .execute();

  const contacts = await trx
    .insertInto('contact')
    .values(
      CONTACTS.map(([name, address, org]) => ({
        contact_name: name,
        contact_address: address,
        contact_org: org,
        remark: address.includes('@district') ? null : 'External or SMS gateway address',
      })),
    )
    .returning(['contact_ndx', 'contact_name'])
    .execute();
  const contact = new Map(contacts.map((c) => [c.contact_name, c.contact_ndx]));
  const groups = await trx
    .insertInto('contact_group')
    .values(GROUPS.map((g) => ({ group_desc: g.desc, remark: g.remark })))
    .returning(['group_ndx', 'group_desc'])
    .execute();
  const group = new Map(groups.map((g) => [g.group_desc, g.group_ndx]));
  await trx
    .insertInto('contact_group_member')
    .values(GROUPS.flatMap((g) => g.members.map((m) => ({ group_ndx: group.get(g.desc)!, contact_ndx: contact.get(m)! }))))
    .execute();

  for (const a of ALERTS) {
    const locationNdx = location.get(a.loc);
    if (locationNdx === undefined) continue;
    const { alert_request_ndx } = await trx
      .insertInto('alert_request')
      .values({
        enabled: true,
        alert_type_ndx: a.type,
        location_ndx: locationNdx,
        parameter_ndx: ref.parameter.get(a.param)!,
        trigger_value: a.trigger,
        reset_hours: a.reset,
        custom_subject: a.subject ?? null,
        custom_loc_name: null,
        notes: a.notes,
      })
      .returning('alert_request_ndx')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('alert_request_recipient')
      .values({
        alert_request_ndx,
        group_ndx: a.group ? group.get(a.group)! : null,
        contact_ndx: a.contact ? contact.get(a.contact)! : null,
      })
      .execute();
  }

  await writeImportSources(trx, ref, location);
}

/** Import sources are all disabled: the demo must never reach the internet or fail on missing files. */
async function writeImportSources(trx: Db, ref: ReferenceKeys, location: Map<string, number>): Promise<void> {
  const unitOf: Record<ParameterKey, string> = {
    flow: 'cfs',
    stage: 'ft',
    level: 'ft',
    pumping: 'gpm',
    volume: 'af',
    pctfull: 'pct',
    battery: 'V',
    precip: 'in',
  };
  const files: { loc: string; param: ParameterKey; file: string }[] = [
    { loc: 'TW-11', param: 'level', file: 'TW-11_level.csv' },
    { loc: 'TW-13', param: 'level', file: 'TW-13_level.csv' },
    { loc: 'WMD-HG', param: 'flow', file: 'WMD-HG_flow.csv' },
    { loc: 'MIL-RES', param: 'volume', file: 'MIL-RES_storage.csv' },
  ];
  const base = (loc: string, param: ParameterKey, src: string) => ({
    location_ndx: location.get(loc)!,
    parameter_ndx: ref.parameter.get(param)!,
    unit_ndx: ref.unit.get(unitOf[param])!,
    datasrc_ndx: ref.dataSource.get(src)!,
    enabled: false,
    run_now: false,
    frequency: '15 minutes',
    interval_period: '15 minutes',
    history_days: 20,
  });
  await trx
    .insertInto('import_source')
    .values([
      ...files
        .filter((f) => location.has(f.loc))
        .map((f) => ({
          ...base(f.loc, f.param, 'file'),
          file_path: 'demo/loggers',
          file_name: f.file,
          file_fieldcount: 3,
          file_header_rowcount: 1,
          delimiter_ndx: 2,
          column_position_date: 0,
          column_position_time: 1,
          column_position_value: 2,
          apply_daylightsavings_offset: 0 as const,
          notes: 'Logger export dropped by the telemetry server (demo; disabled).',
        })),
      {
        ...base('SPR-GAGE-03', 'flow', 'usgs-water-data'),
        source_site_id: 'USGS-06754000',
        // Engine format (docs/decisions/0024-usgs-water-data-api.md): collection:parameter code.
        source_site_metadata: 'continuous:00060',
        interval_metadata: 'USGS Water Data API continuous values, parameter 00060 (discharge, cfs)',
        notes: 'USGS Water Data API instantaneous values at SOUTH PLATTE RIVER NEAR KERSEY, CO (disabled in the demo).',
      },
      {
        ...base('SPR-GAGE-02', 'flow', 'cdss'),
        source_site_id: 'PLAPLTCO',
        source_site_metadata: 'DISCHRG:raw',
        interval_metadata: 'CDSS telemetry time series, 15-minute DISCHRG',
        notes: 'Colorado DWR CDSS REST telemetry at SOUTH PLATTE RIVER NEAR PLATTEVILLE (disabled in the demo).',
      },
    ])
    .execute();
}
