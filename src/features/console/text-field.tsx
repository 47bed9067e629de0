/**
 * A labelled text input of a console form, wired to react-hook-form: the shared `Field` (label,
 * hint, error as `aria-describedby`) around an input that takes the form's registration.
 */
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from '../../components/field';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  registration: UseFormRegisterReturn;
}

export function TextField({ label, hint, error, registration, ...input }: TextFieldProps) {
  const id = useId();
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      {(control) => (
        <input className="input" type="text" {...input} {...control} {...registration} />
      )}
    </Field>
  );
}
