/** Route module of `/direct-debit/setup` (lazy: its code loads only on this page). */
import { SetupPage } from '../../features/direct-debit-setup/setup-page';

export function DirectDebitSetupRoute() {
  return <SetupPage />;
}
