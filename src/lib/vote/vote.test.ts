import { describe, expect, it } from 'vitest';
import { pollResults, voteSchema } from './vote.ts';

const poll = {
  id: 'next',
  question: 'Next?',
  options: [
    { id: 'a', label: 'A' },
    { id: 'b', label: 'B' },
    { id: 'c', label: 'C' },
  ],
};

describe('pollResults', () => {
  it('counts per option in the poll order with whole percentages', () => {
    const results = pollResults(
      poll,
      new Map([
        ['b', 3],
        ['a', 1],
        ['retired', 9],
      ]),
    );
    expect(results.total).toBe(4);
    expect(results.options.map((o) => [o.id, o.votes, o.percent])).toEqual([
      ['a', 1, 25],
      ['b', 3, 75],
      ['c', 0, 0],
    ]);
  });

  it('is all zeros before the first vote', () => {
    expect(pollResults(poll, new Map()).options.every((o) => o.percent === 0)).toBe(true);
  });
});

describe('voteSchema', () => {
  it('takes one option and nothing else', () => {
    expect(voteSchema.safeParse({ option: 'a' }).success).toBe(true);
    expect(voteSchema.safeParse({ option: '' }).success).toBe(false);
    expect(voteSchema.safeParse({ option: 'a', user_id: 'x' }).success).toBe(false);
  });
});
