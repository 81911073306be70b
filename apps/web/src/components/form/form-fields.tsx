import type { KeyboardEvent, ReactNode } from 'react';
import { Autocomplete, MenuItem, TextField, type TextFieldProps } from '@mui/material';
import { Controller, useFormContext, type ControllerRenderProps, type FieldPath, type FieldValues } from 'react-hook-form';

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

/** What every field takes: the form field's name, its label and an optional hint below it. */
interface FieldProps<T extends FieldValues> {
  name: FieldPath<T>;
  label: string;
  helperText?: ReactNode;
}

/**
 * One MUI text field bound to a form field: full width, small, the field's error message (else the
 * hint) below it. `input` adds what makes the kind of field (type, keys, value mapping, choices).
 */
function BoundTextField<T extends FieldValues>({
  name,
  label,
  helperText,
  required = false,
  input,
  children,
}: FieldProps<T> & {
  required?: boolean;
  input: (field: ControllerRenderProps<T, FieldPath<T>>) => TextFieldProps;
  children?: ReactNode;
}) {
  const { control } = useFormContext<T>();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          label={label}
          required={required}
          fullWidth
          size="small"
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? helperText}
          {...input(field)}
        >
          {children}
        </TextField>
      )}
    />
  );
}

/** The field's own props, with a text value ('' for none). */
const asText = <T extends FieldValues>(field: ControllerRenderProps<T, FieldPath<T>>) => ({
  ...field,
  value: (field.value as string | null) ?? '',
});

export function WholeNumberField<T extends FieldValues>({
  allowNegative = false,
  min = 0,
  ...props
}: FieldProps<T> & { allowNegative?: boolean; min?: number }) {
  return (
    <BoundTextField<T>
      {...props}
      input={(field) => ({
        ...asText(field),
        type: 'number',
        onKeyDown: blockKeys(allowNegative),
        slotProps: { htmlInput: { min, step: 1, inputMode: 'numeric' } },
      })}
    />
  );
}

/** A decimal number, minimum `min` (0 is valid); 'e', '+' and '-' cannot be typed. */
export function DecimalField<T extends FieldValues>({ min = 0, ...props }: FieldProps<T> & { min?: number; required?: boolean }) {
  return (
    <BoundTextField<T>
      {...props}
      input={(field) => ({
        ...asText(field),
        type: 'number',
        onKeyDown: (event) => {
          if (['e', 'E', '+', '-'].includes(event.key)) event.preventDefault();
        },
        slotProps: { htmlInput: { min, step: 'any', inputMode: 'decimal' } },
      })}
    />
  );
}

export function TextInputField<T extends FieldValues>({
  multiline = false,
  ...props
}: FieldProps<T> & { multiline?: boolean; required?: boolean }) {
  return <BoundTextField<T> {...props} input={(field) => ({ ...asText(field), multiline, minRows: multiline ? 2 : undefined })} />;
}

export interface Option {
  value: number;
  label: string;
}

/** A short list of numeric choices (ids of lookups, small enumerations); '' is null. */
export function SelectField<T extends FieldValues>({
  options,
  ...props
}: FieldProps<T> & { options: readonly Option[]; required?: boolean }) {
  return (
    <BoundTextField<T>
      {...props}
      input={(field) => ({
        select: true,
        name: field.name,
        inputRef: field.ref,
        onBlur: field.onBlur,
        value: field.value === null || field.value === undefined ? '' : String(field.value as number),
        onChange: (e) => field.onChange(e.target.value === '' ? null : Number(e.target.value)),
      })}
    >
      {options.map((o) => (
        <MenuItem key={o.value} value={String(o.value)}>
          {o.label}
        </MenuItem>
      ))}
    </BoundTextField>
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
