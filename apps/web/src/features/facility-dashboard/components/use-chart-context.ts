import { useMemo } from 'react';
import { useTheme } from '@mui/material';
import { format } from 'date-fns';
import { formatTimestamp, inDistrict } from '../../../lib/time';
import type { ChartContext } from '../lib/dashboard-options';

/** Chart text colour and district-zone time formats: tooltips 'MM/DD/YYYY, h:mm a', axis 'h:mm a'. */
export function useChartContext(): ChartContext {
  const textColor = useTheme().palette.text.secondary;
  return useMemo(
    () => ({
      textColor,
      formatTime: (ms: number) => formatTimestamp(ms),
      formatAxisTime: (ms: number) => format(ms, 'h:mm a', { in: inDistrict() }),
    }),
    [textColor],
  );
}
