// The pages in a real browser: Playwright (playwright-core) driving
// Debian's Chromium, headless, against the real server binary on a free
// port and a fresh SQLite file. Each scenario fails on any console error,
// page error, failed request or error status; screenshots of each state go
// to the artifacts folder.
//
//   node web/tests/run.mjs --bin target/checked/arbitre [--out target/web-artifacts]
//         [--chromium /usr/bin/chromium] [--only NAME]
import { chromium } from 'playwright-core';
import jsQR from 'jsqr';
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';

const args = Object.fromEntries(
  process.argv.slice(2).reduce((pairs, a, i, all) => (a.startsWith('--') ? [...pairs, [a.slice(2), all[i + 1]]] : pairs), []),
);
const bin = resolve(args.bin || 'target/release/arbitre');
const out = resolve(args.out || 'target/web-artifacts');
const executablePath = args.chromium || '/usr/bin/chromium';
const ORGANISER = 'web-tests-organiser-token-5d1c0e7a9b3f';
mkdirSync(out, { recursive: true });

// ------------------------------------------------------------------ the server

let serverDb = '';

async function startServer() {
  const dir = mkdtempSync(join(tmpdir(), 'arbitre-web-'));
  serverDb = `${dir}/arbitre.db`;
  const child = spawn(bin, ['serve', '--listen', '127.0.0.1:0', '--db', `sqlite://${dir}/arbitre.db`, '--signing-key', `${dir}/signing.key`, '--organiser-token', ORGANISER], {
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
  return { base, stop: () => { child.kill('SIGKILL'); rmSync(dir, { recursive: true, force: true }); }, log: () => log };
}

async function api(base, path, body, token = ORGANISER) {
  const response = await fetch(base + path, {
    method: body ? 'POST' : 'GET',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: body ? JSON.stringify(body) : undefined,
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

// ------------------------------------------------------------------ a page

// A browser page that fails its scenario on any console error, page error,
// failed request or HTTP error.
const opened = [];
async function watchedPage(browser, name, problems, options = {}) {
  const context = await browser.newContext({ viewport: { width: 1100, height: 800 }, ...options });
  const page = await context.newPage();
  opened.push([name, page]);
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`${name}: console: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push(`${name}: page error: ${e.message}`));
  page.on('requestfailed', (r) => {
    // a WebSocket or a stream closed as the page goes is no failure
    if (!/\/stream/.test(r.url())) problems.push(`${name}: request failed: ${r.url()} ${r.failure()?.errorText}`);
  });
  page.on('response', (r) => { if (r.status() >= 400) problems.push(`${name}: ${r.status()} ${r.url()}`); });
  return page;
}

// The centre of `square` on the page's board, as oriented.
async function squareAt(page, square) {
  const box = await page.locator('#board cg-board').boundingBox();
  const orientation = await page.evaluate(() => (document.querySelector('#board').classList.contains('orientation-black') ? 'black' : 'white'));
  const f = square.charCodeAt(0) - 97;
  const r = Number(square[1]) - 1;
  const size = box.width / 8;
  const col = orientation === 'white' ? f : 7 - f;
  const row = orientation === 'white' ? 7 - r : r;
  return { x: box.x + (col + 0.5) * size, y: box.y + (row + 0.5) * size };
}

async function clickMove(page, from, to) {
  for (const square of [from, to]) {
    const { x, y } = await squareAt(page, square);
    await page.mouse.click(x, y);
  }
}

async function dragMove(page, from, to) {
  const a = await squareAt(page, from);
  const b = await squareAt(page, to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 4 });
  await page.mouse.move(b.x, b.y, { steps: 4 });
  await page.mouse.up();
}

// the half-moves on a page's scoresheet, at least `n` (a function, not a
// string: the pages' policy forbids eval)
async function waitPlies(page, n) {
  await page.waitForFunction(
    (n) => [...document.querySelectorAll('#scoresheet li')].flatMap((li) => li.textContent.trim().split(/\s+/).filter((w) => w)).length >= n,
    n,
    { timeout: 10000 },
  );
}

async function shot(page, name) {
  await page.screenshot({ path: join(out, `${name}.png`) });
}

// ------------------------------------------------------------------ scenarios

// A new game (as the organiser) and the pages of `seats`, each open on it.
// The arbiter starts the clock at once (`start` in a setup is a position).
async function seats(browser, base, problems, setup, which = ['white', 'black', 'arbiter'], options = {}) {
  const game = await api(base, '/api/games', setup);
  await api(base, `/api/games/${game.id}/events`, { start: true }, game.tokens.arbiter);
  const pages = {};
  for (const seat of which) {
    const p = await watchedPage(browser, seat, problems, options);
    await p.goto(`${base}/games/${game.id}#seat=${game.tokens[seat]}`);
    await p.waitForSelector('#board cg-board');
    // the stream has authenticated the seat (before that the page is a spectator's)
    await p.waitForFunction(() => document.body.dataset.seat);
    pages[seat] = p;
  }
  return { game, ...pages };
}

const clockOf = (page, side) => page.locator(`#clock-${side}`).textContent();

async function waitText(page, selector, text, timeout = 10000) {
  await page.waitForFunction(([s, x]) => document.querySelector(s)?.textContent.includes(x), [selector, text], { timeout });
}

async function typeMove(page, move) {
  await page.fill('#san', move);
  await page.press('#san', 'Enter');
}

// The adjournment scenarios: `how` the arbiter opens the envelope, with his
// key file in the page ('key') or with what the command line printed.
async function adjournment(browser, base, problems, how) {
  const keys = mkdtempSync(join(tmpdir(), 'arbitre-keys-'));
  const run = (...argv) => execFileSync(bin, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  run('keygen', '--out', keys);
  const pub = JSON.parse(readFileSync(join(keys, 'arbiter.pub'), 'utf8'));
  const { game, white, black, arbiter } = await seats(browser, base, problems, {
    edition: 'fide-2023', time_control: '5400+30', arbiter_key: pub.hpke_public_key, players: { white: 'Morphy', black: 'Anderssen' },
  });
  // everything the arbiter's page sends, to show the key is never in it
  const sent = [];
  arbiter.on('request', (r) => sent.push(`${r.url()} ${r.postData() || ''}`));
  for (const p of [white, black]) p.on('dialog', (d) => d.accept());
  await clickMove(white, 'e2', 'e4');
  await waitPlies(black, 1);
  await clickMove(black, 'e7', 'e5');
  await waitPlies(white, 2);
  await arbiter.fill('#adjourn-at', '2026-11-25 10:00');
  await arbiter.fill('#adjourn-place', 'Salle B');
  await arbiter.locator('#adjourn-form button').click();
  await white.waitForSelector('#seal-form:not([hidden])');
  await shot(white, 'adjourned-white-seals');
  await white.fill('#seal-move', 'Nf3');
  await white.locator('#seal-form button').click();
  for (const p of [white, black, arbiter]) {
    await p.waitForSelector('#envelope:not([hidden])');
    await waitText(p, '#envelope-fields', 'Salle B');
  }
  if (await black.locator('body').textContent().then((t) => t.includes('Nf3'))) throw new Error('the sealed move is shown');
  await shot(black, 'adjourned-envelope-black');
  // both players at the board before the resumption (2023 6.7: with no
  // default time in the regulations, a player absent then loses)
  const before = (await api(base, `/api/games/${game.id}`)).seq;
  for (const p of [white, black]) await p.getByRole('button', { name: 'I am at the board' }).click();
  for (let i = 0; (await api(base, `/api/games/${game.id}`)).seq < before + 2; i++) {
    if (i > 100) throw new Error('the arrivals were not recorded');
    await new Promise((r) => setTimeout(r, 100));
  }
  await arbiter.getByRole('button', { name: 'Resume the game' }).click();
  await arbiter.waitForSelector('#open-form:not([hidden])', { timeout: 10000 });
  if (how === 'key') {
    // another arbiter's key first: refused in the page, nothing sent
    const other = mkdtempSync(join(tmpdir(), 'arbitre-keys-'));
    run('keygen', '--out', other);
    await arbiter.setInputFiles('#open-key', join(other, 'arbiter.key'));
    await arbiter.locator('#open-key-button').click();
    await waitText(arbiter, '#announce', 'This key does not open this envelope');
    rmSync(other, { recursive: true, force: true });
    await arbiter.setInputFiles('#open-key', join(keys, 'arbiter.key'));
    await arbiter.locator('#open-key-button').click();
  } else {
    const envelope = await api(base, `/api/games/${game.id}/envelope`, null, game.tokens.arbiter);
    const file = join(keys, 'envelope.json');
    writeFileSync(file, JSON.stringify(envelope));
    const { envelope_signer: signer } = await api(base, '/api/health');
    const printed = run('envelope', 'open', file, '--key', keys, '--json', '--signer', signer).trim();
    await arbiter.fill('#open-move', printed);
    await arbiter.locator('#open-form button').click();
  }
  await waitPlies(black, 3);
  await clickMove(black, 'b8', 'c6');
  await waitPlies(white, 4);
  await white.getByRole('button', { name: 'Resign' }).click();
  for (const p of [white, black, arbiter]) await waitText(p, '#status', '0-1');
  const state = await api(base, `/api/games/${game.id}`);
  if (state.scoresheet.slice(0, 4).join(' ') !== 'e4 e5 Nf3 Nc6') throw new Error(`stored: ${state.scoresheet}`);
  const secret = JSON.parse(readFileSync(join(keys, 'arbiter.key'), 'utf8'));
  const leaked = sent.filter((r) => r.includes(secret.hpke_secret_key) || r.includes(secret.signing_key));
  if (leaked.length) throw new Error(`the key file left the page: ${leaked}`);
  await shot(arbiter, `adjournment-finished-arbiter-${how}`);
  rmSync(keys, { recursive: true, force: true });
}

const scenarios = {
  // Two players and the arbiter: the arbiter starts the clock, the players
  // move by clicking, dragging and typing, the game ends in mate on every
  // page with its article.
  async 'a short game to mate'(browser, base, problems) {
    const game = await api(base, '/api/games', { edition: 'fide-2023', time_control: '5400+30', players: { white: 'Greco', black: 'NN' }, event: 'Browser test' });
    const page = (seat, name) => watchedPage(browser, name, problems).then(async (p) => {
      await p.goto(`${base}/games/${game.id}#seat=${game.tokens[seat]}`);
      await p.waitForSelector('#board cg-board');
      return p;
    });
    const white = await page('white', 'white');
    const black = await page('black', 'black');
    const arbiter = await page('arbiter', 'arbiter');
    await white.waitForFunction(() => document.querySelector('#seat').textContent.includes('White'));
    await black.waitForFunction(() => document.querySelector('.cg-wrap').classList.contains('orientation-black'));
    await shot(white, 'game-before-start-white');
    await arbiter.getByRole('button', { name: 'Start the clock', exact: true }).click();
    await white.waitForSelector('#clock-white.running');
    await clickMove(white, 'f2', 'f3');
    await waitPlies(black, 1);
    await black.waitForFunction(() => document.querySelector('#announce').textContent.includes('White played f3'));
    await dragMove(black, 'e7', 'e5');
    await waitPlies(white, 2);
    await white.fill('#san', 'g4');
    await white.press('#san', 'Enter');
    await waitPlies(black, 3);
    await shot(black, 'game-black-to-mate');
    await clickMove(black, 'd8', 'h4');
    for (const p of [white, black, arbiter]) {
      await p.waitForFunction(() => document.querySelector('#status').textContent.includes('0-1'), null, { timeout: 10000 });
    }
    const decisions = await white.locator('#decisions').textContent();
    if (!/checkmate/i.test(decisions) || !decisions.includes('[')) throw new Error(`no checkmate with its article: ${decisions}`);
    const state = await api(base, `/api/games/${game.id}`);
    if (state.result !== '0-1' || state.scoresheet.join(' ') !== 'f3 e5 g4 Qh4#') throw new Error(`stored: ${state.result} ${state.scoresheet}`);
    await shot(white, 'game-mate-white');
    await shot(arbiter, 'game-mate-arbiter');
  },

  // A draw offered as the Laws ask — the move, the offer, the press — and
  // accepted: the scoresheet notes it (=).
  async 'an offer between the move and the press, accepted'(browser, base, problems) {
    const { game, white, black } = await seats(browser, base, problems, { edition: 'fide-2023', time_control: '5400+30' }, ['white', 'black']);
    await clickMove(white, 'e2', 'e4');
    await waitPlies(black, 1);
    await clickMove(black, 'e7', 'e5');
    await waitPlies(white, 2);
    await white.check('#offer-with-move');
    await clickMove(white, 'g1', 'f3');
    await black.getByRole('button', { name: 'Accept the draw' }).waitFor();
    await black.waitForFunction(() => !document.querySelector('.actions button:nth-child(2)').disabled);
    await shot(black, 'offer-pending-black');
    await black.getByRole('button', { name: 'Accept the draw' }).click();
    for (const p of [white, black]) await waitText(p, '#status', '1/2-1/2');
    const state = await api(base, `/api/games/${game.id}`);
    if (!state.scoresheet.includes('Nf3(=)')) throw new Error(`the offer is not on the scoresheet: ${state.scoresheet}`);
    if ((state.log || []).some((d) => d.decision === 'breach')) throw new Error(`a breach: ${JSON.stringify(state.log)}`);
    await shot(white, 'offer-accepted-white');
  },

  // A wrong threefold claim under the 2005 Laws (9.5b): the claimant loses
  // half his time up to three minutes, the opponent gains three; both
  // clocks show it on both pages.
  async 'a wrong threefold claim and its penalty on both clocks'(browser, base, problems) {
    const { white, black } = await seats(browser, base, problems, { edition: 'fide-2005', time_control: '5400' }, ['white', 'black']);
    await white.selectOption('#claim-kind', 'threefold');
    await white.getByRole('button', { name: 'Claim', exact: true }).click();
    for (const p of [white, black]) {
      await p.waitForFunction(() => /9\.5/.test(document.querySelector('#decisions').textContent), null, { timeout: 10000 });
      await p.waitForFunction(() => document.querySelector('#clock-black').textContent.startsWith('1:33'), null, { timeout: 10000 });
      await p.waitForFunction(() => document.querySelector('#clock-white').textContent.startsWith('1:26') || document.querySelector('#clock-white').textContent.startsWith('1:27'), null, { timeout: 10000 });
    }
    await shot(black, 'wrong-claim-black');
  },

  // Rapid under the 2005 Laws: a flag counts only when claimed (B7); the
  // page says it has fallen and must be claimed; Black claims it and wins.
  async 'a flag claimed in rapid'(browser, base, problems) {
    const { game, white, black } = await seats(browser, base, problems, { edition: 'fide-2005', time_control: '900' }, ['white', 'black']);
    await api(base, `/api/games/${game.id}/events`, { set_clocks: { white: 1.5, black: 900 } }, game.tokens.arbiter);
    await waitText(black, '#flag', 'only if claimed', 10000);
    await shot(black, 'flag-to-claim-black');
    await black.selectOption('#claim-kind', 'flag');
    await black.getByRole('button', { name: 'Claim', exact: true }).click();
    for (const p of [white, black]) await waitText(p, '#status', '0-1');
  },

  // Blitz under the 2005 Laws: an illegal move typed is made on the board
  // (B6); the opponent claims it and wins.
  async 'an illegal move claimed in blitz'(browser, base, problems) {
    const { white, black } = await seats(browser, base, problems, { edition: 'fide-2005', time_control: '300' }, ['white', 'black']);
    await typeMove(white, 'e2e5');
    await waitPlies(black, 1);
    await black.selectOption('#claim-kind', 'illegal-move');
    await black.getByRole('button', { name: 'Claim', exact: true }).click();
    for (const p of [white, black]) await waitText(p, '#status', '0-1');
    await shot(black, 'illegal-move-claimed-black');
  },

  // A player's network goes for a while: the opponent plays meanwhile; back
  // online, the page shows the game as it is (the stream resumes after the
  // last event it saw) and the player moves on.
  async 'a player reconnecting mid-game'(browser, base, problems) {
    const { game, white, black } = await seats(browser, base, problems, { edition: 'fide-2023', time_control: '5400+30' }, ['white', 'black']);
    await clickMove(white, 'd2', 'd4');
    await waitPlies(black, 1);
    await black.context().setOffline(true);
    await waitText(black, '#connection', 'Reconnecting');
    // Black's move reaches the server from elsewhere (another device)
    await api(base, `/api/games/${game.id}/events`, { move: 'd5', client_id: 'from-elsewhere' }, game.tokens.black);
    await waitPlies(white, 2);
    await clickMove(white, 'c2', 'c4');
    await waitPlies(white, 3);
    await black.context().setOffline(false);
    await waitText(black, '#connection', 'Live', 15000);
    await waitPlies(black, 3);
    await clickMove(black, 'e7', 'e6');
    await waitPlies(white, 4);
    const state = await api(base, `/api/games/${game.id}`);
    if (state.scoresheet.join(' ') !== 'd4 d5 c4 e6') throw new Error(`stored: ${state.scoresheet}`);
  },

  // An adjournment (2023 Guidelines I): the arbiter adjourns, White (to
  // move) seals in the page; the envelope's A2 face is shown to all; at the
  // resumption the players arrive, the arbiter opens the envelope — in his
  // browser with his key file (never sent), or with what `arbitre envelope
  // open --json` printed — the sealed move is played, the game goes on to
  // its end.
  async 'an adjournment: the envelope opened in the browser with the key file'(browser, base, problems) {
    await adjournment(browser, base, problems, 'key');
  },
  async 'an adjournment: the envelope opened with what the command line printed'(browser, base, problems) {
    await adjournment(browser, base, problems, 'printed');
  },

  // Over the board the Laws' order is move, offer, press: a player who
  // presses the clock himself offers between the two; the opponent
  // declines; the scoresheet notes (=), with no breach.
  async 'the clock pressed separately, a draw offered before the press'(browser, base, problems) {
    const { game, white, black } = await seats(browser, base, problems, { edition: 'fide-2005', time_control: '40/5400:1800' }, ['white', 'black']);
    // the period and the moves to the control of the side to move
    await waitText(white, '#period', 'Period 1 of 2: 40 moves in 1:30:00 · White: 40 moves to the time control');
    await white.check('#press-separately');
    await clickMove(white, 'e2', 'e4');
    await waitPlies(black, 1);
    // White's clock still runs: the move is made, not pressed
    await white.waitForSelector('#clock-white.running');
    await white.getByRole('button', { name: 'Offer a draw', exact: true }).click();
    await black.getByRole('button', { name: 'Decline the draw' }).waitFor();
    await white.getByRole('button', { name: 'Press the clock' }).click();
    await black.waitForSelector('#clock-black.running');
    await black.waitForFunction(() => ![...document.querySelectorAll('#actions button')].find((b) => b.textContent === 'Decline the draw').disabled);
    await black.getByRole('button', { name: 'Decline the draw' }).click();
    await clickMove(black, 'e7', 'e5');
    await waitPlies(white, 2);
    await waitText(white, '#period', 'White: 39 moves to the time control');
    const state = await api(base, `/api/games/${game.id}`);
    if (state.scoresheet.join(' ') !== 'e4(=) e5') throw new Error(`scoresheet: ${state.scoresheet}`);
    if ((state.log || []).some((d) => d.decision === 'breach')) throw new Error(`a breach: ${JSON.stringify(state.log)}`);
    // remembered for the next game in this browser
    await white.reload();
    await white.waitForSelector('#board cg-board');
    if (!(await white.isChecked('#press-separately'))) throw new Error('the choice to press separately was not remembered');
    await shot(white, 'pressed-separately-white');
  },

  // A quickplay claim (2005 10.2) waits for the arbiter: the console lists
  // it with its rulings and the arbiter rules there; a spectator reading
  // French sees the English game's decisions in French.
  async "a claim ruled from the console, read in French by a spectator"(browser, base, problems) {
    const { game, white } = await seats(browser, base, problems, { edition: 'fide-2005', time_control: '5400', players: { white: 'Claimant', black: 'Other' } }, ['white']);
    await api(base, `/api/games/${game.id}/events`, { set_clocks: { white: 100, black: 3000 } }, game.tokens.arbiter);
    const spectator = await watchedPage(browser, 'spectator-fr', problems, { locale: 'fr-FR' });
    await spectator.goto(`${base}/games/${game.id}`);
    await spectator.waitForSelector('#board cg-board');
    const console_ = await watchedPage(browser, 'console', problems);
    await console_.goto(`${base}/`);
    await console_.fill('#token', ORGANISER);
    await console_.getByRole('button', { name: 'Open' }).click();
    await white.selectOption('#claim-kind', 'quickplay');
    await white.getByRole('button', { name: 'Claim', exact: true }).click();
    await waitText(console_, '#pending-list', 'Claimant', 10000);
    await waitText(console_, '#pending-list', 'claims a draw');
    await shot(console_, 'console-pending-claim');
    await console_.locator(`#pending-list li[data-game="${game.id}"]`).getByRole('button', { name: 'Draw' }).click();
    for (const p of [white, spectator]) await waitText(p, '#status', '1/2-1/2');
    // ruled: gone from the list (the other scenarios' games may wait still)
    await console_.waitForFunction((id) => !document.querySelector(`#pending-list li[data-game="${id}"]`), game.id);
    // the decisions in the reader's language, the article the edition's
    await spectator.waitForFunction(() => /nulle/i.test(document.querySelector('#decisions').textContent) && document.querySelector('#decisions').textContent.includes('10.2'));
    const english = (await api(base, `/api/games/${game.id}`)).log.map((d) => d.message).join(' ');
    const french = await spectator.locator('#decisions').textContent();
    if (french.includes(english.split(' ').slice(0, 4).join(' '))) throw new Error(`the spectator reads English: ${french}`);
    await shot(spectator, 'claim-ruled-spectator-fr');
  },

  // The console in French: the organiser's token, a new game, its links.
  async "the console in French"(browser, base, problems) {
    const page = await watchedPage(browser, 'console', problems, { locale: 'fr-FR' });
    await page.goto(`${base}/`);
    await page.waitForFunction(() => document.querySelector('h1').textContent === 'Console de l’arbitre');
    await page.fill('#token', ORGANISER);
    await page.getByRole('button', { name: 'Ouvrir' }).click();
    await page.fill('#white', 'Blanc Dupont');
    await page.fill('#black', 'Noir Durand');
    await page.getByRole('button', { name: 'Créer' }).click();
    await page.waitForSelector('#links:not([hidden])');
    const links = await page.locator('#link-list a').evaluateAll((as) => as.map((a) => a.href));
    if (links.length !== 3 || !links.every((l) => l.includes('#seat='))) throw new Error(`links: ${links}`);
    // a QR code beside each link, for the phones at the boards
    // each decoded (jsQR) from the pixels the browser draws: the link itself
    const images = await page.locator('#link-list svg.qr').evaluateAll((svgs) => Promise.all(svgs.map((svg) => new Promise((ok, fail) => {
      const image = new Image();
      image.onload = () => {
        const canvas = document.createElement('canvas');
        canvas.width = canvas.height = 400;
        const g = canvas.getContext('2d');
        g.drawImage(image, 0, 0, 400, 400);
        ok({ width: 400, height: 400, data: Array.from(g.getImageData(0, 0, 400, 400).data) });
      };
      image.onerror = () => fail(new Error('the QR code does not draw'));
      image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(svg))}`;
    }))));
    const decoded = images.map((i) => jsQR(Uint8ClampedArray.from(i.data), i.width, i.height)?.data);
    if (decoded.join() !== links.join()) throw new Error(`QR codes: ${decoded} for ${links}`);
    await page.waitForFunction(() => document.querySelector('#games').textContent.includes('Blanc Dupont'));
    // the round begins: every game not started is started
    await page.getByRole('button', { name: 'Lancer la ronde' }).click();
    // (the clock has run a few milliseconds when it is read: 1:29:59)
    await page.waitForFunction(() => /▶ 1:(30|29):/.test(document.querySelector('#games').textContent), null, { timeout: 10000 });
    await shot(page, 'console-fr');
    const white = await watchedPage(browser, 'white-fr', problems, { locale: 'fr-FR' });
    await white.goto(links[0]);
    await white.waitForFunction(() => document.querySelector('#seat').textContent === 'Vous jouez les Blancs');
    await white.waitForFunction(() => document.querySelector('#status').textContent === 'Trait aux Blancs');
    await shot(white, 'game-fr-white');
  },

  // Someone changes a game's time control in the database behind the
  // server's back: the console lists the game as altered, with why, asks
  // nothing about it, and lists the other games as they are.
  async "a game altered in the database, on the console"(browser, base, problems) {
    const altered = await api(base, '/api/games', { edition: 'fide-2023', time_control: '5400+30', players: { white: 'Tampered', black: 'Board' } });
    const other = await api(base, '/api/games', { edition: 'fide-2023', time_control: '5400+30', players: { white: 'Untouched', black: 'Neighbour' } });
    execFileSync('python3', ['-c', `import sqlite3, sys
c = sqlite3.connect(sys.argv[1], timeout=10)
n = c.execute("UPDATE games SET time_control = '60+0' WHERE id = ?", (sys.argv[2],)).rowcount
c.commit()
assert n == 1, n`, serverDb, altered.id]);
    const page = await watchedPage(browser, 'console-altered', problems);
    await page.goto(`${base}/`);
    const row = page.locator('#games tr', { hasText: 'Tampered' });
    await row.locator('.badge.tampered').waitFor();
    const title = await row.locator('.badge.tampered').getAttribute('title');
    if (!/changed in the database/.test(title) || !/setup/.test(title)) throw new Error(`the badge says: ${title}`);
    if (!(await row.textContent()).includes('altered')) throw new Error(`the row: ${await row.textContent()}`);
    // the other game is listed as it is, its state read
    const intact = page.locator('#games tr', { hasText: 'Untouched' });
    await intact.waitFor();
    if (await intact.locator('.badge.tampered').count()) throw new Error('the other game is flagged too');
    const state = await fetch(`${base}/api/games/${altered.id}`);
    const body = await state.json();
    if (state.status !== 500 || body.error?.code !== 'tampered') throw new Error(`the altered game is served: ${state.status} ${JSON.stringify(body)}`);
    if ((await fetch(`${base}/api/games/${other.id}`)).status !== 200) throw new Error('the other game is not served');
    await shot(page, 'console-altered');
  },
};

// ------------------------------------------------------------------ the run

const browser = await chromium.launch({ executablePath, headless: true, args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
const server = await startServer();
let failed = 0;
for (const [name, scenario] of Object.entries(scenarios)) {
  if (args.only && !name.includes(args.only)) continue;
  const problems = [];
  opened.length = 0;
  const started = Date.now();
  try {
    await scenario(browser, server.base, problems);
    if (problems.length) throw new Error(problems.join('\n'));
    console.log(`ok   ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  } catch (e) {
    failed += 1;
    console.log(`FAIL ${name}: ${e.stack || e}`);
    // what each page showed when it failed
    for (const [who, page] of opened) {
      const said = await page.locator('#announce').textContent().catch(() => '');
      console.log(`  ${who} said: ${said}`);
      await page.screenshot({ path: join(out, `failed-${who}.png`) }).catch(() => {});
    }
    if (problems.length) console.log(problems.join('\n'));
  }
}
await browser.close();
if (failed) console.log(server.log());
server.stop();
console.log(failed ? `${failed} browser scenario(s) failed; screenshots in ${out}` : `browser scenarios passed; screenshots in ${out}`);
process.exit(failed ? 1 : 0);
