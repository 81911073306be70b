import { describe, expect, it } from 'vitest';
import { waterServicesToWaterData, type MoveRewrite } from './move-rules';

describe('moving a WaterServices source to the Water Data API', () => {
  it.each<[string, string | null, string | null, number | null, MoveRewrite]>([
    [
      'iv becomes continuous',
      '06754000',
      'iv:00060',
      15,
      { ok: true, sourceSiteId: 'USGS-06754000', sourceSiteMetadata: 'continuous:00060' },
    ],
    [
      'dv becomes daily with the daily mean',
      '06754000',
      'dv:00060',
      1440,
      { ok: true, sourceSiteId: 'USGS-06754000', sourceSiteMetadata: 'daily:00060:00003' },
    ],
    [
      'dv keeps another statistic',
      '06754000',
      'dv:00060:00001',
      null,
      { ok: true, sourceSiteId: 'USGS-06754000', sourceSiteMetadata: 'daily:00060:00001' },
    ],
    [
      'a bare code of a 15-minute source is iv',
      '06754000',
      '00065',
      15,
      { ok: true, sourceSiteId: 'USGS-06754000', sourceSiteMetadata: 'continuous:00065' },
    ],
    [
      'a bare code of a daily source is dv',
      '06754000',
      '00060',
      1440,
      { ok: true, sourceSiteId: 'USGS-06754000', sourceSiteMetadata: 'daily:00060:00003' },
    ],
    [
      'free text around the code',
      '06754000',
      'Discharge iv:00060 (cfs)',
      null,
      { ok: true, sourceSiteId: 'USGS-06754000', sourceSiteMetadata: 'continuous:00060' },
    ],
    [
      'an agency prefix is kept as the id prefix',
      'USGS:394308105092801',
      'iv:72019',
      null,
      { ok: true, sourceSiteId: 'USGS-394308105092801', sourceSiteMetadata: 'continuous:72019' },
    ],
    [
      'another agency keeps its code',
      'CO:06754000',
      'iv:00060',
      null,
      { ok: true, sourceSiteId: 'CO-06754000', sourceSiteMetadata: 'continuous:00060' },
    ],
    [
      'surrounding blanks are dropped',
      ' 06754000 ',
      ' iv:00060 ',
      null,
      { ok: true, sourceSiteId: 'USGS-06754000', sourceSiteMetadata: 'continuous:00060' },
    ],
    [
      'no site number',
      'PLAPLTCO',
      'iv:00060',
      null,
      { ok: false, message: 'Source Site ID "PLAPLTCO" is not a USGS site number (8 to 15 digits)' },
    ],
    ['no site at all', null, 'iv:00060', null, { ok: false, message: 'Source Site ID "" is not a USGS site number (8 to 15 digits)' }],
    [
      'no parameter code',
      '06754000',
      'Discharge',
      null,
      { ok: false, message: 'Source Site Metadata "Discharge" names no USGS parameter code (e.g. iv:00060)' },
    ],
  ])('%s', (_name, sourceSiteId, sourceSiteMetadata, intervalMinutes, expected) => {
    expect(waterServicesToWaterData({ sourceSiteId, sourceSiteMetadata, intervalMinutes })).toEqual(expected);
  });
});
