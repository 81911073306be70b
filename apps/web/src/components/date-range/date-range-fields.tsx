import { useState } from 'react';
import type { SxProps, Theme } from '@mui/material';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { format, isValid } from 'date-fns';
import { toCalendarDay, type CalendarDay } from '@portal/contracts';
import { DATE_FORMAT } from '../../lib/time';
import type { DateRangeCheck, PickedRange } from './date-range-check';

/** The picker works on browser-local dates standing for calendar days; these convert at its edge. */
function toPicker(day: CalendarDay | null): Date | null {
  if (!day) return null;
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y, m - 1, d);
}
function fromPicker(date: Date | null): CalendarDay | null {
  return date && isValid(date) && date.getFullYear() >= 1000 ? toCalendarDay(format(date, 'yyyy-MM-dd')) : null;
}

interface DayFieldProps {
  label: string;
  name: string;
  value: CalendarDay | null;
  onChange: (day: CalendarDay | null) => void;
  error: string | null;
  quietWhenEmpty: boolean;
  reserveMessageLine: boolean;
  sx: SxProps<Theme>;
}

function DayField({ label, name, value, onChange, error, quietWhenEmpty, reserveMessageLine, sx }: DayFieldProps) {
  // The field's own date, so a half-typed entry is not wiped while its day is still null.
  const [draft, setDraft] = useState<Date | null>(() => toPicker(value));
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    // A change from outside (a quick range, an interval switch) replaces the entry.
    setSeen(value);
    if (value !== fromPicker(draft)) setDraft(toPicker(value));
  }
  const shownError = quietWhenEmpty && draft === null ? null : error;
  return (
    <DatePicker
      label={label}
      format={DATE_FORMAT}
      value={draft}
      onChange={(next: Date | null) => {
        setDraft(next);
        const day = fromPicker(next);
        setSeen(day);
        onChange(day);
      }}
      slotProps={{
        textField: {
          size: 'small',
          sx,
          name,
          error: Boolean(shownError),
          helperText: shownError ?? (reserveMessageLine ? ' ' : undefined),
        },
      }}
    />
  );
}

export interface DateRangeFieldsProps {
  value: PickedRange;
  onChange: (range: PickedRange) => void;
  /** Messages under the fields (checkDateRange). */
  check: Pick<DateRangeCheck, 'startError' | 'endError'>;
  /** true: an empty field shows no message (the page explains what is missing elsewhere). */
  quietWhenEmpty?: boolean;
  /** false: no empty line is kept under the fields for a message (where height is short); the layout moves when one shows. */
  reserveMessageLine?: boolean;
  fieldSx?: SxProps<Theme>;
}

/**
 * Start Date and End Date pickers (MM/dd/yyyy, both inclusive) holding calendar days: the one
 * date-range control of every page that picks dates. It renders the two fields side by side
 * in the caller's layout, which adds quick ranges or the interval choice around them.
 */
export function DateRangeFields({
  value,
  onChange,
  check,
  quietWhenEmpty = false,
  reserveMessageLine = true,
  fieldSx = { width: 170 },
}: DateRangeFieldsProps) {
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns}>
      <DayField
        label="Start Date"
        name="startDate"
        value={value.start}
        onChange={(start) => onChange({ ...value, start })}
        error={check.startError}
        quietWhenEmpty={quietWhenEmpty}
        reserveMessageLine={reserveMessageLine}
        sx={fieldSx}
      />
      <DayField
        label="End Date"
        name="endDate"
        value={value.end}
        onChange={(end) => onChange({ ...value, end })}
        error={check.endError}
        quietWhenEmpty={quietWhenEmpty}
        reserveMessageLine={reserveMessageLine}
        sx={fieldSx}
      />
    </LocalizationProvider>
  );
}
