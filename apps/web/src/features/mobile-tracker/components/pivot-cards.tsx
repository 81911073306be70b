import { Link } from '@mui/material';
import { facilityPagePath, ROUTES } from '@portal/contracts';
import { useCanOpenPage } from '../../../lib/page-access';
import type { Pivot } from '../lib/pivot';
import { ReportCard, ReportCardList } from './report-card';

/**
 * An overview pivot on a phone: one card per facility with a 'measure: value' line for every
 * column, so a field operator reads a facility's values top to bottom without swiping sideways.
 */
export function PivotCards({ pivot, label }: { pivot: Pivot; label: string }) {
  // Names open the facility page only for those the page table lets open it (see PivotTable).
  const linked = useCanOpenPage()(ROUTES.FACILITY_DETAILS);
  return (
    <ReportCardList label={label}>
      {pivot.rows.map((row) => (
        <ReportCard
          key={row.facilityNdx}
          testId="pivot-row"
          title={
            linked ? (
              <Link href={facilityPagePath(row.facilityNdx)} target="_blank" rel="noopener noreferrer" data-testid="pivot-row-name">
                {row.name}
              </Link>
            ) : (
              <span data-testid="pivot-row-name">{row.name}</span>
            )
          }
          lines={row.cells.map((cell, i) => ({
            label: pivot.columns[i]!,
            value: cell.text,
            highlight: cell.highlight,
            valueProps: { 'data-testid': 'pivot-cell', 'data-column': pivot.columns[i]!, 'data-highlight': cell.highlight ?? '' },
          }))}
        />
      ))}
    </ReportCardList>
  );
}
