import { Readable } from 'node:stream';
import addressparser from 'nodemailer/lib/addressparser';
import MailComposer from 'nodemailer/lib/mail-composer';
import { parseConnectionUrl } from 'nodemailer/lib/shared';
import SMTPConnection from 'nodemailer/lib/smtp-connection';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** Names the message in its Message-ID header (with the sender's domain), the same on every attempt. */
  messageKey?: string;
}

export interface SendOptions {
  /**
   * Called once the SMTP server has taken the whole message and before the end of data (the
   * final dot), which is the moment it accepts the message: until then a message cut off is
   * discarded by the server; from then on it may have been accepted.
   */
  beforeAccept?: () => Promise<void>;
}

/** Thrown when the SMTP server answered with a refusal: the message was certainly not accepted. */
export class SmtpRefusal extends Error {}

/** Sends one message; throws when the SMTP server does not accept it. */
export interface Mailer {
  send(mail: OutgoingMail, opts?: SendOptions): Promise<void>;
  close(): void;
}

/** SMTP, one connection per message; SMTP_URL carries host, port, credentials and smtps:// for TLS. */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const options = parseConnectionUrl(smtpUrl);
  const sender = addressparser(from, { flatten: true })[0]?.address ?? from;
  const domain = sender.split('@')[1] ?? 'localhost';
  return {
    async send(mail, opts = {}) {
      const raw = await new MailComposer({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        messageId: mail.messageKey ? `<${mail.messageKey}@${domain}>` : undefined,
      })
        .compile()
        .build();
      const connection = new SMTPConnection(options);
      let failed: (e: Error) => void = () => {};
      connection.on('error', (e: Error) => failed(e));
      try {
        await new Promise<void>((resolve, reject) => {
          failed = reject;
          connection.connect(() => resolve());
        });
        if (options.auth) await new Promise<void>((resolve, reject) => connection.login(options.auth!, (e) => (e ? reject(e) : resolve())));
        // The connection reads the message only after the server's go-ahead for the data (354):
        // the second read means the server has it all, and ending the stream sends the final dot.
        let reads = 0;
        const message = new Readable({
          read() {
            if (reads++ === 0) {
              this.push(raw);
              return;
            }
            if (reads > 2) return;
            (opts.beforeAccept ?? (async () => {}))().then(
              () => this.push(null),
              (e: unknown) => this.destroy(e instanceof Error ? e : new Error(String(e))),
            );
          },
        });
        await new Promise<void>((resolve, reject) => {
          failed = reject;
          connection.send({ from: sender, to: [mail.to] }, message, (e) => {
            if (!e) return resolve();
            // A numbered answer is the server's refusal; anything else (a dropped connection) is not.
            reject((e as { responseCode?: number }).responseCode ? new SmtpRefusal(e.message) : e);
          });
        });
        connection.quit();
      } finally {
        connection.close();
      }
    },
    close: () => {},
  };
}
