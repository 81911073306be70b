import { useState, type FormEvent } from 'react';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  InputAdornment,
  IconButton,
  Radio,
  RadioGroup,
  TextField,
  Typography,
} from '@mui/material';
import { API_KEY_LIFETIMES_DAYS, API_KEY_MESSAGES, apiKeyCreateSchema, type ApiKeyCreated } from '@portal/contracts';
import { useCopyToClipboard } from '../../../lib/clipboard';
import { formatDate } from '../../../lib/time';
import { useCreateApiKey } from '../api/create-api-key';

interface Props {
  open: boolean;
  onClose: () => void;
}

/** Makes a key: a name and a lifetime, then the key itself, shown this once with a copy button. */
export function CreateApiKeyDialog({ open, onClose }: Props) {
  const create = useCreateApiKey();
  const copy = useCopyToClipboard();
  const [name, setName] = useState('');
  const [lifetimeDays, setLifetimeDays] = useState<number>(90);
  const [nameError, setNameError] = useState<string | null>(null);
  const [made, setMade] = useState<ApiKeyCreated | null>(null);

  const close = () => {
    setName('');
    setLifetimeDays(90);
    setNameError(null);
    setMade(null);
    create.reset();
    onClose();
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = apiKeyCreateSchema.safeParse({ name, lifetimeDays });
    if (!parsed.success) {
      setNameError(parsed.error.issues.find((i) => i.path[0] === 'name')?.message ?? null);
      return;
    }
    setNameError(null);
    create.mutate(parsed.data, { onSuccess: setMade });
  };

  return (
    <Dialog open={open} onClose={made ? undefined : close} fullWidth maxWidth="sm" aria-labelledby="create-api-key-title">
      <DialogTitle id="create-api-key-title">{made ? 'Your new API key' : 'New API key'}</DialogTitle>
      {made ? (
        <>
          <DialogContent>
            <Alert severity="warning" sx={{ mb: 2 }}>
              {API_KEY_MESSAGES.created} It reads what you can read, until {formatDate(made.key.expiresAt)}.
            </Alert>
            <TextField
              label={`Key "${made.key.name}"`}
              value={made.secret}
              fullWidth
              slotProps={{
                input: {
                  readOnly: true,
                  sx: { fontFamily: 'monospace' },
                  endAdornment: (
                    <InputAdornment position="end">
                      <IconButton aria-label="Copy the key" onClick={() => void copy(made.secret)} edge="end">
                        <ContentCopyIcon />
                      </IconButton>
                    </InputAdornment>
                  ),
                },
                htmlInput: { 'data-testid': 'new-api-key' },
              }}
            />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
              Send it as the header <code>X-Api-Key</code> (or <code>Authorization: Bearer</code>) with GET requests, for example to the
              open data API at <code>/ogcapi</code>.
            </Typography>
          </DialogContent>
          <DialogActions>
            <Button variant="contained" onClick={close}>
              Done
            </Button>
          </DialogActions>
        </>
      ) : (
        <form onSubmit={handleSubmit} noValidate>
          <DialogContent>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              A key lets a script read what you can read (GET only), without signing in. It stops working when it expires, when you revoke
              it, or when your role or password changes.
            </Typography>
            {create.error ? (
              <Alert severity="error" sx={{ mb: 2 }}>
                {create.error.message}
              </Alert>
            ) : null}
            <TextField
              label="Name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              error={Boolean(nameError)}
              helperText={nameError ?? 'What uses the key, such as "nightly flow report"'}
              required
              fullWidth
              autoFocus
              slotProps={{ htmlInput: { maxLength: 80 } }}
            />
            <FormControl sx={{ mt: 3 }}>
              <FormLabel id="api-key-lifetime-label">Expires after</FormLabel>
              <RadioGroup
                row
                aria-labelledby="api-key-lifetime-label"
                value={String(lifetimeDays)}
                onChange={(e) => setLifetimeDays(Number(e.target.value))}
              >
                {API_KEY_LIFETIMES_DAYS.map((days) => (
                  <FormControlLabel key={days} value={String(days)} control={<Radio />} label={`${days} days`} />
                ))}
              </RadioGroup>
            </FormControl>
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>Cancel</Button>
            <Button type="submit" variant="contained" disabled={create.isPending}>
              Create key
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}
