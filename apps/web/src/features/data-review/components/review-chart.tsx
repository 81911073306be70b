import { useEffect, useMemo } from 'react';
import { Box, useMediaQuery, useTheme } from '@mui/material';
import { format } from 'date-fns';
import type { DataReviewRow } from '@portal/contracts';
import { useEcharts } from '../../../components/charts/use-echarts-option';
import { inDistrict, TIMESTAMP_FORMAT } from '../../../lib/time';
import type { Selection } from '../hooks/use-review-state';
import { buildReviewChartOption } from '../lib/review-chart-option';
import { toChartData } from '../lib/review-series';

interface Props {
  rows: DataReviewRow[];
  yAxisName: string;
  selection: Selection | null;
  onSelection: (selection: Selection | null) => void;
}

interface BrushEndEvent {
  areas?: { coordRange?: [number, number] | number[] }[];
}

const minute = 60_000;

/** The selection's ends on whole minutes, the precision of the range fields. */
function toSelection(from: number, to: number): Selection {
  return {
    start: new Date(Math.floor(from / minute) * minute).toISOString(),
    end: new Date(Math.ceil(to / minute) * minute).toISOString(),
  };
}

/**
 * The 15-minute review graph. Dragging across the plot draws the brush and selects that range;
 * a selection made elsewhere (the fields, a flagged period) is drawn as the brush.
 */
export function ReviewChart({ rows, yAxisName, selection, onSelection }: Props) {
  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down('sm'));
  const option = useMemo(() => {
    const zone = inDistrict();
    const spanMs = rows.length > 1 ? Date.parse(rows[rows.length - 1].time) - Date.parse(rows[0].time) : 0;
    return buildReviewChartOption(toChartData(rows), {
      yAxisName,
      compact,
      colors: {
        raw: theme.palette.text.secondary,
        corrected: theme.palette.primary.main,
        flagged: theme.palette.error.main,
        approved: theme.palette.mode === 'dark' ? 'rgba(102, 187, 106, 0.18)' : 'rgba(46, 125, 50, 0.12)',
        approvedMark: theme.palette.mode === 'dark' ? 'rgba(102, 187, 106, 0.6)' : 'rgba(46, 125, 50, 0.45)',
        text: theme.palette.text.secondary,
      },
      formatTime: (ms) => format(ms, TIMESTAMP_FORMAT, { in: zone }),
      // Days on the axis when it spans more than three of them (or on a phone), hours otherwise.
      formatAxisTime: (ms) => format(ms, compact || spanMs > 3 * 86_400_000 ? 'MM/dd' : 'MM/dd h:mm a', { in: zone }),
    });
  }, [rows, yAxisName, compact, theme]);

  const { ref, chart } = useEcharts(option);

  // Listens to the brush and keeps dragging on as the plot's cursor (setOption replaces both).
  useEffect(() => {
    const instance = chart();
    if (!instance) return undefined;
    const onBrushEnd = (event: unknown) => {
      const range = (event as BrushEndEvent).areas?.[0]?.coordRange;
      if (range && range.length === 2) onSelection(toSelection(Number(range[0]), Number(range[1])));
    };
    instance.on('brushEnd', onBrushEnd);
    instance.dispatchAction({ type: 'takeGlobalCursor', key: 'brush', brushOption: { brushType: 'lineX', brushMode: 'single' } });
    return () => {
      instance.off('brushEnd', onBrushEnd);
    };
  }, [chart, option, onSelection, theme.palette.mode]);

  // Draws the selection as the brush.
  useEffect(() => {
    chart()?.dispatchAction({
      type: 'brush',
      areas: selection ? [{ brushType: 'lineX', xAxisIndex: 0, coordRange: [Date.parse(selection.start), Date.parse(selection.end)] }] : [],
    });
  }, [chart, option, selection, theme.palette.mode]);

  return (
    <Box
      ref={ref}
      role="img"
      aria-label={`Graph of ${yAxisName}: raw and corrected 15-minute values, flagged values and approved periods; drag across it to select a range`}
      data-testid="review-chart"
      sx={{ width: '100%', height: { xs: 300, sm: 340, lg: 380 } }}
    />
  );
}
