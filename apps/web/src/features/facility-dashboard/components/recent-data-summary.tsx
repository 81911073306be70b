import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Box, Button, Grid, Stack, Typography, useMediaQuery, useTheme } from '@mui/material';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import type { DashboardSeriesKind, FacilityDetail } from '@portal/contracts';
import { useSession } from '../../../lib/session';
import { pctFullQueryOptions } from '../api/get-pct-full';
import { orderWidgets, widgetColumns, type WidgetName } from '../lib/widget-order';
import { CurrentTotalsWidget } from './current-totals-widget';
import { LastFewWidget } from './last-few-widget';
import { MonthlyWidget } from './monthly-widget';
import { PctFullWidget } from './pct-full-widget';
import { WellValuesWidget } from './well-values-widget';
import { YtdWidget } from './ytd-widget';

// Charts take the full width; figures and gauges share a row.
const FULL_WIDTH: readonly WidgetName[] = ['002_lastfew', '003_monthly', 'current_values_by_well', 'monthly_pumping'];

// Telemetry (battery, rain) stays out of the monthly water summary.
const MONTHLY_KINDS: readonly DashboardSeriesKind[] = ['flow', 'pumping', 'storage', 'level', 'percent'];
const PUMPING_KINDS: readonly DashboardSeriesKind[] = ['pumping'];

function renderWidget(name: WidgetName, facilityNdx: number, sub: string | undefined): ReactNode {
  const common = { facilityNdx, sub };
  switch (name) {
    case '000_ytd':
      return <YtdWidget {...common} name={name} title="Water Year to Date" />;
    case '002_lastfew':
      return <LastFewWidget {...common} />;
    case '003_monthly':
      return <MonthlyWidget {...common} name={name} title="Monthly Summary" kinds={MONTHLY_KINDS} />;
    case '004_pctfull':
      return <PctFullWidget {...common} />;
    case 'current_values_by_well':
      return <WellValuesWidget {...common} />;
    case 'current_totals':
      return <CurrentTotalsWidget {...common} />;
    case 'monthly_pumping':
      return <MonthlyWidget {...common} name={name} title="Monthly Pumping" kinds={PUMPING_KINDS} />;
    case 'water_year_ytd':
      return <YtdWidget {...common} name={name} title="Water-year YTD" />;
  }
}

/**
 * The facility page's 'Recent Data Summary': the widgets in the facility's
 * widget_order. Below the md width only the first widget shows until Expand is pressed, so the
 * page's other sections stay within reach on a phone.
 */
export function RecentDataSummary({ facility }: { facility: FacilityDetail }) {
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('md'));
  const [expanded, setExpanded] = useState(false);
  const { user } = useSession();
  const sub = user?.profile.sub;
  const ordered = orderWidgets(facility.widget_order);
  // A facility without a reservoir (a diversion, a gauge) gets no empty 'Percent Full' card: the
  // widget's own query (shared cache) decides, and the card stays while it loads.
  const pctFull = useQuery({
    ...pctFullQueryOptions(facility.facility_ndx, sub),
    enabled: Boolean(sub) && ordered.includes('004_pctfull'),
  });
  const widgets = pctFull.data && pctFull.data.length === 0 ? ordered.filter((w) => w !== '004_pctfull') : ordered;
  const shown = small && !expanded ? widgets.slice(0, 1) : widgets;

  return (
    <Box component="section" aria-labelledby="recent-data-summary-heading" data-testid="recent-data-summary">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Typography variant="h5" component="h2" id="recent-data-summary-heading">
          Recent Data Summary
        </Typography>
        {small ? (
          <Button
            size="small"
            variant="outlined"
            onClick={() => setExpanded((e) => !e)}
            aria-expanded={expanded}
            startIcon={expanded ? <ExpandLessIcon /> : <ExpandMoreIcon />}
          >
            {expanded ? 'Collapse' : 'Expand'}
          </Button>
        ) : null}
      </Stack>
      <Grid container spacing={3}>
        {widgetColumns(shown, FULL_WIDTH).map(({ name, columns }) => (
          <Grid key={name} size={{ xs: 12, md: columns }}>
            {renderWidget(name, facility.facility_ndx, sub)}
          </Grid>
        ))}
      </Grid>
      {small && !expanded && widgets.length > 1 ? (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          {`${widgets.length - 1} more ${widgets.length === 2 ? 'widget' : 'widgets'}: press Expand to show them.`}
        </Typography>
      ) : null}
    </Box>
  );
}
