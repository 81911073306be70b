import { useMemo } from 'react';
import type { MobileOverviewReport } from '@portal/contracts';
import { useOverviewReport } from '../api/get-overview-report';
import { buildPivot } from '../lib/pivot';
import { usePhoneLayout } from '../hooks/use-phone-layout';
import { PivotCards } from './pivot-cards';
import { PivotTable } from './pivot-table';
import { ReportSection } from './report-section';

export const OVERVIEW_TITLES: Record<MobileOverviewReport, string> = {
  storage: 'Storage Overview Report',
  recharge: 'Recharge Overview Report',
  augmentation: 'Aug Flows Overview Report',
  wells: 'Wells Overview Report',
};

interface Props {
  report: MobileOverviewReport;
  expanded: boolean;
  onToggle: (id: string) => void;
}

export function OverviewSection({ report, expanded, onToggle }: Props) {
  const query = useOverviewReport(report);
  const pivot = useMemo(() => buildPivot(query.data ?? []), [query.data]);
  const phone = usePhoneLayout();
  return (
    <ReportSection
      id={report}
      title={OVERVIEW_TITLES[report]}
      expanded={expanded}
      onToggle={onToggle}
      loading={query.isPending}
      error={query.error?.message ?? null}
      empty={pivot.rows.length === 0}
    >
      {phone ? <PivotCards pivot={pivot} label={OVERVIEW_TITLES[report]} /> : <PivotTable pivot={pivot} label={OVERVIEW_TITLES[report]} />}
    </ReportSection>
  );
}
