import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  FormControl,
  FormControlLabel,
  FormHelperText,
  InputLabel,
  MenuItem,
  Paper,
  Select,
  Stack,
  Switch,
} from '@mui/material';
import type { SignUpSetting } from '@portal/contracts';
import { PageHeader } from '../../../components/ui/page-header';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSaveSignUpSetting, useSignUpSetting } from '../api/sign-up-setting';

const NO_ROLE = 'none';

/**
 * Sign-up Settings: whether visitors may create their own account at the portal's sign-in page
 * (off until an administrator turns it on), and the role such an account gets (none, or User).
 */
export function SignUpSettingsPage() {
  useDocumentTitle('Sign-up Settings');
  const current = useSignUpSetting();
  const save = useSaveSignUpSetting();
  // The administrator's unsaved edit; the saved setting while there is none.
  const [edit, setEdit] = useState<SignUpSetting | null>(null);
  const saved = current.data ? { enabled: current.data.enabled, newAccountRole: current.data.newAccountRole } : null;
  const draft = edit ?? saved;
  const setDraft = (next: SignUpSetting | null) => {
    save.reset();
    setEdit(next);
  };
  const changed =
    !!draft && !!current.data && (draft.enabled !== current.data.enabled || draft.newAccountRole !== current.data.newAccountRole);

  return (
    <Box sx={{ maxWidth: 720 }}>
      <PageHeader
        title="Sign-up Settings"
        description="Whether visitors may create their own account from the sign-in page. Each new account confirms its e-mail address with a single-use link first."
      />
      {current.isPending ? <CircularProgress aria-label="Loading" /> : null}
      {current.error ? <Alert severity="error">An error has occurred: {current.error.message}</Alert> : null}
      {current.data && !current.data.embeddedSignIn ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          Users sign in at an external identity provider: accounts are made there, and this setting changes nothing.
        </Alert>
      ) : null}
      {draft ? (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Stack spacing={3}>
            <FormControlLabel
              control={<Switch checked={draft.enabled} onChange={(e) => setDraft({ ...draft, enabled: e.target.checked })} />}
              label="Allow sign-up"
            />
            <FormControl sx={{ maxWidth: 320 }}>
              <InputLabel id="sign-up-role-label">Role of new accounts</InputLabel>
              <Select
                labelId="sign-up-role-label"
                label="Role of new accounts"
                value={draft.newAccountRole ?? NO_ROLE}
                onChange={(e) => setDraft({ ...draft, newAccountRole: e.target.value === NO_ROLE ? null : 'User' })}
              >
                <MenuItem value={NO_ROLE}>No role</MenuItem>
                <MenuItem value="User">User</MenuItem>
              </Select>
              <FormHelperText>An administrator can give an account more in Users Management.</FormHelperText>
            </FormControl>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
              <Button
                variant="contained"
                disabled={!changed || save.isPending}
                onClick={() => save.mutate(draft, { onSuccess: () => setEdit(null) })}
              >
                Save
              </Button>
              <Button disabled={!changed || save.isPending} onClick={() => setDraft(null)}>
                Reset
              </Button>
            </Stack>
            {save.isSuccess && !changed ? <Alert severity="success">{draft.enabled ? 'Sign-up is on.' : 'Sign-up is off.'}</Alert> : null}
            {save.error ? <Alert severity="error">{save.error.message}</Alert> : null}
          </Stack>
        </Paper>
      ) : null}
    </Box>
  );
}
