import type { ExpressionSpecification } from 'maplibre-gl';
import { DEFAULT_LOCATION_COLOR, type ColorByStyle, type LocationTypeFilterOption } from '@portal/contracts';

export const COLOR_BY_LABELS: Record<ColorByStyle, string> = {
  default: 'Default',
  locationTypes: 'Location Types',
  percentileClass: 'Percentile class',
};

/** Feature property the location-type colours are matched on (values of the Location Types filter). */
export const LOCATION_TYPE_PROPERTY = 'location_type_ndx';

/**
 * The circle colour of location layers for a 'Color by' style: one blue for 'default', or a
 * data-driven match on the location type using the filter options' colours (blue for a type
 * the options do not know, e.g. one added after the page loaded).
 */
export function colorByExpression(
  style: ColorByStyle,
  locationTypes: readonly LocationTypeFilterOption[],
): string | ExpressionSpecification {
  if (style !== 'locationTypes' || locationTypes.length === 0) return DEFAULT_LOCATION_COLOR;
  const pairs = locationTypes.flatMap((t) => [t.value, t.color]);
  return ['match', ['get', LOCATION_TYPE_PROPERTY], ...pairs, DEFAULT_LOCATION_COLOR] as unknown as ExpressionSpecification;
}
