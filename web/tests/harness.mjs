// The browser tests' harness: the server binary started on a free port with
// a fresh SQLite file, pages that fail their scenario on any console error,
// page error, failed request or HTTP error (an explicit allow-list per page
// for the ones a scenario expects), axe-core run in the page, and the
// helpers the scenarios share. run.mjs runs the scenarios of game.mjs and
// console.mjs; each scenario is `[name, async (browser, base, problems, h) => …]`
// where `h` is the object below (`import { h } from './harness.mjs'` works too).
//
// h's members:
//   ORGANISER                     the organiser's token of the server run.mjs starts
//   bin, out, docs                the binary under test; the artifacts folder (screenshots of
//                                 failures, shot()); docs/screenshots (docShot())
//   startServer({dir}?)           another server of its own: {base, stop(), kill(), log(), db, dir}
//                                 (kill() SIGKILLs it and keeps its files; startServer({dir}) starts
//                                 it again on them: a scenario of an outage)
//   serverDb()                    the SQLite file of the server run.mjs started
//   api(base, path, body?, token = ORGANISER)
//                                 GET (no body) or POST JSON; the answer's JSON; throws on a non-2xx
//   apiRaw(base, path, body?, token = ORGANISER)
//                                 the same, never throws: {status, body}
//   run(...argv)                  the binary run with argv, its standard output (throws on failure)
//   watchedPage(browser, name, problems, options = {})
//                                 a page in a new context (viewport 1280×800 unless options.viewport;
//                                 options.locale 'fr-FR' for French; the other options go to
//                                 newContext). Every console error, page error, failed request and
//                                 4xx/5xx response is pushed on `problems` as "NAME: …" unless it
//                                 matches one of options.allow (RegExps or substrings), e.g.
//                                 { allow: [/409 .*\/events/] } for an expected refusal.
//   watch(page, name, problems, allow = [])
//                                 another page (e.g. context.newPage() beside a watched page: the
//                                 same storage) watched as watchedPage's are; returns it
//   axe(page, label, problems)    axe-core in the page: every serious or critical violation pushed
//                                 on `problems`; returns the violations
//   seats(browser, base, problems, setup, which = ['white','black','arbiter'], options = {})
//                                 a game created with `setup` (POST /api/games), started by its
//                                 arbiter unless options.start === false, and the pages of `which`
//                                 open on it, each seat authenticated: {game, white, black, arbiter}
//   openSeat(browser, base, problems, game, seat, options = {})
//                                 one seat's page ('spectator' for none), ready
//   squareAt(page, square)        the centre {x, y} of a square of the page's board, as oriented
//   clickMove(page, from, to)     a move by two clicks; dragMove(page, from, to) by a drag
//   typeMove(page, move)          the move typed in the move field (#san) and sent with Enter
//   waitPlies(page, n)            the page's move list holds at least n half-moves
//   openConsole(browser, base, problems, name, options = {})
//                                 the arbiter's console in a watchedPage (options as there), once its
//                                 token field is ready
//   signIn(page, {token, field, button, accepted, timeout}?)
//                                 the console signed in (the organiser's token; the English labels
//                                 unless given) and the token's acceptance waited for
//   waitText(page, selector, text, timeout = 10000)
//                                 the element's text includes `text`
//   situation(page)               the text of the situation banner (role status "Game situation")
//   until(fn, timeout = 10000)    polls an async fn in node until it returns truthy; its value
//   shot(page, name)              a screenshot into `out` (artifacts)
//   docShot(page, name)           a screenshot into docs/screenshots/NAME.png (committed)
//   sleep(ms)
import { chromium } from 'playwright-core';
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
export const args = Object.fromEntries(
  process.argv.slice(2).reduce((pairs, a, i, all) => (a.startsWith('--') ? [...pairs, [a.slice(2), all[i + 1]]] : pairs), []),
);
export const bin = resolve(args.bin || 'target/release/arbitre');
export const out = resolve(args.out || 'target/web-artifacts');
export const docs = join(here, '../../docs/screenshots');
export const executablePath = args.chromium || '/usr/bin/chromium';
export const ORGANISER = 'web-tests-organiser-token-5d1c0e7a9b3f';
mkdirSync(out, { recursive: true });

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ------------------------------------------------------------------ the server

