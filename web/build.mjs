// Builds the pages into dist/ (committed: a fresh clone serves them with no
// Node.js, embedded in the server binary by crates/server/src/pages.rs):
// the scripts bundled by esbuild with their npm dependencies (versions in
// package-lock.json), chessground's CSS and pieces (cburnett, embedded SVG)
// in one stylesheet, the HTML as written.
//   node build.mjs          build
//   node build.mjs --check  build into a temporary folder and fail if dist/ differs
import { build } from 'esbuild';
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync, readdirSync, rmSync, copyFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const check = process.argv.includes('--check');
const out = check ? mkdtempSync(join(tmpdir(), 'arbitre-web-')) : join(here, 'dist');
mkdirSync(out, { recursive: true });

await build({
  // envelope.js (HPKE, Ed25519: most of the weight) is loaded by the game
  // page only when an arbiter opens an envelope with his key
  entryPoints: [join(here, 'src/game.js'), join(here, 'src/console.js'), join(here, 'src/round.js'), join(here, 'src/envelope.js')],
  external: ['/assets/*'],
  bundle: true,
  minify: true,
  format: 'esm',
  target: ['es2020'],
  outdir: out,
  legalComments: 'eof',
  logLevel: 'warning',
});
const cg = join(here, 'node_modules/@lichess-org/chessground/assets');
const board = ['chessground.base.css', 'chessground.brown.css', 'chessground.cburnett.css']
  .map((f) => `/* ${f} (@lichess-org/chessground, GPL-3.0-or-later; cburnett pieces by Colin M.L. Burnett, GPL-2.0-or-later) */\n${readFileSync(join(cg, f), 'utf8')}`)
  .join('\n');
writeFileSync(join(out, 'board.css'), board);
for (const f of ['style.css', 'console.css', 'round.css', 'game.html', 'console.html', 'round.html', 'hall.html']) copyFileSync(join(here, 'src', f), join(out, f));

if (check) {
  const dist = join(here, 'dist');
  const names = (d) => readdirSync(d).sort();
  const a = names(out);
  const b = names(dist);
  const differ = a.join() !== b.join() || a.some((f) => !readFileSync(join(out, f)).equals(readFileSync(join(dist, f))));
  rmSync(out, { recursive: true, force: true });
  if (differ) {
    console.error('web/dist is not what web/src builds: run `node web/build.mjs` (after `npm ci` in web/) and commit web/dist');
    process.exit(1);
  }
  console.log('web/dist is up to date');
}
