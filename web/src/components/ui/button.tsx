// The one button: variants, and a busy state (disabled, aria-busy, a spinner) for async actions.
import type { ButtonHTMLAttributes, Ref } from 'react';
import { Spinner } from './spinner.tsx';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  busy?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

export function Button({ variant = 'primary', busy = false, disabled, className, type = 'button', children, ...rest }: ButtonProps) {
  const classes = ['btn', `btn--${variant}`, busy ? 'btn--busy' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <button {...rest} type={type} className={classes} disabled={disabled || busy} aria-busy={busy || undefined}>
      {busy && <Spinner size="sm" />}
      <span className="btn__label">{children}</span>
    </button>
  );
}
