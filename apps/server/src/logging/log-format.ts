/**
 * How the server writes its log. In a terminal a person reads it: one readable line per event,
 * requests and the job queue's own bookkeeping only at `debug`. Anywhere else (a service
 * manager, a container, a file) a machine reads it: one JSON object per line, every request.
 */
export type LogFormatSetting = 'auto' | 'json' | 'pretty';
export type LogFormat = 'json' | 'pretty';

export function chooseLogFormat(setting: LogFormatSetting, outputIsTerminal: boolean): LogFormat {
  if (setting === 'auto') return outputIsTerminal ? 'pretty' : 'json';
  return setting;
}

const LEVEL_NAMES: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
const LEVEL_COLOURS: Record<number, string> = { 10: '90', 20: '90', 30: '32', 40: '33', 50: '31', 60: '35' };
// pino's own fields, and fields that only repeat what the line already says.
const OMITTED = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'v', 'reqId', 'component']);

function fieldText(value: unknown): string {
  if (typeof value === 'string') return /\s/.test(value) ? JSON.stringify(value) : value;
  if (value instanceof Object && 'message' in value && typeof value.message === 'string') return JSON.stringify(value.message);
  return JSON.stringify(value);
}

/** One pino record as a line a person reads: `14:03:07 WARN  [worker] message key=value`. */
export function formatLogLine(record: Record<string, unknown>, colour: boolean): string {
  const level = typeof record.level === 'number' ? record.level : 30;
  const time = new Date(typeof record.time === 'number' ? record.time : Date.now());
  const clock = [time.getHours(), time.getMinutes(), time.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':');
  const name = (LEVEL_NAMES[level] ?? String(level)).padEnd(5);
  const label = colour ? `\u001b[${LEVEL_COLOURS[level] ?? '0'}m${name}\u001b[0m` : name;
  const component = typeof record.component === 'string' ? `[${record.component}] ` : '';
  const fields = Object.entries(record)
    .filter(([k, v]) => !OMITTED.has(k) && v !== undefined)
    .map(([k, v]) => `${k}=${fieldText(v)}`);
  const message = typeof record.msg === 'string' ? record.msg : '';
  return [`${clock} ${label} ${component}${message}`, ...fields].join(' ');
}
