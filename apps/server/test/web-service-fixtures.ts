// Our own small responses in the documented shapes of USGS Water Services (WaterML 1.1 as JSON)
// and Colorado DWR HydroBase REST v2 (paging envelope), for local test servers.

type UsgsValue = { dateTime: string; value: string; qualifiers?: string[] };

/** One time series of a WaterML-JSON answer: a site, a parameter, and one values block per method (sensor). */
export interface UsgsSeriesFixture {
  site: string;
  agency?: string;
  parameterCd: string;
  statCd?: string;
  blocks: { methodId: number; description?: string; values: UsgsValue[] }[];
}

/** A WaterML-JSON time series response (iv: dateTime with offset; dv: local date without one). */
export function usgsResponse(opts: {
  site: string;
  parameterCd: string;
  statCd?: string;
  values: UsgsValue[];
  /** A second, empty values block first: sites with several methods/sensors have several. */
  emptyFirstBlock?: boolean;
}): unknown {
  return usgsAnswer([
    {
      site: opts.site,
      parameterCd: opts.parameterCd,
      statCd: opts.statCd,
      blocks: [
        ...(opts.emptyFirstBlock ? [{ methodId: 69511, values: [] }] : []),
        { methodId: 69512, values: opts.values.map((v) => ({ qualifiers: ['P'], ...v })) },
      ],
    },
  ]);
}

/** A WaterML-JSON answer holding any number of series (several sites, parameters, methods), as USGS sends them. */
export function usgsAnswer(series: UsgsSeriesFixture[]): unknown {
  const block = (b: UsgsSeriesFixture['blocks'][number]) => ({
    value: b.values,
    qualifier: [...new Set(b.values.flatMap((v) => v.qualifiers ?? []))].map((code, i) => ({
      qualifierCode: code,
      qualifierDescription: code === 'P' ? 'Provisional data subject to revision.' : code,
      qualifierID: i,
      network: 'NWIS',
      vocabulary: 'uv_rmk_cd',
    })),
    qualityControlLevel: [],
    method: [{ methodDescription: b.description ?? '', methodID: b.methodId }],
    source: [],
    offset: [],
    sample: [],
    censorCode: [],
  });
  const sites = [...new Set(series.map((s) => s.site))];
  return {
    name: 'ns1:timeSeriesResponseType',
    declaredType: 'org.cuahsi.waterml.TimeSeriesResponseType',
    scope: 'javax.xml.bind.JAXBElement$GlobalScope',
    value: {
      queryInfo: {
        queryURL: 'local test server',
        criteria: { locationParam: `[${sites.map((s) => `ALL:${s}`).join(', ')}]`, variableParam: 'ALL', parameter: [] },
        note: [],
      },
      timeSeries: series.map((s) => ({
        sourceInfo: {
          siteName: `TEST SITE ${s.site}`,
          siteCode: [{ value: s.site, network: 'NWIS', agencyCode: s.agency ?? 'USGS' }],
          timeZoneInfo: {
            defaultTimeZone: { zoneOffset: '-07:00', zoneAbbreviation: 'MST' },
            daylightSavingsTimeZone: { zoneOffset: '-06:00', zoneAbbreviation: 'MDT' },
            siteUsesDaylightSavingsTime: true,
          },
        },
        variable: {
          variableCode: [{ value: s.parameterCd, network: 'NWIS', vocabulary: 'NWIS:UnitValues', variableID: 45807197, default: true }],
          variableName: s.parameterCd === '00065' ? 'Gage height, ft' : 'Streamflow, ft&#179;/s',
          unit: { unitCode: s.parameterCd === '00065' ? 'ft' : 'ft3/s' },
          options: {
            option: [s.statCd ? { value: 'Mean', name: 'Statistic', optionCode: s.statCd } : { name: 'Statistic', optionCode: '00000' }],
          },
          noDataValue: -999999.0,
        },
        values: s.blocks.map(block),
        name: `USGS:${s.site}:${s.parameterCd}:${s.statCd ?? '00000'}`,
      })),
    },
    nil: false,
    globalScope: true,
    typeSubstituted: false,
  };
}

/** One page of a CDSS telemetry time series answer (local times without offset, spaceSepToSeconds). */
export function cdssPage(
  page: number,
  pageCount: number,
  rows: { measDateTime: string; measValue: number | null; flagA?: string | null; flagB?: string | null }[],
  abbrev = 'PLAKERCO',
  parameter = 'DISCHRG',
): unknown {
  return {
    PageNumber: page,
    PageCount: pageCount,
    ResultCount: rows.length,
    ResultDateTime: '2026-11-05 05:00:00',
    ResultList: rows.map((r) => ({
      abbrev,
      parameter,
      measDateTime: r.measDateTime,
      measValue: r.measValue,
      measUnit: 'cfs',
      flagA: r.flagA === undefined ? 'O' : r.flagA,
      flagB: r.flagB ?? null,
      modified: r.measDateTime,
    })),
  };
}
