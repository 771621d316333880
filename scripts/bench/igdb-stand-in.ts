// A child of the IGDB sync bench (scripts/bench/igdb-sync.ts): the IGDB and Twitch stand-in of
// the tests (tests/helpers/igdb-stand-in.ts) answering from a synthetic catalogue of --games
// games made page by page (tests/helpers/igdb-synthetic.ts), in a process of its own so that
// making the pages takes nothing from the process that measures. Prints
// BENCH_IGDB_STAND_IN {apiUrl, tokenUrl} and answers until it is ended.
import { parseArgs } from 'node:util';
import { startIgdbStandIn } from '../../tests/helpers/igdb-stand-in.ts';
import { syntheticCatalogue } from '../../tests/helpers/igdb-synthetic.ts';

const { values } = parseArgs({ options: { games: { type: 'string', default: '300000' } } });
const standIn = await startIgdbStandIn({ source: syntheticCatalogue(Number(values.games)) });
console.log(`BENCH_IGDB_STAND_IN ${JSON.stringify({ apiUrl: standIn.apiUrl, tokenUrl: standIn.tokenUrl })}`);
// The stand-in keeps every request it answered; the bench needs none of them.
setInterval(() => standIn.requests.splice(0), 10_000).unref();
const stop = () => void standIn.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
// Ended with its parent: its standard input closes when the bench exits, however it exits.
process.stdin.on('end', stop);
process.stdin.resume();
