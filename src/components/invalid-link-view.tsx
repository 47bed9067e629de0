/**
 * The dead end of every hosted page whose link cannot be used (product.md, "Links and tokens"):
 * no token, a mangled one, or the service does not know it, says it expired, or (setup links)
 * that the business withdrew it. Says why, what to do next, the merchant's support e-mail when the
 * page knows the merchant (the link stopped working after the page had loaded), and the request id
 * of the refusal when there was one. Each page brings its own wording.
 */
import { useMessages } from '../messages/use-messages';
import { RequestId } from './request-id';
import { StepHeading } from './step-heading';

/** A page's wording of its invalid-link view, by reason. */
export interface InvalidLinkMessages<Reason extends string> {
  title: string;
  reasons: Record<Reason, string>;
  /** What to do next; `merchant` is null when the page never learnt who the merchant is. */
  whatToDo: (merchant: string | null) => string;
}

export interface InvalidLinkViewProps<Reason extends string> {
  messages: InvalidLinkMessages<Reason>;
  reason: Reason;
  merchant: { name: string; supportEmail: string | null } | null;
  requestId: string | null;
}

export function InvalidLinkView<Reason extends string>({
  messages,
  reason,
  merchant,
  requestId,
}: InvalidLinkViewProps<Reason>) {
  const { _ } = useMessages();
  return (
    <>
      <StepHeading>{messages.title}</StepHeading>
      <p>{messages.reasons[reason]}</p>
      <p>{messages.whatToDo(merchant?.name ?? null)}</p>
      {merchant !== null && merchant.supportEmail !== null && (
        <p>
          {_('common.contact', { merchant: merchant.name })}{' '}
          <a href={`mailto:${merchant.supportEmail}`}>{merchant.supportEmail}</a>
        </p>
      )}
      {requestId !== null && <RequestId requestId={requestId} />}
    </>
  );
}
