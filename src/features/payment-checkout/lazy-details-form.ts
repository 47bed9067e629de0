/**
 * The customer-details form, loaded on demand: it brings react-hook-form and its zod resolver,
 * which a payer whose details are already known (most of them) never needs
 * (docs/decisions/0006-setup-page-first-load.md, same reasoning as the setup page's form steps).
 */
import { lazy } from 'react';

export const LazyDetailsForm = lazy(async () => ({
  default: (await import('./details-form')).DetailsForm,
}));
