import { IMPORT_SOURCE_KINDS, importSourceKind } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { importDepsFrom, IMPORT_SOURCE_READERS, readerFor, unmatchedKinds } from './registry';

describe('import source kinds', () => {
  it('has one server reader per shared kind definition and no other', () => {
    expect(unmatchedKinds()).toEqual([]);
    expect(IMPORT_SOURCE_READERS.map((r) => r.definition)).toEqual([...IMPORT_SOURCE_KINDS]);
    expect(new Set(IMPORT_SOURCE_KINDS.map((k) => k.kind)).size).toBe(IMPORT_SOURCE_KINDS.length);
  });

  it('finds a kind by its data_source.kind and none for kinds that are not imported', () => {
    for (const k of IMPORT_SOURCE_KINDS) expect(readerFor(k.kind)?.definition).toBe(k);
    expect(readerFor('manual')).toBeUndefined();
    expect(importSourceKind('demo')).toBeUndefined();
  });

  it('collects each kind’s dependencies from the configuration', () => {
    const deps = importDepsFrom({
      importRoot: '/imports',
      usgsBaseUrl: 'http://127.0.0.1:1/nwis',
      cdssBaseUrl: 'http://127.0.0.1:2/cdss',
      usgsWaterDataUrl: 'http://127.0.0.1:3/ogcapi',
      usgsApiKey: 'key',
    });
    expect(deps).toEqual({
      importRoot: '/imports',
      usgsBaseUrl: 'http://127.0.0.1:1/nwis',
      cdssBaseUrl: 'http://127.0.0.1:2/cdss',
      usgsWaterDataUrl: 'http://127.0.0.1:3/ogcapi',
      usgsApiKey: 'key',
    });
  });

  it('normalises Water Data settings and refuses a missing site with the kind’s message', () => {
    const waterData = importSourceKind('usgs-water-data')!;
    expect(waterData.settings.parse({ source_site_id: '06754000', source_site_metadata: 'daily:00060', source_method_id: 7 })).toEqual({
      source_site_id: 'USGS-06754000',
      source_site_metadata: 'daily:00060:00003',
      source_method_id: null,
    });
    const refused = waterData.settings.safeParse({ source_site_id: null, source_site_metadata: 'daily:00060', source_method_id: null });
    expect(refused.success).toBe(false);
    const settings = { source_site_id: 'PLAPLTCO', source_site_metadata: 'DISCHRG', source_method_id: null };
    expect(importSourceKind('cdss')!.settings.parse(settings)).toEqual(settings);
  });
});
