import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';

export interface CardLine {
  label: string;
  value: ReactNode;
  /** Extra attributes of the value element (test ids, the highlight it carries). */
  valueProps?: Record<string, string>;
  /** Background of the value (the tracker's Missing Data yellow); text stays dark on it. */
  highlight?: string | null;
  /** Long text (formulas, notes) starts on its own line under the label. */
  block?: boolean;
}

/**
 * One row of a tracker report on a phone: its name as a heading, then one 'label: value' line per
 * column, all within the window's width (long names and values wrap instead of widening the page).
 */
export function ReportCard({ title, lines, testId }: { title: ReactNode; lines: CardLine[]; testId: string }) {
  return (
    <Box component="li" data-testid={testId} sx={{ px: 2, py: 1.25, borderBottom: 1, borderColor: 'divider', minWidth: 0 }}>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere', mb: 0.5 }}>
        {title}
      </Typography>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', columnGap: 2, rowGap: 0.5, m: 0, typography: 'body2' }}
      >
        {lines.map((line) => [
          <Box
            component="dt"
            key={`${line.label}-label`}
            sx={{ color: 'text.secondary', overflowWrap: 'anywhere', ...(line.block ? { gridColumn: '1 / -1' } : {}) }}
          >
            {line.label}
          </Box>,
          <Box
            component="dd"
            key={`${line.label}-value`}
            {...line.valueProps}
            sx={{
              m: 0,
              minWidth: 0,
              overflowWrap: 'anywhere',
              ...(line.block
                ? { gridColumn: '1 / -1' }
                : { textAlign: 'right', fontVariantNumeric: 'tabular-nums', minWidth: 56, px: 0.75, borderRadius: 0.5 }),
              ...(line.highlight ? { bgcolor: line.highlight, color: 'rgba(0, 0, 0, 0.87)' } : {}),
              // An empty value (Not Collecting) is drawn as the legend's blank box.
              ...(!line.block && !line.highlight && line.value === '' ? { border: 1, borderColor: 'divider' } : {}),
            }}
          >
            {line.value}
          </Box>,
        ])}
      </Box>
    </Box>
  );
}

/** The cards of one report, as a list named like the table it replaces. */
export function ReportCardList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0, borderTop: 1, borderColor: 'divider' }}>
      {children}
    </Box>
  );
}
