import { analysisFromLabel } from '../../../core/analysis/build-analysis.ts';
import { parseLabel } from '../../../core/analysis/parse-label.ts';
import type { TCardAnalysis } from '../../../core/analysis/types.ts';
import { AppError } from '../../errors.ts';
import type { CardAnalyzer } from './analyzer.ts';
import { AnalysisFailedError } from './errors.ts';
import { createOcrPool, defaultLangPath } from './ocr-pool.ts';
import { openForOcr } from './ocr-views.ts';

/** Settings of the offline analyzer; every one has a working default. */
export interface TOcrAnalyzerOptions {
  /** Folder holding eng.traineddata(.gz); defaults to the bundled @tesseract.js-data/eng best_int model. */
  langPath?: string;
  /** Warm tesseract workers (default 1). */
  workers?: number;
  /** Limit for one recognition and for waiting for a worker (default 15 s). */
  timeoutMs?: number;
  /** Limit for starting a worker (default 20 s). */
  startTimeoutMs?: number;
  /** Requests allowed to wait for a worker before new ones are refused as busy (default 16). */
  maxQueue?: number;
}

/** A read this good needs no second look at the photo from another angle. */
const GOOD_ENOUGH = 0.8;

/**
 * The offline analyzer (decisions.md 11): reads the slab label with tesseract on this machine and
 * parses it. Tries the likely crops and turns of the photo, best first, and keeps the best read.
 * Confidence is the label's read share, lowered a little when tesseract itself is unsure.
 * Never reaches the network; `psaVerified` is always false here.
 */
export function createOcrAnalyzer(o: TOcrAnalyzerOptions = {}): CardAnalyzer {
  const timeoutMs = o.timeoutMs ?? 15_000;
  const pool = createOcrPool({
    langPath: o.langPath ?? defaultLangPath(),
    size: o.workers ?? 1,
    jobTimeoutMs: timeoutMs,
    startTimeoutMs: o.startTimeoutMs ?? 20_000,
    maxQueue: o.maxQueue ?? 16,
  });
  return {
    async analyze(image, mime) {
      const source = await openForOcr(image, mime);
      const reading = pool.run(async (recognize) => {
        let best: TCardAnalysis | null = null;
        const deadline = Date.now() + timeoutMs;
        for (const view of source.views) {
          if (best && Date.now() > deadline) break; // a usable read now beats a better one too late
          const { text, confidence } = await recognize(await source.render(view));
          const read = analysisFromLabel(parseLabel(text));
          const scored = { ...read, confidence: Math.round(read.confidence * (0.7 + (0.3 * confidence) / 100) * 100) / 100 };
          if (!best || scored.confidence > best.confidence) best = scored;
          if (read.confidence >= GOOD_ENOUGH) break;
        }
        return best ?? analysisFromLabel(parseLabel(''));
      });
      // Anything unforeseen inside tesseract or sharp is an analysis failure, not a 500.
      return reading.catch((e: unknown) => {
        throw e instanceof AppError ? e : new AnalysisFailedError(e);
      });
    },
    close: () => pool.close(),
  };
}
