import { useLastReports } from '../api/get-last-reports';
import { useFlowCalcFormulas } from '../api/get-flow-calc-formulas';
import { useFlowCalcNotes } from '../api/get-flow-calc-notes';
import { useMobileBatteries } from '../api/get-mobile-batteries';
import { formatTimestamp } from '../../../lib/time';
import { ReportSection } from './report-section';
import { SimpleTable } from './simple-table';

interface SectionProps {
  expanded: boolean;
  onToggle: (id: string) => void;
  scrollToken?: number;
}

const number = (v: number | null, decimals: number) =>
  v === null ? '—' : v.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });

export const LAST_REPORTS_ID = 'last-reports';
export const BATTERIES_ID = 'batteries';

export function LastReportsSection(props: SectionProps) {
  const q = useLastReports();
  return (
    <ReportSection
      id={LAST_REPORTS_ID}
      title="Last Reports"
      {...props}
      loading={q.isPending}
      error={q.error?.message ?? null}
      empty={!q.data?.length}
    >
      <SimpleTable
        label="Last Reports"
        testId="last-report-row"
        rows={q.data ?? []}
        rowKey={(r) => r.facility_ndx}
        columns={[
          { header: 'Facility', render: (r) => r.facility_name },
          { header: 'Type', render: (r) => r.facility_type_desc },
          { header: 'Last Report', render: (r) => (r.last_report_timestamp ? formatTimestamp(r.last_report_timestamp) : 'Never') },
          { header: 'Locations', wrap: true, render: (r) => r.locations_labels },
        ]}
      />
    </ReportSection>
  );
}

export function FormulasSection(props: SectionProps) {
  const q = useFlowCalcFormulas();
  return (
    <ReportSection
      id="formulas"
      title="Avail Flow Calculation Formulas"
      {...props}
      loading={q.isPending}
      error={q.error?.message ?? null}
      empty={!q.data?.length}
    >
      <SimpleTable
        label="Avail Flow Calculation Formulas"
        testId="formula-row"
        rows={q.data ?? []}
        rowKey={(r) => r.location_ndx}
        columns={[
          { header: 'Storage Site', render: (r) => r.storage_site },
          { header: 'Most Recent (cfs)', align: 'right', render: (r) => number(r.most_recent_value_cfs, 2) },
          { header: 'Formula', wrap: true, render: (r) => r.flow_calc_formula },
        ]}
      />
    </ReportSection>
  );
}

export function NotesSection(props: SectionProps) {
  const q = useFlowCalcNotes();
  return (
    <ReportSection
      id="notes"
      title="Avail Flow Calculation Notes"
      {...props}
      loading={q.isPending}
      error={q.error?.message ?? null}
      empty={!q.data?.length}
    >
      <SimpleTable
        label="Avail Flow Calculation Notes"
        testId="note-row"
        rows={q.data ?? []}
        rowKey={(r) => r.location_ndx}
        columns={[
          { header: 'Storage Site', render: (r) => r.storage_site },
          { header: 'Notes', wrap: true, render: (r) => r.flow_calc_notes },
        ]}
      />
    </ReportSection>
  );
}

export function BatteriesSection(props: SectionProps) {
  const q = useMobileBatteries();
  return (
    <ReportSection
      id={BATTERIES_ID}
      title="Batteries"
      {...props}
      loading={q.isPending}
      error={q.error?.message ?? null}
      empty={!q.data?.length}
    >
      <SimpleTable
        label="Batteries"
        testId="mobile-battery-row"
        rows={q.data ?? []}
        rowKey={(r) => r.location_display_label}
        columns={[
          { header: 'Location', render: (r) => r.location_display_label },
          { header: 'MIN 7-day', align: 'right', render: (r) => number(r.min_7day, 2) },
          { header: 'MAX 7-day', align: 'right', render: (r) => number(r.max_7day, 2) },
        ]}
      />
    </ReportSection>
  );
}
