import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect, type LogEvent } from 'kysely';
import pg from 'pg';
import type { Database } from './src/lib/db/schema.ts';
import { discoverLists } from './src/lib/lists/lists.server.ts';

const t0 = performance.now();
const pglite = await PGlite.create('/tmp/bench-run/.data/bench', { extensions: { pg_trgm } });
console.log('open', (performance.now() - t0).toFixed(0));
let last: LogEvent[] = [];
const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool(createPgConfig(pglite)) }), log: (e) => { last.push(e); } });
const times: [string, number, string[]][] = [];
for (let i = 0; i < 200; i++) {
  const sort = i % 2 ? 'recent' : 'popular'; const page = 1 + (i >> 1);
  last = [];
  const s = performance.now();
  await discoverLists(db, { sort: sort as 'recent' | 'popular', q: '', page, pageSize: 20 });
  times.push([`${sort} ${page}`, performance.now() - s, last.map((e) => `${e.queryDurationMillis.toFixed(1)}`)]);
}
times.sort((a, b) => b[1] - a[1]);
for (const t of times.slice(0, 8)) console.log(t[0], t[1].toFixed(1), t[2].join(' '));
console.log('median', times[100]![1].toFixed(1));
const slow = times[0]![0].split(' ');
last = [];
await discoverLists(db, { sort: slow[0] as 'recent', q: '', page: Number(slow[1]), pageSize: 20 });
for (const e of last) {
  const plan = await pglite.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${e.query.sql}`, e.query.parameters as unknown[]);
  console.log(e.query.sql.slice(0, 300)); console.log(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
}
await pglite.close();
