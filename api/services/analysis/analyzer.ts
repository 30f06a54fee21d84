import { mergePsaCert } from '../../../core/analysis/psa-cert.ts';
import { createBarcodeProcess } from './analysis-process.ts';
import type { CardAnalyzer } from './card-analyzer.ts';
import { createGeminiAnalyzer } from './gemini-analyzer.ts';
import { createOcrAnalyzer } from './ocr-analyzer.ts';
import { createPsaVerifier, type PsaVerifier } from './psa-verify.ts';

/** Settings for createAnalyzer; the caller maps them from its parsed env (nothing here reads process.env). */
export interface TAnalyzerOptions {
  /** GEMINI_API_KEY: when set, Gemini reads the photo; otherwise the offline OCR analyzer does. */
  geminiApiKey?: string;
  geminiModel?: string;
  geminiBaseUrl?: string;
  /** Limit for one Gemini call or one OCR pass (ms). */
  timeoutMs?: number;
  /** PSA_API_TOKEN: when set, PSA cert numbers are checked with PSA (sets psaVerified). */
  psaToken?: string;
  psaBaseUrl?: string;
  psaTimeoutMs?: number;
  /** Start the offline reader at once rather than on the first photo. */
  warmOcr?: boolean;
}

/** Wraps `inner` so that every PSA cert number it reads is checked with PSA (docs/choices.md 11). */
export function withPsaVerification(inner: CardAnalyzer, verifier: PsaVerifier): CardAnalyzer {
  return {
    async analyze(image, mime) {
      const result = await inner.analyze(image, mime);
      if (!result.psaCertNumber) return result;
      const lookup = await verifier.lookup(result.psaCertNumber);
      return lookup.status === 'verified' ? mergePsaCert(result, lookup.cert) : result;
    },
    close: () => inner.close(),
  };
}

/**
 * Builds the analyzer the configuration asks for: Gemini when a key is set, else offline OCR;
 * wrapped with PSA verification when a PSA token is set. Cheap: OCR workers start on first use.
 */
export function createAnalyzer(o: TAnalyzerOptions = {}): CardAnalyzer {
  const base = o.geminiApiKey ? geminiWithBarcodes(o.geminiApiKey, o) : createOcrAnalyzer({ timeoutMs: o.timeoutMs, warm: o.warmOcr });
  if (!o.psaToken) return base;
  return withPsaVerification(base, createPsaVerifier({ token: o.psaToken, baseUrl: o.psaBaseUrl, timeoutMs: o.psaTimeoutMs }));
}

/**
 * Gemini, with the cert from the photo's PSA label barcode where one reads (docs/choices.md 50): read
 * on this machine beside the call, in a child process that loads no models and stops when idle.
 */
function geminiWithBarcodes(apiKey: string, o: TAnalyzerOptions): CardAnalyzer {
  const barcodes = createBarcodeProcess({ timeoutMs: o.timeoutMs ?? 15_000, maxQueue: 16 });
  const gemini = createGeminiAnalyzer({
    apiKey,
    model: o.geminiModel,
    baseUrl: o.geminiBaseUrl,
    timeoutMs: o.timeoutMs,
    barcode: (image, mime) => barcodes.run(image, mime),
  });
  return {
    analyze: (image, mime) => gemini.analyze(image, mime),
    async close() {
      await Promise.all([gemini.close(), barcodes.close()]);
    },
  };
}
