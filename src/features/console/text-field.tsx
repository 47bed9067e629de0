/**
 * A labelled text input of a console form, wired to react-hook-form: the shared `Field` (label,
 * error as `aria-describedby`) around the input registered as `name` of `form`, showing that
 * field's error.
 */
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { Field } from '../../components/field';

export interface TextFieldProps<F extends FieldValues> extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'form' | 'name'
> {
  /** The form, as `useForm` returns it. */
  form: Pick<UseFormReturn<F>, 'register' | 'getFieldState' | 'formState'>;
  /** The field's name in the form. */
  name: FieldPath<F>;
  label: ReactNode;
}

export function TextField<F extends FieldValues>({
  form,
  name,
  label,
  ...input
}: TextFieldProps<F>) {
  const id = useId();
  const { error } = form.getFieldState(name, form.formState);
  return (
    <Field id={id} label={label} error={error?.message}>
      {(control) => (
        <input className="input" type="text" {...input} {...control} {...form.register(name)} />
      )}
    </Field>
  );
}
