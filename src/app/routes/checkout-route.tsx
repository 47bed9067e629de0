/** Route module of `/checkout/:paymentId` (lazy: its code loads only on this page). */
import { CheckoutPage } from '../../features/payment-checkout/checkout-page';

export function CheckoutRoute({ paymentId }: { paymentId: string }) {
  // A new payment id is a new page: nothing of the previous payment's flow carries over.
  return <CheckoutPage key={paymentId} paymentId={paymentId} />;
}
