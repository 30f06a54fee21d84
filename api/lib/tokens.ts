import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/** A fresh random token for a cookie or an emailed link (256 bits, base64url). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The keyed hash stored in place of a token, so a leaked table holds no usable tokens. */
export function hashToken(token: string, secret: string): string {
  return createHmac('sha256', secret).update(token).digest('hex');
}

/** The purpose share link tokens are sealed for. */
export const SHARE_SEAL = 'share-link-token';

/** The sealing key for one purpose, derived from the server's secret (HKDF-SHA-256, 256 bits). */
function sealKey(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'ratio-seal', purpose, 32));
}

/**
 * A token sealed with a key derived from the server's secret (AES-256-GCM: 'v1.' + base64url of
 * nonce, tag and ciphertext), for a token its owner must be able to read again (a share link, issue
 * 28) while a leaked table alone opens nothing. `purpose` binds it: a seal opens only for the same one.
 */
export function sealToken(token: string, secret: string, purpose: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(secret, purpose), iv);
  const body = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

/** The token a seal holds, or null when it does not open (another secret or purpose, tampered, malformed). */
export function openSealedToken(sealed: string, secret: string, purpose: string): string | null {
  if (!sealed.startsWith('v1.')) return null;
  const raw = Buffer.from(sealed.slice(3), 'base64url');
  if (raw.length < 29) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', sealKey(secret, purpose), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
