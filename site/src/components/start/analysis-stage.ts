import { useEffect, useState } from 'react';

/** The progress text while a photo is analysed, one line per stage. */
export const ANALYSIS_STAGES = ['Preparing the photo…', 'Reading the slab label…', 'Matching player, set and grade…'];

/**
 * The stage (an index of ANALYSIS_STAGES) an analysis has reached by elapsed time: the server gives no
 * progress of its own. Back to 0 whenever `active` changes.
 */
export function useAnalysisStage(active: boolean): number {
  const [stage, setStage] = useState(0);
  useEffect(() => {
    setStage(0);
    if (!active) return;
    const timers = [700, 1900].map((ms, i) => window.setTimeout(() => setStage(i + 1), ms));
    return () => timers.forEach((t) => window.clearTimeout(t));
  }, [active]);
  return stage;
}
