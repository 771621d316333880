import type { GuardResolvers } from './guards.ts';

/**
 * Data the outlet and author guards need, supplied by the features that own it. Until the
 * outlets feature exists nobody owns an outlet, so outlet-owner and outlet-access deny; until
 * the authors feature registers `authorPath`, /authors/{id}/{name} answers 404.
 *
 * The catalogue/authors issue fills `authorPath` here, e.g.
 *   authorPath: async (id, name) => { const a = await findAuthor(await getDb(), id); return a ? `/authors/${a.id}/${a.slug}` : null; }
 */
export const guardResolvers: GuardResolvers = {};
