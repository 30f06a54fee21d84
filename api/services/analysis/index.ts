/**
 * Card photo analysis (docs/product.md §7 POST /api/analyze-card, docs/choices.md 11). The route decodes the
 * data URL with decodeImageDataUrl, then calls analyzer.analyze(data, mime) on the one analyzer
 * built at start-up with createAnalyzer; the errors below carry their HTTP status and code.
 */
export { createAnalyzer, withPsaVerification } from './analyzer.ts';
export type { CardAnalyzer } from './card-analyzer.ts';
export { decodeImageDataUrl, sniffImageMime, MAX_DATA_URL_LENGTH, MAX_IMAGE_BYTES } from './decode-data-url.ts';
export { AnalysisBusyError, AnalysisFailedError, AnalysisInputError, ANALYSIS_MESSAGES } from './errors.ts';
export { createGeminiAnalyzer } from './gemini-analyzer.ts';
export { createOcrAnalyzer } from './ocr-analyzer.ts';
export { createPsaVerifier } from './psa-verify.ts';
