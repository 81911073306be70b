import { Box } from '@mui/material';

interface OpacityRangeProps {
  /** Percent, 0 to 100. */
  value: number;
  disabled: boolean;
  onChange: (value: number) => void;
  /** The accessible name ('Opacity of <layer>'). */
  label: string;
}

/**
 * A layer's opacity: the browser's own range input (role slider, arrow keys by 1, Page Up and Page
 * Down by 10, Home and End), in the theme's primary colour, with the percent written beside it.
 */
export function OpacityRange({ value, disabled, onChange, label }: OpacityRangeProps) {
  return (
    <Box sx={{ flex: 1, minWidth: 0, display: 'flex', alignItems: 'center', gap: 1.5 }}>
      <Box
        component="input"
        type="range"
        min={0}
        max={100}
        step={1}
        value={value}
        disabled={disabled}
        aria-label={label}
        aria-valuetext={`${value}%`}
        onChange={(event: React.ChangeEvent<HTMLInputElement>) => onChange(Number(event.target.value))}
        sx={{
          flex: 1,
          minWidth: 0,
          height: 28,
          m: 0,
          accentColor: (theme) => theme.palette.primary.main,
          cursor: disabled ? 'default' : 'pointer',
          '&:disabled': { opacity: 0.5 },
          '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2, borderRadius: 1 },
        }}
      />
      {/* The input itself tells a screen reader its value (aria-valuetext). */}
      <Box
        component="span"
        aria-hidden="true"
        sx={{ width: 36, textAlign: 'right', typography: 'caption', color: disabled ? 'text.disabled' : 'text.secondary' }}
      >
        {value}%
      </Box>
    </Box>
  );
}
