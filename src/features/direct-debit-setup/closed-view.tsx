/** Setup is closed and there is no mandate: nothing to do here but contact the merchant. */
import type { SetupState } from '../../../contract/direct-debit';
import { StepHeading } from '../../components/step-heading';
import { en } from '../../messages/en';

export function ClosedView({ setup }: { setup: SetupState }) {
  const m = en.setup.closed;
  const { name, supportEmail } = setup.merchant;
  return (
    <>
      <StepHeading>{m.title}</StepHeading>
      <p>{m.body(name)}</p>
      {supportEmail !== null && (
        <p>
          {en.setup.invalidLink.contact(name)} <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
        </p>
      )}
    </>
  );
}
