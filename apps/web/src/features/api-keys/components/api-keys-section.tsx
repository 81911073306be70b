import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useSnackbar } from '../../../lib/toasts';
import { API_KEY_MESSAGES, type ApiKey } from '@portal/contracts';
import { visuallyHiddenSx } from '../../../components/ui/visually-hidden';
import { formatDate, formatTimestamp } from '../../../lib/time';
import { useApiKeys } from '../api/get-api-keys';
import { useRevokeApiKey } from '../api/revoke-api-key';
import { CreateApiKeyDialog } from './create-api-key-dialog';

const STATUS_COLOR = { active: 'success', expired: 'default', revoked: 'default' } as const;

/** The Your Account page's API keys: the list, a button to make one, and revoking. */
export function ApiKeysSection() {
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const { enqueueSnackbar } = useSnackbar();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  const handleRevoke = (key: ApiKey) =>
    revoke.mutate(key.id, {
      onSuccess: () => {
        enqueueSnackbar(API_KEY_MESSAGES.revoked, { variant: 'success' });
        setRevoking(null);
      },
      onError: (error) => enqueueSnackbar(error.message, { variant: 'error' }),
    });

  return (
    <Card sx={{ mt: 3 }} data-testid="api-keys">
      <CardContent sx={{ p: { xs: 3, md: 5 } }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }} useFlexGap>
          <Typography variant="h6" component="h2">
            API keys
          </Typography>
          <Button variant="contained" onClick={() => setCreating(true)}>
            New API key
          </Button>
        </Stack>
        <Typography color="text.secondary" variant="body2" sx={{ mt: 1, mb: 2 }}>
          For scripts that read the portal's data (the open data API at /ogcapi and other read requests) with your access.
        </Typography>
        {keys.error ? <Alert severity="error">{`An error has occurred: ${keys.error.message}`}</Alert> : null}
        {keys.isPending ? (
          <Skeleton height={48} />
        ) : (keys.data?.keys ?? []).length === 0 ? (
          <Typography data-testid="api-keys-empty">You have no API keys.</Typography>
        ) : (
          // Zero width of its own: the table scrolls inside the card on a phone instead of widening the
          // page; positioned, so the visually hidden header is clipped with it rather than placed past the page.
          <TableContainer sx={{ width: 0, minWidth: '100%', overflowX: 'auto', position: 'relative' }}>
            <Table size="small" aria-label="Your API keys" sx={{ '& td, & th': { px: 1 } }}>
              <TableHead>
                <TableRow>
                  <TableCell>Name</TableCell>
                  <TableCell>Key</TableCell>
                  <TableCell>Created</TableCell>
                  <TableCell>Expires</TableCell>
                  <TableCell>Last used</TableCell>
                  <TableCell>Status</TableCell>
                  <TableCell>
                    <Box component="span" sx={visuallyHiddenSx}>
                      Actions
                    </Box>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {(keys.data?.keys ?? []).map((key) => (
                  <TableRow key={key.id} data-testid="api-key-row">
                    <TableCell>{key.name}</TableCell>
                    <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{`${key.shownPrefix}…`}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(key.createdAt)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(key.expiresAt)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{key.lastUsedAt ? formatTimestamp(key.lastUsedAt) : 'Never'}</TableCell>
                    <TableCell>
                      <Chip size="small" label={key.status} color={STATUS_COLOR[key.status]} />
                    </TableCell>
                    <TableCell>
                      {key.status === 'active' ? (
                        <Button size="small" color="error" onClick={() => setRevoking(key)} aria-label={`Revoke ${key.name}`}>
                          Revoke
                        </Button>
                      ) : null}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </CardContent>
      <CreateApiKeyDialog open={creating} onClose={() => setCreating(false)} />
      <Dialog open={revoking !== null} onClose={() => setRevoking(null)} aria-labelledby="revoke-api-key-title">
        <DialogTitle id="revoke-api-key-title">Revoke API key?</DialogTitle>
        <DialogContent>
          <DialogContentText>{`Scripts using "${revoking?.name ?? ''}" (${revoking?.shownPrefix ?? ''}…) stop working at once. This cannot be undone.`}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setRevoking(null)}>Cancel</Button>
          <Button color="error" variant="contained" disabled={revoke.isPending} onClick={() => revoking && handleRevoke(revoking)}>
            Revoke
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}
