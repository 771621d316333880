import { getEntry } from 'astro:content';
import type { Poll } from './vote.ts';

/** The poll of the roadmap page; its absence is a content mistake, said plainly. */
export async function roadmapPoll(): Promise<Poll> {
  const entry = await getEntry('pages', 'future-features');
  if (!entry?.data.poll)
    throw new Error(
      'The roadmap (src/content/pages/future-features.md) has no `poll` in its frontmatter: /test-vote needs one.',
    );
  return entry.data.poll;
}
