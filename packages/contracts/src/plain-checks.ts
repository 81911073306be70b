/** Whether a value is a JSON object (not null, not an array): the first step of every plain check of an answer. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
