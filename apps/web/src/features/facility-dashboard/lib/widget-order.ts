/**
 * The facility dashboard's widgets. Variant A is the general facility
 * dashboard; variant B is the well-field one. A facility's widget_order names widgets; the
 * ones it names come first, in its order, then the rest of its variant in their usual order.
 */
export const VARIANT_A_WIDGETS = ['000_ytd', '002_lastfew', '003_monthly', '004_pctfull'] as const;
export const VARIANT_B_WIDGETS = ['current_values_by_well', 'current_totals', 'monthly_pumping', 'water_year_ytd'] as const;

export type WidgetName = (typeof VARIANT_A_WIDGETS)[number] | (typeof VARIANT_B_WIDGETS)[number];

const isIn = (list: readonly string[], name: string) => list.includes(name);

/** Variant B when the facility names any well-field widget, else variant A. */
export function widgetVariant(widgetOrder: readonly string[]): readonly WidgetName[] {
  return widgetOrder.some((w) => isIn(VARIANT_B_WIDGETS, w.trim())) ? VARIANT_B_WIDGETS : VARIANT_A_WIDGETS;
}

/**
 * The widgets to show, in order: the named ones first (unknown names and repeats ignored),
 * then the variant's others. Names are matched after trimming surrounding spaces.
 */
export function orderWidgets(widgetOrder: readonly string[]): WidgetName[] {
  const variant = widgetVariant(widgetOrder);
  const named: WidgetName[] = [];
  for (const raw of widgetOrder) {
    const name = raw.trim() as WidgetName;
    if (isIn(variant, name) && !named.includes(name)) named.push(name);
  }
  return [...named, ...variant.filter((w) => !named.includes(w))];
}

/**
 * Grid columns (of 12) per widget: charts take the row; figures and gauges share a row in pairs
 * of consecutive half-width widgets, and one without a partner takes the row rather than leaving
 * half of it empty (a facility without a reservoir has no Percent Full beside its YTD).
 */
export function widgetColumns(widgets: readonly WidgetName[], fullWidth: readonly WidgetName[]): { name: WidgetName; columns: 6 | 12 }[] {
  const out: { name: WidgetName; columns: 6 | 12 }[] = [];
  for (let i = 0; i < widgets.length; i++) {
    const name = widgets[i]!;
    if (fullWidth.includes(name)) {
      out.push({ name, columns: 12 });
      continue;
    }
    const next = widgets[i + 1];
    if (next !== undefined && !fullWidth.includes(next)) {
      out.push({ name, columns: 6 }, { name: next, columns: 6 });
      i++;
    } else out.push({ name, columns: 12 });
  }
  return out;
}
