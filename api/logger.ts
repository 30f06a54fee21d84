import { pino, type Logger } from 'pino';

/** Paths pino blanks in every line: no secrets or passwords in logs. */
const REDACT = [
  'password',
  '*.password',
  'currentPassword',
  '*.currentPassword',
  'newPassword',
  '*.newPassword',
  'token',
  '*.token',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
];

/** Creates the process logger (JSON lines on stdout). */
export function createLogger(level: string): Logger {
  return pino({ level, redact: { paths: REDACT, censor: '[redacted]' }, base: undefined });
}

export type { Logger };
