/**
 * A page's first downloads, started by the entry before React renders: the page's own code (a lazy
 * route chunk) and its first data requests. On a slow mobile network the chunk's download and the
 * API's answers then overlap instead of following each other
 * (docs/decisions/0006-setup-page-first-load.md).
 *
 * Only the direct-debit setup page does this: its reads need only its own small route table. The
 * checkout and invoice pages' reads go through the checkout area's route table, which brings the
 * phone parser (about 10 KiB gzipped); starting them here would put it in the entry of every page,
 * the setup page's included.
 */
import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { startSetupPageRequests } from '../features/direct-debit-setup/api';
import { loadDirectDebitSetupRoute, pagePaths } from './router';

/**
 * For the page at `pathname` (the router's paths): starts downloading its route module and starts
 * its first reads into `queryClient`. Never throws; a failure shows up where the page loads the
 * same module or reads the same queries.
 */
export function startFirstRequests(pathname: string, queryClient: QueryClient): void {
  if (matchPath(pagePaths.directDebitSetup, pathname) === null) return;
  loadDirectDebitSetupRoute().catch(() => undefined);
  startSetupPageRequests(queryClient);
}
