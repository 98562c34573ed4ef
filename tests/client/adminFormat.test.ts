import { describe, expect, it } from 'vitest';
import { countOf } from '../../src/client/features/admin/format';

describe('admin counts', () => {
  it('agree in number and group digits the Indian way', () => {
    expect(countOf(1, 'new account')).toBe('1 new account');
    expect(countOf(0, 'new account')).toBe('0 new accounts');
    expect(countOf(123456, 'new account')).toBe('1,23,456 new accounts');
    expect(countOf(2, 'salon', 'salons')).toBe('2 salons');
  });
});
