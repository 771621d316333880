import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';

/**
 * The site's content pages (features, roadmap, privacy policy, terms) are Markdown in
 * src/content/pages, and the changelog is CHANGELOG.md at the repository root, so a
 * release adds its entry where every developer already looks. Each file states its title,
 * description and the date its text last changed; a missing or malformed field fails the
 * build with the file's name.
 */
const pageSchema = z.object({
  title: z.string().min(1).max(80),
  description: z.string().min(1).max(200),
  updated: z.coerce.date(),
  /** A community vote on the roadmap: the options /test-vote offers. */
  poll: z
    .object({
      id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/),
      question: z.string().min(1).max(200),
      options: z
        .array(z.object({ id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/), label: z.string().min(1).max(120) }))
        .min(2)
        .max(12),
    })
    .optional(),
});

const pages = defineCollection({
  loader: glob({ pattern: '*.md', base: './src/content/pages' }),
  schema: pageSchema,
});

const changelog = defineCollection({
  loader: glob({ pattern: 'CHANGELOG.md', base: '.' }),
  schema: z.object({
    title: z.string().min(1).max(80),
    description: z.string().min(1).max(200),
    updated: z.coerce.date(),
  }),
});

export const collections = { pages, changelog };
