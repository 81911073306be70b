import { useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import {
  CHECK_QUALIFIERS,
  DATA_REVIEW_ACTION_LABELS,
  dataReviewEditBodySchema,
  type DataReviewAction,
  type DataReviewEditBody,
  type DataReviewRow,
} from '@portal/contracts';
import { formatTimestamp } from '../../../lib/time';
import { useCreateReviewEdit } from '../api/create-review-edit';
import type { Selection } from '../hooks/use-review-state';
import { previewEdit } from '../lib/preview';
import { EditPreviewTable } from './edit-preview';

interface Props {
  action: DataReviewAction;
  locationNdx: number;
  parameterNdx: number;
  selection: Selection;
  rows: DataReviewRow[];
  unit: string | null;
  decimals: number;
  onClose: () => void;
}

interface Draft {
  value: string;
  endValue: string;
  qualifier: string;
  comment: string;
}

const NEEDS_VALUE: readonly DataReviewAction[] = ['set', 'offset', 'drift'];
const NEEDS_QUALIFIER: readonly DataReviewAction[] = ['flag', 'unflag'];
const number = (text: string) => (text.trim() === '' || Number.isNaN(Number(text)) ? undefined : Number(text));

/** The request body of the draft, or the messages of its fields (the contract's own). */
function toBody(action: DataReviewAction, selection: Selection, d: Draft) {
  return dataReviewEditBodySchema.safeParse({
    action,
    start: selection.start,
    end: selection.end,
    ...(NEEDS_VALUE.includes(action) ? { value: number(d.value) } : {}),
    ...(action === 'drift' ? { endValue: number(d.endValue) } : {}),
    ...(NEEDS_QUALIFIER.includes(action) ? { qualifier: d.qualifier } : {}),
    comment: d.comment,
  });
}

/**
 * One change of the selected range: its numbers, a comment (required), then Preview, which shows
 * the values before and after, then Save. Editing a field after the preview asks for it again.
 */
export function EditDialog({ action, locationNdx, parameterNdx, selection, rows, unit, decimals, onClose }: Props) {
  const [draft, setDraft] = useState<Draft>({ value: '', endValue: '', qualifier: '', comment: '' });
  const [previewed, setPreviewed] = useState<DataReviewEditBody | null>(null);
  const [tried, setTried] = useState(false);
  const save = useCreateReviewEdit();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const parsed = toBody(action, selection, draft);
  const errors = new Map<string, string>();
  if (!parsed.success) for (const issue of parsed.error.issues) errors.set(String(issue.path[0]), issue.message);
  const errorOf = (field: string) => (tried ? errors.get(field) : undefined);
  const update = (field: keyof Draft) => (e: { target: { value: string } }) => {
    setDraft((d) => ({ ...d, [field]: e.target.value }));
    setPreviewed(null);
    save.reset();
  };
  const preview = previewed ? previewEdit(rows, previewed) : null;
  const title = `${DATA_REVIEW_ACTION_LABELS[action]}: the selected range`;
  const unitText = unit ? ` (${unit})` : '';

  return (
    <Dialog open onClose={onClose} fullWidth fullScreen={phone} maxWidth="md" scroll="paper" aria-labelledby="review-edit-title">
      <DialogTitle id="review-edit-title">{title}</DialogTitle>
      <DialogContent dividers>
        <Typography sx={{ mb: 3 }}>
          From {formatTimestamp(selection.start)} to {formatTimestamp(selection.end)}
        </Typography>
        <Stack spacing={2}>
          {NEEDS_VALUE.includes(action) ? (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                size="small"
                type="number"
                label={(action === 'set' ? 'New value' : action === 'drift' ? 'Offset at the start' : 'Offset') + unitText}
                value={draft.value}
                onChange={update('value')}
                error={!!errorOf('value')}
                helperText={errorOf('value') ?? (action === 'offset' ? 'Added to every value of the range; negative lowers them.' : ' ')}
                required
              />
              {action === 'drift' ? (
                <TextField
                  size="small"
                  type="number"
                  label={`Offset at the end${unitText}`}
                  value={draft.endValue}
                  onChange={update('endValue')}
                  error={!!errorOf('endValue')}
                  helperText={errorOf('endValue') ?? 'The offset grows linearly from the start to the end.'}
                  required
                />
              ) : null}
            </Stack>
          ) : null}
          {NEEDS_QUALIFIER.includes(action) ? (
            <TextField
              size="small"
              label="Qualifier"
              value={draft.qualifier}
              onChange={update('qualifier')}
              error={!!errorOf('qualifier')}
              helperText={errorOf('qualifier') ?? `For example ${Object.values(CHECK_QUALIFIERS).join(', ')} or E (estimated).`}
              required
              sx={{ maxWidth: 260 }}
            />
          ) : null}
          <TextField
            label="Comment"
            value={draft.comment}
            onChange={update('comment')}
            error={!!errorOf('comment')}
            helperText={errorOf('comment') ?? 'Why the change is made; kept with it in the list of changes.'}
            required
            multiline
            minRows={2}
          />
        </Stack>
        {preview ? <EditPreviewTable preview={preview} decimals={decimals} /> : null}
        {save.error ? (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="edit-error">
            {save.error.message}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="outlined"
          onClick={() => {
            setTried(true);
            if (parsed.success) setPreviewed(parsed.data);
          }}
        >
          Preview
        </Button>
        <Button
          variant="contained"
          disabled={!previewed || save.isPending}
          onClick={() => previewed && save.mutate({ locationNdx, parameterNdx, body: previewed }, { onSuccess: onClose })}
        >
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
