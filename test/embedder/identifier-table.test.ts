import { describe, expect, it } from 'vitest';
import { IdentifierTable } from '../../src/embedder/identifier-table.js';

describe('IdentifierTable', () => {
  it('finds values only under the same two hashes and length', () => {
    const table = new IdentifierTable<string>(4);
    table.set(1, 2, 3, 'a');
    table.set(1, 9, 3, 'b');
    expect(table.get(1, 2, 3)).toBe('a');
    expect(table.get(1, 9, 3)).toBe('b');
    expect(table.get(1, 2, 4)).toBeUndefined();
    expect(table.get(17, 2, 3)).toBeUndefined();
  });

  it('forgets everything when half full, as a memo may', () => {
    const table = new IdentifierTable<number>(3);
    for (let key = 0; key < 4; key += 1) table.set(key, key, 1, key);
    expect(table.get(3, 3, 1)).toBe(3);
    table.set(4, 4, 1, 4);
    expect(table.get(0, 0, 1)).toBeUndefined();
    expect(table.get(4, 4, 1)).toBe(4);
  });
});
