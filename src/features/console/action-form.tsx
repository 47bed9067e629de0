/**
 * A console form that makes one call (a create, a setting, a sandbox control): its fields, a
 * submit button busy while the call is pending, and under the form the call's answer or refusal
 * (action-result.tsx), with `result` added to a success (links to what was made).
 */
import type { ReactNode } from 'react';
import { FormProvider, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { Button } from '../../components/button';
import { ActionResult } from './action-result';
import type { ConsoleAnswer } from './api';

export interface ActionFormProps<In extends FieldValues, Out> {
  /** The form, as `useForm` returns it; its valid output is what the call sends. */
  form: UseFormReturn<In, unknown, Out>;
  /** The call, as `useMutation` returns it. */
  action: {
    mutate: (body: Out) => void;
    isPending: boolean;
    data: ConsoleAnswer<unknown> | undefined;
    error: unknown;
  };
  /** The submit button's text, and its text while the call is pending. */
  submit: [label: string, busyLabel: string];
  /** Added to the answer on a success. */
  result?: ReactNode;
  /** The fields; a TextField finds the form through the `FormProvider` around them. */
  children: ReactNode;
}

/**
 * Renders the fields inside `form`'s `FormProvider`, sends the form's valid output through
 * `action.mutate` on submit (nothing is sent while the form is invalid), and shows the call's
 * answer or refusal under the form.
 */
export function ActionForm<In extends FieldValues, Out>({
  form,
  action,
  submit: [label, busyLabel],
  result,
  children,
}: ActionFormProps<In, Out>) {
  return (
    <FormProvider {...form}>
      <form
        className="form"
        noValidate
        onSubmit={(event) => void form.handleSubmit((body) => action.mutate(body))(event)}
      >
        {children}
        <Button type="submit" busy={action.isPending} busyLabel={busyLabel}>
          {label}
        </Button>
      </form>
      <ActionResult answer={action.data} error={action.error}>
        {result}
      </ActionResult>
    </FormProvider>
  );
}
