import { useSyncExternalStore } from 'react';
import { Box, Divider, Drawer, IconButton, List, ListItem, ListItemText, Tooltip, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { getLastApiCall, subscribeToApiCalls } from '../../lib/api-client';
import { useCopyToClipboard } from '../../lib/clipboard';
import { useClientConfig } from '../../lib/client-config';
import { useSession } from '../../lib/session';
import { JsonBlock } from '../../components/ui/json-block';
import { useCurrentUser } from '../../features/auth/api/get-current-user';

function ConfigList() {
  const { config, error } = useClientConfig();
  const copy = useCopyToClipboard();
  if (!config) return <Typography color="error">{error?.message ?? 'Configuration not loaded.'}</Typography>;
  return (
    <List dense disablePadding aria-label="Environment configuration values">
      {Object.entries(config).map(([key, value]) => (
        <ListItem
          key={key}
          disableGutters
          secondaryAction={
            <Tooltip title="Copy">
              <IconButton edge="end" size="small" aria-label={`Copy ${key}`} onClick={() => void copy(String(value))}>
                <ContentCopyIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          }
        >
          <ListItemText primary={key} secondary={String(value)} slotProps={{ secondary: { sx: { wordBreak: 'break-all' } } }} />
        </ListItem>
      ))}
    </List>
  );
}

/** The Developer drawer (Developers only): config, last API call, current user, authenticated user. */
export function DeveloperDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const lastCall = useSyncExternalStore(subscribeToApiCalls, getLastApiCall);
  const { user } = useSession();
  const currentUser = useCurrentUser();
  const authenticatedUser = user
    ? { profile: user.profile, scope: user.scope, expires_at: user.expires_at, token_type: user.token_type }
    : null;

  return (
    <Drawer anchor="right" open={open} onClose={onClose} slotProps={{ paper: { sx: { width: { xs: '100%', sm: 480 } } } }}>
      <Box role="region" aria-labelledby="developer-tools-title" sx={{ p: 5 }} data-testid="developer-drawer">
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 3 }}>
          <Typography id="developer-tools-title" variant="h4" component="h2">
            Developer Tools
          </Typography>
          <IconButton aria-label="Close developer tools" onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </Box>
        <Divider sx={{ mb: 4 }} />
        <Box component="section" aria-label="Environment Configuration" sx={{ mb: 5 }}>
          <Typography variant="h6" component="h3">
            Environment Configuration
          </Typography>
          <ConfigList />
        </Box>
        <JsonBlock title="Last API Call" value={lastCall ?? 'No API call yet'} testId="developer-last-api-call" />
        <JsonBlock
          title="Current User"
          value={currentUser.data ?? (currentUser.error ? { error: currentUser.error.message } : 'Loading…')}
          testId="developer-current-user"
        />
        <JsonBlock title="Authenticated User" value={authenticatedUser} testId="developer-authenticated-user" />
      </Box>
    </Drawer>
  );
}
