import { useCallback, useState } from 'react';
import { Box, Button, Stack } from '@mui/material';
import { MOBILE_OVERVIEW_REPORTS } from '@portal/contracts';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { BATTERIES_ID, BatteriesSection, FormulasSection, LAST_REPORTS_ID, LastReportsSection, NotesSection } from './list-sections';
import { OverviewSection } from './overview-section';
import { TrackerLegend } from './tracker-legend';
import { PageHeader } from '../../../components/ui/page-header';

/** /dashboards/mobile-dashboard: the district's sites at a glance on a phone. */
export function MobileTrackerPage() {
  useDocumentTitle('Mobile Tracker');
  // The overview reports open; the longer lists open on demand (or from the scroll buttons).
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set(MOBILE_OVERVIEW_REPORTS));
  const toggle = useCallback(
    (id: string) =>
      setExpanded((prev) => {
        const next = new Set(prev);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );
  // A scroll button opens its section; the section scrolls itself once open and loaded.
  const [scrollTokens, setScrollTokens] = useState<Record<string, number>>({});
  const openAndScroll = (id: string) => {
    setExpanded((prev) => new Set(prev).add(id));
    setScrollTokens((prev) => ({ ...prev, [id]: (prev[id] ?? 0) + 1 }));
  };
  const section = (id: string) => ({ expanded: expanded.has(id), onToggle: toggle, scrollToken: scrollTokens[id] ?? 0 });

  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto' }}>
      <PageHeader title="Mobile Tracker" spacing={1} />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 2, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <TrackerLegend />
        <Stack direction="row" spacing={1}>
          <Button variant="outlined" size="small" onClick={() => openAndScroll(LAST_REPORTS_ID)} data-testid="scroll-last-reports">
            Last Reports
          </Button>
          <Button variant="outlined" size="small" onClick={() => openAndScroll(BATTERIES_ID)} data-testid="scroll-batteries">
            Battery Status
          </Button>
        </Stack>
      </Stack>
      {MOBILE_OVERVIEW_REPORTS.map((report) => (
        <OverviewSection key={report} report={report} {...section(report)} />
      ))}
      <LastReportsSection {...section(LAST_REPORTS_ID)} />
      <FormulasSection {...section('formulas')} />
      <NotesSection {...section('notes')} />
      <BatteriesSection {...section(BATTERIES_ID)} />
    </Box>
  );
}
