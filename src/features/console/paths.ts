/** The console's own paths, below `/console` (a navigation there gets the SPA's index.html). */
export const consolePaths = {
  payments: '/console',
  payment: (paymentId: string) => `/console/payments/${encodeURIComponent(paymentId)}`,
  subscriptions: '/console/subscriptions',
  webhooks: '/console/webhooks',
  controls: '/console/controls',
} as const;
