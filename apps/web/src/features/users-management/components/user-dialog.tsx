import { useMemo } from 'react';
import { Alert, Autocomplete, Checkbox, MenuItem, Stack, TextField } from '@mui/material';
import { Controller, useWatch } from 'react-hook-form';
import {
  createUserSchema,
  DEFAULT_LANDING_PAGE_NDX,
  updateUserSchema,
  USER_MESSAGES,
  type DisplayFacility,
  type LandingPage,
  type ManagedUser,
  type UserRole,
} from '@portal/contracts';
import { EditorDialog } from '../../../components/editor/editor-dialog';
import { useEntityEditor } from '../../../components/editor/use-entity-editor';
import { useCreateUser, useUpdateUser } from '../api/users';
import {
  administrativeRoleId,
  landingPagesFor,
  newUserFormValues,
  toCreateBody,
  toUpdateBody,
  userFormSchema,
  userFormValuesFrom,
  type UserFormValues,
} from '../lib/user-form';

interface Props {
  /** null = a new user. */
  user: ManagedUser | null;
  /** The roles this caller may give (the server refuses the others). */
  roles: UserRole[];
  landingPages: LandingPage[];
  facilities: DisplayFacility[];
  /** With an external provider these are managed there and shown read-only. */
  identityHere: boolean;
  onClose: () => void;
}

/** Create or edit one user; the form follows the user rules of the contracts. */
export function UserDialog({ user, roles, landingPages, facilities, identityHere, onClose }: Props) {
  const isNew = user === null;
  const create = useCreateUser();
  const update = useUpdateUser();
  const loaded = useMemo(() => (user ? userFormValuesFrom(user) : newUserFormValues(roles)), [user, roles]);
  const editor = useEntityEditor({
    loaded,
    isNew,
    formSchema: useMemo(() => userFormSchema(isNew), [isNew]),
    toBody: useMemo(() => (v: UserFormValues) => (user ? toUpdateBody(user.auth0_user_id, v) : toCreateBody(v)), [user]),
    bodySchema: isNew ? createUserSchema : updateUserSchema,
    save: (body) => ('id' in body ? update.mutateAsync(body) : create.mutateAsync(body)),
    onSaved: onClose,
    savedMessage: isNew ? USER_MESSAGES.created : USER_MESSAGES.updated,
    failedMessage: 'Something went wrong',
    saveRule: 'on-change',
    mode: 'onTouched',
  });
  const { control, setValue } = editor.form;
  const adminRole = administrativeRoleId(roles);
  const role = useWatch({ control, name: 'role' });
  const offered = landingPagesFor(landingPages, role, adminRole);
  const byNdx = useMemo(() => new Map(facilities.map((f) => [f.facility_ndx, f])), [facilities]);
  const text = (name: 'name' | 'nickname' | 'email' | 'password', label: string, type = 'text') => (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          label={label}
          type={type}
          size="small"
          fullWidth
          disabled={!identityHere && name !== 'password'}
          autoComplete={name === 'password' ? 'new-password' : 'off'}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message}
        />
      )}
    />
  );

  return (
    <EditorDialog<UserFormValues>
      title={isNew ? 'Create New User' : `Edit ${user.auth0_email}`}
      formId="user-form"
      editor={editor}
      onClose={onClose}
      maxWidth="sm"
    >
      <Stack spacing={2.5} sx={{ pt: 1 }}>
        {text('name', 'Full-name')}
        {text('nickname', 'Nickname')}
        {text('email', 'Email', 'email')}
        {isNew ? text('password', 'Password', 'password') : null}
        <Controller
          name="role"
          control={control}
          render={({ field }) => (
            <TextField
              select
              label="Role"
              size="small"
              fullWidth
              disabled={!identityHere}
              name={field.name}
              inputRef={field.ref}
              value={field.value}
              onChange={(e) => {
                field.onChange(e.target.value);
                // The administrative role forces landing page 1.
                if (e.target.value === adminRole)
                  setValue('landingPageNdx', DEFAULT_LANDING_PAGE_NDX, { shouldDirty: true, shouldValidate: true });
              }}
            >
              <MenuItem value="">
                <em>No role</em>
              </MenuItem>
              {roles.map((r) => (
                <MenuItem key={r.auth0_role_id} value={r.auth0_role_id}>
                  {r.auth0_role_name}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Controller
          name="landingPageNdx"
          control={control}
          render={({ field, fieldState }) => (
            <TextField
              select
              label="Landing Page"
              size="small"
              fullWidth
              name={field.name}
              inputRef={field.ref}
              value={field.value === null ? '' : String(field.value)}
              onChange={(e) => field.onChange(e.target.value === '' ? null : Number(e.target.value))}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message}
            >
              {offered.map((p) => (
                <MenuItem key={p.landing_page_ndx} value={String(p.landing_page_ndx)}>
                  {p.landing_page_name} ({p.landing_page_path})
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Controller
          name="facilities"
          control={control}
          render={({ field }) => (
            <Autocomplete
              multiple
              disableCloseOnSelect
              options={facilities.map((f) => f.facility_ndx)}
              value={field.value}
              onChange={(_e, value) => field.onChange(value)}
              getOptionLabel={(ndx) => byNdx.get(ndx)?.facility_name ?? `Facility ${ndx}`}
              groupBy={(ndx) => byNdx.get(ndx)?.facility_type_desc ?? ''}
              renderOption={(props, ndx, { selected }) => {
                const { key, ...rest } = props;
                return (
                  <li key={key} {...rest}>
                    <Checkbox size="small" checked={selected} sx={{ mr: 1 }} />
                    {byNdx.get(ndx)?.facility_name ?? ndx}
                  </li>
                );
              }}
              renderInput={(params) => <TextField {...params} label="Associated Facilities" size="small" />}
            />
          )}
        />
        {!identityHere ? (
          <Alert severity="info">
            Name, e-mail and role are managed at the identity provider; here only the landing page and facilities change.
          </Alert>
        ) : null}
      </Stack>
    </EditorDialog>
  );
}
