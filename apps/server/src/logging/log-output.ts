import { Writable } from 'node:stream';
import pino, { type Logger } from 'pino';
import { chooseLogFormat, formatLogLine, type LogFormat, type LogFormatSetting } from './log-format';

export interface ServerLog {
  log: Logger;
  format: LogFormat;
}

/** A stream that turns pino's JSON lines into readable ones on `out`. */
function readableLines(out: NodeJS.WriteStream): Writable {
  const colour = Boolean(out.isTTY) && !process.env.NO_COLOR;
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) {
        if (!line) continue;
        try {
          out.write(`${formatLogLine(JSON.parse(line) as Record<string, unknown>, colour)}\n`);
        } catch {
          out.write(`${line}\n`);
        }
      }
      done();
    },
  });
}

/** The process's logger, in the format its output calls for (LOG_FORMAT, else terminal or not). */
export function createServerLog(level: string, setting: LogFormatSetting): ServerLog {
  const format = chooseLogFormat(setting, Boolean(process.stdout.isTTY));
  const log = format === 'pretty' ? pino({ level }, readableLines(process.stdout)) : pino({ level });
  return { log, format };
}
