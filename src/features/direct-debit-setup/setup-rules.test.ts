import { expect, test } from 'vitest';
import type { MandateStatus } from '../../../contract/direct-debit';
import { isOlderMandate, pollsStatus, rechecksOnReturn } from './setup-rules';
import { mandate } from './test-fixtures';

// What the setup answer means for the page's checks (page-state.test.ts and machine.test.ts show
// the rules the flow's guards read: who may turn debit off, who may try another account).

test.each<[MandateStatus, boolean, boolean]>([
  ['pending', true, true],
  ['unknown', true, true],
  ['revocation_requested', true, true],
  ['verified', false, true],
  ['approved', false, true],
  ['rejected', false, false],
  ['revoked', false, false],
])('%s: checked on a timer %s, on coming back to the tab %s', (status, polls, rechecks) => {
  expect(pollsStatus(status)).toBe(polls);
  expect(rechecksOnReturn(status)).toBe(rechecks);
});

test('only a strictly older mandate update counts as stale', () => {
  const shownMandate = mandate('pending', { updatedAt: '2026-11-22T10:05:00.000Z' });
  expect(isOlderMandate(mandate('pending'), shownMandate)).toBe(true);
  expect(isOlderMandate(shownMandate, shownMandate)).toBe(false);
  expect(
    isOlderMandate(mandate('pending', { updatedAt: '2026-11-22T10:06:00.000Z' }), shownMandate),
  ).toBe(false);
});
