/**
 * A local SMTP server for tests (smtp-server from npm): the server under test sends through real
 * SMTP (nodemailer over a socket) and the test reads what arrived. Listens on 127.0.0.1 only, with no
 * TLS and no authentication.
 */
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  /** The body with quoted-printable soft breaks and escapes undone. */
  text: string;
  raw: string;
}

export interface SmtpSink {
  url: string;
  port: number;
  mails: ReceivedMail[];
  /** The first mail to `to` (after `skip` earlier ones) whose subject matches, waiting up to 5 s. */
  waitForMail(to: string, subject: RegExp, skip?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), subject: headerOf(raw, 'subject'), text: decodeBody(raw), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const bound = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    port: bound,
    mails,
    async waitForMail(to, subject, skip = 0) {
      for (let i = 0; i < 100; i++) {
        const found = mails.filter((m) => m.to.includes(to.toLowerCase()) && subject.test(m.subject))[skip];
        if (found) return found;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`No mail to ${to} matching ${subject} arrived; got: ${mails.map((m) => `${m.to.join(',')} "${m.subject}"`).join('; ') || 'none'}`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function headerOf(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
  const match = new RegExp(`^${name}:\\s*(.*(?:\\r?\\n[ \\t].*)*)`, 'im').exec(head);
  return (match?.[1] ?? '').replace(/\r?\n[ \t]/g, ' ').trim();
}

function decodeBody(raw: string): string {
  const split = raw.search(/\r?\n\r?\n/);
  const body = split < 0 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  if (!/content-transfer-encoding:\s*quoted-printable/i.test(raw.slice(0, split))) return body.replace(/\r\n/g, '\n');
  const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8').replace(/\r\n/g, '\n');
}

/** The token of the first Ledgerport link in a mail. */
export function linkTokenOf(mail: { text: string }): string {
  const match = /\/app\/oauth\/user-management\?mode=\w+&token=([A-Za-z0-9_%-]+)/.exec(mail.text);
  if (!match?.[1]) throw new Error(`No link in the mail:\n${mail.text}`);
  return decodeURIComponent(match[1]);
}
