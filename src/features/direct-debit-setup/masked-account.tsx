/**
 * An account number shown as "******7890". Screen readers hear "ending in 7890" instead of six
 * "star"s.
 */
import { useMessages } from '../../messages/use-messages';

/** The last four digits of `accountNumber` (or of a masked one). */
export function lastFour(accountNumber: string): string {
  return accountNumber.slice(-4);
}

export function MaskedAccount({ accountNumber }: { accountNumber: string }) {
  const last4 = lastFour(accountNumber);
  const { _ } = useMessages();
  return (
    <span className="masked-account">
      <span aria-hidden="true">{`******${last4}`}</span>
      <span className="visually-hidden">{_('common.visuallyHiddenEnding', { last4 })}</span>
    </span>
  );
}
