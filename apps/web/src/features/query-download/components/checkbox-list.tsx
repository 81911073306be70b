import { Alert, Box, Button, Checkbox, CircularProgress, FormControlLabel, Paper, Stack, Typography } from '@mui/material';

export interface CheckboxItem {
  id: number;
  label: string;
  /** Second line under the label (e.g. the facility type). */
  detail?: string;
}

interface CheckboxListProps {
  title: string;
  items: readonly CheckboxItem[];
  selected: readonly number[];
  onChange: (ids: number[]) => void;
  loading?: boolean;
  /** Shown instead of the list ('An error has occurred: …'). */
  error?: string | null;
  /** Shown when the list is empty. */
  emptyText: string;
}

/** A titled list of checkboxes with '+ All' and '- None' (the Selection Criteria). */
export function CheckboxList({ title, items, selected, onChange, loading = false, error = null, emptyText }: CheckboxListProps) {
  const chosen = new Set(selected);
  const toggle = (id: number, on: boolean) =>
    onChange(on ? items.filter((i) => chosen.has(i.id) || i.id === id).map((i) => i.id) : selected.filter((s) => s !== id));
  const headingId = `qd-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={headingId}
      sx={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}>
        <Typography id={headingId} variant="subtitle1" component="h3" sx={{ flex: 1, fontWeight: 600 }}>
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary" aria-live="polite">
          {`${items.filter((i) => chosen.has(i.id)).length} of ${items.length}`}
        </Typography>
      </Stack>
      <Stack direction="row" spacing={1} sx={{ px: 2, pt: 1 }}>
        <Button
          size="small"
          variant="outlined"
          disabled={loading || items.length === 0}
          onClick={() => onChange(items.map((i) => i.id))}
          aria-label={`Select all ${title}`}
        >
          + All
        </Button>
        <Button
          size="small"
          variant="outlined"
          disabled={loading || selected.length === 0}
          onClick={() => onChange([])}
          aria-label={`Select none of the ${title}`}
        >
          - None
        </Button>
      </Stack>
      <Box role="group" aria-label={title} sx={{ px: 2, py: 1, maxHeight: 320, overflowY: 'auto' }}>
        {loading ? <CircularProgress size={24} aria-label={`Loading ${title}`} sx={{ m: 1 }} /> : null}
        {!loading && error ? <Alert severity="error">{error}</Alert> : null}
        {!loading && !error && items.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
            {emptyText}
          </Typography>
        ) : null}
        {!loading && !error
          ? items.map((item) => (
              <FormControlLabel
                key={item.id}
                sx={{ display: 'flex', alignItems: 'flex-start', mr: 0, '& .MuiFormControlLabel-label': { pt: 1.1 } }}
                // The name alone is the checkbox's accessible name (the detail line would blur similar names).
                control={
                  <Checkbox
                    size="small"
                    checked={chosen.has(item.id)}
                    onChange={(_e, on) => toggle(item.id, on)}
                    slotProps={{ input: { 'aria-label': item.label } }}
                  />
                }
                label={
                  <Box>
                    <Typography variant="body2">{item.label}</Typography>
                    {item.detail ? (
                      <Typography variant="caption" color="text.secondary">
                        {item.detail}
                      </Typography>
                    ) : null}
                  </Box>
                }
              />
            ))
          : null}
      </Box>
    </Paper>
  );
}
