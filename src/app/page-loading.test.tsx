/**
 * The frame `index.html` paints before any script runs is exactly what React renders first
 * (`PageLoading`, the routes' Suspense fallback), so nothing moves when React takes over.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { render, screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { PageLoading } from './page-loading';

// Vitest runs from the repository's root (vite.config.ts).
const indexHtml = readFileSync(join(process.cwd(), 'index.html'), 'utf8');

/** The markup inside `#root` of `html`, as the browser's parser reads it. */
function rootMarkup(html: string): string {
  const document = new DOMParser().parseFromString(html, 'text/html');
  const root = document.getElementById('root');
  if (root === null) throw new Error('index.html has no #root');
  // Whitespace at the edges of a tag's content is formatting (a block's edges render none).
  return root.innerHTML.replace(/>\s+/g, '>').replace(/\s+</g, '<').trim();
}

test('index.html paints the frame React renders first, element for element', () => {
  const { container } = render(<PageLoading />);
  expect(rootMarkup(indexHtml)).toBe(container.innerHTML);
});

test('the frame shows a title and says it is loading, without claiming a mode or a merchant', () => {
  render(<PageLoading />);
  expect(screen.getByRole('heading', { level: 1, name: 'Secure payment' })).toBeVisible();
  expect(screen.getByRole('status')).toHaveTextContent('Loading…');
  expect(screen.queryByRole('note')).not.toBeInTheDocument();
  expect(screen.queryByRole('complementary', { name: 'Test mode' })).not.toBeInTheDocument();
});