let mainDb = '';
export const serverDb = () => mainDb;

// A server of its own on a free port (ARBITRE_WEB_DEV, when set in the
// tests' environment, is passed on: the pages are then read from web/dist).
export async function startServer({ main = false, dir: again } = {}) {
  const dir = again || mkdtempSync(join(tmpdir(), 'arbitre-web-'));
  const db = `${dir}/arbitre.db`;
  if (main) mainDb = db;
  const child = spawn(bin, ['serve', '--listen', '127.0.0.1:0', '--db', `sqlite://${db}`, '--signing-key', `${dir}/signing.key`, '--organiser-token', ORGANISER], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, RUST_LOG: 'warn' },
  });
  let log = '';
  child.stderr.on('data', (d) => (log += d));
  const base = await new Promise((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`the server did not start:\n${log}`)), 30000);
    createInterface({ input: child.stdout }).on('line', (line) => {
      const m = line.match(/^arbitre serves (http:\/\/[^/]+)\//);
      if (m) {
        clearTimeout(timer);
        ok(m[1]);
      }
    });
    child.on('exit', (code) => fail(new Error(`the server exited (${code}):\n${log}`)));
  });
  return {
    base,
    db,
    dir,
    log: () => log,
    kill: () => child.kill('SIGKILL'),
    stop: () => {
      child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function apiRaw(base, path, body, token = ORGANISER) {
  const response = await fetch(base + path, {
    method: body ? 'POST' : 'GET',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  let answer;
  try {
    answer = JSON.parse(text);
  } catch {
    answer = text;
  }
  return { status: response.status, body: answer };
}

export async function api(base, path, body, token = ORGANISER) {
  const { status, body: answer } = await apiRaw(base, path, body, token);
  if (status < 200 || status >= 300) throw new Error(`${path}: ${status} ${JSON.stringify(answer)}`);
  return answer;
}

export function run(...argv) {
  return execFileSync(bin, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

// ------------------------------------------------------------------ a page

// Every page opened in the current scenario, for run.mjs's report of a failure.
export const opened = [];

export async function watchedPage(browser, name, problems, options = {}) {
  const { allow = [], ...contextOptions } = options;
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...contextOptions });
  return watch(await context.newPage(), name, problems, allow);
}

// `page` watched as watchedPage's are (another page of a context already
// open: the same browser's storage, e.g. the console beside a game's page).
export function watch(page, name, problems, allow = []) {
  opened.push([name, page]);
  const allowed = (text) => allow.some((a) => (a instanceof RegExp ? a.test(text) : text.includes(a)));
  const problem = (text) => {
    if (!allowed(text)) problems.push(`${name}: ${text}`);
  };
  page.on('console', (m) => {
    if (m.type() === 'error') problem(`console: ${m.text()} (${m.location()?.url || ''})`);
  });
  page.on('pageerror', (e) => problem(`page error: ${e.message}`));
  page.on('requestfailed', (r) => {
    // a WebSocket or a stream closed as the page goes is no failure, nor a
    // request the browser aborted as the page went to another address
    const error = r.failure()?.errorText || '';
    if (!/\/stream/.test(r.url()) && error !== 'net::ERR_ABORTED') problem(`request failed: ${r.url()} ${error}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400) problem(`${r.status()} ${r.request().method()} ${r.url()}`);
  });
  return page;
}

// axe-core's source, evaluated in the page (the pages' policy forbids
// inline scripts and script tags of other origins; an evaluation from the
// driver is not a script of the page)
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export async function axe(page, label, problems) {
  const has = await page.evaluate(() => typeof window.axe !== 'undefined');
  if (!has) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 4).map((n) => n.target.join(' ')) }));
  });
  for (const v of violations) {
    if (v.impact === 'serious' || v.impact === 'critical') problems.push(`${label}: axe ${v.impact} ${v.id}: ${v.help} (${v.nodes.join(' | ')})`);
  }
  return violations;
}

// The centre of `square` on the page's board, as oriented.
export async function squareAt(page, square) {
  const box = await page.locator('#board cg-board').boundingBox();
  const orientation = await page.evaluate(() => (document.querySelector('#board .cg-wrap, #board.cg-wrap')?.classList.contains('orientation-black') ? 'black' : 'white'));
  const f = square.charCodeAt(0) - 97;
  const r = Number(square[1]) - 1;
  const size = box.width / 8;
  const col = orientation === 'white' ? f : 7 - f;
  const row = orientation === 'white' ? 7 - r : r;
  return { x: box.x + (col + 0.5) * size, y: box.y + (row + 0.5) * size };
}

export async function clickMove(page, from, to) {
  for (const square of [from, to]) {
    const { x, y } = await squareAt(page, square);
    await page.mouse.click(x, y);
  }
}

export async function dragMove(page, from, to) {
  const a = await squareAt(page, from);
  const b = await squareAt(page, to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 4 });
  await page.mouse.move(b.x, b.y, { steps: 4 });
  await page.mouse.up();
}

export async function typeMove(page, move) {
  await page.fill('#san', move);
  await page.press('#san', 'Enter');
}

// the half-moves in the page's move list (data-ply on each move's cell),
// at least `n` (a function, not a string: the pages' policy forbids eval)
export async function waitPlies(page, n, timeout = 10000) {
  await page.waitForFunction((n) => document.querySelectorAll('#moves [data-ply]').length >= n, n, { timeout });
}

export async function openConsole(browser, base, problems, name, options = {}) {
  const page = await watchedPage(browser, name, problems, options);
  await page.goto(`${base}/`);
  await page.waitForFunction(() => document.querySelector('#token-hint').textContent.length > 0);
  return page;
}

export async function signIn(page, { token = ORGANISER, field = "Organiser's or arbiter's token", button = 'Open', accepted = 'Token accepted', timeout = 10000 } = {}) {
  await page.getByLabel(field).fill(token);
  await page.getByRole('button', { name: button, exact: true }).click();
  await waitText(page, '#token-message', accepted, timeout);
}

export async function waitText(page, selector, text, timeout = 10000) {
  await page.waitForFunction(([s, x]) => document.querySelector(s)?.textContent.includes(x), [selector, text], { timeout });
}

export async function situation(page) {
  return (await page.locator('#situation').textContent()) || '';
}

export async function until(fn, timeout = 10000) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${fn}`);
    await sleep(100);
  }
}

export async function shot(page, name) {
  await page.screenshot({ path: join(out, `${name}.png`) });
}

export async function docShot(page, name) {
  mkdirSync(docs, { recursive: true });
  await page.screenshot({ path: join(docs, `${name}.png`) });
}

export async function openSeat(browser, base, problems, game, seat, options = {}) {
  const { name = seat, fragment, ...pageOptions } = options;
  const p = await watchedPage(browser, name, problems, pageOptions);
  const hash = fragment ?? (seat === 'spectator' ? '' : `#seat=${game.tokens[seat]}`);
  await p.goto(`${base}/games/${game.id}${hash}`);
  await p.waitForSelector('#board cg-board');
  // the stream has authenticated the seat (before that the page is a spectator's)
  if (seat !== 'spectator') await p.waitForFunction(() => document.body.dataset.seat && document.body.dataset.seat !== 'spectator');
  await p.waitForFunction(() => document.body.dataset.ready === '1');
  return p;
}

export async function seats(browser, base, problems, setup, which = ['white', 'black', 'arbiter'], options = {}) {
  const { start = true, ...pageOptions } = options;
  const game = await api(base, '/api/games', setup);
  if (start) await api(base, `/api/games/${game.id}/events`, { start: true }, game.tokens.arbiter);
  const pages = {};
  for (const seat of which) pages[seat] = await openSeat(browser, base, problems, game, seat, pageOptions);
  return { game, ...pages };
}

export function launch() {
  return chromium.launch({ executablePath, headless: true, args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
}

export const h = {
  ORGANISER, bin, out, docs, args,
  startServer, serverDb, api, apiRaw, run,
  watchedPage, watch, axe, seats, openSeat,
  squareAt, clickMove, dragMove, typeMove, waitPlies, waitText, situation, until,
  openConsole, signIn,
  shot, docShot, sleep,
};
