// The players' calls of the arbiter in a real browser: a round of two boards
// created and started by the organiser (the API), White of board 1 calls
// from his page (under the 2023 Laws the call stops both clocks, art.
// 6.11.2, and stays pending until the arbiter answers), Black of board 2
// calls next; the console (`/`) lists both calls oldest first, each with its
// board, its side and a link to the board; the round page shows the call on
// its board; the arbiter answers board 1's call from the game page the
// console's link opens, and the console then lists board 2's only. Every
// page is watched (harness.mjs) and checked by axe-core; controls are found
// by role and accessible name; the player's page with a pending call and
// the console's list are shot at a phone's and a desktop's size in French
// (the artifacts folder).
//
// Some things the pages do that are no failure of the scenario but may be
// worth a look (where the focus lands, a sideways scroll at a phone's
// size) are printed as "note: …" lines.

const TOKEN_FIELD = "Organiser's or arbiter's token";
const ALLOW = [
  // GET /api/game-type: absent from servers built before issue 27
  /404 GET .*\/api\/game-type/,
  /Failed to load resource: the server responded with a status of 404.*game-type/,
  // a poll of the lists the server could not answer in time (its database
  // pool timed out on a machine loaded by builds): the pages say "not live"
  // and poll again; no request this scenario makes itself
  /^503 GET .*\/api\/(games|rounds\/[^/]+)$/,
  /status of 503 \(Service Unavailable\) \(http:\/\/[^/]+\/api\/(games|rounds\/[^/]+)\)$/,
];
// a call's time of day as the page writes it (en: 03:11:26 AM, fr: 03:11:26)
const TIME = String.raw`\d\d:\d\d:\d\d(?: [AP]M)?`;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

const player = (name, rating) => ({ name, rating });

// a loaded machine (builds beside the tests) makes pages slow: every wait
// of this scenario's pages has a minute
const PATIENCE = 60000;

// one seat's page, ready (harness.mjs's openSeat, with this scenario's patience)
async function openSeat(browser, base, problems, h, game, seat, options = {}) {
  const { name = seat, ...pageOptions } = options;
  const page = await h.watchedPage(browser, name, problems, { allow: ALLOW, ...pageOptions });
  page.setDefaultTimeout(PATIENCE);
  await page.goto(`${base}/games/${game.id}#seat=${game.tokens[seat]}`);
  await page.waitForSelector('#board cg-board');
  // the stream has authenticated the seat (before that the page is a spectator's)
  await page.waitForFunction(() => document.body.dataset.seat && document.body.dataset.seat !== 'spectator');
  await page.waitForFunction(() => document.body.dataset.ready === '1');
  return page;
}

function note(text) {
  console.log(`  note: ${text}`);
}

async function openConsole(browser, base, problems, h, name, options = {}) {
  const page = await h.watchedPage(browser, name, problems, { allow: ALLOW, ...options });
  page.setDefaultTimeout(PATIENCE);
  await page.goto(`${base}/`);
  await page.waitForFunction(() => document.querySelector('#token-hint').textContent.length > 0);
  return page;
}

async function signIn(page, h, field, button, accepted) {
  await page.getByLabel(field).fill(h.ORGANISER);
  await page.getByRole('button', { name: button, exact: true }).click();
  await h.waitText(page, '#token-message', accepted, PATIENCE);
}

// the text of each item of the console's list of calls, in its order
async function listed(region) {
  return (await region.getByRole('listitem').allTextContents()).map((s) => s.replace(/\s+/g, ' ').trim());
}

