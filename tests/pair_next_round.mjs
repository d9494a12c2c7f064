// The next round's pairs by npm's `tournament-pairings` (GPL-3.0-or-later,
// pinned in web/package-lock.json): its Swiss system, rated, with seats.
// Reads the players as JSON on stdin (what tests/trf_next_round.py makes of
// a TRF), writes its matches as JSON; the module from web/node_modules.
//   node tests/pair_next_round.mjs WEB_DIR ROUND < players.json
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const web = resolve(process.argv[2]);
const entry = createRequire(join(web, 'package.json')).resolve('tournament-pairings');
const { Swiss } = await import(pathToFileURL(entry));

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const players = JSON.parse(Buffer.concat(chunks).toString('utf8'));
const round = Number(process.argv[3]);
process.stdout.write(JSON.stringify(Swiss(players, round, true, true)));
