import { describe, expect, it } from 'vitest';
import { apiQueryOfCursor, cursorOfSearch, pageLinks, searchOfCursor } from './paging';

const page = (ids: string[], hasMore: boolean) => ({ data: ids.map((id) => ({ id })), hasMore });

describe('console paging', () => {
  it('offers only older records from the newest page, and only when there are more', () => {
    expect(pageLinks({ kind: 'first' }, page(['c', 'b'], true))).toEqual({
      older: { kind: 'after', id: 'b' },
      newer: null,
    });
    expect(pageLinks({ kind: 'first' }, page(['c', 'b'], false))).toEqual({
      older: null,
      newer: null,
    });
  });

  it('going older, always offers the way back to newer records', () => {
    expect(pageLinks({ kind: 'after', id: 'b' }, page(['a'], false))).toEqual({
      older: null,
      newer: { kind: 'before', id: 'a' },
    });
  });

  it('going newer, offers newer still only when the API says there are more', () => {
    expect(pageLinks({ kind: 'before', id: 'a' }, page(['c', 'b'], false))).toEqual({
      older: { kind: 'after', id: 'b' },
      newer: null,
    });
    expect(pageLinks({ kind: 'before', id: 'a' }, page(['c', 'b'], true)).newer).toEqual({
      kind: 'before',
      id: 'c',
    });
  });

  it('from an empty page past the end, leads back to the newest records', () => {
    expect(pageLinks({ kind: 'after', id: 'z' }, page([], false))).toEqual({
      older: null,
      newer: { kind: 'first' },
    });
  });

  it('keeps the cursor in the console URL and sends it as the API names it', () => {
    const cursor = cursorOfSearch(new URLSearchParams('after=osp_1'));
    expect(cursor).toEqual({ kind: 'after', id: 'osp_1' });
    expect(searchOfCursor(cursor)).toBe('?after=osp_1');
    expect(searchOfCursor({ kind: 'first' })).toBe('');
    expect(apiQueryOfCursor({ kind: 'before', id: 'osp_2' }, 10)).toEqual({
      limit: '10',
      ending_before: 'osp_2',
    });
    expect(cursorOfSearch(new URLSearchParams(''))).toEqual({ kind: 'first' });
  });
});
