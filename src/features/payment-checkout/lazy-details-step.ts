/**
 * The customer-details step, loaded on demand: it brings react-hook-form, its zod resolver and the
 * save's mutation (TanStack Query's `useMutation`), which a payer whose details are already known
 * (most of them) never needs (docs/decisions/0006-setup-page-first-load.md, same reasoning as the
 * setup page's form steps; 0018-first-load-bytes.md).
 */
import { lazy } from 'react';

export const LazyDetailsStep = lazy(async () => ({
  default: (await import('./details-form')).DetailsStep,
}));
