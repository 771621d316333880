import { createQueryId, type Compilable, type CompiledQuery, type Kysely, type QueryResult } from 'kysely';
import type { Database } from './schema.ts';

/**
 * A read whose SQL is built and compiled once per database handle, then run with each
 * call's arguments bound as its parameters. Kysely builds a query as a tree of immutable
 * nodes and compiles it by walking that tree: for the game page's one statement (four
 * subqueries as JSON columns) that was about 8 % of the node server's busy time for the page,
 * to produce the same SQL text every time. Only the arguments differ, and they are all
 * parameters.
 *
 * Arguments are strings. Each is first passed as a marker no request can send (PostgreSQL
 * refuses the NUL character in text), and the compiled parameters are searched for the
 * markers: a builder that changes an argument before using it, or inlines it into the SQL,
 * gets an error on its first call instead of a query with a stale value.
 */
export function queryTemplate<Args extends string[], Row>(
  build: (db: Kysely<Database>, ...args: Args) => Compilable<Row>,
): (db: Kysely<Database>, ...args: Args) => Promise<QueryResult<Row>> {
  const compiled = new WeakMap<Kysely<Database>, Template<Row>>();
  return async (db, ...args) => {
    // A plugin sees each query when it is compiled and again by its id when its result
    // comes back: on a handle with plugins every call is compiled afresh, as Kysely runs it.
    if (db.getExecutor().plugins.length > 0) return db.executeQuery(build(db, ...args));
    let template = compiled.get(db);
    if (template === undefined) {
      template = compile(db, build, args.length);
      compiled.set(db, template);
    }
    if (args.length !== template.slots.length) {
      throw new Error(`queryTemplate: called with ${args.length} arguments, compiled for ${template.slots.length}.`);
    }
    const parameters = [...template.query.parameters];
    template.slots.forEach((indices, arg) => {
      for (const index of indices) parameters[index] = args[arg];
    });
    // A query id of its own per run, as a freshly compiled query would have.
    return db.executeQuery<Row>({ ...template.query, parameters, queryId: createQueryId() });
  };
}

interface Template<Row> {
  query: CompiledQuery<Row>;
  /** For each argument, the positions of the parameters that carry it. */
  slots: number[][];
}

function compile<Args extends string[], Row>(
  db: Kysely<Database>,
  build: (db: Kysely<Database>, ...args: Args) => Compilable<Row>,
  count: number,
): Template<Row> {
  // Mixed case, so that a builder lowering or raising the case of an argument is caught too.
  const markers = Array.from({ length: count }, (_, arg) => `\u0000Argument ${arg}\u0000`);
  const query = build(db, ...(markers as Args)).compile();
  const slots = markers.map((marker, arg) => {
    const indices = query.parameters.flatMap((value, index) => (value === marker ? [index] : []));
    if (indices.length === 0 || query.sql.includes(marker)) {
      throw new Error(`queryTemplate: argument ${arg} does not reach the query as a parameter of its own, unchanged.`);
    }
    return indices;
  });
  return { query, slots };
}
