import { describe, expect, it } from 'vitest';
import { fieldText } from './field-text.ts';

describe('fieldText', () => {
  it('keeps strings, numbers and booleans as written', () => {
    expect(fieldText('Spam')).toBe('Spam');
    expect(fieldText(42)).toBe('42');
    expect(fieldText(false)).toBe('false');
  });

  it('is empty for what has no text: absent, a file, an object', () => {
    expect(fieldText(null)).toBe('');
    expect(fieldText(undefined)).toBe('');
    expect(fieldText(new File(['x'], 'x.txt'))).toBe('');
    expect(fieldText({ slug: 'zelda' })).toBe('');
  });
});
