import type { ReactNode } from 'react';
import { Alert, Card, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import type { WidgetName } from '../lib/widget-order';

export interface WidgetCardProps {
  name: WidgetName;
  title: string;
  subtitle?: string | null;
  isPending: boolean;
  error: Error | null;
  /** Shown instead of the body when the answer holds nothing to show. */
  emptyText?: string | null;
  children?: ReactNode;
}

/** One dashboard widget: a titled card with loading, error and empty states. */
export function WidgetCard({ name, title, subtitle, isPending, error, emptyText, children }: WidgetCardProps) {
  let body: ReactNode;
  if (error) body = <Alert severity="error">{`Error fetching recent data summary: ${error.message}`}</Alert>;
  else if (isPending)
    body = (
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', py: 4, justifyContent: 'center' }}>
        <CircularProgress size={20} />
        <Typography variant="body2" color="text.secondary">
          Loading…
        </Typography>
      </Stack>
    );
  else if (emptyText)
    body = (
      <Typography variant="body2" color="text.secondary" sx={{ py: 3 }} data-testid="widget-empty">
        {emptyText}
      </Typography>
    );
  else body = children;

  return (
    <Card variant="outlined" data-widget={name} component="section" aria-label={title} sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" component="h3">
          {title}
        </Typography>
        {subtitle ? (
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
            {subtitle}
          </Typography>
        ) : null}
        {body}
      </CardContent>
    </Card>
  );
}
