import { createHmac, randomBytes } from 'node:crypto';

/** A fresh random token for a cookie or an emailed link (256 bits, base64url). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The keyed hash stored in place of a token, so a leaked table holds no usable tokens. */
export function hashToken(token: string, secret: string): string {
  return createHmac('sha256', secret).update(token).digest('hex');
}
