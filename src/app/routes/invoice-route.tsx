/** Route module of `/invoices/:invoiceId` (lazy: its code loads only on this page). */
import { InvoicePage } from '../../features/invoice/invoice-page';
import { ServerState } from '../server-state';

export function InvoiceRoute({ invoiceId }: { invoiceId: string }) {
  return (
    <ServerState>
      <InvoicePage key={invoiceId} invoiceId={invoiceId} />
    </ServerState>
  );
}
