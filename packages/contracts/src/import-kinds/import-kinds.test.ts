import { describe, expect, it } from 'vitest';
import { DATA_SOURCE_KINDS, importKindFields, importSourceKind, IMPORT_SOURCE_KINDS } from './index';

const shown = (kind: string | undefined) =>
  importKindFields(kind).map((f) => (f.type === 'water-data-series' ? 'water-data-series' : `${f.label}: ${f.help}`));

describe('import source kind definitions', () => {
  it('gives each kind the editor fields and hints it has always had', () => {
    expect(shown('usgs')).toEqual([
      'Source Site ID: USGS site number, e.g. 06754000',
      'Source Site Metadata: USGS parameter code, e.g. 00060 (discharge)',
      'Source Method ID: USGS method (sensor) id, for sites with several; empty: the run takes one and says which',
    ]);
    expect(shown('usgs-water-data')).toEqual(['Source Site ID: Monitoring location id, e.g. USGS-06754000', 'water-data-series']);
    expect(shown('cdss')).toEqual([
      'Source Site ID: CDSS station abbreviation, e.g. PLAPLTCO',
      'Source Site Metadata: CDSS parameter, e.g. DISCHRG',
    ]);
    const generic = [
      'Source Site ID: Site or station id at the data source',
      'Source Site Metadata: Parameter code or notes about the site',
    ];
    expect(shown('file')).toEqual(generic);
    expect(shown('manual')).toEqual(generic);
    expect(shown(undefined)).toEqual(generic);
  });

  it('lists every data_source.kind once: the imported kinds and the ones never imported', () => {
    expect(DATA_SOURCE_KINDS).toEqual(['file', 'usgs', 'usgs-water-data', 'cdss', 'manual', 'demo']);
    expect(new Set(DATA_SOURCE_KINDS).size).toBe(DATA_SOURCE_KINDS.length);
    expect(IMPORT_SOURCE_KINDS.filter((k) => k.readsFiles).map((k) => k.kind)).toEqual(['file']);
    expect(importSourceKind('demo')).toBeUndefined();
  });
});
