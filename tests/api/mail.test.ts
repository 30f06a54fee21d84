import { passwordResetsSettled } from '../../api/services/accounts/request-password-reset.ts';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../api/logger.ts';
import { createMailer } from '../../api/services/mail/mailer.ts';
import { registerUser, startTestServer, type TTestServer } from '../helpers/server.ts';

interface TReceived {
  from: string;
  to: string[];
  data: string;
}

let smtp: SMTPServer;
let smtpPort = 0;
const received: TReceived[] = [];
let srv: TTestServer;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => {
        data += chunk.toString('utf8');
      });
      stream.on('end', () => {
        received.push({
          from: String(session.envelope.mailFrom && session.envelope.mailFrom.address),
          to: session.envelope.rcptTo.map((r) => r.address),
          data,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  smtpPort = (smtp.server.address() as { port: number }).port;
  const log = createLogger('silent');
  srv = await startTestServer({
    rateLimitScale: 100,
    deps: { mailer: createMailer({ smtpUrl: `smtp://127.0.0.1:${smtpPort}`, from: 'Ratio <no-reply@ratio.local>', outboxDir: '/nonexistent', log }) },
  });
});
afterAll(async () => {
  await srv?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('email', () => {
  it('with SMTP_URL the reset email goes out over SMTP, and its link resets the password', async () => {
    const { input } = await registerUser(srv);
    const res = await srv.client().post('/api/forgot-password', { email: input.email });
    expect(res.status).toBe(200);
    await passwordResetsSettled(); // the email goes out after the answer
    const mail = received.find((m) => m.to.includes(input.email));
    expect(mail?.from).toBe('no-reply@ratio.local');
    expect(mail?.data).toMatch(/Subject: Reset your Ratio password/);
    const unfolded = mail!.data.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const token = decodeURIComponent(unfolded.match(/reset-password\?token=([A-Za-z0-9_%-]+)/)![1]!);
    const reset = await srv.client().post('/api/reset-password', { token, password: 'via-smtp-1' });
    expect(reset.status).toBe(200);
    expect((await srv.client().post('/api/login', { email: input.email, password: 'via-smtp-1' })).status).toBe(200);
  });

  it('without SMTP_URL each email is written as an .eml file in the outbox', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ratio-outbox-'));
    try {
      const mailer = createMailer({ from: 'Ratio <no-reply@ratio.local>', outboxDir: dir, log: createLogger('silent') });
      expect(mailer.isOutbox).toBe(true);
      await mailer.send({ to: 'someone@example.com', subject: 'Hello there', text: 'Body line' });
      const files = await fs.readdir(dir);
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/\.eml$/);
      const eml = await fs.readFile(path.join(dir, files[0]!), 'utf8');
      expect(eml).toMatch(/To: someone@example.com/);
      expect(eml).toMatch(/Subject: Hello there/);
      expect(eml).toMatch(/Body line/);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
