/** Route module of `/invoices/:invoiceId` (lazy: its code loads only on this page). */
import { InvoicePage } from '../../features/invoice/invoice-page';

export function InvoiceRoute({ invoiceId }: { invoiceId: string }) {
  return <InvoicePage key={invoiceId} invoiceId={invoiceId} />;
}
