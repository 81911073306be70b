import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The raw message (headers and body) as the server received it. */
  raw: string;
}

export interface SmtpTestServer {
  url: string;
  port: number;
  received: ReceivedMail[];
  /** While set, RCPT TO for addresses it returns true for is refused with a 451 (temporary failure). */
  refuse: ((address: string) => boolean) | null;
  /** While set, the answer to RCPT TO waits for the promise it returns (the client waits before sending its data). */
  holdRecipient: ((address: string) => Promise<void>) | null;
  /** While set, the answer to the end of data waits for the promise it returns (the message is kept already). */
  holdAccept: ((mail: ReceivedMail) => Promise<void>) | null;
  close: () => Promise<void>;
}

/** A real SMTP server on loopback that keeps what it receives (no auth, no TLS), for tests. */
export async function startSmtpTestServer(port = 0): Promise<SmtpTestServer> {
  const received: ReceivedMail[] = [];
  const state: SmtpTestServer = { url: '', port: 0, received, refuse: null, holdRecipient: null, holdAccept: null, close: async () => {} };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (state.refuse?.(address.address)) {
        const err = Object.assign(new Error('Mailbox temporarily unavailable'), { responseCode: 451 });
        return callback(err);
      }
      if (state.holdRecipient) return void state.holdRecipient(address.address).then(() => callback());
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const mail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        received.push(mail);
        if (state.holdAccept) return void state.holdAccept(mail).then(() => callback());
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  state.port = (server.server.address() as AddressInfo).port;
  state.url = `smtp://127.0.0.1:${state.port}`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}

/** The decoded text body of a received message (nodemailer sends quoted-printable). */
export function mailText(raw: string): string {
  const [, ...rest] = raw.split(/\r?\n\r?\n/);
  return rest
    .join('\n\n')
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
}
