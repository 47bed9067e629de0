/**
 * `copyText` in the situations payers' phones put it in: no Clipboard API (older webviews), a
 * Clipboard API that refuses, an `execCommand('copy')` that does nothing, and plain success. The
 * copy button's answer is what the payer sees. jsdom has neither a clipboard nor `execCommand`;
 * both are stubbed per test. (user-event is not used: it installs a clipboard of its own.)
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { CopyButton } from '../components/copy-button';
import { copyText } from './copy-text';

const accountNumber = '9912345678';

/** What `execCommand('copy')` saw: the text selected in the focused field at that moment. */
let copiedBySelection: string[] = [];
const execCommand = vi.fn<(command: string) => boolean>();

function stubClipboard(clipboard: Partial<Clipboard> | undefined, secure = true) {
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: clipboard });
  Object.defineProperty(window, 'isSecureContext', { configurable: true, value: secure });
}

/** `execCommand('copy')` that records the selected text and answers `works`. */
function stubExecCommand(works: boolean) {
  execCommand.mockImplementation((command) => {
    const field = document.activeElement;
    if (command === 'copy' && field instanceof HTMLTextAreaElement) {
      copiedBySelection.push(field.value.slice(field.selectionStart, field.selectionEnd));
    }
    return works;
  });
}

beforeEach(() => {
  copiedBySelection = [];
  execCommand.mockReset();
  Object.defineProperty(document, 'execCommand', { configurable: true, value: execCommand });
});

afterEach(() => {
  Reflect.deleteProperty(navigator, 'clipboard');
  Reflect.deleteProperty(window, 'isSecureContext');
  Reflect.deleteProperty(document, 'execCommand');
});

function renderCopyButton() {
  render(
    createElement(
      'p',
      null,
      createElement('span', null, accountNumber),
      createElement(CopyButton, { text: accountNumber, label: 'Copy account number' }),
    ),
  );
  return screen.getByRole('button', { name: 'Copy account number' });
}

test('without a Clipboard API the text is copied by selection at once, inside the tap', async () => {
  stubClipboard(undefined);
  stubExecCommand(true);
  const result = copyText(accountNumber);
  // Already done before any await: iOS only honours the copy within the user's gesture.
  expect(copiedBySelection).toEqual([accountNumber]);
  await expect(result).resolves.toBe(true);
  // The helper field is gone and nothing else is left on the page.
  expect(document.querySelector('textarea')).toBeNull();
});

test('outside a secure context the Clipboard API is not used; the selection copy runs at once', async () => {
  const writeText = vi.fn(() => Promise.resolve());
  stubClipboard({ writeText }, false);
  stubExecCommand(true);
  const result = copyText(accountNumber);
  expect(copiedBySelection).toEqual([accountNumber]);
  expect(writeText).not.toHaveBeenCalled();
  await expect(result).resolves.toBe(true);
});

test('a Clipboard API that throws instead of rejecting falls back within the tap', async () => {
  stubClipboard({
    writeText: () => {
      throw new Error('not allowed');
    },
  });
  stubExecCommand(true);
  const result = copyText(accountNumber);
  expect(copiedBySelection).toEqual([accountNumber]);
  await expect(result).resolves.toBe(true);
});

test('when the Clipboard API refuses, the selection copy is tried and the button says copied', async () => {
  const writeText = vi.fn(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
  stubClipboard({ writeText });
  stubExecCommand(true);
  const button = renderCopyButton();

  fireEvent.click(button);
  // writeText is started synchronously by the click itself.
  expect(writeText).toHaveBeenCalledWith(accountNumber);
  await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Copied'));
  expect(copiedBySelection).toEqual([accountNumber]);
});

test('when nothing can copy, the payer is told to select the text and copy it by hand', async () => {
  stubClipboard({ writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) });
  stubExecCommand(false);
  const button = renderCopyButton();

  button.focus();
  fireEvent.click(button);
  await waitFor(() =>
    expect(screen.getByRole('status')).toHaveTextContent(
      'Could not copy. Select the text and copy it yourself.',
    ),
  );
  // The number stays on the page as text the payer can select.
  expect(screen.getByText(accountNumber)).toBeVisible();
  // The helper field gave the focus back to the button.
  expect(button).toHaveFocus();
});

test('without a Clipboard API and with execCommand refusing, copyText says it did not copy', async () => {
  stubClipboard(undefined);
  stubExecCommand(false);
  await expect(copyText(accountNumber)).resolves.toBe(false);
});

test('an execCommand that throws counts as not copied, never as an error', async () => {
  stubClipboard(undefined);
  execCommand.mockImplementation(() => {
    throw new Error('unsupported');
  });
  await expect(copyText(accountNumber)).resolves.toBe(false);
});

test('when the Clipboard API works, it alone copies and the button says copied', async () => {
  const writeText = vi.fn(() => Promise.resolve());
  stubClipboard({ writeText });
  stubExecCommand(true);
  const button = renderCopyButton();

  fireEvent.click(button);
  expect(writeText).toHaveBeenCalledWith(accountNumber);
  await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Copied'));
  expect(button).toHaveTextContent('Copied');
  expect(execCommand).not.toHaveBeenCalled();
});
