/** A ring's amount is free text; the message shown next to a field that is not a number. */
export const BUFFER_AMOUNT_MESSAGE = 'Enter a number, for example 0.25';

export type BufferAmount = { ok: true; value: number } | { ok: false; message: string };

// Plain decimal notation only: '1e3' or '0x10' are numbers to JavaScript but not to a person typing feet.
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/**
 * Reads a ring amount. An empty field means 0 (the ring is unused); values of 0 or below are valid
 * but skipped when the rings are built; anything that is not a decimal number is refused.
 */
export function parseBufferAmount(text: string): BufferAmount {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, value: 0 };
  if (!DECIMAL.test(trimmed)) return { ok: false, message: BUFFER_AMOUNT_MESSAGE };
  return { ok: true, value: Number(trimmed) };
}
