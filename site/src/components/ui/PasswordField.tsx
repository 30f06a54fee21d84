import { useId, useState } from 'react';
import { EyeIcon, EyeOffIcon } from './icons.tsx';

interface Props {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** 'current-password' to sign in, 'new-password' when choosing one. */
  autoComplete: 'current-password' | 'new-password';
  required?: boolean;
  minLength?: number;
  disabled?: boolean;
  autoFocus?: boolean;
  hint?: string;
}

/**
 * A labelled password input with an accessible show/hide toggle (aria-pressed). Both icons are in
 * the markup and CSS shows the one for the state, so pages without React can render this at build
 * and switch it with lib/plain-form.ts.
 */
export default function PasswordField({ label, value, onValueChange, autoComplete, hint, ...rest }: Props) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="input-wrap">
        <input
          id={id}
          type={visible ? 'text' : 'password'}
          value={value}
          autoComplete={autoComplete}
          aria-describedby={hintId}
          onChange={(e) => onValueChange(e.target.value)}
          className="has-toggle"
          spellCheck={false}
          autoCapitalize="none"
          {...rest}
        />
        <button
          type="button"
          className="toggle pw-toggle"
          aria-pressed={visible}
          aria-label={`${visible ? 'Hide' : 'Show'} ${label.toLowerCase()}`}
          aria-controls={id}
          onClick={() => setVisible((v) => !v)}
        >
          <EyeIcon />
          <EyeOffIcon />
        </button>
      </div>
      {hint && (
        <small id={hintId} className="field-hint">
          {hint}
        </small>
      )}
    </div>
  );
}
