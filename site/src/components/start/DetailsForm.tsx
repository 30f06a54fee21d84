import type { FormEvent, ReactNode } from 'react';
import type { TAnonymousCardFields } from '../../stores/anonymous-collection.ts';
import { UNSURE_NOTE } from './analysis.ts';

interface Props {
  fields: TAnonymousCardFields;
  /** Fields the last analysis filled in, briefly highlighted. */
  autofilled: ReadonlySet<keyof TAnonymousCardFields>;
  /** Filled fields the analysis is unsure of: marked for the visitor to check (docs/choices.md 28). */
  unsure?: ReadonlySet<keyof TAnonymousCardFields>;
  /** A word under a field on how it was filled (a cert read from the label's barcode). */
  notes?: Partial<Record<keyof TAnonymousCardFields, string>>;
  onChange(name: keyof TAnonymousCardFields, value: string): void;
  onSubmit(): void;
  canSave: boolean;
  saving: boolean;
  /** Shown above the save button: which slot the card goes to, or why it cannot. */
  slotNote: ReactNode;
  children?: ReactNode;
}

interface FieldProps {
  name: keyof TAnonymousCardFields;
  label: string;
  placeholder?: string;
  inputMode?: 'numeric' | 'decimal' | 'text';
  props: Props;
}

function Field({ name, label, placeholder, inputMode, props }: FieldProps) {
  const id = `card-${name}`;
  const unsure = props.unsure?.has(name) ?? false;
  const note = props.notes?.[name];
  const described = [unsure ? `${id}-unsure` : '', note ? `${id}-note` : ''].filter(Boolean).join(' ');
  return (
    <div className={`field${props.autofilled.has(name) ? ' is-autofilled' : ''}${unsure ? ' is-unsure' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        value={props.fields[name]}
        placeholder={placeholder}
        inputMode={inputMode}
        autoComplete="off"
        aria-describedby={described || undefined}
        onChange={(event) => props.onChange(name, event.target.value)}
      />
      {unsure && (
        <p id={`${id}-unsure`} className="field-unsure">
          {UNSURE_NOTE}
        </p>
      )}
      {note && (
        <p id={`${id}-note`} className="field-note">
          {note}
        </p>
      )}
    </div>
  );
}

/** Step 3 of the add flow: the editable details and 'Save to Collection'. */
export default function DetailsForm(props: Props) {
  const { fields, onChange, onSubmit, canSave, saving, slotNote, children } = props;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form className="panel details-panel" aria-labelledby="details-title" onSubmit={submit} noValidate>
      <div className="panel-head">
        <h2 id="details-title" className="panel-title">
          Card details
        </h2>
      </div>
      {children}
      <Field name="player" label="Player Name" placeholder="e.g. Shohei Ohtani" props={props} />
      <div className="field-row">
        <Field name="year" label="Year" placeholder="e.g. 2018" inputMode="numeric" props={props} />
        <Field name="brand" label="Brand" placeholder="e.g. Topps Chrome" props={props} />
      </div>
      <div className="field-row">
        <Field name="condition" label="Condition" placeholder="e.g. PSA 10 GEM MT" props={props} />
        <Field name="userValue" label="Estimated Value ($)" placeholder="150" inputMode="decimal" props={props} />
      </div>
      <div className="field-row">
        <Field name="cardNumber" label="Card Number" placeholder="e.g. 193" props={props} />
        <Field name="certNumber" label="Cert Number" placeholder="e.g. 12345678" inputMode="numeric" props={props} />
      </div>
      <div className={`field${props.autofilled.has('userNotes') ? ' is-autofilled' : ''}`}>
        <label htmlFor="card-userNotes">Notes (Optional)</label>
        <textarea id="card-userNotes" name="userNotes" rows={3} value={fields.userNotes} onChange={(event) => onChange('userNotes', event.target.value)} />
      </div>
      <div className="save-row">
        <p className="save-note">{slotNote}</p>
        <button type="submit" className="btn btn-primary save-btn" disabled={!canSave || saving} aria-disabled={!canSave || saving}>
          {saving && <span className="spinner spinner-sm" aria-hidden="true" />}
          {saving ? 'Saving...' : 'Save to Collection'}
        </button>
      </div>
    </form>
  );
}
