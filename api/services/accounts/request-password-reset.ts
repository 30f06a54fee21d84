import type { Knex } from 'knex';
import { RESET_TOKEN_TTL_MS } from '../../../core/limits.ts';
import { PasswordResetToken } from '../../../db/models/PasswordResetToken.ts';
import { User } from '../../../db/models/User.ts';
import type { Logger } from '../../logger.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { Mailer } from '../mail/mailer.ts';

const RESET_WORK_DELAY_MS = 25;

/** Reset requests still at work after their answer (startPasswordReset). */
const inFlight = new Set<Promise<void>>();

/**
 * Starts a reset request and returns at once: the look-up, the token and the email happen after
 * the answer, so POST /api/forgot-password takes the same time whether the address has an account
 * or not (docs/choices.md 43: 7 vs 23 ms before). It begins once `after` settles (the answer is written).
 * A failure is logged, never shown: the answer is the same.
 */
export function startPasswordReset(opts: Parameters<typeof requestPasswordReset>[0], after: Promise<unknown> = Promise.resolve()): void {
  const job = after
    // A short pause more: the work never competes with the answer on its way out (nor, in tests,
    // with a client on the same event loop reading it).
    .then(() => new Promise<void>((resolve) => setTimeout(resolve, RESET_WORK_DELAY_MS)))
    .then(() => requestPasswordReset(opts))
    .catch((err: unknown) => opts.log.error({ err }, 'password reset request failed'))
    .finally(() => inFlight.delete(job));
  inFlight.add(job);
}

/** Resolves once every reset request started in this process is done (shutdown, tests). */
export async function passwordResetsSettled(): Promise<void> {
  while (inFlight.size) await Promise.allSettled([...inFlight]);
}

/**
 * Emails a single-use reset link valid for one hour when the email has an account; does nothing
 * visible otherwise (the caller answers the same either way). In outbox mode the link is also
 * logged, so a developer without SMTP can follow it.
 */
export async function requestPasswordReset(opts: {
  db: Knex;
  mailer: Mailer;
  log: Logger;
  email: string;
  secret: string;
  baseUrl: string;
  now: Date;
}): Promise<void> {
  const user = await User.query(opts.db).modify('byEmail', opts.email).first();
  if (!user) return;
  const token = newToken();
  await PasswordResetToken.query(opts.db).insert({
    userId: user.id,
    tokenHash: hashToken(token, opts.secret),
    expiresAt: new Date(opts.now.getTime() + RESET_TOKEN_TTL_MS),
  });
  const link = `${opts.baseUrl}/reset-password?token=${encodeURIComponent(token)}`;
  await opts.mailer.send({
    to: user.email,
    subject: 'Reset your Ratio password',
    text: [
      `Hi ${user.firstName},`,
      '',
      'Someone (hopefully you) asked to reset the password of your Ratio account.',
      `Open this link to choose a new password. It expires in 1 hour and works once:`,
      '',
      link,
      '',
      "If you didn't ask for this, ignore this email: your password stays as it is.",
    ].join('\n'),
    html: `<p>Hi ${escapeHtml(user.firstName)},</p><p>Someone (hopefully you) asked to reset the password of your Ratio account.</p><p><a href="${link}">Choose a new password</a>. The link expires in 1 hour and works once.</p><p>If you didn't ask for this, ignore this email: your password stays as it is.</p>`,
  });
  if (opts.mailer.isOutbox) opts.log.info({ resetLink: link }, 'password reset link (outbox mode)');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
