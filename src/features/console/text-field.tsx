/**
 * A labelled text input of a console form, wired to react-hook-form: the shared `Field` (label,
 * error as `aria-describedby`) around the input registered as `name` of the form around it
 * (`FormProvider`, as ActionForm gives), showing that field's error.
 */
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import { Field } from '../../components/field';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'> {
  /** The field's name in the form. */
  name: string;
  label: ReactNode;
  /** A line under the label saying what to type (the input's `aria-describedby`). */
  hint?: ReactNode;
}

/** A text input registered as `name` in the surrounding form, with its label and its error. */
export function TextField({ name, label, hint, ...input }: TextFieldProps) {
  const id = useId();
  const { register, getFieldState, formState } = useFormContext();
  const { error } = getFieldState(name, formState);
  return (
    <Field id={id} label={label} hint={hint} error={error?.message}>
      {(control) => (
        // The cast: see InputField (src/components/field.tsx), for Preact's types.
        <input
          className="input"
          type="text"
          // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
          {...(input as InputHTMLAttributes<HTMLInputElement>)}
          {...control}
          {...register(name)}
        />
      )}
    </Field>
  );
}
