import { useMemo } from 'react';
import { useTheme } from '@mui/material';
import { tz } from '@date-fns/tz';
import { format } from 'date-fns';
import { APP_TIME_ZONE, formatTimestamp } from '../../../lib/time';
import type { ChartContext } from '../lib/dashboard-options';

const inDistrict = tz(APP_TIME_ZONE);

/** Chart text colour and America/Denver time formats: tooltips 'MM/DD/YYYY, h:mm a', axis 'h:mm a'. */
export function useChartContext(): ChartContext {
  const textColor = useTheme().palette.text.secondary;
  return useMemo(
    () => ({
      textColor,
      formatTime: (ms: number) => formatTimestamp(ms),
      formatAxisTime: (ms: number) => format(ms, 'h:mm a', { in: inDistrict }),
    }),
    [textColor],
  );
}
