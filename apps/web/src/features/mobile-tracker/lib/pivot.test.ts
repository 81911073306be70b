import { describe, expect, it } from 'vitest';
import { buildPivot } from './pivot';

const cell = (
  row_sort: number,
  row_name: string,
  column_sort: number,
  column_name: string,
  result_formatted: string,
  highlight_color: string | null = null,
) => ({
  row_sort,
  row_name,
  column_sort,
  column_name,
  result_formatted,
  highlight_color,
  facility_ndx: row_sort * 10,
});

describe('buildPivot', () => {
  it('orders rows and columns by their sort keys and keeps highlights', () => {
    const pivot = buildPivot([
      cell(2, 'Barr', 2, 'Percent Full', ''),
      cell(1, 'Milton', 2, 'Percent Full', '62.5'),
      cell(1, 'Milton', 1, 'Storage (af)', '2,501', '#FFFF00'),
      cell(2, 'Barr', 1, 'Storage (af)', '-'),
    ]);
    expect(pivot.columns).toEqual(['Storage (af)', 'Percent Full']);
    expect(pivot.rows).toEqual([
      {
        name: 'Milton',
        facilityNdx: 10,
        cells: [
          { text: '2,501', highlight: '#FFFF00' },
          { text: '62.5', highlight: null },
        ],
      },
      {
        name: 'Barr',
        facilityNdx: 20,
        cells: [
          { text: '-', highlight: null },
          { text: '', highlight: null },
        ],
      },
    ]);
  });
  it('is empty without cells', () => {
    expect(buildPivot([])).toEqual({ columns: [], rows: [] });
  });
});
