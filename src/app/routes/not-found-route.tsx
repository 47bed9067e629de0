/** Route module for any address without a page. */
import { StepHeading } from '../../components/step-heading';
import { en } from '../../messages/en';

export function NotFoundRoute() {
  const m = en.notFound;
  return (
    <div className="page">
      <title>{m.documentTitle}</title>
      <main className="page__main">
        <StepHeading>{m.title}</StepHeading>
        <p>{m.body}</p>
      </main>
    </div>
  );
}
