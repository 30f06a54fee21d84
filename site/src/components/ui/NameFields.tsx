import TextField from './TextField.tsx';

interface TNameFieldsProps {
  firstName: string;
  lastName: string;
  onFirstName: (value: string) => void;
  onLastName: (value: string) => void;
  disabled?: boolean;
  /** Focus the first name when the form opens. */
  autoFocus?: boolean;
}

/** The account's first and last name side by side (sign-up, complete setup, profile): both required. */
export default function NameFields({ firstName, lastName, onFirstName, onLastName, disabled, autoFocus }: TNameFieldsProps) {
  return (
    <div className="field-row">
      <TextField
        label="First Name"
        name="firstName"
        autoComplete="given-name"
        required
        value={firstName}
        onValueChange={onFirstName}
        disabled={disabled}
        autoFocus={autoFocus}
      />
      <TextField label="Last Name" name="lastName" autoComplete="family-name" required value={lastName} onValueChange={onLastName} disabled={disabled} />
    </div>
  );
}