// One item of the console's list of calls, read: the board it names (null
// when the item is not the call of `pair` by `side`). The console numbers a
// board by its game's place in the server's list of games (console.js
// boardOf: neither GET /api/games nor the game's state carries a round's
// board number), so the number is checked apart (boardSaid), the players
// and the side strictly.
const CALL_ITEM = {
  en: (pair, side) => new RegExp(`^Board (\\d+) · ${pair} ${side} called the arbiter at ${TIME}: the clocks are stopped Open board \\1 as arbiter$`),
  fr: (pair, side) => new RegExp(`^Table (\\d+) · ${pair} Les ${side} ont appelé l’arbitre à ${TIME}\\s:\\sles pendules sont arrêtées Ouvrir la table \\1 en tant qu’arbitre$`),
};
const BOARD_1 = 'Lindqvist, Arvo – Okafor, Ada';
const BOARD_2 = 'Brand, Tomas – Moreau, Céline';
function callOf(text, lang, pair, side) {
  const m = (text || '').match(CALL_ITEM[lang](pair, side));
  return m ? Number(m[1]) : null;
}
const wrongBoards = new Set();
function boardSaid(said, board, pair) {
  if (said !== board && !wrongBoards.has(`${said}/${board}`)) {
    wrongBoards.add(`${said}/${board}`);
    note(`DEFECT: the console names the call of ${pair} (board ${board} of the round) "board ${said}"`);
  }
}

// the clocks' texts (role timer), twice, a second and a half apart: equal
// when both stand
async function standing(page) {
  const clocks = page.getByRole('timer');
  const before = (await clocks.allTextContents()).join(' | ');
  await page.waitForTimeout(1500);
  const after = (await clocks.allTextContents()).join(' | ');
  return before === after ? before : null;
}

// where the focus is, in words (the element's role and name)
async function focused(page) {
  return page.evaluate(() => {
    const a = document.activeElement;
    if (!a || a === document.body) return 'the page body';
    return `${a.tagName.toLowerCase()}${a.id ? `#${a.id}` : ''} "${(a.getAttribute('aria-label') || a.textContent || '').trim().slice(0, 60)}"`;
  });
}

