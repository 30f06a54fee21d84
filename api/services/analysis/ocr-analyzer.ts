import type { CardAnalyzer } from './card-analyzer.ts';
import { createAnalysisProcess } from './analysis-process.ts';

/** Settings of the offline analyzer; every one has a working default. */
export interface TOcrAnalyzerOptions {
  /** Limit for one photo, and for waiting for the reader (default 15 s). */
  timeoutMs?: number;
  /** Photos allowed to wait for the reader before new ones are refused as busy (default 16). */
  maxQueue?: number;
  /** Start the reader now rather than on the first photo. */
  warm?: boolean;
}

/**
 * The offline analyzer (docs/choices.md 11, docs/choices.md 28): reads the slab label on this machine with
 * PaddleOCR's detection and recognition models on ONNX Runtime, in a child process at low
 * priority, and assigns the fields by the label's layout (core/analysis/label-layout.ts).
 * Confidence comes from the reader's own certainty and the checks each field passes; a field the
 * reader is unsure of is left empty. Never reaches the network; `psaVerified` is always false here.
 */
export function createOcrAnalyzer(o: TOcrAnalyzerOptions = {}): CardAnalyzer {
  const reader = createAnalysisProcess({ timeoutMs: o.timeoutMs ?? 15_000, maxQueue: o.maxQueue ?? 16 });
  if (o.warm) reader.warm();
  return {
    analyze: (image, mime) => reader.run(image, mime),
    close: () => reader.close(),
  };
}
