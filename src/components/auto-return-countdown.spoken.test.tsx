/**
 * What a screen reader speaks when the automatic return starts (issue 27.3), heard through a
 * virtual screen reader (@guidepup/virtual-screen-reader) that, like real ones, speaks changes
 * inside live regions it already knows and nothing of a region inserted with its words.
 */
import { virtual } from '@guidepup/virtual-screen-reader';
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { AutoReturnCountdown } from './auto-return-countdown';

beforeEach(async () => {
  window.sessionStorage.clear();
  await virtual.start({ container: document.body });
});
afterEach(async () => {
  await virtual.stop();
  cleanup();
});

test('the countdown that appears with a success view is spoken once, politely', async () => {
  render(
    <AutoReturnCountdown
      returnKey="dd:mdt_spoken"
      merchant="Gym Co"
      seconds={5}
      onReturnNow={vi.fn()}
      onStayHere={vi.fn()}
    />,
  );
  const said =
    'polite: You will be taken back to Gym Co after 5 seconds. Choose Stay here to stay on this page.';
  await vi.waitFor(async () => expect(await virtual.spokenPhraseLog()).toContain(said));
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  expect((await virtual.spokenPhraseLog()).filter((phrase) => phrase === said)).toHaveLength(1);
});
