/** Route module of `/invoices/:invoiceId` (lazy: its code loads only on this page). */
import { useParams } from 'react-router';
import { InvoicePage } from '../../features/invoice/invoice-page';

export function InvoiceRoute() {
  const { invoiceId = '' } = useParams();
  return <InvoicePage key={invoiceId} invoiceId={invoiceId} />;
}
