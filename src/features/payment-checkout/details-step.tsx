/**
 * The payer's details step, loaded on demand with its form (`lazy-details-form.ts`): the form and
 * the save (`POST /checkout/:paymentId/customer`, a TanStack Query mutation), which a payer whose
 * details are already known (most of them) never needs on the page's first load
 * (docs/decisions/0018-first-load-bytes.md). The save starts from the form's submit handler; its
 * success or failure goes to the page's reducer (`DetailsSave`, `use-checkout-flow.ts`).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CheckoutCustomerRequest } from '../../../contract/checkout';
import { submitCustomerMutationKey, submitCustomerMutationOptions } from './api';
import { DetailsForm, type DetailsFormProps } from './details-form';

/** What the page's flow lets the step do with a save. */
export interface DetailsSave {
  paymentId: string;
  token: string;
  /** Sends `detailsEntered`; false when the flow does not start a save for `request`. */
  enter: (request: CheckoutCustomerRequest) => boolean;
  saved: () => void;
  failed: (error: unknown) => void;
}

export function DetailsStep({
  save,
  ...form
}: Omit<DetailsFormProps, 'onSubmit'> & { save: DetailsSave }) {
  const queryClient = useQueryClient();
  const { mutate } = useMutation(submitCustomerMutationOptions(save.paymentId, save.token));
  const onSubmit = (request: CheckoutCustomerRequest) => {
    // One click sends one save, even when a second submit comes before the busy re-render.
    const key = submitCustomerMutationKey(save.paymentId);
    if (queryClient.isMutating({ mutationKey: key }) > 0 || !save.enter(request)) return;
    mutate(request, { onSuccess: save.saved, onError: save.failed });
  };
  return <DetailsForm {...form} onSubmit={onSubmit} />;
}
