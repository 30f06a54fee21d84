import type { ComponentProps } from 'react';
import PasswordField from '../ui/PasswordField.tsx';
import { MIN_PASSWORD_LENGTH } from './password-rules.ts';

/** A required field for choosing a password: `new-password` for password managers, held to MIN_PASSWORD_LENGTH. */
export default function NewPasswordField(props: Omit<ComponentProps<typeof PasswordField>, 'autoComplete' | 'required' | 'minLength'>) {
  return <PasswordField autoComplete="new-password" required minLength={MIN_PASSWORD_LENGTH} {...props} />;
}
