import { createRequire } from 'node:module';
import type * as GenAI from '@google/genai';
import type { CardAnalyzer } from './card-analyzer.ts';
import { AnalysisBusyError, AnalysisFailedError } from './errors.ts';
import { GEMINI_PROMPT, GEMINI_RESPONSE_SCHEMA, ZGeminiCard, analysisFromGemini } from './gemini-answer.ts';

/** Model used when none is configured. */
export const DEFAULT_GEMINI_MODEL = 'gemini-2.5-flash';

/** Settings of the Gemini analyzer; only `apiKey` is required. */
export interface TGeminiAnalyzerOptions {
  apiKey: string;
  model?: string;
  /** API origin; tests point it at a local emulator. Defaults to Google's. */
  baseUrl?: string;
  /** Limit for one call (default 20 s). */
  timeoutMs?: number;
  /**
   * Reads the cert in the photo's PSA label barcode (null when none reads), beside the call: a cert
   * read there replaces the model's digits. Its failure leaves the model's answer as it is.
   */
  barcode?: (image: Buffer, mime: string) => Promise<string | null>;
  /** How long the answer waits for the barcode once the model has answered (default 2 s): the barcode never holds it longer. */
  barcodeWaitMs?: number;
}

const BARCODE_WAIT_MS = 2_000;

/** Google's SDK, loaded when a Gemini analyzer is made (GEMINI_API_KEY): not at every start (docs/choices.md 46). */
let sdk: typeof GenAI | undefined;
const genai = () => (sdk ??= createRequire(import.meta.url)('@google/genai') as typeof GenAI);

const BUSY_STATUSES = new Set([429, 500, 502, 503, 504]);

/** Provider trouble as Ratio's errors: overload, quota, timeouts and outages are 'busy' (503). */
function toAnalysisError(e: unknown): Error {
  if (sdk && e instanceof sdk.ApiError) {
    return BUSY_STATUSES.has(e.status) || /RESOURCE_EXHAUSTED|UNAVAILABLE/.test(e.message) ? new AnalysisBusyError(undefined, e) : new AnalysisFailedError(e);
  }
  if (e instanceof Error && (e.name === 'AbortError' || e.name === 'TimeoutError' || e instanceof TypeError)) {
    return new AnalysisBusyError(undefined, e); // timed out, or the provider could not be reached
  }
  return new AnalysisFailedError(e);
}

/**
 * The Gemini analyzer (docs/choices.md 11): sends the photo to Gemini with a JSON response schema,
 * validates the answer with zod and maps it to Ratio's analysis. No retries: an overloaded or
 * rate-limited provider surfaces at once as AnalysisBusyError (HTTP 503); an answer that is not
 * valid JSON of the agreed shape, or a refused request, as AnalysisFailedError (HTTP 502).
 * Provider messages never reach the client; they ride in `cause` for the server log.
 */
export function createGeminiAnalyzer(o: TGeminiAnalyzerOptions): CardAnalyzer {
  const timeout = o.timeoutMs ?? 20_000;
  const ai = new (genai().GoogleGenAI)({
    apiKey: o.apiKey,
    httpOptions: { ...(o.baseUrl ? { baseUrl: o.baseUrl } : {}), timeout },
  });
  const model = o.model ?? DEFAULT_GEMINI_MODEL;
  return {
    async analyze(image, mime) {
      const barcodeCert = o.barcode ? o.barcode(image, mime).catch(() => null) : Promise.resolve(null);
      let text: string | undefined;
      try {
        const response = await ai.models.generateContent({
          model,
          contents: [{ role: 'user', parts: [{ inlineData: { mimeType: mime, data: image.toString('base64') } }, { text: GEMINI_PROMPT }] }],
          config: {
            responseMimeType: 'application/json',
            responseJsonSchema: GEMINI_RESPONSE_SCHEMA,
            temperature: 0,
            abortSignal: AbortSignal.timeout(timeout),
          },
        });
        text = response.text;
      } catch (e) {
        throw toAnalysisError(e);
      }
      let json: unknown;
      try {
        json = JSON.parse(text ?? '');
      } catch (e) {
        throw new AnalysisFailedError(e);
      }
      const parsed = ZGeminiCard.safeParse(json);
      if (!parsed.success) throw new AnalysisFailedError(parsed.error);
      const late = new Promise<null>((resolve) => setTimeout(resolve, o.barcodeWaitMs ?? BARCODE_WAIT_MS, null).unref());
      return analysisFromGemini(parsed.data, await Promise.race([barcodeCert, late]));
    },
    async close() {},
  };
}
