/** Shown while a page's code is still downloading (the routes' Suspense fallback). */
import { en } from '../messages/en';

export function PageLoading() {
  return (
    <div className="page">
      <main className="page__main">
        <p role="status">{en.common.loading}</p>
      </main>
    </div>
  );
}
