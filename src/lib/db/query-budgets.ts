/**
 * How many SQL statements a page may send to render, keyed by its route pattern. Each loader
 * module exports its pages' budgets beside the loader (`export const QUERY_BUDGETS = {...}
 * satisfies QueryBudgets`), so whoever adds a query to a page sees the number it must stay
 * under. tests/integration/query-plans.test.ts renders every page on a generated catalogue
 * and fails a page that sends more, or that reads a large table whole
 * (docs/decisions/query-plans.md).
 */
export type QueryBudgets = Readonly<Record<string, number>>;
