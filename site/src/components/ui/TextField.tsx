import { useId, type InputHTMLAttributes } from 'react';

type TInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange' | 'value'>;

interface Props extends TInputProps {
  label: string;
  value: string;
  onValueChange?: (value: string) => void;
  /** Small text under the field, tied to it with aria-describedby. */
  hint?: string;
}

/** A labelled text input (the .field pattern of global.css). */
export default function TextField({ label, value, onValueChange, hint, readOnly, ...rest }: Props) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} value={value} readOnly={readOnly} aria-describedby={hintId} onChange={(e) => onValueChange?.(e.target.value)} {...rest} />
      {hint && (
        <small id={hintId} className="field-hint">
          {hint}
        </small>
      )}
    </div>
  );
}
