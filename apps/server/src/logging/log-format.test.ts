import { describe, expect, it } from 'vitest';
import { chooseLogFormat, formatLogLine } from './log-format';

describe('chooseLogFormat', () => {
  it.each([
    ['auto', true, 'pretty'],
    ['auto', false, 'json'],
    ['json', true, 'json'],
    ['pretty', false, 'pretty'],
  ] as const)('%s with a terminal=%s is %s', (setting, tty, expected) => {
    expect(chooseLogFormat(setting, tty)).toBe(expected);
  });
});

describe('formatLogLine', () => {
  const time = new Date(2026, 10, 26, 14, 3, 7).getTime();

  it('prints the local clock, the level, the component and the message, then the other fields', () => {
    const line = formatLogLine(
      { level: 40, time, pid: 1, hostname: 'h', component: 'worker', msg: 'job worker started again', released: 2 },
      false,
    );
    expect(line).toBe('14:03:07 WARN  [worker] job worker started again released=2');
  });

  it('quotes text with spaces and shows an error by its message', () => {
    const line = formatLogLine(
      { level: 50, time, msg: 'stopping failed', err: { message: 'connection reset', stack: 'at x' }, note: 'two words' },
      false,
    );
    expect(line).toBe('14:03:07 ERROR stopping failed err="connection reset" note="two words"');
  });

  it('colours only the level when asked', () => {
    expect(formatLogLine({ level: 30, time, msg: 'ready' }, true)).toBe('14:03:07 \u001b[32mINFO \u001b[0m ready');
  });
});
