import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { argumentNames } from '../src/messages/catalog-files';
import { generatedMessageIdsPath, readEnglishMessages, renderMessageIds } from './message-ids';

test('the committed message ids match the English catalogs (run `npm run messages:types`)', async () => {
  expect(readFileSync(generatedMessageIdsPath, 'utf8')).toBe(
    await renderMessageIds(readEnglishMessages()),
  );
});

test('the argument names of a message include those inside plural and select cases', () => {
  expect(argumentNames('{count, plural, one {# bank in {city}} other {# banks}}')).toEqual([
    'city',
    'count',
  ]);
  expect(argumentNames('Return to {merchant}')).toEqual(['merchant']);
  expect(argumentNames('Loading…')).toEqual([]);
});
