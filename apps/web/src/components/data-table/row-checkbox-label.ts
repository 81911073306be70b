import type { MRT_Row, MRT_RowData } from 'material-react-table';

/**
 * material-react-table's row checkboxes named after their row ('Select Ditch Rider'): every
 * checkbox needs its own label, and the label belongs on the input, not on the checkbox's
 * wrapper (MUI 9 reads `slotProps.input`, not the `inputProps` the table passes).
 */
export function rowCheckboxLabel<T extends MRT_RowData>(name: (row: T) => string) {
  return ({ row }: { row: MRT_Row<T> }) => ({
    'aria-label': undefined,
    slotProps: { input: { 'aria-label': `Select ${name(row.original)}` } },
  });
}
