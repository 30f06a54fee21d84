import { AppError } from '../../errors.ts';

/** Messages the analysis errors carry; the client shows them as they are (docs/product.md §8). */
export const ANALYSIS_MESSAGES = {
  busy: 'AI analysis service is temporarily overloaded. Please try again in a moment.',
  failed: 'Unable to analyze the card image. Please try again.',
} as const;

/** The uploaded image is unusable (not an image, too large, malformed data URL): HTTP 400. */
export class AnalysisInputError extends AppError {
  constructor(message: string, code = 'invalid_image') {
    super(400, code, message);
    this.name = 'AnalysisInputError';
  }
}

/**
 * The analysis provider is overloaded, rate-limited, unreachable or too slow, or the local OCR
 * queue is full: HTTP 503 with a message the client shows under 'Analysis Service Busy'.
 */
export class AnalysisBusyError extends AppError {
  constructor(message: string = ANALYSIS_MESSAGES.busy, cause?: unknown) {
    super(503, 'analysis_busy', message, {}, { 'Retry-After': '10' });
    this.name = 'AnalysisBusyError';
    this.cause = cause;
  }
}

/**
 * The analysis produced nothing usable (malformed provider answer, provider refused the request,
 * OCR engine failure): HTTP 502. The message never repeats provider text; `cause` keeps it for logs.
 */
export class AnalysisFailedError extends AppError {
  constructor(cause?: unknown, message: string = ANALYSIS_MESSAGES.failed) {
    super(502, 'analysis_failed', message);
    this.name = 'AnalysisFailedError';
    this.cause = cause;
  }
}
