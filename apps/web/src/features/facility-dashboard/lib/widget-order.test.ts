import { describe, expect, it } from 'vitest';
import { orderWidgets, VARIANT_A_WIDGETS, VARIANT_B_WIDGETS, widgetColumns } from './widget-order';

describe('orderWidgets', () => {
  it('keeps a full list in its own order', () => {
    expect(orderWidgets(['004_pctfull', '000_ytd', '002_lastfew', '003_monthly'])).toEqual([
      '004_pctfull',
      '000_ytd',
      '002_lastfew',
      '003_monthly',
    ]);
  });

  it('puts the named widgets first, then the rest of the variant', () => {
    expect(orderWidgets(['003_monthly'])).toEqual(['003_monthly', '000_ytd', '002_lastfew', '004_pctfull']);
    expect(orderWidgets(['000_ytd', '002_lastfew', '003_monthly'])).toEqual(['000_ytd', '002_lastfew', '003_monthly', '004_pctfull']);
  });

  it('gives variant A without a list', () => {
    expect(orderWidgets([])).toEqual([...VARIANT_A_WIDGETS]);
  });

  it('switches to the well-field variant when a well-field widget is named', () => {
    expect(orderWidgets(['water_year_ytd', 'current_totals'])).toEqual([
      'water_year_ytd',
      'current_totals',
      'current_values_by_well',
      'monthly_pumping',
    ]);
    expect(orderWidgets(['current_values_by_well', 'current_totals', 'monthly_pumping', 'water_year_ytd'])).toEqual([...VARIANT_B_WIDGETS]);
  });

  it('ignores unknown names, repeats and the other variant, and trims spaces', () => {
    expect(orderWidgets([' 002_lastfew ', 'bogus', '002_lastfew', '001_other'])).toEqual([
      '002_lastfew',
      '000_ytd',
      '003_monthly',
      '004_pctfull',
    ]);
    expect(orderWidgets(['monthly_pumping', '000_ytd'])).toEqual([
      'monthly_pumping',
      'current_values_by_well',
      'current_totals',
      'water_year_ytd',
    ]);
  });
});

describe('widgetColumns', () => {
  const full = ['002_lastfew', '003_monthly'] as const;
  it('pairs consecutive half-width widgets and widens one left alone', () => {
    expect(widgetColumns(['000_ytd', '004_pctfull', '002_lastfew'], full).map((w) => w.columns)).toEqual([6, 6, 12]);
    expect(widgetColumns(['000_ytd', '002_lastfew', '003_monthly'], full).map((w) => w.columns)).toEqual([12, 12, 12]);
    expect(widgetColumns(['002_lastfew', '000_ytd', '003_monthly', '004_pctfull'], full).map((w) => w.columns)).toEqual([12, 12, 12, 12]);
  });
});
