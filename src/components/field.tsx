/**
 * A labelled form control with an optional hint and error, wired for screen readers: the label
 * names the control, and the hint and error are its `aria-describedby`; an error sets
 * `aria-invalid`. The control itself comes from `children`, which receives those attributes.
 */
import type { InputHTMLAttributes, ReactNode, Ref } from 'react';

/** Attributes to spread on the control. */
export interface FieldControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
}

export interface FieldProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  children: (control: FieldControlProps) => ReactNode;
}

/** Renders the label, hint and error around the control that `children` returns (see above). */
export function Field({ id, label, hint, error, children }: FieldProps) {
  const hintId = hint === undefined ? undefined : `${id}-hint`;
  const hasError = error !== undefined && error !== null && error !== false && error !== '';
  const errorId = hasError ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={hasError ? 'field field--error' : 'field'}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {hint !== undefined && (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      )}
      {hasError && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
      {children({ id, 'aria-describedby': describedBy, 'aria-invalid': hasError || undefined })}
    </div>
  );
}

/**
 * A {@link Field} whose control is a plain `<input>`: the rest of the props (a form's
 * registration, `type`, `inputMode`, `ref`…) go on the input, after the field's own attributes.
 */
export interface InputFieldProps
  extends Omit<FieldProps, 'children'>, Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  ref?: Ref<HTMLInputElement>;
}

/** A labelled `<input>` with its hint and error (a {@link Field} around a plain input). */
export function InputField({ id, label, hint, error, ...input }: InputFieldProps) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      {(control) => (
        // Preact's types make an input's attributes a union by `type` and `role`, which the rest
        // of a destructured union is not (`npm run typecheck`, decision 0031): the same props.
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
        <input {...control} {...(input as InputHTMLAttributes<HTMLInputElement>)} />
      )}
    </Field>
  );
}
