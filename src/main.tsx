/** Entry point: mounts the app in `#root`. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './app/app.css';
import { startFirstRequests } from './app/first-requests';
import { createQueryClient } from './app/query-client';

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');

const queryClient = createQueryClient();
// Before React renders: the page's data then travels while its lazy chunk downloads.
startFirstRequests(window.location.pathname, queryClient);

createRoot(container).render(
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>,
);
