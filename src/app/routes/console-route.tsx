/**
 * Route module of `/console/*`, the sandbox console (docs/decisions/0019-sandbox-console.md). Lazy
 * like every page, and the only importer of the console's styles, so that neither its code nor
 * its CSS reaches the hosted pages' first load.
 */
import '../../features/console/console.css';
import { ConsoleApp } from '../../features/console/console-app';

export function ConsoleRoute() {
  return <ConsoleApp />;
}
