import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink';
import { loadConfig } from '../config';
import { createMailer } from './mailer';

let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(() => sink.close());

const mail = { to: 'ana@example.com', subject: 'Hello from Ledgerport', text: 'A line\nhttp://127.0.0.1:8070/app/x?token=é' };

describe('mailer', () => {
  it('sends through the SMTP server of LEDGERPORT_SMTP_URL with the configured sender', async () => {
    const mailer = createMailer({ smtpUrl: sink.url, from: 'Books <books@example.com>', outboxDir: '/nonexistent' }, () => undefined);
    expect(mailer.destination).toBe(`SMTP at 127.0.0.1:${sink.port}`);
    await mailer.send(mail);
    const got = await sink.waitForMail('ana@example.com', /^Hello from Ledgerport$/);
    expect(got.raw).toMatch(/^From: Books <books@example\.com>/m);
    expect(got.text.trim()).toBe(mail.text);
  });

  it('without SMTP writes an .eml file into the outbox and logs where', async () => {
    const outboxDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerport-outbox-test-')), 'outbox');
    const lines: string[] = [];
    const mailer = createMailer({ smtpUrl: undefined, from: 'Ledgerport <no-reply@ledgerport.local>', outboxDir }, (l) => lines.push(l));
    await mailer.send(mail);
    const files = fs.readdirSync(outboxDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = fs.readFileSync(path.join(outboxDir, files[0]!), 'utf8');
    expect(eml).toMatch(/^To: ana@example\.com$/m);
    expect(eml).toMatch(/^Subject: Hello from Ledgerport$/m);
    expect(lines).toEqual([`Mail "Hello from Ledgerport" to ana@example.com written to ${path.join(outboxDir, files[0]!)}`]);
  });

  it('fails a send when the SMTP server cannot be reached', async () => {
    const mailer = createMailer({ smtpUrl: 'smtp://127.0.0.1:1', from: 'x@example.com', outboxDir: '/nonexistent' }, () => undefined);
    await expect(mailer.send(mail)).rejects.toThrow();
  });
});

describe('mail configuration', () => {
  const env = { LEDGERPORT_DATA_DIR: os.tmpdir(), LEDGERPORT_SECRET: 's' };
  it('reads the SMTP URL, the sender and the public URL', () => {
    const config = loadConfig({ ...env, LEDGERPORT_SMTP_URL: 'smtps://u:p@mail.example.com', LEDGERPORT_MAIL_FROM: 'Books <b@example.com>', LEDGERPORT_PUBLIC_URL: 'https://books.example.com/ignored/path' });
    expect(config.mail).toMatchObject({ smtpUrl: 'smtps://u:p@mail.example.com', from: 'Books <b@example.com>', outboxDir: path.join(os.tmpdir(), 'outbox') });
    expect(config.publicUrl).toBe('https://books.example.com');
  });
  it('defaults to the outbox and to the address the server listens on', () => {
    const config = loadConfig({ ...env, PORT: '9000' });
    expect(config.mail.smtpUrl).toBeUndefined();
    expect(config.publicUrl).toBe('http://127.0.0.1:9000');
  });
  it('refuses an SMTP URL of another scheme', () => {
    expect(() => loadConfig({ ...env, LEDGERPORT_SMTP_URL: 'http://mail.example.com' })).toThrow('LEDGERPORT_SMTP_URL must start with smtp:// or smtps://, got "http://".');
  });
});
