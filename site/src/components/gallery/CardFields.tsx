import { useId, type ReactNode } from 'react';
import { applyCardWrite, type TCardText } from '../../../../core/cards/card-write.ts';
import { changedCardData, CARD_FORM_LABELS, readCardForm } from '../../../../core/cards/form.ts';
import type { TCardFormFields } from '../../stores/gallery.ts';
import { GRADE_OPTIONS, GRADER_OPTIONS, QUALIFIER_SUGGESTIONS } from './card-field-options.ts';
import { UNSURE_NOTE } from '../start/analysis.ts';

type TKey = keyof TCardFormFields;

interface Props {
  fields: TCardFormFields;
  onChange(fields: TCardFormFields): void;
  /** The card before this form's changes (a new card: empty), for the title and description it will get. */
  before: TCardText;
  /** Fields just filled by the analysis, marked so the user sees what changed. */
  autofilled?: ReadonlySet<TKey>;
  /** Autofilled fields the analysis is unsure of: marked for the user to check (docs/choices.md 28). */
  unsure?: ReadonlySet<TKey>;
  /** A word under a field on how it was filled (a cert read from the label's barcode). */
  notes?: Partial<Record<TKey, string>>;
  /** What is wrong with a field, shown under it once the user tried to save. */
  problems?: Partial<Record<TKey, string>>;
  disabled?: boolean;
}

const LABELS: Record<TKey, string> = { ...CARD_FORM_LABELS, value: 'Value', allTimeHigh: 'All-Time High' };

/**
 * A card's fields (docs/product.md §3 slot, docs/choices.md 39): what the card is, its grade, its value and what was paid.
 * The title and description are not typed: they are shown as the fields make them (core's rule).
 */
export default function CardFields({ fields, onChange, before, autofilled, unsure, notes, problems, disabled }: Props) {
  const id = useId();
  const read = readCardForm(fields);
  const made = applyCardWrite(before, { data: changedCardData(before.data, read.data) });
  const showSubgrades = fields.grader === 'BGS' || Boolean(fields.centering || fields.corners || fields.edges || fields.surface);

  const field = (key: TKey, control: (props: { id: string; 'aria-describedby'?: string; 'aria-invalid'?: boolean }) => ReactNode, wide = false) => {
    const problem = problems?.[key];
    const doubt = unsure?.has(key);
    const note = notes?.[key];
    const described = [problem ? `${id}-${key}-problem` : '', doubt ? `${id}-${key}-unsure` : '', note ? `${id}-${key}-note` : ''].filter(Boolean).join(' ');
    return (
      <div
        className={`field${wide ? ' g-field-wide' : ''}${autofilled?.has(key) ? ' is-autofilled' : ''}${doubt ? ' is-unsure' : ''}${problem ? ' is-invalid' : ''}`}
      >
        <label htmlFor={`${id}-${key}`}>{LABELS[key]}</label>
        {control({ id: `${id}-${key}`, ...(described ? { 'aria-describedby': described } : {}), ...(problem ? { 'aria-invalid': true } : {}) })}
        {doubt && (
          <p id={`${id}-${key}-unsure`} className="field-unsure">
            {UNSURE_NOTE}
          </p>
        )}
        {note && (
          <p id={`${id}-${key}-note`} className="field-note">
            {note}
          </p>
        )}
        {problem && (
          <p id={`${id}-${key}-problem`} className="field-error">
            {problem}
          </p>
        )}
      </div>
    );
  };
  const set = (key: TKey) => (e: { target: { value: string } }) => onChange({ ...fields, [key]: e.target.value });
  const text = (key: TKey, placeholder: string, extra: { inputMode?: 'decimal' | 'numeric'; maxLength?: number; list?: string } = {}, wide = false) =>
    field(
      key,
      (p) => (
        <input
          {...p}
          name={key}
          value={fields[key]}
          onChange={set(key)}
          placeholder={placeholder}
          autoComplete="off"
          maxLength={extra.maxLength ?? 200}
          {...extra}
        />
      ),
      wide,
    );
  const select = (
    key: 'grader' | 'grade' | 'autographGrade' | 'centering' | 'corners' | 'edges' | 'surface',
    options: ReadonlyArray<readonly [string, string]>,
  ) =>
    field(key, (p) => (
      <select {...p} name={key} value={fields[key]} onChange={set(key)}>
        {options.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    ));

  return (
    <fieldset className="g-fields" disabled={disabled}>
      <legend className="sr-only">Card details</legend>
      <dl className="g-made" aria-live="polite" data-testid="card-made">
        <div>
          <dt>Title</dt>
          <dd data-testid="made-title">{made.title || <span className="g-made-empty">Made from the year, set and player</span>}</dd>
        </div>
        <div>
          <dt>Description</dt>
          <dd data-testid="made-description">{made.description || <span className="g-made-empty">Made from the grade and cert</span>}</dd>
        </div>
      </dl>
      <h3 className="g-group-title">The card</h3>
      <div className="g-field-grid">
        {text('subject', 'e.g. Luka Doncic', {}, true)}
        {text('year', 'e.g. 2018', { inputMode: 'numeric', maxLength: 9 })}
        {text('set', 'e.g. Panini Prizm')}
        {text('cardNumber', 'e.g. 280', { maxLength: 40 })}
        {text('variety', 'e.g. Silver')}
        {text('serial', 'e.g. 12/99', { maxLength: 20 })}
        {text('sport', 'e.g. Basketball', { maxLength: 60 })}
      </div>
      <h3 className="g-group-title">Grade</h3>
      <div className="g-field-grid">
        {select('grader', GRADER_OPTIONS)}
        {select('grade', GRADE_OPTIONS)}
        {text('certNumber', 'e.g. 12345678', { inputMode: 'numeric', maxLength: 40 })}
        {text('qualifier', 'e.g. OC', { maxLength: 40, list: `${id}-qualifiers` })}
        {select('autographGrade', GRADE_OPTIONS)}
      </div>
      <datalist id={`${id}-qualifiers`}>
        {QUALIFIER_SUGGESTIONS.map((q) => (
          <option key={q} value={q} />
        ))}
      </datalist>
      {showSubgrades && (
        <div className="g-field-grid g-subgrades" role="group" aria-label="Subgrades">
          {(['centering', 'corners', 'edges', 'surface'] as const).map((k) => (
            <div key={k}>{select(k, GRADE_OPTIONS)}</div>
          ))}
        </div>
      )}
      <h3 className="g-group-title">Value</h3>
      <div className="g-field-grid">
        {text('value', 'e.g. $150', { inputMode: 'decimal', maxLength: 40 })}
        {text('allTimeHigh', 'e.g. $250', { inputMode: 'decimal', maxLength: 40 })}
        {text('cost', 'e.g. $90', { inputMode: 'decimal', maxLength: 40 })}
        {field('acquiredOn', (p) => (
          <input {...p} type="date" name="acquiredOn" value={fields.acquiredOn} onChange={set('acquiredOn')} />
        ))}
        {text('source', 'e.g. Card show', {}, true)}
      </div>
      {field(
        'notes',
        (p) => (
          <textarea {...p} name="notes" rows={3} maxLength={2000} value={fields.notes} onChange={set('notes')} />
        ),
        true,
      )}
    </fieldset>
  );
}
