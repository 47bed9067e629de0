import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { settledAutoReturn } from '../lib/use-auto-return';
import { AutoReturnCountdown } from './auto-return-countdown';

beforeEach(() => {
  window.sessionStorage.clear();
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance'] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function renderCountdown(returnKey = 'dd:mdt_1') {
  const onReturnNow = vi.fn();
  const onStayHere = vi.fn();
  render(
    <AutoReturnCountdown
      returnKey={returnKey}
      merchant="Gym Co"
      seconds={5}
      onReturnNow={onReturnNow}
      onStayHere={onStayHere}
    />,
  );
  return { onReturnNow, onStayHere };
}

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

test('returns once the time is up, and the tab remembers it for the link', () => {
  const { onReturnNow } = renderCountdown();
  expect(screen.getByRole('timer')).toHaveTextContent('Returning to Gym Co in 5 s');
  advance(2_100);
  expect(screen.getByRole('timer')).toHaveTextContent('in 3 s');
  advance(3_000);
  expect(onReturnNow).toHaveBeenCalled();
  expect(settledAutoReturn('dd:mdt_1')).toBe('returned');
});

test('a link already returned or stayed for in this tab never counts down again', () => {
  window.sessionStorage.setItem('auto-return:dd:mdt_1', 'returned');
  const first = renderCountdown();
  expect(first.onStayHere).toHaveBeenCalledTimes(1);
  cleanup();
  window.sessionStorage.setItem('auto-return:dd:mdt_2', 'stayed');
  expect(renderCountdown('dd:mdt_2').onStayHere).toHaveBeenCalledTimes(1);
  cleanup();
  const other = renderCountdown('dd:mdt_3');
  expect(other.onStayHere).not.toHaveBeenCalled();
});

test('"Stay here" is remembered for the link (a reload stays too)', async () => {
  vi.useRealTimers();
  const user = userEvent.setup();
  const { onStayHere, onReturnNow } = renderCountdown();
  await user.click(screen.getByRole('button', { name: 'Stay here' }));
  expect(onStayHere).toHaveBeenCalledTimes(1);
  expect(onReturnNow).not.toHaveBeenCalled();
  expect(settledAutoReturn('dd:mdt_1')).toBe('stayed');
});

test('the countdown holds while the pointer is on it or it has focus (WCAG 2.2.1)', () => {
  const { onReturnNow } = renderCountdown();
  const timer = screen.getByRole('timer');
  const box = timer.parentElement;
  if (box === null) throw new Error('the countdown has no container');
  act(() => {
    // What a browser sends when the pointer moves onto the box.
    box.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
    box.dispatchEvent(new PointerEvent('pointerenter'));
    box.dispatchEvent(new PointerEvent('pointermove', { bubbles: true }));
  });
  advance(10_000);
  expect(onReturnNow).not.toHaveBeenCalled();
  expect(timer).toHaveTextContent('in 5 s (paused)');
  act(() => {
    box.dispatchEvent(new PointerEvent('pointerout', { bubbles: true }));
    box.dispatchEvent(new PointerEvent('pointerleave'));
    screen.getByRole('button', { name: 'Return now' }).focus();
  });
  advance(10_000);
  expect(onReturnNow).not.toHaveBeenCalled();
  act(() => {
    screen.getByRole('button', { name: 'Return now' }).blur();
  });
  advance(2_100);
  expect(timer).toHaveTextContent('in 3 s');
  advance(3_000);
  expect(onReturnNow).toHaveBeenCalled();
});

test('screen readers hear the countdown once, and when it is held; not every second', async () => {
  renderCountdown();
  const live = screen.getByRole('status');
  // The region is on the page before its words, or no screen reader would speak them.
  expect(live.textContent).toBe('');
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  expect(live).toHaveTextContent(
    'You will be taken back to Gym Co after 5 seconds. Choose Stay here to stay on this page.',
  );
  advance(2_100);
  expect(live).toHaveTextContent('You will be taken back to Gym Co after 5 seconds.');
  act(() => {
    screen.getByRole('button', { name: 'Stay here' }).focus();
  });
  expect(live).toHaveTextContent('Countdown paused');
});
