import type { KeyboardEvent, ReactNode } from 'react';
import { Autocomplete, MenuItem, TextField } from '@mui/material';
import { Controller, useFormContext, type FieldPath } from 'react-hook-form';
import type { ImportFormValues } from '../lib/import-form';

type Name = FieldPath<ImportFormValues>;

/** Part 2 §5: number fields block typing 'e' and '.' ('-' only where negatives are allowed, i.e. retain_days). */
function blockKeys(allowNegative: boolean) {
  return (event: KeyboardEvent<HTMLDivElement>) => {
    const blocked = ['e', 'E', '.', '+', ...(allowNegative ? [] : ['-'])];
    if (blocked.includes(event.key)) event.preventDefault();
  };
}

export function WholeNumberField({ name, label, helperText, allowNegative = false, min = 0 }: { name: Name; label: string; helperText?: ReactNode; allowNegative?: boolean; min?: number }) {
  const { control } = useFormContext<ImportFormValues>();
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

export function TextInputField({ name, label, helperText, multiline = false }: { name: Name; label: string; helperText?: ReactNode; multiline?: boolean }) {
  const { control } = useFormContext<ImportFormValues>();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          value={(field.value as string | null) ?? ''}
          label={label}
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

/** A short list of choices (data sources, units, delimiters, yes/no, the daylight offset). */
export function SelectField({ name, label, options, helperText, required = false }: { name: Name; label: string; options: readonly Option[]; helperText?: ReactNode; required?: boolean }) {
  const { control } = useFormContext<ImportFormValues>();
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

/** Yes/No choice stored as a boolean (part 2 §4: enabled and run_now are yes/no choices). */
export function YesNoField({ name, label, helperText }: { name: 'enabled' | 'run_now'; label: string; helperText?: ReactNode }) {
  const { control } = useFormContext<ImportFormValues>();
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

/** A long, searchable list (locations, parameters). */
export function SearchSelectField({ name, label, options, loading }: { name: Name; label: string; options: readonly Option[]; loading?: boolean }) {
  const { control } = useFormContext<ImportFormValues>();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <Autocomplete
          options={options}
          loading={loading}
          value={options.find((o) => o.value === field.value) ?? null}
          onChange={(_e, option) => field.onChange(option ? option.value : null)}
          onBlur={field.onBlur}
          isOptionEqualToValue={(a, b) => a.value === b.value}
          getOptionKey={(o) => o.value}
          renderInput={(params) => (
            <TextField {...params} inputRef={field.ref} label={label} required size="small" error={Boolean(fieldState.error)} helperText={fieldState.error?.message} />
          )}
        />
      )}
    />
  );
}
