import { useId } from 'react';
import type { TCardFields } from '../../stores/gallery.ts';

interface Props {
  fields: TCardFields;
  onChange(fields: TCardFields): void;
  /** Fields just filled by the analysis, marked so the user sees what changed. */
  autofilled?: ReadonlySet<keyof TCardFields>;
  /** Autofilled fields the analysis is unsure of: marked for the user to check (issue #10). */
  unsure?: ReadonlySet<keyof TCardFields>;
  disabled?: boolean;
}

/** The note under a field the analysis filled but is unsure of. */
export const UNSURE_NOTE = 'Check this: part of the label was hard to read.';

/** Title, description, value and all-time high (spec §3 Card slot): all optional, values as typed. */
export default function CardFields({ fields, onChange, autofilled, unsure, disabled }: Props) {
  const id = useId();
  const set = (key: keyof TCardFields) => (e: { target: { value: string } }) => onChange({ ...fields, [key]: e.target.value });
  const mark = (key: keyof TCardFields) => `${autofilled?.has(key) ? ' is-autofilled' : ''}${unsure?.has(key) ? ' is-unsure' : ''}`;
  const note = (key: keyof TCardFields) =>
    unsure?.has(key) ? <p id={`${id}-${key}-unsure`} className="field-unsure">{UNSURE_NOTE}</p> : null;
  const describedBy = (key: keyof TCardFields) => (unsure?.has(key) ? `${id}-${key}-unsure` : undefined);
  return (
    <fieldset className="g-fields" disabled={disabled}>
      <legend className="sr-only">Card details</legend>
      <div className={`field${mark('title')}`}>
        <label htmlFor={`${id}-title`}>Title</label>
        <input id={`${id}-title`} name="title" value={fields.title} onChange={set('title')} maxLength={200}
          placeholder="e.g. 2018 Prizm Luka Doncic #280" autoComplete="off" aria-describedby={describedBy('title')} />
        {note('title')}
      </div>
      <div className={`field${mark('description')}`}>
        <label htmlFor={`${id}-description`}>Description</label>
        <textarea id={`${id}-description`} name="description" value={fields.description} onChange={set('description')}
          maxLength={2000} rows={3} placeholder="e.g. PSA 10 GEM MT" aria-describedby={describedBy('description')} />
        {note('description')}
      </div>
      <div className="field-row">
        <div className="field">
          <label htmlFor={`${id}-value`}>Value</label>
          <input id={`${id}-value`} name="value" value={fields.value} onChange={set('value')} maxLength={40}
            inputMode="decimal" placeholder="e.g. $150" autoComplete="off" />
        </div>
        <div className="field">
          <label htmlFor={`${id}-ath`}>All-Time High</label>
          <input id={`${id}-ath`} name="allTimeHigh" value={fields.allTimeHigh} onChange={set('allTimeHigh')} maxLength={40}
            inputMode="decimal" placeholder="e.g. $250" autoComplete="off" />
        </div>
      </div>
    </fieldset>
  );
}
