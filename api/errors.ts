/**
 * Every error the API answers with. Each has an HTTP status and a stable code; the error
 * middleware turns it into `{ error: { code, message, ...extra } }`.
 */
export class AppError extends Error {
  readonly status: number;
  readonly code: string;
  readonly extra: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(status: number, code: string, message: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'AppError';
    this.status = status;
    this.code = code;
    this.extra = extra;
    this.headers = headers;
  }
}

export const badRequest = (code: string, message: string, extra?: Record<string, unknown>) => new AppError(400, code, message, extra);
export const unauthorized = (message = 'Please sign in', code = 'unauthorized') => new AppError(401, code, message);
export const forbidden = (message: string, code = 'forbidden', extra?: Record<string, unknown>) => new AppError(403, code, message, extra);
export const notFound = (message = 'Not found', code = 'not_found') => new AppError(404, code, message);
export const conflict = (message: string, code = 'conflict') => new AppError(409, code, message);
export const tooManyRequests = (retryAfterSeconds: number) => {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return new AppError(
    429,
    'rate_limited',
    `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    { retryAfter: retryAfterSeconds },
    { 'Retry-After': String(retryAfterSeconds) },
  );
};
/** A tier limit or view-only state refused the call (docs/choices.md 2–3). */
export const upgradeRequired = (message: string) => new AppError(403, 'upgrade_required', message, { requiresUpgrade: true });
/** The billing provider could not be reached or failed (docs/product.md §8 'Upgrade failed'); nothing was changed. */
export const billingUnavailable = () => new AppError(503, 'billing_unavailable', 'The payment service is not answering. Please try again or contact support.');
/** A payment the provider refused (docs/product.md §8 'Payment Failed' with the provider's message). */
export const paymentFailed = (message: string, declineCode: string) => new AppError(402, 'payment_failed', message, { declineCode });
