// Our own small responses in the documented shapes of USGS Water Services (WaterML 1.1 as JSON)
// and Colorado DWR HydroBase REST v2 (paging envelope), for local test servers.

/** A WaterML-JSON time series response (iv: dateTime with offset; dv: local date without one). */
export function usgsResponse(opts: {
  site: string;
  parameterCd: string;
  statCd?: string;
  values: { dateTime: string; value: string; qualifiers?: string[] }[];
  /** A second, empty values block first: sites with several methods/sensors have several. */
  emptyFirstBlock?: boolean;
}): unknown {
  const option = opts.statCd ? { value: 'Mean', name: 'Statistic', optionCode: opts.statCd } : { name: 'Statistic', optionCode: '00000' };
  const block = (value: unknown[]) => ({
    value,
    qualifier: [
      {
        qualifierCode: 'P',
        qualifierDescription: 'Provisional data subject to revision.',
        qualifierID: 0,
        network: 'NWIS',
        vocabulary: 'uv_rmk_cd',
      },
    ],
    qualityControlLevel: [],
    method: [{ methodDescription: '', methodID: 69512 }],
    source: [],
    offset: [],
    sample: [],
    censorCode: [],
  });
  return {
    name: 'ns1:timeSeriesResponseType',
    declaredType: 'org.cuahsi.waterml.TimeSeriesResponseType',
    scope: 'javax.xml.bind.JAXBElement$GlobalScope',
    value: {
      queryInfo: {
        queryURL: 'local test server',
        criteria: { locationParam: `[ALL:${opts.site}]`, variableParam: `[${opts.parameterCd}]`, parameter: [] },
        note: [],
      },
      timeSeries: [
        {
          sourceInfo: {
            siteName: 'SOUTH PLATTE RIVER NEAR KERSEY, CO',
            siteCode: [{ value: opts.site, network: 'NWIS', agencyCode: 'USGS' }],
            timeZoneInfo: {
              defaultTimeZone: { zoneOffset: '-07:00', zoneAbbreviation: 'MST' },
              daylightSavingsTimeZone: { zoneOffset: '-06:00', zoneAbbreviation: 'MDT' },
              siteUsesDaylightSavingsTime: true,
            },
          },
          variable: {
            variableCode: [
              { value: opts.parameterCd, network: 'NWIS', vocabulary: 'NWIS:UnitValues', variableID: 45807197, default: true },
            ],
            variableName: 'Streamflow, ft&#179;/s',
            unit: { unitCode: 'ft3/s' },
            options: { option: [option] },
            noDataValue: -999999.0,
          },
          values: [...(opts.emptyFirstBlock ? [block([])] : []), block(opts.values.map((v) => ({ qualifiers: ['P'], ...v })))],
          name: `USGS:${opts.site}:${opts.parameterCd}:${opts.statCd ?? '00000'}`,
        },
      ],
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
  rows: { measDateTime: string; measValue: number | null }[],
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
      flagA: 'O',
      flagB: null,
      modified: r.measDateTime,
    })),
  };
}
