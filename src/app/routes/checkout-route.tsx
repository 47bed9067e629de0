/** Route module of `/checkout/:paymentId` (lazy: its code loads only on this page). */
import { useParams } from 'react-router';
import { CheckoutPage } from '../../features/payment-checkout/checkout-page';

export function CheckoutRoute() {
  const { paymentId = '' } = useParams();
  // A new payment id is a new page: nothing of the previous payment's flow carries over.
  return <CheckoutPage key={paymentId} paymentId={paymentId} />;
}
