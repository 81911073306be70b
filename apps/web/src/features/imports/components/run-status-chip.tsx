import { Chip } from '@mui/material';
import type { ImportRun } from '@portal/contracts';

const LOOK: Record<ImportRun['status'], { label: string; color: 'success' | 'error' | 'warning' | 'info' }> = {
  succeeded: { label: 'Succeeded', color: 'success' },
  warning: { label: 'Warning', color: 'warning' },
  partial: { label: 'Partial', color: 'warning' },
  failed: { label: 'Failed', color: 'error' },
  running: { label: 'Running', color: 'info' },
};

/** A run's status in words and colour (partial = some rows skipped; warning = worked, but see its message). */
export function RunStatusChip({ status }: { status: ImportRun['status'] }) {
  const look = LOOK[status];
  return <Chip size="small" label={look.label} color={look.color} variant={status === 'running' ? 'outlined' : 'filled'} />;
}
