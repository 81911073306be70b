import { Alert, Box, List, ListItem, ListItemButton, ListItemText, Paper, Typography } from '@mui/material';
import type { FlaggedPeriod } from '@portal/contracts';
import { formatTimestamp } from '../../../lib/time';

interface Props {
  periods: FlaggedPeriod[] | undefined;
  error: string | null;
  onOpen: (period: FlaggedPeriod) => void;
}

/** "Look at these first": runs of flagged values; one click opens its series with the run selected. */
export function FlaggedPeriods({ periods, error, onOpen }: Props) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby="flagged-periods-title" sx={{ p: 2 }}>
      <Typography id="flagged-periods-title" variant="h6" component="h2">
        Flagged periods
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Look at these first: values the automatic checks or a reviewer flagged.
      </Typography>
      {error ? <Alert severity="error">An error has occurred: {error}</Alert> : null}
      {periods && periods.length === 0 ? <Typography sx={{ mt: 1 }}>Nothing is flagged.</Typography> : null}
      {periods && periods.length > 0 ? (
        <Box sx={{ maxHeight: { xs: 180, lg: 520 }, overflowY: 'auto', mt: 1 }}>
          <List dense disablePadding aria-label="Flagged periods">
            {periods.map((p) => (
              <ListItem key={`${p.location_ndx}-${p.parameter_ndx}-${p.qualifier}-${p.start}`} disablePadding>
                <ListItemButton onClick={() => onOpen(p)} data-testid="flagged-period">
                  <ListItemText
                    primary={`${p.location_label} · ${p.parameter_name}`}
                    secondary={`${p.qualifier}, ${p.count.toLocaleString('en-US')} values: ${formatTimestamp(p.start)} – ${formatTimestamp(p.end)}`}
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </Box>
      ) : null}
    </Paper>
  );
}
