// A password input tied to its form's problems. Password managers go by `autocomplete`: the
// password a person has is `current-password`, one they choose is `new-password`; written once
// here, sign-in, sign-up, the reset link and Settings cannot name it differently.
import { TextField } from '../ui/index.ts';
import { fieldError } from './form-validation.ts';
import type { FormProblems } from './form-validation.ts';

export interface PasswordFieldProps {
  label: string;
  /** The field's name in the form's schema, which its problems are keyed by. */
  name: string;
  /** 'current' for the password the person has, 'new' for one they choose. */
  purpose: 'current' | 'new';
  value: string;
  onValue(value: string): void;
  problems: FormProblems | null;
  hint?: string;
}

export function PasswordField({ label, name, purpose, value, onValue, problems, hint }: PasswordFieldProps) {
  return (
    <TextField
      label={label}
      name={name}
      type="password"
      autoComplete={purpose === 'current' ? 'current-password' : 'new-password'}
      required
      hint={hint}
      value={value}
      onChange={(e) => onValue(e.target.value)}
      error={fieldError(problems, name, value)}
    />
  );
}
