// The UI primitives: one job per file, accessible by default.
export { Button } from './button.tsx';
export type { ButtonProps, ButtonVariant } from './button.tsx';
export { TextField } from './text-field.tsx';
export type { TextFieldProps } from './text-field.tsx';
export { SelectField } from './select-field.tsx';
export type { SelectFieldProps, SelectOption } from './select-field.tsx';
export { FormError } from './form-error.tsx';
export { ToastProvider, useToast, TOAST_DEFAULT_MS, TOAST_ERROR_MS } from './toast.tsx';
export type { ToastApi, ToastOptions, ToastTone, ToastAction } from './toast.tsx';
export { ConfirmDialog } from './confirm-dialog.tsx';
export type { ConfirmDialogProps } from './confirm-dialog.tsx';
export { Spinner } from './spinner.tsx';
export { VisuallyHidden } from './visually-hidden.tsx';
