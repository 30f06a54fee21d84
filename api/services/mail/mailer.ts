import fs from 'node:fs/promises';
import path from 'node:path';
import { createRequire } from 'node:module';
import type nodemailerTypes from 'nodemailer';
import type { Logger } from '../../logger.ts';

export interface TMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Sends email: over SMTP when configured, else as .eml files in the outbox folder. */
export interface Mailer {
  send(mail: TMail): Promise<void>;
  /** True when mail goes to the local outbox instead of SMTP. */
  readonly isOutbox: boolean;
}

/** nodemailer, loaded with the first mail rather than at every start (docs/choices.md 46: start-up time). */
let loaded: typeof nodemailerTypes | undefined;
const nodemailer = () => (loaded ??= createRequire(import.meta.url)('nodemailer') as typeof nodemailerTypes);

/**
 * Creates the mailer. With an SMTP URL mail goes out through nodemailer's SMTP transport; without
 * one, nodemailer renders each message to `<outboxDir>/<time>-<id>.eml`.
 */
export function createMailer(opts: { smtpUrl?: string | undefined; from: string; outboxDir: string; log: Logger }): Mailer {
  if (opts.smtpUrl) {
    let transport: ReturnType<typeof nodemailerTypes.createTransport> | undefined;
    return {
      isOutbox: false,
      async send(mail) {
        transport ??= nodemailer().createTransport(opts.smtpUrl);
        await transport.sendMail({ from: opts.from, ...mail });
      },
    };
  }
  const outbox = () => nodemailer().createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let transport: ReturnType<typeof outbox> | undefined;
  return {
    isOutbox: true,
    async send(mail) {
      transport ??= outbox();
      const info = await transport.sendMail({ from: opts.from, ...mail });
      await fs.mkdir(opts.outboxDir, { recursive: true });
      const file = path.join(opts.outboxDir, `${Date.now()}-${info.messageId.replace(/[^a-zA-Z0-9]/g, '').slice(0, 24)}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      opts.log.info({ file, subject: mail.subject }, 'email written to outbox');
    },
  };
}