export const scenarios = [
  ['calls: players call the arbiter, the console lists the calls in order, the arbiter answers', async (browser, base, problems, h) => {
    // the round: two boards, created and started by the organiser
    const round = await h.api(base, '/api/rounds', {
      edition: 'fide-2023',
      time_control: '5400+30',
      event: 'Calls Open 2026',
      round: 3,
      pairings: {
        boards: [
          { board: 1, white: player('Lindqvist, Arvo', 2540), black: player('Okafor, Ada', 2410) },
          { board: 2, white: player('Brand, Tomas', 2305), black: player('Moreau, Céline', 2230) },
        ],
      },
    });
    const [one, two] = round.boards;
    const game = (b) => ({ id: b.game, tokens: b.tokens });
    await h.api(base, `/api/rounds/${round.id}/events`, { start: true });
    const started = await h.api(base, `/api/rounds/${round.id}`);
    if (!started.boards.every((b) => b.running === 'white')) problems.push(`after the start: ${JSON.stringify(started.boards.map((b) => b.running))}`);

    // the console, signed in with the organiser's token: no call yet
    const desk = await openConsole(browser, base, problems, h, 'console');
    await signIn(desk, h, TOKEN_FIELD, 'Open', 'Token accepted');
    const calls = desk.getByRole('region', { name: 'Calls to the arbiter' });
    await calls.getByText('No call waits for the arbiter').waitFor();
    if ((await calls.getByRole('listitem').count()) !== 0) problems.push('the console lists a call before any was made');

    // White of board 1 calls the arbiter from his page
    const white = await openSeat(browser, base, problems, h, game(one), 'white', { name: 'white-1' });
    const call = white.getByRole('button', { name: 'Call the arbiter', exact: true });
    if (!(await call.isEnabled())) problems.push('"Call the arbiter" is disabled before any call');
    await call.click();
    const pending = white.getByRole('status').filter({ hasText: 'called the arbiter' });
    await pending.waitFor();
    const said = (await pending.textContent()).trim();
    if (!new RegExp(`^White called the arbiter at ${TIME}: the clocks are stopped$`).test(said)) problems.push(`White's page says: ${said}`);
    await h.until(async () => call.isDisabled(), PATIENCE);
    const why = await call.getAttribute('title');
    if (why !== "Your call waits for the arbiter's answer") problems.push(`the disabled button says why: ${why}`);
    note(`after "Call the arbiter" the focus is on ${await focused(white)}`);
    // the clocks stopped: in the game's state and on the page
    const state1 = await h.api(base, `/api/games/${one.game}`, undefined, one.tokens.white);
    if (state1.running) problems.push(`board 1's clock still runs: ${state1.running}`);
    if (!(state1.calls?.length === 1 && state1.calls[0].side === 'white' && state1.calls[0].clocks_stopped)) problems.push(`board 1's calls: ${JSON.stringify(state1.calls)}`);
    if (!(await standing(white))) problems.push("White's clock still moves on his page after the call");
    // pressing again: nothing sent, the same call
    await call.click({ force: true, timeout: 2000 }).catch(() => {});
    const again = await h.api(base, `/api/games/${one.game}`, undefined, one.tokens.white);
    if (again.calls?.length !== 1) problems.push(`a second press made ${again.calls?.length} calls`);
    await h.axe(white, "White's page with a pending call", problems);

    // the console lists it: the board, the players, the side
    await h.until(async () => (await calls.getByRole('listitem').count()) === 1, PATIENCE);
    const first = (await listed(calls))[0];
    const said1 = callOf(first, 'en', BOARD_1, 'White');
    if (said1 === null) problems.push(`the console's call: ${first}`);
    else boardSaid(said1, 1, BOARD_1);
    if (await calls.getByText('No call waits for the arbiter').isVisible()) problems.push('the console says no call waits beside a call');

    // Black of board 2 calls next
    await h.sleep(1100); // a later second: the order is the calls' times
    const black = await openSeat(browser, base, problems, h, game(two), 'black', { name: 'black-2' });
    await black.getByRole('button', { name: 'Call the arbiter', exact: true }).click();
    await black.getByRole('status').filter({ hasText: 'Black called the arbiter at' }).waitFor();
    await h.until(async () => (await calls.getByRole('listitem').count()) === 2, PATIENCE);
    const both = await listed(calls);
    const said2 = callOf(both[1], 'en', BOARD_2, 'Black');
    if (callOf(both[0], 'en', BOARD_1, 'White') === null || said2 === null) problems.push(`the console's calls are not in the order made: ${JSON.stringify(both)}`);
    else boardSaid(said2, 2, BOARD_2);
    // each call's link opens its own board
    for (const [i, b] of [[0, one], [1, two]]) {
      const href = await calls.getByRole('listitem').nth(i).getByRole('link', { name: /^Open board \d+ as arbiter$/ }).getAttribute('href');
      if (!href.startsWith(`/games/${b.game}#`)) problems.push(`the link of the console's call ${i + 1}: ${href}`);
    }
    await h.axe(desk, 'console with two calls', problems);

    // the round page shows each board's call
    const roundPage = await h.watchedPage(browser, 'round', problems, { allow: ALLOW });
    roundPage.setDefaultTimeout(PATIENCE);
    await roundPage.goto(`${base}/rounds/${round.id}`);
    await roundPage.waitForFunction(() => document.body.dataset.ready === '1');
    const boards = roundPage.getByRole('table', { name: 'The boards' });
    await boards.getByRole('row', { name: new RegExp(`Board 1 .*White called the arbiter at ${TIME}: the clocks are stopped`) }).waitFor();
    await boards.getByRole('row', { name: /Board 2 .*Black called the arbiter at/ }).waitFor();
    await h.axe(roundPage, 'round page with two calls', problems);

    // the arbiter opens board 1 from the console's call and answers it
    const [arbiter] = await Promise.all([
      desk.context().waitForEvent('page'),
      calls.getByRole('listitem').first().getByRole('link', { name: /^Open board \d+ as arbiter$/ }).click(),
    ]);
    h.watch(arbiter, 'arbiter-1', problems, ALLOW);
    arbiter.setDefaultTimeout(PATIENCE);
    await arbiter.waitForLoadState();
    if (!arbiter.url().includes(`/games/${one.game}#`)) problems.push(`the console's link opened ${arbiter.url()}`);
    await arbiter.waitForFunction(() => document.body.dataset.ready === '1');
    const theirs = arbiter.getByRole('list', { name: 'Calls to the arbiter' });
    await theirs.getByRole('listitem').filter({ hasText: new RegExp(`White called the arbiter at ${TIME}: the clocks are stopped`) }).waitFor();
    if ((await theirs.getByRole('listitem').count()) !== 1) problems.push("the arbiter's page of board 1 lists another board's call");
    await h.axe(arbiter, "the arbiter's page with a call", problems);
    await arbiter.getByRole('button', { name: "Answer White's call", exact: true }).click();
    await theirs.waitFor({ state: 'hidden' });
    note(`after "Answer White's call" the focus is on ${await focused(arbiter)}`);
    const after = await h.api(base, `/api/games/${one.game}`, undefined, one.tokens.arbiter);
    if (after.calls?.length) problems.push(`board 1's calls after the answer: ${JSON.stringify(after.calls)}`);
    note(`after the answer board 1's clocks: ${after.running ? `${after.running}'s runs` : 'stopped'}; the arbiter's page offers ${JSON.stringify(await arbiter.locator('#arbiter-actions').getByRole('button').allTextContents())}`);

    // the console lists board 2's call only; the round page no board 1's
    await h.until(async () => (await calls.getByRole('listitem').count()) === 1, PATIENCE);
    const left = await listed(calls);
    if (callOf(left[0], 'en', BOARD_2, 'Black') === null) problems.push(`the console after the answer: ${JSON.stringify(left)}`);
    await boards.getByRole('row', { name: /Board 1 / }).filter({ hasNotText: 'called the arbiter' }).waitFor({ timeout: PATIENCE });
    // White's page: the call gone, the button back
    await pending.waitFor({ state: 'hidden' });
    await h.until(async () => call.isEnabled(), PATIENCE);
    await h.axe(desk, 'console after the answer', problems);

    // the same two in English at a desktop's size, for comparison; then the
    // English pages closed (fewer streams on a loaded machine)
    await h.shot(desk, 'calls-console-en-desktop');
    await h.shot(black, 'calls-player-en-desktop');
    for (const p of [white, black, roundPage, desk]) await p.context().close();

    // in French, at a phone's and a desktop's size (one page each, resized):
    // Black's page of board 2 with its call pending, and the console's list
    const fr = await openSeat(browser, base, problems, h, game(two), 'black', { name: 'black-2-fr', viewport: PHONE, locale: 'fr-FR' });
    const con = await openConsole(browser, base, problems, h, 'console-fr', { viewport: PHONE, locale: 'fr-FR' });
    await signIn(con, h, 'Jeton de l’organisateur ou de l’arbitre', 'Ouvrir', 'Jeton accepté');
    const appels = con.getByRole('region', { name: 'Appels à l’arbitre' });
    for (const [size, viewport] of [['phone', PHONE], ['desktop', DESKTOP]]) {
      await fr.setViewportSize(viewport);
      await fr.evaluate(() => window.scrollTo(0, 0));
      const status = fr.getByRole('status').filter({ hasText: 'ont appelé l’arbitre' });
      await status.waitFor();
      const words = (await status.textContent()).trim();
      if (!/^Les Noirs ont appelé l’arbitre à \d\d:\d\d:\d\d\s:\sles pendules sont arrêtées$/.test(words)) problems.push(`Black's page in French says: ${words}`);
      const button = fr.getByRole('button', { name: 'Appeler l’arbitre', exact: true });
      if (!(await button.isDisabled())) problems.push(`"Appeler l’arbitre" can be pressed again (${size})`);
      await h.axe(fr, `Black's page fr ${size}`, problems);
      if (await fr.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1)) note(`the player's page scrolls sideways on the ${size}`);
      const box = await status.boundingBox();
      if (box && box.y + box.height > viewport.height) note(`the pending call is below the fold on the ${size} (at y=${Math.round(box.y)} of ${viewport.height})`);
      await h.shot(fr, `calls-player-fr-${size}`);
      await fr.screenshot({ path: `${h.out}/calls-player-fr-${size}-full.png`, fullPage: true });

      await con.setViewportSize(viewport);
      await h.until(async () => (await appels.getByRole('listitem').count()) === 1, PATIENCE);
      const item = (await listed(appels))[0];
      const saidFr = callOf(item, 'fr', BOARD_2, 'Noirs');
      if (saidFr === null) problems.push(`the console's call in French: ${item}`);
      else boardSaid(saidFr, 2, BOARD_2);
      await h.axe(con, `console fr ${size}`, problems);
      if (await con.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1)) note(`the console scrolls sideways on the ${size}`);
      await appels.scrollIntoViewIfNeeded();
      await h.shot(con, `calls-console-fr-${size}`);
    }
  }],
];
