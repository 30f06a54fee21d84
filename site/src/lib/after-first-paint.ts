/**
 * Runs `work` once the page's first frame is painted: a page's own scripts run before it when the
 * HTML is parsed first (as on a fast load), and whatever they do then (reading cookies or storage,
 * changing the document) holds the first paint up. The frame's callback comes before that frame is
 * painted; the task it queues comes after. A hidden page paints no frame, so there it runs at once.
 */
export function afterFirstPaint(work: () => void): void {
  if (document.visibilityState === 'hidden') setTimeout(work, 0);
  else requestAnimationFrame(() => setTimeout(work, 0));
}
