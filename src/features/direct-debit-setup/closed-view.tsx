/** Setup is closed and there is no mandate: nothing to do here but contact the merchant. */
import type { SetupState } from '../../../contract/direct-debit';
import { StepHeading } from '../../components/step-heading';
import { useMessages } from '../../messages/use-messages';

export function ClosedView({ setup }: { setup: SetupState }) {
  const { _ } = useMessages();
  const { name, supportEmail } = setup.merchant;
  return (
    <>
      <StepHeading>{_('setup.closed.title')}</StepHeading>
      <p>{_('setup.closed.body', { merchant: name })}</p>
      {supportEmail !== null && (
        <p>
          {_('common.contact', { merchant: name })}{' '}
          <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
        </p>
      )}
    </>
  );
}
