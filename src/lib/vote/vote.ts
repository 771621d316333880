import { z } from 'zod';

/**
 * The community vote on /test-vote: the poll and its options come from the roadmap page's
 * frontmatter (src/content/pages/future-features.md), one vote per user and poll, which the
 * user may change. Results are counts per option, shown as bars once the user has voted.
 */

export interface Poll {
  id: string;
  question: string;
  options: { id: string; label: string }[];
}

export interface PollResults {
  total: number;
  options: { id: string; label: string; votes: number; percent: number }[];
}

export const voteSchema = z.object({ option: z.string().trim().min(1, 'Please choose an option.').max(63) }).strict();

export const VOTE_MESSAGES = {
  signIn: 'Sign in to vote.',
  unknownOption: 'That option is not part of this vote.',
  saved: 'Your vote has been saved.',
} as const;

/** Counts per option in the poll's order, with whole percentages of the total. */
export function pollResults(poll: Poll, counts: ReadonlyMap<string, number>): PollResults {
  const total = poll.options.reduce((sum, option) => sum + (counts.get(option.id) ?? 0), 0);
  return {
    total,
    options: poll.options.map((option) => {
      const votes = counts.get(option.id) ?? 0;
      return { ...option, votes, percent: total === 0 ? 0 : Math.round((votes / total) * 100) };
    }),
  };
}

export const pollTag = (id: string) => `poll:${id}`;
