/**
 * The dashboard's widgets (part 1 §2 "Facility dashboard"). Variant A is the general facility
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
