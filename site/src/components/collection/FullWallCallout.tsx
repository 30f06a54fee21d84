import { TRIAL_NOTE, startFreeTrial } from './trial.ts';

/** Shown under a full wall (docs/product.md §2): the message, 'Start Free Trial' and the trial note. */
export default function FullWallCallout() {
  return (
    <section className="full-wall" aria-labelledby="full-wall-title" data-testid="full-wall">
      <p className="eyebrow">3 of 3 slots filled</p>
      <h2 id="full-wall-title">You've built your wall. Don't lose it.</h2>
      <p className="full-wall-lead muted">
        These cards live only in this browser. Start a free trial to keep them in your own gallery, with room for up to 1,000 more.
      </p>
      <button type="button" className="btn btn-primary full-wall-cta" onClick={startFreeTrial}>
        Start Free Trial
      </button>
      <p className="trial-note">{TRIAL_NOTE}</p>
    </section>
  );
}
