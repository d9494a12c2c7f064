// The players' calls of the arbiter in a real browser: a round of two boards
// (boards 11 and 12 of round 3: numbers that are not the games' places in
// the server's list) created and started by the organiser (the API), White
// of board 11 calls from his page (under the 2023 Laws the call stops both
// clocks, art. 6.11.2, and stays pending until the arbiter answers), Black
// of board 12 calls next; the console (`/`) lists both calls oldest first,
// each with its round and board, its side and a link to the board, and
// counts them in its summary; the round page and the hall show the call on
// its board; the arbiter answers board 11's call from the game page the
// console's link opens (the clocks stay stopped until he restarts them, and
// the players' pages say so), and the console then lists board 12's only.
// On the players' pages: the caller's own page says "You called…" (the
// opponent's and a spectator's "White called…"), the disabled button says
// why in words, the focus never falls to the page's body, a move made while
// the call stops the clocks is refused in the call's words. Every page is
// watched (harness.mjs) and checked by axe-core; controls are found by role
// and accessible name; the player's page with a pending call (no sideways
// scroll, the call in view without scrolling on a phone), the console's
// list and the hall are shot at a phone's and a desktop's size in French
// (the artifacts folder).

const ALLOW = [
  // GET /api/game-type: absent from servers built before issue 27
  /404 GET .*\/api\/game-type/,
  /Failed to load resource: the server responded with a status of 404.*game-type/,
  // a poll of the lists the server could not answer in time (its database
  // pool timed out on a machine loaded by builds): the pages say "not live"
  // and poll again; no request this scenario makes itself
  /^503 GET .*\/api\/(games|rounds|rounds\/[^/]+)$/,
  /status of 503 \(Service Unavailable\) \(http:\/\/[^/]+\/api\/(games|rounds|rounds\/[^/]+)\)$/,
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

async function openConsole(browser, base, problems, h, name, options = {}) {
  const page = await h.openConsole(browser, base, problems, name, { allow: ALLOW, ...options });
  page.setDefaultTimeout(PATIENCE);
  return page;
}

// the text of each item of the console's list of calls, in its order
async function listed(region) {
  return (await region.getByRole('listitem').allTextContents()).map((s) => s.replace(/\s+/g, ' ').trim());
}

// One item of the console's list of calls, read: the board it names (null
// when the item is not the call of `pair` by `side` in round 3).
const CALL_ITEM = {
  en: (pair, side) => new RegExp(`^Round 3 · Board (\\d+) · ${pair} ${side} called the arbiter at ${TIME}: the clocks are stopped Open round 3, board \\1 as arbiter$`),
  fr: (pair, side) => new RegExp(`^Ronde 3 · Table (\\d+) · ${pair} Les ${side} ont appelé l’arbitre à ${TIME}\\s:\\sles pendules sont arrêtées Ouvrir la ronde 3, table \\1 en tant qu’arbitre$`),
};
const BOARD_1 = 'Lindqvist, Arvo – Okafor, Ada';
const BOARD_2 = 'Brand, Tomas – Moreau, Céline';
function callOf(text, lang, pair, side) {
  const m = (text || '').match(CALL_ITEM[lang](pair, side));
  return m ? Number(m[1]) : null;
}
function boardSaid(said, board, pair, problems) {
  if (said !== board) problems.push(`the console names the call of ${pair} (board ${board} of the round) "board ${said}"`);
}

// the console's summary line, once it counts what waits for the arbiter as `words` say
async function summarySays(page, h, words) {
  const summary = page.getByText(words);
  await h.until(async () => (await summary.count()) === 1, PATIENCE).catch(() => {});
  return (await summary.count()) === 1;
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

// whether `locator`'s element holds the focus
async function holds(locator) {
  return locator.evaluate((e) => e === document.activeElement).catch(() => false);
}

// whether the page scrolls sideways
async function sideways(page) {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
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
          { board: 11, white: player('Lindqvist, Arvo', 2540), black: player('Okafor, Ada', 2410) },
          { board: 12, white: player('Brand, Tomas', 2305), black: player('Moreau, Céline', 2230) },
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
    await h.signIn(desk, { timeout: PATIENCE });
    const calls = desk.getByRole('region', { name: 'Calls to the arbiter' });
    await calls.getByText('No call waits for the arbiter').waitFor();
    if ((await calls.getByRole('listitem').count()) !== 0) problems.push('the console lists a call before any was made');
    if (!(await summarySays(desk, h, /· 0 waiting for the arbiter$/))) problems.push(`the console's summary before any call: ${await desk.locator('#round-summary').textContent()}`);
    // each game's row names its round and board
    const table = desk.getByRole('table', { name: 'The round' });
    for (const [b, pair] of [[11, BOARD_1], [12, BOARD_2]]) {
      const row = table.getByRole('row').filter({ hasText: pair.split(' – ')[0] });
      const cell = row.getByRole('cell', { name: `Round 3 · Board ${b}`, exact: true });
      await cell.waitFor({ timeout: 15000 }).catch(() => {});
      if (!(await cell.isVisible())) problems.push(`the console's row of ${pair} (board ${b} of round 3) begins: ${await row.getByRole('cell').first().textContent()}`);
    }

    // White of board 11 calls the arbiter from his page
    const white = await openSeat(browser, base, problems, h, game(one), 'white', { name: 'white-11' });
    const call = white.getByRole('button', { name: 'Call the arbiter', exact: true });
    if (!(await call.isEnabled())) problems.push('"Call the arbiter" is disabled before any call');
    await call.focus();
    await call.press('Enter');
    const pending = white.getByRole('status').filter({ hasText: 'called the arbiter' });
    await pending.waitFor();
    const said = (await pending.textContent()).trim();
    if (!new RegExp(`^You called the arbiter at ${TIME}: the clocks are stopped$`).test(said)) problems.push(`White's own page says: ${said}`);
    await h.until(async () => call.isDisabled(), PATIENCE);
    // why it is disabled: in words beside it, and its description
    const why = white.getByText("Your call waits for the arbiter's answer", { exact: true });
    if (!(await why.isVisible())) problems.push('the disabled "Call the arbiter" does not say why in words');
    const describedBy = await call.getAttribute('aria-describedby');
    const described = describedBy ? await white.locator(`#${describedBy}`).textContent() : null;
    if (described !== "Your call waits for the arbiter's answer") problems.push(`the disabled button is described by: ${described}`);
    // the focus: on why the button is disabled, not on the page's body
    await h.until(async () => holds(why), 5000).catch(() => {});
    if (!(await holds(why))) problems.push(`after "Call the arbiter" the focus is on ${await focused(white)}`);
    // the situation says the clocks stand for the call
    const banner = white.getByRole('status', { name: 'Game situation' });
    await h.until(async () => (await banner.textContent()) === 'The clocks are stopped while the arbiter is called', PATIENCE).catch(() => {});
    if ((await banner.textContent()) !== 'The clocks are stopped while the arbiter is called') problems.push(`White's banner during his call: ${await banner.textContent()}`);
    // the clocks stopped: in the game's state and on the page
    const state1 = await h.api(base, `/api/games/${one.game}`, undefined, one.tokens.white);
    if (state1.running) problems.push(`board 11's clock still runs: ${state1.running}`);
    if (!(state1.calls?.length === 1 && state1.calls[0].side === 'white' && state1.calls[0].clocks_stopped)) problems.push(`board 11's calls: ${JSON.stringify(state1.calls)}`);
    if (!(await standing(white))) problems.push("White's clock still moves on his page after the call");
    // pressing again: nothing sent, the same call
    await call.click({ force: true, timeout: 2000 }).catch(() => {});
    const again = await h.api(base, `/api/games/${one.game}`, undefined, one.tokens.white);
    if (again.calls?.length !== 1) problems.push(`a second press made ${again.calls?.length} calls`);
    // a move meanwhile: refused in the call's words
    const field = white.getByRole('textbox', { name: 'Your move' });
    await field.fill('e4');
    await field.press('Enter');
    await h.waitText(white, '#san-error', 'Refused', PATIENCE);
    const refused = (await white.locator('#san-error').textContent()).trim();
    if (!refused.startsWith("Refused: the clocks are stopped while White's call waits for the arbiter")) problems.push(`White's move during his call: ${refused}`);
    const times = await white.locator('#player-controls').getByText(/^Refused: /).count();
    if (times !== 1) problems.push(`the refusal of White's move is said ${times} times on his page`);
    await h.axe(white, "White's page with a pending call", problems);
    // (the refused move left the focus in the move field: back on the call's words)
    await why.focus({ timeout: 5000 }).catch(() => {});

    // his opponent's page and a spectator's: "White called…"
    const opponent = await openSeat(browser, base, problems, h, game(one), 'black', { name: 'black-11' });
    const spectator = await h.watchedPage(browser, 'spectator-11', problems, { allow: ALLOW });
    spectator.setDefaultTimeout(PATIENCE);
    await spectator.goto(`${base}/games/${one.game}`);
    await spectator.waitForFunction(() => document.body.dataset.ready === '1');
    for (const [p, who] of [[opponent, "Black's page"], [spectator, "a spectator's page"]]) {
      const status = p.getByRole('status').filter({ hasText: 'called the arbiter' });
      await status.waitFor({ timeout: 15000 }).catch(() => {});
      const words = (await status.count()) ? (await status.textContent()).trim() : 'nothing of the call';
      if (!new RegExp(`^White called the arbiter at ${TIME}: the clocks are stopped$`).test(words)) problems.push(`${who} of board 11 says: ${words}`);
    }
    await spectator.context().close();

    // the console lists it: the round and board, the players, the side; its
    // summary counts it
    await h.until(async () => (await calls.getByRole('listitem').count()) === 1, PATIENCE);
    const first = (await listed(calls))[0];
    const said1 = callOf(first, 'en', BOARD_1, 'White');
    if (said1 === null) problems.push(`the console's call: ${first}`);
    else boardSaid(said1, 11, BOARD_1, problems);
    if (await calls.getByText('No call waits for the arbiter').isVisible()) problems.push('the console says no call waits beside a call');
    if (!(await summarySays(desk, h, /· 1 waiting for the arbiter$/))) problems.push(`the console's summary with a call: ${await desk.locator('#round-summary').textContent()}`);
    if (await desk.getByText('Nothing waits for the arbiter', { exact: true }).isVisible()) problems.push('the console says nothing waits for the arbiter beside a call');

    // Black of board 12 calls next
    await h.sleep(1100); // a later second: the order is the calls' times
    const black = await openSeat(browser, base, problems, h, game(two), 'black', { name: 'black-12' });
    await black.getByRole('button', { name: 'Call the arbiter', exact: true }).click();
    const own = black.getByRole('status').filter({ hasText: 'called the arbiter at' });
    await own.waitFor();
    if (!(await own.textContent()).startsWith('You called the arbiter at')) problems.push(`Black's own page says: ${await own.textContent()}`);
    await h.until(async () => (await calls.getByRole('listitem').count()) === 2, PATIENCE);
    const both = await listed(calls);
    const said2 = callOf(both[1], 'en', BOARD_2, 'Black');
    if (callOf(both[0], 'en', BOARD_1, 'White') === null || said2 === null) problems.push(`the console's calls are not in the order made: ${JSON.stringify(both)}`);
    else boardSaid(said2, 12, BOARD_2, problems);
    if (!(await summarySays(desk, h, /· 2 waiting for the arbiter$/))) problems.push(`the console's summary with two calls: ${await desk.locator('#round-summary').textContent()}`);
    // each call's link opens its own board
    for (const [i, b] of [[0, one], [1, two]]) {
      const href = await calls.getByRole('listitem').nth(i).getByRole('link', { name: /^Open round 3, board \d+ as arbiter$/ }).getAttribute('href');
      if (!href.startsWith(`/games/${b.game}#`)) problems.push(`the link of the console's call ${i + 1}: ${href}`);
    }
    await h.axe(desk, 'console with two calls', problems);

    // the round page shows each board's call
    const roundPage = await h.watchedPage(browser, 'round', problems, { allow: ALLOW });
    roundPage.setDefaultTimeout(PATIENCE);
    await roundPage.goto(`${base}/rounds/${round.id}`);
    await roundPage.waitForFunction(() => document.body.dataset.ready === '1');
    const boards = roundPage.getByRole('table', { name: 'The boards' });
    await boards.getByRole('row', { name: new RegExp(`Board 11 .*White called the arbiter at ${TIME}: the clocks are stopped`) }).waitFor();
    await boards.getByRole('row', { name: /Board 12 .*Black called the arbiter at/ }).waitFor();
    await h.axe(roundPage, 'round page with two calls', problems);

    // the hall shows them too
    const hall = await h.watchedPage(browser, 'hall', problems, { allow: ALLOW });
    hall.setDefaultTimeout(PATIENCE);
    await hall.goto(`${base}/rounds/${round.id}/hall`);
    await hall.waitForFunction(() => document.body.dataset.ready === '1');
    const hallList = hall.getByRole('list', { name: 'The boards' });
    for (const [b, side] of [[11, 'White'], [12, 'Black']]) {
      const item = hallList.getByRole('listitem', { name: new RegExp(`^Board ${b}: .*, ${side} called the arbiter$`) });
      await item.waitFor({ timeout: 15000 }).catch(() => {});
      if (!(await item.isVisible())) problems.push(`the hall does not show board ${b}'s call: ${JSON.stringify(await hallList.getByRole('listitem').evaluateAll((l) => l.map((e) => e.getAttribute('aria-label'))))}`);
      else if (!(await item.getByText(`${side} called the arbiter`, { exact: true }).isVisible())) problems.push(`the hall's board ${b} names the call but does not show it`);
    }
    await h.axe(hall, 'hall with two calls', problems);
    await h.shot(hall, 'calls-hall-en-desktop');
    await hall.context().close();

    // the arbiter opens board 11 from the console's call and answers it
    const [arbiter] = await Promise.all([
      desk.context().waitForEvent('page'),
      calls.getByRole('listitem').first().getByRole('link', { name: /^Open round 3, board \d+ as arbiter$/ }).click(),
    ]);
    h.watch(arbiter, 'arbiter-11', problems, ALLOW);
    arbiter.setDefaultTimeout(PATIENCE);
    await arbiter.waitForLoadState();
    if (!arbiter.url().includes(`/games/${one.game}#`)) problems.push(`the console's link opened ${arbiter.url()}`);
    await arbiter.waitForFunction(() => document.body.dataset.ready === '1');
    const theirs = arbiter.getByRole('list', { name: 'Calls to the arbiter' });
    await theirs.getByRole('listitem').filter({ hasText: new RegExp(`White called the arbiter at ${TIME}: the clocks are stopped`) }).waitFor();
    if ((await theirs.getByRole('listitem').count()) !== 1) problems.push("the arbiter's page of board 11 lists another board's call");
    await h.axe(arbiter, "the arbiter's page with a call", problems);
    const answer = arbiter.getByRole('button', { name: "Answer White's call", exact: true });
    await answer.focus();
    await answer.press('Enter');
    await theirs.waitFor({ state: 'hidden' });
    // the focus: on what comes next, restarting the clocks
    const restart = arbiter.getByRole('button', { name: 'Restart the clocks', exact: true });
    await h.until(async () => holds(restart), 5000).catch(() => {});
    if (!(await holds(restart))) problems.push(`after "Answer White's call" the focus is on ${await focused(arbiter)}`);
    const after = await h.api(base, `/api/games/${one.game}`, undefined, one.tokens.arbiter);
    if (after.calls?.length) problems.push(`board 11's calls after the answer: ${JSON.stringify(after.calls)}`);
    if (after.running) problems.push(`board 11's clocks run after the answer: ${after.running}`);

    // the console lists board 12's call only; the round page no board 11's
    await h.until(async () => (await calls.getByRole('listitem').count()) === 1, PATIENCE);
    const left = await listed(calls);
    if (callOf(left[0], 'en', BOARD_2, 'Black') === null) problems.push(`the console after the answer: ${JSON.stringify(left)}`);
    if (!(await summarySays(desk, h, /· 1 waiting for the arbiter$/))) problems.push(`the console's summary after the answer: ${await desk.locator('#round-summary').textContent()}`);
    await boards.getByRole('row', { name: /Board 11 / }).filter({ hasNotText: 'called the arbiter' }).waitFor({ timeout: PATIENCE });
    // White's page: the call gone, the button back (and the focus on it);
    // both players told the clocks stay stopped until the arbiter restarts them
    await pending.waitFor({ state: 'hidden' });
    await h.until(async () => call.isEnabled(), PATIENCE);
    await h.until(async () => holds(call), 5000).catch(() => {});
    if (!(await holds(call))) problems.push(`after the answer White's focus is on ${await focused(white)}`);
    const stays = 'The call is answered: the clocks stay stopped until the arbiter restarts them';
    for (const [p, who] of [[white, 'White'], [opponent, 'Black']]) {
      const b = p.getByRole('status', { name: 'Game situation' });
      await h.until(async () => (await b.textContent()) === stays, PATIENCE).catch(() => {});
      if ((await b.textContent()) !== stays) problems.push(`${who}'s banner after the answer: ${await b.textContent()}`);
    }
    await h.axe(white, "White's page after the answer", problems);
    await h.shot(white, 'calls-answered-en-desktop');
    // the arbiter restarts them: play goes on
    await restart.click();
    await h.until(async () => (await white.getByRole('status', { name: 'Game situation' }).textContent()) === 'Your move (White)', PATIENCE).catch(() => {});
    const going = await white.getByRole('status', { name: 'Game situation' }).textContent();
    if (going !== 'Your move (White)') problems.push(`White's banner after the restart: ${going}`);
    await h.axe(desk, 'console after the answer', problems);

    // the same two in English at a desktop's size, for comparison; then the
    // English pages closed (fewer streams on a loaded machine)
    await h.shot(desk, 'calls-console-en-desktop');
    await h.shot(black, 'calls-player-en-desktop');
    for (const p of [white, opponent, black, roundPage, desk]) await p.context().close();

    // the refusal in French (the server's words, in the reader's language)
    const fr = await h.apiRaw(base, `/api/games/${two.game}/events?lang=fr`, { move: 'e4' }, two.tokens.white);
    const frWhy = (fr.body.decisions || []).map((d) => d.message).join(' · ');
    if (fr.body.accepted !== false || !frWhy.startsWith('Refusé : les pendules sont arrêtées tant que l’appel des Noirs attend l’arbitre')) problems.push(`a move during Black's call, in French: ${JSON.stringify(fr.body)}`);

    // in French, at a phone's and a desktop's size (one page each, resized):
    // Black's page of board 12 with its call pending, the console's list,
    // the hall
    const page = await openSeat(browser, base, problems, h, game(two), 'black', { name: 'black-12-fr', viewport: PHONE, locale: 'fr-FR' });
    const con = await openConsole(browser, base, problems, h, 'console-fr', { viewport: PHONE, locale: 'fr-FR' });
    await h.signIn(con, { field: 'Jeton de l’organisateur ou de l’arbitre', button: 'Ouvrir', accepted: 'Jeton accepté', timeout: PATIENCE });
    const appels = con.getByRole('region', { name: 'Appels à l’arbitre' });
    const salle = await h.watchedPage(browser, 'hall-fr', problems, { allow: ALLOW, viewport: PHONE, locale: 'fr-FR' });
    salle.setDefaultTimeout(PATIENCE);
    await salle.goto(`${base}/rounds/${round.id}/hall`);
    await salle.waitForFunction(() => document.body.dataset.ready === '1');
    for (const [size, viewport] of [['phone', PHONE], ['desktop', DESKTOP]]) {
      await page.setViewportSize(viewport);
      await page.evaluate(() => window.scrollTo(0, 0));
      const status = page.getByRole('status').filter({ hasText: 'appelé l’arbitre' });
      await status.waitFor();
      const words = (await status.textContent()).trim();
      if (!/^Vous avez appelé l’arbitre à \d\d:\d\d:\d\d\s:\sles pendules sont arrêtées$/.test(words)) problems.push(`Black's page in French says: ${words}`);
      const button = page.getByRole('button', { name: 'Appeler l’arbitre', exact: true });
      if (!(await button.isDisabled())) problems.push(`"Appeler l’arbitre" can be pressed again (${size})`);
      if (!(await page.getByText('Votre appel attend la réponse de l’arbitre', { exact: true }).isVisible())) problems.push(`the disabled button does not say why in French (${size})`);
      const situation = await page.getByRole('status', { name: 'Situation de la partie' }).textContent();
      if (situation !== 'Les pendules sont arrêtées pendant l’appel à l’arbitre') problems.push(`Black's banner in French: ${situation}`);
      await h.axe(page, `Black's page fr ${size}`, problems);
      if (await sideways(page)) problems.push(`the player's page scrolls sideways on the ${size}: ${await page.evaluate(() => document.documentElement.scrollWidth)} px wide`);
      const box = await status.boundingBox();
      if (!box || box.y < 0 || box.y + box.height > viewport.height) problems.push(`the pending call is not in view on the ${size} (${JSON.stringify(box)} of ${viewport.height})`);
      await h.shot(page, `calls-player-fr-${size}`);
      await page.screenshot({ path: `${h.out}/calls-player-fr-${size}-full.png`, fullPage: true });

      await con.setViewportSize(viewport);
      await h.until(async () => (await appels.getByRole('listitem').count()) === 1, PATIENCE);
      const item = (await listed(appels))[0];
      const saidFr = callOf(item, 'fr', BOARD_2, 'Noirs');
      if (saidFr === null) problems.push(`the console's call in French: ${item}`);
      else boardSaid(saidFr, 12, BOARD_2, problems);
      if (!(await summarySays(con, h, /· 1 en attente de l’arbitre$/))) problems.push(`the console's summary in French: ${await con.locator('#round-summary').textContent()}`);
      await h.axe(con, `console fr ${size}`, problems);
      if (await sideways(con)) problems.push(`the console scrolls sideways on the ${size}`);
      await appels.scrollIntoViewIfNeeded();
      await h.shot(con, `calls-console-fr-${size}`);

      await salle.setViewportSize(viewport);
      const board12 = salle.getByRole('list', { name: 'Les échiquiers' }).getByRole('listitem', { name: /^Table 12: .*, Les Noirs ont appelé l’arbitre$/ });
      await board12.waitFor({ timeout: 15000 }).catch(() => {});
      if (!(await board12.isVisible())) problems.push(`the hall in French does not show board 12's call (${size})`);
      await h.axe(salle, `hall fr ${size}`, problems);
      if (await sideways(salle)) problems.push(`the hall scrolls sideways on the ${size}`);
      await h.shot(salle, `calls-hall-fr-${size}`);
    }
    // board 12's call answered: the scenarios after this one share the
    // server, and their consoles count the calls waiting
    const answered = await h.api(base, `/api/games/${two.game}/events`, { answer_call: { side: 'black' } }, two.tokens.arbiter);
    if (answered.accepted !== true) problems.push(`board 12's call could not be answered: ${JSON.stringify(answered)}`);
  }],

  ['calls: the console sees the present of a round broadcast with a delay', async (browser, base, problems, h) => {
    // a round the public sees 15 minutes late: the arbiter's console must
    // not (a call made now is listed now, the clocks as they are)
    const round = await h.api(base, '/api/rounds', {
      edition: 'fide-2023',
      time_control: '5400+30',
      event: 'Delayed Open 2026',
      round: 1,
      broadcast_delay: 900,
      pairings: { boards: [{ board: 1, white: player('Aalto, Eino', 2350), black: player('Berg, Ines', 2290) }] },
    });
    const [b] = round.boards;
    await h.api(base, `/api/rounds/${round.id}/events`, { start: true });
    const desk = await openConsole(browser, base, problems, h, 'console-delayed');
    // the board placed in its round (as the public sees it) before the
    // token is given: signed in, the console turns to the present
    const table = desk.getByRole('table', { name: 'The round' });
    await table.getByRole('cell', { name: 'Round 1 · Board 1', exact: true }).waitFor({ timeout: PATIENCE });
    await h.signIn(desk, { timeout: PATIENCE });
    // the call, made once the console follows the game
    await h.api(base, `/api/games/${b.game}/events`, { call_arbiter: true }, b.tokens.black);
    const calls = desk.getByRole('region', { name: 'Calls to the arbiter' });
    // this board's call (another scenario's board may call too)
    const item = calls.getByRole('listitem').filter({ hasText: /Round 1 · Board 1 · Aalto, Eino – Berg, Ines Black called the arbiter/ });
    await item.waitFor({ timeout: 20000 }).catch(() => {});
    if (!(await item.isVisible())) problems.push(`the console does not list the call of a delayed round's board: ${await calls.textContent()}`);
    if (!(await summarySays(desk, h, /· 1 waiting for the arbiter$/))) problems.push(`the console's summary with the call of a delayed round: ${await desk.locator('#round-summary').textContent()}`);
    // the public still sees the game as it stood 15 minutes ago
    const seen = await h.api(base, `/api/games/${b.game}`, undefined, null);
    if ((seen.calls || []).length !== 0 || seen.running) problems.push(`the public's view of a delayed game: calls ${JSON.stringify(seen.calls)}, running ${seen.running}`);
    if (problems.length) await h.shot(desk, 'failed-console-delayed');
    await desk.close();
  }],
];
