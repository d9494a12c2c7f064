// The arbiter's console (`/`) in a real browser: its scenarios, run by
// run.mjs with the harness `h` (harness.mjs). Controls are found by role and
// accessible name; every page fails its scenario on a console error, a
// failed request or an unexpected 4xx/5xx (bar its allow-list), and axe-core
// checks the console in each state it is left in.
import jsQR from 'jsqr';
import { execFileSync } from 'node:child_process';

const TOKEN_FIELD = "Organiser's or arbiter's token";
const CONSOLE_ALLOW = [
  // GET /api/game-type: absent from servers built before issue 27 (the
  // preview then shows no game type)
  /404 GET .*\/api\/game-type/,
  /Failed to load resource: the server responded with a status of 404.*game-type/,
];

// The words the page shows, bar the links' addresses.
const ENGLISH = /\b(the|game|games|move|moves|clock|link|waiting|arbiter's|white|black|adjourned|started|board)\b/gi;
async function englishOn(page) {
  return page.evaluate((source) => {
    const copy = document.body.cloneNode(true);
    for (const el of copy.querySelectorAll('.url, script, [hidden]')) el.remove();
    const text = [copy.innerText || copy.textContent, ...[...document.querySelectorAll('[aria-label]')].map((e) => e.getAttribute('aria-label'))].join(' ');
    return text.match(new RegExp(source, 'gi'));
  }, ENGLISH.source);
}

// Every page closed before a server of the scenario's own stops (a page
// left open would try to reconnect to it).
async function closeAll(browser) {
  await Promise.all(browser.contexts().map((c) => c.close().catch(() => {})));
}

async function openConsole(browser, base, problems, h, name = 'console', options = {}) {
  const { allow = [], ...rest } = options;
  return h.openConsole(browser, base, problems, name, {
    allow: [...CONSOLE_ALLOW, ...allow],
    permissions: ['clipboard-read', 'clipboard-write'],
    ...rest,
  });
}

// Each QR code of the new game's links, decoded (jsQR) from the pixels the
// browser draws.
async function qrCodes(page) {
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
  return images.map((i) => jsQR(Uint8ClampedArray.from(i.data), i.width, i.height)?.data);
}

// A game created from the console's form; its id (from the row the console adds).
async function createInConsole(page, h, { white, black, board, timeControl }) {
  if (timeControl) await page.getByRole('textbox', { name: 'Time control, as written' }).fill(timeControl);
  await page.getByRole('textbox', { name: 'White', exact: true }).fill(white);
  await page.getByRole('textbox', { name: 'Black', exact: true }).fill(black);
  if (board) await page.getByRole('textbox', { name: 'Board', exact: true }).fill(String(board));
  await page.getByRole('button', { name: 'Create the game' }).click();
  await page.getByRole('link', { name: `White's link — ${white}` }).first().waitFor();
  return page.locator('#games tr', { hasText: white }).first().getAttribute('data-game').then(async (id) => {
    if (id) return id;
    await page.locator('#games tr', { hasText: white }).first().waitFor();
    return page.locator('#games tr', { hasText: white }).first().getAttribute('data-game');
  });
}

async function rowOf(page, text) {
  const row = page.locator('#games tr', { hasText: text }).first();
  await row.waitFor();
  return row;
}

export const scenarios = [
  // A wrong token is said at once, next to the field (and the field marked
  // invalid); the right one is accepted and remembered for the session.
  ['console: a wrong token, then the right one', async (browser, base, problems, h) => {
    const game = await h.api(base, '/api/games', { edition: 'fide-2023', time_control: '5400+30', players: { white: 'Token', black: 'Check' } });
    // the one refusal this scenario expects: the wrong token's check (GET
    // /api/games with it answers 401), and nothing else
    const page = await openConsole(browser, base, problems, h, 'console-token', {
      allow: [/^401 GET http:\/\/[^/]+\/api\/games$/, /status of 401 \(Unauthorized\) \(http:\/\/[^/]+\/api\/games\)$/],
    });
    // which requests carry a token: the check only, never the live list
    const withToken = [];
    page.on('request', (r) => {
      if (r.headers().authorization && r.method() === 'GET') withToken.push(new URL(r.url()).pathname);
    });
    await page.getByLabel(TOKEN_FIELD).fill('not-the-organisers-token');
    await page.getByRole('button', { name: 'Open', exact: true }).click();
    await h.waitText(page, '#token-message', 'This server does not know this token');
    const field = page.getByLabel(TOKEN_FIELD);
    if ((await field.getAttribute('aria-invalid')) !== 'true') throw new Error('the wrong token is not marked on its field');
    if (!(await field.getAttribute('aria-describedby')).includes('token-message')) throw new Error('the token message is not tied to its field');
    await h.shot(page, 'console-wrong-token');
    // acting with no valid token: said, nothing sent
    await page.getByRole('button', { name: 'Create the game' }).click();
    await h.waitText(page, '#token-message', 'Open the console with the organiser');
    // a player's token, then the arbiter's of one game: each said for what it is
    await page.getByLabel(TOKEN_FIELD).fill(game.tokens.white);
    await page.getByRole('button', { name: 'Open', exact: true }).click();
    await h.waitText(page, '#token-message', "This token is a seat's");
    await page.getByLabel(TOKEN_FIELD).fill(game.tokens.arbiter);
    await page.getByRole('button', { name: 'Open', exact: true }).click();
    await h.waitText(page, '#token-message', "This token is the arbiter's of one game");
    await h.signIn(page);
    if ((await field.getAttribute('aria-invalid')) !== 'false') throw new Error('the right token is still marked invalid');
    // remembered for the session: a reload keeps it, accepted again
    await page.reload();
    await h.waitText(page, '#token-message', 'Token accepted');
    await page.getByRole('link', { name: /Arbiter's link — .*Token – Check/ }).waitFor();
    // a few polls of the live list (every 4 s), none with the token
    await h.sleep(9000);
    const polls = withToken.filter((p) => p !== '/api/games');
    const checks = withToken.filter((p) => p === '/api/games').length;
    if (polls.length) throw new Error(`the token was sent with: ${polls.join(', ')}`);
    if (checks !== 5) throw new Error(`GET /api/games with a token ${checks} times: the checks are 5 (wrong, seat, arbiter, right, reload)`);
    await h.axe(page, 'console with a token', problems);
  }],

  // A time control written as arbiters write it, read before the game is
  // created: its words, PGN's TimeControl, the game type under the edition;
  // an unreadable one refused next to its field; the created game's links
  // labelled with their players, copied with a confirmation, their QR codes
  // the links themselves; the form cleared for the next board.
  ['console: a game created from a time control as written, with its preview', async (browser, base, problems, h) => {
    const page = await openConsole(browser, base, problems, h, 'console-create');
    await h.signIn(page);
    const tc = page.getByRole('textbox', { name: 'Time control, as written' });
    const pgn = page.locator('#tc-pgn');
    for (const [written, expected] of [['90+30', '5400+30'], ['40 moves in 2 h, then 1 h', '40/7200:3600'], ['G/60', '3600'], ['3+2', '180+2'], ['40 coups en 90 min puis 30 min + 30 s par coup', '40/5400+30:1800+30']]) {
      await tc.fill(written);
      await h.waitText(page, '#tc-pgn', expected);
      if ((await pgn.textContent()) !== expected) throw new Error(`${written} read as ${await pgn.textContent()}`);
    }
    // a preset
    await page.getByRole('button', { name: '5 + 3', exact: true }).click();
    await h.waitText(page, '#tc-pgn', '300+3');
    if ((await tc.inputValue()) !== '5 min + 3 s per move') throw new Error(`the preset wrote ${await tc.inputValue()}`);
    // minutes and seconds
    await page.getByRole('spinbutton', { name: 'Minutes' }).fill('25');
    await page.getByRole('spinbutton', { name: 'Seconds added per move' }).fill('10');
    await h.waitText(page, '#tc-pgn', '1500+10');
    // the game type, when the server can say (GET /api/game-type)
    const typed = await page.waitForFunction(() => !['…'].includes(document.querySelector('#tc-type').textContent), null, { timeout: 5000 }).then(() => page.locator('#tc-type').textContent());
    if (typed !== '–' && !/rapid/i.test(typed)) throw new Error(`25 + 10 is said to be ${typed}`);
    // unreadable: refused next to the field, nothing sent
    await tc.fill('ninety and a bit');
    await page.getByRole('button', { name: 'Create the game' }).click();
    await h.waitText(page, '#time-control-error', 'cannot be read as a time control');
    if ((await tc.getAttribute('aria-invalid')) !== 'true') throw new Error('the time control is not marked invalid');
    if (!(await tc.getAttribute('aria-describedby')).includes('time-control-error')) throw new Error('the error is not tied to its field');
    if (!(await tc.evaluate((el) => document.activeElement === el))) throw new Error('the focus is not on the field in error');
    await h.shot(page, 'console-time-control-refused');
    await tc.fill('40 moves in 2 h, then 1 h');
    await page.getByRole('region', { name: 'New game' }).getByRole('textbox', { name: 'Event' }).fill('Open de Paris');
    await page.getByRole('region', { name: 'New game' }).getByRole('textbox', { name: 'Round', exact: true }).fill('5');
    const id = await createInConsole(page, h, { white: 'Anand', black: 'Kramnik', board: 1 });
    const state = await h.api(base, `/api/games/${id}`);
    if (state.time_control !== '40/7200:3600') throw new Error(`created with ${state.time_control}`);
    // the focus moves to the new game's links
    await page.waitForFunction(() => document.activeElement?.id === 'links');
    const heading = await page.locator('#created-title').textContent();
    if (!heading.includes('Board 1') || !heading.includes('Anand – Kramnik')) throw new Error(`the new game is called ${heading}`);
    // the links, labelled with their players, and their QR codes
    const links = [];
    for (const name of ["White's link — Anand", "Black's link — Kramnik", "Arbiter's link — Board 1 · Anand – Kramnik"]) {
      links.push(await page.locator('#link-list').getByRole('link', { name }).getAttribute('href'));
    }
    if (!links.every((l) => l.includes('#seat='))) throw new Error(`links: ${links}`);
    const decoded = await qrCodes(page);
    if (decoded.join() !== links.join()) throw new Error(`QR codes: ${decoded} for ${links}`);
    // a copy, confirmed
    await page.getByRole('button', { name: "Copy White's link — Anand" }).click();
    await h.waitText(page, '#link-list', "Copied: White's link");
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    if (copied !== links[0]) throw new Error(`copied ${copied}`);
    // the key: said to be the only copy, kept in this browser, saved on demand
    if (links[2].includes('&key=')) {
      await h.waitText(page, '#key-box', 'only copy of the key');
      const kept = await page.evaluate((id) => localStorage.getItem(`arbitre-key-${id}`), id);
      if (!kept || !links[2].endsWith(`key=${kept}`)) throw new Error(`the key kept: ${kept}`);
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: "Save the arbiter's key" }).click()]);
      const file = JSON.parse(await (await download.createReadStream()).toArray().then((b) => Buffer.concat(b).toString()));
      if (!file.hpke_secret_key) throw new Error(`the key file: ${JSON.stringify(file)}`);
    }
    // the form cleared for the next board; the round's settings kept
    for (const name of ['White', 'Black', 'Board']) {
      const v = await page.getByRole('textbox', { name, exact: true }).inputValue();
      if (v) throw new Error(`${name} still holds ${v}`);
    }
    if ((await page.getByRole('region', { name: 'New game' }).getByRole('textbox', { name: 'Event' }).inputValue()) !== 'Open de Paris') throw new Error('the event is lost');
    // the round's row: its players, its links
    const row = await rowOf(page, 'Anand');
    await row.getByRole('link', { name: "White's link — Anand" }).waitFor();
    await row.getByRole('link', { name: "Black's link — Kramnik" }).waitFor();
    await row.getByRole('link', { name: /Arbiter's link/ }).waitFor();
    await h.axe(page, 'console after a creation', problems);
    await h.shot(page, 'console-created');
  }],

  // The adjournment out of the box (issue 27): a server with no arbiter's
  // key, a game created in the console, its three seats opened from the
  // console's links, two moves, "Adjourn every game" from the console, the
  // sealed move, the resumption, the envelope opened in one click on the
  // arbiter's page with the key the link carried.
  ['console: the whole adjournment from the console on a server started with no flags', async (browser, _base, problems, h) => {
    const server = await h.startServer();
    try {
      const base = server.base;
      const page = await openConsole(browser, base, problems, h, 'console-adjournment');
      await h.signIn(page);
      await page.getByRole('button', { name: '90 + 30', exact: true }).click();
      const id = await createInConsole(page, h, { white: 'Morphy', black: 'Anderssen', board: 1 });
      const created = page.locator('#link-list');
      const href = async (name) => created.getByRole('link', { name }).getAttribute('href');
      const whiteLink = await href("White's link — Morphy");
      const blackLink = await href("Black's link — Anderssen");
      const arbiterLink = await href(/Arbiter's link/);
      if (!arbiterLink.includes('&key=')) throw new Error(`the server made no key: ${arbiterLink}`);
      const open = async (name, link) => {
        const p = await h.watchedPage(browser, name, problems);
        await p.goto(link);
        await p.waitForSelector('#board cg-board');
        await p.waitForFunction(() => document.body.dataset.ready === '1' || document.body.dataset.ready === undefined);
        return p;
      };
      const white = await open('white', whiteLink);
      const black = await open('black', blackLink);
      const arbiter = await open('arbiter', arbiterLink);
      for (const p of [white, black, arbiter]) p.on('dialog', (d) => d.accept());
      await page.getByRole('button', { name: 'Start the round' }).click();
      await h.waitText(page, '#round-message', '1 game started');
      await h.until(async () => (await h.api(base, `/api/games/${id}`)).started);
      // each player moves once the move before is on their own board, as
      // at a real board (a click on a board still showing the opponent to
      // move is no move)
      await h.clickMove(white, 'e2', 'e4');
      await h.waitPlies(black, 1);
      await h.clickMove(black, 'e7', 'e5');
      await h.waitPlies(white, 2);
      await h.until(async () => (await h.api(base, `/api/games/${id}`)).scoresheet.length === 2);
      // adjourned from the console
      await page.getByRole('button', { name: 'Adjourn every game' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Place').fill('Salle B');
      await dialog.getByRole('button', { name: 'Adjourn 1 game' }).click();
      await h.waitText(page, '#round-message', '1 game adjourned');
      // White, to move, seals
      await white.getByRole('textbox', { name: 'Sealed move' }).fill('Nf3');
      await white.getByRole('button', { name: 'Seal the move' }).click();
      const seal = white.getByRole('dialog').getByRole('button', { name: 'Seal', exact: true });
      if (await seal.isVisible().catch(() => false)) await seal.click();
      await h.until(async () => (await h.api(base, `/api/games/${id}`)).adjournment?.phase === 'sealed');
      await h.waitText(page, '#games', 'move sealed');
      // the resumption: both at the board, the arbiter resumes and opens
      const before = (await h.api(base, `/api/games/${id}`)).seq;
      for (const p of [white, black]) await p.getByRole('button', { name: 'I am at the board' }).click();
      await h.until(async () => {
        const s = await h.api(base, `/api/games/${id}`);
        return s.present ? s.present.white && s.present.black : s.seq >= before + 2;
      });
      await arbiter.getByRole('button', { name: 'Resume the game' }).click();
      await arbiter.getByRole('button', { name: 'Open the envelope' }).click();
      await h.until(async () => (await h.api(base, `/api/games/${id}`)).scoresheet.length === 3, 15000);
      const state = await h.api(base, `/api/games/${id}`);
      if (state.scoresheet.join(' ') !== 'e4 e5 Nf3') throw new Error(`stored: ${state.scoresheet}`);
      await h.waitText(page, '#games', 'Black to move');
      await h.axe(page, 'console after the adjournment', problems);
      await h.shot(page, 'console-after-adjournment');
    } finally {
      await closeAll(browser);
      server.stop();
    }
  }],

  // Adjourn every game: the resumption time and place asked once, with
  // defaults, both required; the confirmation names how many games.
  ['console: adjourn every game', async (browser, _base, problems, h) => {
    const server = await h.startServer();
    try {
      const base = server.base;
      const ids = [];
      for (const [white, black] of [['Alpha', 'Beta'], ['Gamma', 'Delta'], ['Epsilon', 'Zeta']]) {
        ids.push((await h.api(base, '/api/games', { edition: 'fide-2023', time_control: '5400+30', players: { white, black } })).id);
      }
      const page = await openConsole(browser, base, problems, h, 'console-adjourn-all');
      await h.signIn(page);
      await rowOf(page, 'Epsilon');
      await page.getByRole('button', { name: 'Start the round' }).click();
      await h.waitText(page, '#round-message', '3 games started');
      await h.until(async () => (await Promise.all(ids.map((id) => h.api(base, `/api/games/${id}`)))).every((s) => s.started));
      await h.waitText(page, '#games', '▶');
      await page.getByRole('button', { name: 'Adjourn every game' }).click();
      const dialog = page.getByRole('dialog', { name: 'Adjourn every game being played' });
      await dialog.waitFor();
      const at = dialog.getByLabel('Resumption time');
      const place = dialog.getByLabel('Place');
      if (!(await at.inputValue())) throw new Error('no default resumption time');
      if (!(await place.inputValue())) throw new Error('no default place');
      if (!(await at.evaluate((el) => document.activeElement === el))) throw new Error('the focus is not in the dialog');
      // required: a place left empty is said next to it
      await place.fill('');
      const confirm = dialog.getByRole('button', { name: 'Adjourn 3 games' });
      await confirm.click();
      await h.waitText(page, '#adjourn-place-error', 'This field is required');
      if ((await place.getAttribute('aria-invalid')) !== 'true') throw new Error('the empty place is not marked');
      await place.fill('Salle des fêtes');
      await at.fill('2026-12-01T14:30');
      await h.axe(page, 'the adjourn dialog', problems);
      await h.shot(page, 'console-adjourn-dialog');
      await confirm.click();
      await h.waitText(page, '#round-message', '3 games adjourned');
      for (const id of ids) {
        const s = await h.api(base, `/api/games/${id}`);
        // adjourned: the player with the move seals (his clock runs until then)
        if (s.state !== 'adjourned' && s.adjournment?.phase !== 'awaiting-seal') throw new Error(`${id} is ${s.state}: ${JSON.stringify(s.adjournment)}`);
        const written = JSON.stringify(s.envelope || s.adjournment || {});
        if (s.envelope && !written.includes('Salle des fêtes')) throw new Error(`the place is not on the envelope: ${written}`);
      }
      await h.waitText(page, '#games', 'adjourned');
      // the focus back on the button that opened the dialog
      if (!(await page.getByRole('button', { name: 'Adjourn every game' }).evaluate((el) => document.activeElement === el))) throw new Error('the focus is lost');
      // nothing left to adjourn: said, no dialog
      await page.getByRole('button', { name: 'Adjourn every game' }).click();
      await h.waitText(page, '#round-message', 'No game is being played');
    } finally {
      await closeAll(browser);
      server.stop();
    }
  }],

  // A claim waits for the arbiter (2005 10.2): the console lists it with
  // its rulings and the arbiter rules there.
  ['console: a claim ruled from the console', async (browser, base, problems, h) => {
    const game = await h.api(base, '/api/games', { edition: 'fide-2005', time_control: '5400', players: { white: 'Claimant', black: 'Other' } });
    await h.api(base, `/api/games/${game.id}/events`, { start: true }, game.tokens.arbiter);
    await h.api(base, `/api/games/${game.id}/events`, { set_clocks: { white: 100, black: 3000 } }, game.tokens.arbiter);
    const page = await openConsole(browser, base, problems, h, 'console-claim');
    await h.signIn(page);
    await h.api(base, `/api/games/${game.id}/events`, { claim: 'quickplay', client_id: 'console-claim' }, game.tokens.white);
    const item = page.locator(`#pending-list li[data-game="${game.id}"]`);
    await item.waitFor({ timeout: 10000 });
    await h.waitText(page, '#pending-list', 'claims a draw');
    const row = await rowOf(page, 'Claimant');
    await h.waitText(page, `#games tr[data-game="${game.id}"]`, 'claims a draw');
    if (!(await row.getAttribute('class')).includes('waits')) throw new Error('the row is not marked as waiting');
    await h.axe(page, 'console with a claim waiting', problems);
    await h.shot(page, 'console-pending-claim');
    await item.getByRole('button', { name: 'Draw' }).click();
    await page.waitForFunction((id) => !document.querySelector(`#pending-list li[data-game="${id}"]`), game.id);
    await h.until(async () => (await h.api(base, `/api/games/${game.id}`)).result === '1/2-1/2');
    await h.waitText(page, `#games tr[data-game="${game.id}"]`, '1/2-1/2');
  }],

  // The server killed mid-game and started again on its files: the console
  // lists the outage once (under what waits for the arbiter, the row only
  // counting it), with an "Acknowledge" button; the arbiter's page open in
  // the same browser lists it too, its decisions say the clocks were the
  // server's doing; acknowledged in the console, it is cleared on the
  // arbiter's page at once (one store, acknowledged.js).
  ['console: an outage listed once, acknowledged in the console and on the arbiter\'s page', async (browser, _base, problems, h) => {
    const first = await h.startServer();
    let second;
    try {
      const game = await h.api(first.base, '/api/games', { edition: 'fide-2023', time_control: '5400+30', players: { white: 'Lasker', black: 'Tarrasch' } });
      await h.api(first.base, `/api/games/${game.id}/events`, { start: true }, game.tokens.arbiter);
      await h.api(first.base, `/api/games/${game.id}/events`, { move: 'e4', client_id: 'c-o-1' }, game.tokens.white);
      first.kill();
      await h.sleep(1500);
      second = await h.startServer({ dir: first.dir });
      const base = second.base;
      const state = await h.api(base, `/api/games/${game.id}`);
      if (state.alerts?.length !== 1) throw new Error(`one outage, ${state.alerts?.length} alerts: ${JSON.stringify(state.alerts)}`);
      const page = await openConsole(browser, base, problems, h, 'console-alerts');
      await h.signIn(page);
      const pending = page.getByRole('region', { name: 'Waiting for the arbiter' });
      const ack = pending.getByRole('button', { name: /^Acknowledge — .*Lasker – Tarrasch/ });
      await ack.first().waitFor();
      if ((await ack.count()) !== 1) throw new Error(`${await ack.count()} buttons to acknowledge one outage`);
      const shown = async (p) => p.evaluate((text) => document.body.innerText.split(text).length - 1, state.alerts[0].message);
      if ((await shown(page)) !== 1) throw new Error(`the outage is listed ${await shown(page)} times in the console`);
      await h.waitText(page, '#games', "the server's alert, above");
      await h.axe(page, 'console with an alert', problems);
      // the arbiter's page, in the same browser
      const arbiter = h.watch(await page.context().newPage(), 'arbiter-alerts', problems);
      await arbiter.goto(`${base}/games/${game.id}#seat=${game.tokens.arbiter}`);
      await arbiter.waitForFunction(() => document.body.dataset.seat === 'arbiter' && document.body.dataset.ready === '1');
      const there = arbiter.getByRole('button', { name: 'Acknowledge', exact: true });
      await there.waitFor();
      if ((await there.count()) !== 1) throw new Error(`${await there.count()} buttons on the arbiter's page for one outage`);
      // the clocks stopped and restarted: the server's doing, said so
      const lines = await arbiter.locator('#decisions li.by-server').allTextContents();
      if (lines.length !== 2 || !/Server outage/.test(lines[0]) || !/The server restarted/.test(lines[1])) throw new Error(`the server's lines: ${lines.join(' | ')}`);
      const all = await arbiter.locator('#decisions').textContent();
      if (/arbiter (stops|restarts)/i.test(all)) throw new Error(`the server's doing said as the arbiter's: ${all}`);
      // acknowledged in the console: cleared on both pages
      await ack.first().click();
      await page.waitForFunction(() => !document.querySelector('#pending-list .alert'));
      if (!(await page.locator('#nothing-pending').isVisible())) throw new Error('the console still shows something waiting');
      await h.waitText(arbiter, '#alert-list', 'acknowledged');
      if (await there.count()) throw new Error('the arbiter is still asked to acknowledge');
      await page.reload();
      await h.waitText(page, '#token-message', 'Token accepted');
      await page.locator('#games tr', { hasText: 'Lasker' }).first().waitFor();
      await h.sleep(500);
      if (await page.locator('#pending-list .alert').count()) throw new Error('the acknowledged alert is back after a reload');
    } finally {
      await closeAll(browser);
      second?.stop();
      first.stop();
    }
  }],

  // Someone changes a game's time control in the database behind the
  // server's back: the console lists the game as altered, with why, and the
  // other games as they are.
  ['console: a game altered in the database', async (browser, base, problems, h) => {
    const altered = await h.api(base, '/api/games', { edition: 'fide-2023', time_control: '5400+30', players: { white: 'Tampered', black: 'Board' } });
    const other = await h.api(base, '/api/games', { edition: 'fide-2023', time_control: '5400+30', players: { white: 'Untouched', black: 'Neighbour' } });
    execFileSync('python3', ['-c', `import sqlite3, sys
c = sqlite3.connect(sys.argv[1], timeout=10)
n = c.execute("UPDATE games SET time_control = '60+0' WHERE id = ?", (sys.argv[2],)).rowcount
c.commit()
assert n == 1, n`, h.serverDb(), altered.id]);
    const page = await openConsole(browser, base, problems, h, 'console-altered');
    const row = await rowOf(page, 'Tampered');
    await row.locator('.badge.tampered').waitFor();
    const title = await row.locator('.badge.tampered').getAttribute('title');
    if (!/changed in the database/.test(title)) throw new Error(`the badge says: ${title}`);
    if (!(await row.textContent()).includes('altered')) throw new Error(`the row: ${await row.textContent()}`);
    const intact = await rowOf(page, 'Untouched');
    if (await intact.locator('.badge.tampered').count()) throw new Error('the other game is flagged too');
    if ((await fetch(`${base}/api/games/${other.id}`)).status !== 200) throw new Error('the other game is not served');
  }],

  // The console at a weekend open, on a phone, a laptop and a desk screen,
  // in English and in French: the round as rows (as cards on the phone,
  // with no sideways scrolling), what waits for the arbiter, a game just
  // created. The screenshots go to docs/screenshots.
  ['console: three viewports, in English and in French', async (browser, _base, problems, h) => {
    const server = await h.startServer();
    try {
      const base = server.base;
      const round = [['Carlsen', 'Nepomniachtchi'], ['Caruana', 'Ding'], ['Firouzja', 'Nakamura'], ['Vachier-Lagrave', 'Giri'], ['Rapport', 'Aronian']];
      const games = [];
      for (const [i, [white, black]] of round.entries()) {
        games.push(await h.api(base, '/api/games', { edition: i === 2 ? 'fide-2005' : 'fide-2023', time_control: i === 2 ? '5400' : '5400+30', players: { white, black }, event: 'Open de Paris', round: '5', board: String(i + 1) }));
      }
      for (const g of games.slice(0, 4)) await h.api(base, `/api/games/${g.id}/events`, { start: true }, g.tokens.arbiter);
      await h.api(base, `/api/games/${games[0].id}/events`, { move: 'e4', client_id: 'v1' }, games[0].tokens.white);
      await h.api(base, `/api/games/${games[0].id}/events`, { move: 'c5', client_id: 'v2' }, games[0].tokens.black);
      await h.api(base, `/api/games/${games[1].id}/events`, { move: 'd4', client_id: 'v3' }, games[1].tokens.white);
      await h.api(base, `/api/games/${games[3].id}/events`, { resign: true, client_id: 'v4' }, games[3].tokens.white);
      // a claim waiting for the arbiter on board 3
      await h.api(base, `/api/games/${games[2].id}/events`, { set_clocks: { white: 100, black: 3000 } }, games[2].tokens.arbiter);
      await h.api(base, `/api/games/${games[2].id}/events`, { claim: 'quickplay', client_id: 'v5' }, games[2].tokens.white);
      for (const [lang, locale] of [['en', 'en-GB'], ['fr', 'fr-FR']]) {
        for (const [width, height] of [[390, 844], [1280, 800], [1920, 1080]]) {
          const page = await openConsole(browser, base, problems, h, `console-${lang}-${width}`, { locale, viewport: { width, height }, isMobile: width < 500, hasTouch: width < 500 });
          await page.getByLabel(lang === 'fr' ? 'Jeton de l’organisateur ou de l’arbitre' : TOKEN_FIELD).fill(h.ORGANISER);
          await page.getByRole('button', { name: lang === 'fr' ? 'Ouvrir' : 'Open', exact: true }).click();
          await h.waitText(page, '#token-message', lang === 'fr' ? 'Jeton accepté' : 'Token accepted');
          await h.waitText(page, '#games', 'Rapport');
          await page.locator('#pending-list li').first().waitFor();
          await page.waitForFunction(() => /▶/.test(document.querySelector('#games').textContent));
          if (width === 1920 && lang === 'en') {
            // a game just created beside the round
            await page.getByRole('button', { name: lang === 'fr' ? '25 + 10' : '25 + 10', exact: true }).click();
            await page.getByRole('textbox', { name: lang === 'fr' ? 'Blancs' : 'White', exact: true }).fill('Gukesh');
            await page.getByRole('textbox', { name: lang === 'fr' ? 'Noirs' : 'Black', exact: true }).fill('So');
            await page.getByRole('textbox', { name: lang === 'fr' ? 'Table' : 'Board', exact: true }).fill('6');
            await page.getByRole('button', { name: lang === 'fr' ? 'Créer la partie' : 'Create the game' }).click();
            await page.locator('#link-list a').first().waitFor();
            await h.waitText(page, '#games', 'Gukesh');
          }
          const wide = await page.evaluate(() => document.documentElement.scrollWidth);
          if (wide > width) throw new Error(`${lang} ${width}: the page is ${wide} px wide`);
          if (lang === 'fr') {
            const english = await englishOn(page);
            if (english) throw new Error(`English on the French console: ${english.join(', ')}`);
          }
          await h.axe(page, `console ${lang} ${width}×${height}`, problems);
          await page.evaluate(() => window.scrollTo(0, 0));
          await h.docShot(page, `console-${lang}-${width}x${height}`);
          if (lang === 'fr' && width === 1280) await h.docShot(page, 'console-fr');
          // the round itself, on a phone
          if (width === 390) {
            await page.locator('#round').scrollIntoViewIfNeeded();
            await page.evaluate(() => document.querySelector('#round').scrollIntoView());
            await h.docShot(page, `console-${lang}-${width}x${height}-round`);
          }
          await page.context().close();
        }
      }
      // the language switch: every word follows, without a reload
      const page = await openConsole(browser, base, problems, h, 'console-switch', { locale: 'en-GB' });
      await h.signIn(page);
      await h.waitText(page, '#games', 'Rapport');
      await page.getByLabel('Language').selectOption('fr');
      await page.getByRole('button', { name: 'Créer la partie' }).waitFor();
      await page.getByRole('button', { name: 'Ajourner toutes les parties' }).waitFor();
      await h.waitText(page, '#token-message', 'Jeton accepté');
      await h.waitText(page, '#games', 'Trait aux');
      await page.getByRole('link', { name: /Lien de l’arbitre — Table 1/ }).first().waitFor();
      const english = await englishOn(page);
      if (english) throw new Error(`English left after the switch: ${english.join(', ')}`);
    } finally {
      await closeAll(browser);
      server.stop();
    }
  }],
];
