/**
 * Route module of `/console/*`, the sandbox console (docs/decisions/0019-sandbox-console.md). Lazy
 * like every page, and the only importer of the console's styles and of React Router, so that
 * neither the console's code, its CSS nor a router reaches the hosted pages' first load
 * (docs/decisions/0018-first-load-bytes.md): the console is the one page that navigates inside
 * the app (lists and their detail pages).
 */
import { BrowserRouter } from 'react-router';
import '../../features/console/console.css';
import { ConsoleApp } from '../../features/console/console-app';

export function ConsoleRoute() {
  return (
    <BrowserRouter>
      <ConsoleApp />
    </BrowserRouter>
  );
}
