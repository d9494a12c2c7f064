// The pages' figures (bench/web.sh; BENCHMARKS.md, "The pages"): their
// weight as served, the time from navigation to the first board on the
// loopback, and the latency from one player's move (the click) to the
// opponent's board showing it, over a few hundred moves.
//
//   node web/tests/bench.mjs --bin target/release/arbitre [--moves 300] [--loads 20]
import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';

const args = Object.fromEntries(
  process.argv.slice(2).reduce((pairs, a, i, all) => (a.startsWith('--') ? [...pairs, [a.slice(2), all[i + 1]]] : pairs), []),
);
const bin = resolve(args.bin || 'target/release/arbitre');
const moves = Number(args.moves || 300);
const loads = Number(args.loads || 20);
const ORGANISER = 'web-bench-organiser-token-8c2e41d7';

const dir = mkdtempSync(join(tmpdir(), 'arbitre-web-bench-'));
const server = spawn(bin, ['serve', '--listen', '127.0.0.1:0', '--db', `sqlite://${dir}/arbitre.db`, '--signing-key', `${dir}/signing.key`, '--organiser-token', ORGANISER, '--rate-per-token', '0'], {
  stdio: ['ignore', 'pipe', 'inherit'],
  env: { ...process.env, RUST_LOG: 'warn' },
});
const base = await new Promise((ok) => {
  createInterface({ input: server.stdout }).on('line', (line) => {
    const m = line.match(/^arbitre serves (http:\/\/[^/]+)\//);
    if (m) ok(m[1]);
  });
});
const api = async (path, body, token = ORGANISER) => {
  const r = await fetch(base + path, { method: body ? 'POST' : 'GET', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, body: body ? JSON.stringify(body) : undefined });
  return r.json();
};
const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.round((s.length - 1) * q))];
};

const browser = await chromium.launch({ executablePath: args.chromium || '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });

// the weight: every response of a page's load, as served (no compression)
const game = await api('/api/games', { edition: 'fide-2005', time_control: '5400', players: { white: 'A', black: 'B' } });
await api(`/api/games/${game.id}/events`, { start: true }, game.tokens.arbiter);
const weigh = async (path) => {
  const page = await (await browser.newContext()).newPage();
  let bytes = 0;
  const sizes = [];
  page.on('response', async (r) => {
    const body = await r.body().catch(() => Buffer.alloc(0));
    bytes += body.length;
    sizes.push(`${new URL(r.url()).pathname} ${body.length}`);
  });
  await page.goto(base + path, { waitUntil: 'networkidle' });
  await page.context().close();
  return { bytes, sizes };
};
const gamePage = await weigh(`/games/${game.id}`);
const consolePage = await weigh('/');

// the time to the first board: navigation start to the board drawn with its pieces
const firstBoard = [];
for (let i = 0; i < loads; i++) {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${base}/games/${game.id}`);
  await page.waitForFunction(() => document.querySelectorAll('#board piece').length >= 32);
  firstBoard.push(await page.evaluate(() => performance.now()));
  await page.context().close();
}

// a move's latency: the click on White's (or Black's) board to the other
// player's board showing the piece on its square
const seat = async (s) => {
  const page = await (await browser.newContext({ viewport: { width: 1100, height: 800 } })).newPage();
  await page.goto(`${base}/games/${game.id}#seat=${game.tokens[s]}`);
  await page.waitForFunction(() => document.body.dataset.seat && document.querySelectorAll('#board piece').length >= 32);
  return page;
};
const white = await seat('white');
const black = await seat('black');
const square = async (page, sq) => {
  const box = await page.locator('#board cg-board').boundingBox();
  const black = await page.evaluate(() => document.querySelector('#board').classList.contains('orientation-black'));
  const f = sq.charCodeAt(0) - 97;
  const r = Number(sq[1]) - 1;
  const size = box.width / 8;
  return { x: box.x + ((black ? 7 - f : f) + 0.5) * size, y: box.y + ((black ? r : 7 - r) + 0.5) * size };
};
// knights out and back: no automatic draw under the 2005 Laws
const cycle = [['white', 'g1', 'f3'], ['black', 'g8', 'f6'], ['white', 'f3', 'g1'], ['black', 'f6', 'g8']];
const latencies = [];
for (let i = 0; i < moves; i++) {
  const [side, from, to] = cycle[i % 4];
  const [mover, other] = side === 'white' ? [white, black] : [black, white];
  // the other board: wait until `to` holds the knight (a MutationObserver
  // in the page stamps the moment)
  await other.evaluate(([to, color]) => {
    window.__seen = new Promise((resolve) => {
      const board = document.querySelector('#board cg-board');
      // the first change that shows the knight on its square (its
      // animation starts there)
      const check = () => [...board.querySelectorAll('piece')].some((p) => p.cgKey === to && p.classList.contains(color) && p.classList.contains('knight'));
      const observer = new MutationObserver(() => {
        if (check()) {
          observer.disconnect();
          resolve(performance.timeOrigin + performance.now());
        }
      });
      observer.observe(board, { subtree: true, childList: true, attributes: true });
    });
  }, [to, side]);
  const a = await square(mover, from);
  const b = await square(mover, to);
  await mover.mouse.click(a.x, a.y);
  const clicked = await mover.evaluate(() => performance.timeOrigin + performance.now());
  await mover.mouse.click(b.x, b.y);
  const seen = await Promise.race([
    other.evaluate(() => window.__seen),
    new Promise((_, fail) => setTimeout(() => fail(new Error(`move ${i} (${from}-${to}) not seen within 10 s`)), 10000)),
  ]);
  latencies.push(seen - clicked);
}
await browser.close();
server.kill('SIGTERM');
rmSync(dir, { recursive: true, force: true });
const ms = (x) => Math.round(x * 10) / 10;
console.log(JSON.stringify({
  game_page_bytes: gamePage.bytes,
  console_page_bytes: consolePage.bytes,
  game_page_files: gamePage.sizes,
  first_board_ms: { p50: ms(quantile(firstBoard, 0.5)), p90: ms(quantile(firstBoard, 0.9)), loads },
  move_to_opponent_board_ms: { p50: ms(quantile(latencies, 0.5)), p99: ms(quantile(latencies, 0.99)), max: ms(Math.max(...latencies)), moves },
}, null, 1));
