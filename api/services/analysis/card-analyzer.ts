import type { TCardAnalysis } from '../../../core/analysis/types.ts';

/** Reads a card photo. One instance per process; safe for concurrent calls. */
export interface CardAnalyzer {
  /**
   * Identifies the card in `image` (bytes of a JPEG/PNG/WebP/GIF/HEIC; `mime` is its sniffed type).
   * Throws AnalysisInputError (400), AnalysisBusyError (503) or AnalysisFailedError (502).
   */
  analyze(image: Buffer, mime: string): Promise<TCardAnalysis>;
  /** Releases workers and sockets. Idempotent; call on shutdown. */
  close(): Promise<void>;
}
