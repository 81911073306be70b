import type { KeyboardEvent, ReactNode } from 'react';
import { Autocomplete, MenuItem, TextField } from '@mui/material';
import { Controller, useFormContext, type FieldPath, type FieldValues } from 'react-hook-form';

/**
 * Form fields for react-hook-form forms (inside a FormProvider), with MUI looks and the field's
 * error message as helper text. Generic over the form's values: use `formFieldsFor<MyValues>()`
 * so that field names are checked against the form.
 */

/** Whole-number fields block typing 'e' and '.' ('-' only where negatives are allowed). */
function blockKeys(allowNegative: boolean) {
  return (event: KeyboardEvent<HTMLDivElement>) => {
    const blocked = ['e', 'E', '.', '+', ...(allowNegative ? [] : ['-'])];
    if (blocked.includes(event.key)) event.preventDefault();
  };
}

export function WholeNumberField<T extends FieldValues>({
  name,
  label,
  helperText,
  allowNegative = false,
  min = 0,
}: {
  name: FieldPath<T>;
  label: string;
  helperText?: ReactNode;
  allowNegative?: boolean;
  min?: number;
}) {
  const { control } = useFormContext<T>();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          value={(field.value as string | null) ?? ''}
          label={label}
          type="number"
          fullWidth
          size="small"
          onKeyDown={blockKeys(allowNegative)}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? helperText}
          slotProps={{ htmlInput: { min, step: 1, inputMode: 'numeric' } }}
        />
      )}
    />
  );
}

/** A decimal number, minimum `min` (0 is valid); 'e', '+' and '-' cannot be typed. */
export function DecimalField<T extends FieldValues>({
  name,
  label,
  helperText,
  min = 0,
  required = false,
}: {
  name: FieldPath<T>;
  label: string;
  helperText?: ReactNode;
  min?: number;
  required?: boolean;
}) {
  const { control } = useFormContext<T>();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          value={(field.value as string | null) ?? ''}
          label={label}
          type="number"
          required={required}
          fullWidth
          size="small"
          onKeyDown={(event) => {
            if (['e', 'E', '+', '-'].includes(event.key)) event.preventDefault();
          }}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? helperText}
          slotProps={{ htmlInput: { min, step: 'any', inputMode: 'decimal' } }}
        />
      )}
    />
  );
}

export function TextInputField<T extends FieldValues>({
  name,
  label,
  helperText,
  multiline = false,
  required = false,
}: {
  name: FieldPath<T>;
  label: string;
  helperText?: ReactNode;
  multiline?: boolean;
  required?: boolean;
}) {
  const { control } = useFormContext<T>();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          value={(field.value as string | null) ?? ''}
          label={label}
          required={required}
          fullWidth
          size="small"
          multiline={multiline}
          minRows={multiline ? 2 : undefined}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? helperText}
        />
      )}
    />
  );
}

export interface Option {
  value: number;
  label: string;
}

/** A short list of numeric choices (ids of lookups, small enumerations); '' is null. */
export function SelectField<T extends FieldValues>({
  name,
  label,
  options,
  helperText,
  required = false,
}: {
  name: FieldPath<T>;
  label: string;
  options: readonly Option[];
  helperText?: ReactNode;
  required?: boolean;
}) {
  const { control } = useFormContext<T>();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          select
          label={label}
          required={required}
          fullWidth
          size="small"
          name={field.name}
          inputRef={field.ref}
          onBlur={field.onBlur}
          value={field.value === null || field.value === undefined ? '' : String(field.value as number)}
          onChange={(e) => field.onChange(e.target.value === '' ? null : Number(e.target.value))}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? helperText}
        >
          {options.map((o) => (
            <MenuItem key={o.value} value={String(o.value)}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

/** Yes/No choice stored as a boolean. */
export function YesNoField<T extends FieldValues>({
  name,
  label,
  helperText,
}: {
  name: FieldPath<T>;
  label: string;
  helperText?: ReactNode;
}) {
  const { control } = useFormContext<T>();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <TextField
          select
          label={label}
          fullWidth
          size="small"
          name={field.name}
          inputRef={field.ref}
          value={field.value ? 'yes' : 'no'}
          onChange={(e) => field.onChange(e.target.value === 'yes')}
          helperText={helperText}
        >
          <MenuItem value="yes">Yes</MenuItem>
          <MenuItem value="no">No</MenuItem>
        </TextField>
      )}
    />
  );
}

/** A choice whose stored value is text (the alerts' merged contact-or-group keys) rather than a number. */
export interface TextOption {
  value: string;
  label: string;
}

/** A long, searchable list of choices keyed by number or by text; null when none is chosen. */
export function SearchSelectField<T extends FieldValues>({
  name,
  label,
  options,
  loading,
  disabled = false,
  helperText,
}: {
  name: FieldPath<T>;
  label: string;
  options: readonly (Option | TextOption)[];
  loading?: boolean;
  disabled?: boolean;
  helperText?: ReactNode;
}) {
  const { control } = useFormContext<T>();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <Autocomplete
          options={options}
          loading={loading}
          disabled={disabled}
          value={options.find((o) => o.value === field.value) ?? null}
          onChange={(_e, option) => field.onChange(option ? option.value : null)}
          onBlur={field.onBlur}
          isOptionEqualToValue={(a, b) => a.value === b.value}
          getOptionKey={(o) => o.value}
          renderInput={(params) => (
            <TextField
              {...params}
              inputRef={field.ref}
              label={label}
              required
              size="small"
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message ?? helperText}
            />
          )}
        />
      )}
    />
  );
}

/** The field components with their names checked against one form's values `T`. */
export function formFieldsFor<T extends FieldValues>() {
  return {
    WholeNumberField: WholeNumberField<T>,
    TextInputField: TextInputField<T>,
    SelectField: SelectField<T>,
    YesNoField: YesNoField<T>,
    SearchSelectField: SearchSelectField<T>,
    DecimalField: DecimalField<T>,
  };
}
