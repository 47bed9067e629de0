/** Route module of `/direct-debit/setup` (lazy: its code loads only on this page). */
import { SetupPage } from '../../features/direct-debit-setup/setup-page';
import { ServerState } from '../server-state';

export function DirectDebitSetupRoute() {
  return (
    <ServerState>
      <SetupPage />
    </ServerState>
  );
}
