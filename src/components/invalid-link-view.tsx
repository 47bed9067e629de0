/**
 * The dead end of every hosted page whose link cannot be used (product.md, "Links and tokens"):
 * no token, a mangled one, or the service does not know it, says it expired, or (setup links)
 * that the business withdrew it. Says why, what to do next, the merchant's support e-mail when the
 * page knows the merchant (the link stopped working after the page had loaded), and the request id
 * of the refusal when there was one. Each page's wording is in its catalog part, by name:
 * `<page>.invalidLink.title`, `.reasons.<reason>`, `.whatToDo` and `.whatToDoNoMerchant`.
 */
import type { MessageId } from '../messages/message-ids.generated';
import type { PlainMessageId } from '../messages/i18n';
import { useMessages } from '../messages/use-messages';
import type { HostedPageName } from './hosted-page';
import { RequestId } from './request-id';
import { StepHeading } from './step-heading';

/** The reasons page `P` words in its catalog (`<P>.invalidLink.reasons.<reason>`). */
export type InvalidLinkReasonOf<P extends HostedPageName> = MessageId extends infer Id
  ? Id extends `${P}.invalidLink.reasons.${infer Reason}`
    ? Reason
    : never
  : never;

export interface InvalidLinkViewProps<P extends HostedPageName> {
  page: P;
  /** The page's invalid-link state (src/lib/classify-failure.ts, `InvalidLinkState`). */
  link: {
    reason: InvalidLinkReasonOf<P>;
    merchant: { name: string; supportEmail: string | null } | null;
    requestId: string | null;
  };
}

export function InvalidLinkView<P extends HostedPageName>({
  page,
  link: { reason, merchant, requestId },
}: InvalidLinkViewProps<P>) {
  const { _ } = useMessages();
  const part: HostedPageName = page; // Its message ids, checked for every page alike.
  return (
    <>
      <StepHeading>{_(`${part}.invalidLink.title`)}</StepHeading>
      <p>{_(`${part}.invalidLink.reasons.${reason}` as PlainMessageId)}</p>
      <p>
        {merchant === null
          ? _(`${part}.invalidLink.whatToDoNoMerchant`)
          : _(`${part}.invalidLink.whatToDo`, { merchant: merchant.name })}
      </p>
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
