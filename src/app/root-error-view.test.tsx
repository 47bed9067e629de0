import { render, screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { ApiError } from '../lib/api-client';
import { failureMessage } from '../lib/request-failure';
import { RootErrorView } from './root-error-view';

test('the error view asks once to quote the reference, beside the reference itself', () => {
  const error = new ApiError({
    status: 500,
    code: 'INTERNAL_ERROR',
    message: 'boom',
    requestId: 'req_root_500',
    retryAfterSeconds: null,
  });
  render(<RootErrorView error={error} resetErrorBoundary={() => undefined} />);
  expect(screen.getByText('req_root_500')).toBeInTheDocument();
  expect(document.body.textContent.match(/quote/gi)).toHaveLength(1);
});

test('an unexpected failure says what to do without a second request to quote the reference', () => {
  expect(failureMessage({ kind: 'unexpected', requestId: 'req_1' })).not.toMatch(/reference/i);
});
