import { Button, Stack, TextField, Typography } from '@mui/material';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSnackbar } from '../../../lib/toasts';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { MIN_PASSWORD_LENGTH, USER_MESSAGES } from '@portal/contracts';
import { GENERIC_FAILURE_MESSAGE } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { useChangeOwnPassword } from '../api/users';
import { passwordChangeMessages } from '../lib/password-change-errors';

const schema = z
  .object({
    currentPassword: z.string().min(1, 'Requires Current Password'),
    newPassword: z.string().min(1, USER_MESSAGES.password).min(MIN_PASSWORD_LENGTH, USER_MESSAGES.passwordLength),
    confirm: z.string(),
  })
  .refine((v) => v.confirm === v.newPassword, { path: ['confirm'], message: 'The two new passwords differ' });
type Values = z.infer<typeof schema>;

/** The signed-in user's own password (PUT /api/account/password); the current one is required. */
export function ChangePasswordForm() {
  const { enqueueSnackbar } = useSnackbar();
  const change = useChangeOwnPassword();
  const session = useSession();
  const { control, handleSubmit, reset, setError, formState } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { currentPassword: '', newPassword: '', confirm: '' },
    mode: 'onTouched',
  });
  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await change.mutateAsync({ currentPassword, newPassword });
    } catch (error) {
      // A message about a field is shown at it (a wrong current password at Current password);
      // the toast says the change did not happen.
      for (const { field, message } of passwordChangeMessages(error, GENERIC_FAILURE_MESSAGE)) {
        if (field) setError(field, { type: 'server', message }, { shouldFocus: true });
        enqueueSnackbar(message, { variant: 'error' });
      }
      return;
    }
    reset();
    try {
      // The change voids every access token of the account, this page's too: get a new one now.
      await session.renew();
      enqueueSnackbar('Your password was changed', { variant: 'success' });
    } catch {
      enqueueSnackbar('Your password was changed. Sign in again with the new password to go on.', { variant: 'warning' });
    }
  });
  const field = (name: keyof Values, label: string, autoComplete: string) => (
    <Controller
      name={name}
      control={control}
      render={({ field: { ref, ...f }, fieldState }) => (
        <TextField
          {...f}
          inputRef={ref}
          type="password"
          label={label}
          size="small"
          fullWidth
          autoComplete={autoComplete}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message}
        />
      )}
    />
  );
  return (
    <Stack component="form" noValidate spacing={2} onSubmit={onSubmit} aria-label="Change password" sx={{ maxWidth: 420 }}>
      <Typography variant="h6" component="h2">
        Change password
      </Typography>
      {field('currentPassword', 'Current password', 'current-password')}
      {field('newPassword', 'New password', 'new-password')}
      {field('confirm', 'Repeat new password', 'new-password')}
      <Button type="submit" variant="contained" disabled={formState.isSubmitting} sx={{ alignSelf: 'flex-start' }}>
        {formState.isSubmitting ? 'Saving' : 'Change password'}
      </Button>
    </Stack>
  );
}
