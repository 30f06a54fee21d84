import { CheckIcon } from '../ui/icons.tsx';

/** The three steps of the add flow (docs/product.md §2), in order. */
export const STEPS = ['Upload Image', 'Analyze', 'Save to Collection'] as const;

interface Props {
  /** Index of the step in progress (0..2). */
  current: number;
  /** Which steps are finished. */
  done: readonly boolean[];
}

/** The progress bar of the add flow: numbered steps, the current one marked with aria-current. */
export default function Stepper({ current, done }: Props) {
  return (
    <ol className="stepper" aria-label="Progress" data-testid="stepper">
      {STEPS.map((label, i) => {
        const state = done[i] ? 'done' : i === current ? 'current' : 'todo';
        return (
          <li key={label} className={`step is-${state}`} aria-current={i === current ? 'step' : undefined}>
            <span className="step-dot" aria-hidden="true">
              {done[i] ? <CheckIcon size={15} /> : i + 1}
            </span>
            <span className="step-text">
              <span className="step-label">{label}</span>
              <span className="sr-only">{done[i] ? ' (done)' : i === current ? ' (current step)' : ''}</span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
