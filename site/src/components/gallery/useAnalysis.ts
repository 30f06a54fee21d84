import { useEffect, useRef, useState } from 'react';
import { cardAutofill } from '../../../../core/analysis/autofill.ts';
import { callApi } from '../../lib/api.ts';
import * as API from '../../../../core/contracts/api.ts';
import { encodeImage } from '../../lib/image.ts';
import { toast } from '../../stores/toast.ts';
import { analysisCompleteToast, analysisErrorToast, readAnalysis } from '../start/analysis.ts';
import { useAnalysisStage } from '../start/analysis-stage.ts';

/**
 * What the add-item form receives from a finished analysis: the inputs it read, those it is unsure of
 * (docs/choices.md 28), and whether the cert it filled came from the label's barcode (docs/choices.md 50).
 */
export type TAutofill = ReturnType<typeof cardAutofill> & { certFromBarcode: boolean };

/**
 * The add-item analysis flow (docs/product.md §4: file chosen, analysing, result): scales the photo to
 * 800 px JPEG 0.85, posts it to /api/analyze-card, and hands the card's fields it read (the cert
 * included) to `onResult`. Toasts
 * follow docs/product.md §8. `stage` indexes ANALYSIS_STAGES while `running`.
 */
export function useAnalysis(onResult: (autofill: TAutofill) => void) {
  const [running, setRunning] = useState(false);
  const stage = useAnalysisStage(running);
  const run = useRef(0);

  useEffect(
    () => () => {
      run.current++; // a closed dialog ignores a late answer
    },
    [],
  );

  const analyze = async (file: File | null) => {
    if (!file) {
      toast({ title: 'No Image Selected', description: 'Please select an image to analyze', variant: 'error' });
      return;
    }
    const mine = ++run.current;
    setRunning(true);
    try {
      let image: string;
      try {
        image = await encodeImage(file);
      } catch {
        toast({ title: 'Analysis Failed', description: 'Failed to read image file', variant: 'error' });
        return;
      }
      const raw = await callApi(API.analyzeCard, { body: { image } });
      if (mine !== run.current) return;
      const result = readAnalysis(raw);
      const autofill = cardAutofill(result.card, result.fieldConfidence);
      onResult({ ...autofill, certFromBarcode: result.certFromBarcode && Boolean(autofill.fill.certNumber) });
      toast(analysisCompleteToast(result));
    } catch (err) {
      if (mine === run.current) toast(analysisErrorToast(err));
    } finally {
      if (mine === run.current) setRunning(false);
    }
  };

  /** Forgets a running analysis (the photo was replaced or removed). */
  const reset = () => {
    run.current++;
    setRunning(false);
  };

  return { running, stage, analyze, reset };
}
