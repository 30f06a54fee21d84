import { useId, useState } from 'react';

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
          <Eye />
          <EyeOff />
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

function Eye() {
  return (
    <svg
      className="icon-eye"
      viewBox="0 0 24 24"
      width="18"
      height="18"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
    </svg>
  );
}

function EyeOff() {
  return (
    <svg
      className="icon-eye-off"
      viewBox="0 0 24 24"
      width="18"
      height="18"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M10.6 5.1A10.6 10.6 0 0 1 12 5c6.4 0 10 7 10 7a17 17 0 0 1-3 3.9M6.6 6.6A17.4 17.4 0 0 0 2 12s3.6 7 10 7a9.8 9.8 0 0 0 5.4-1.6" />
      <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2M3 3l18 18" />
    </svg>
  );
}
