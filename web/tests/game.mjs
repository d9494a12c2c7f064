// The game page's scenarios (/games/{id}: a player's, the arbiter's, a
// spectator's), each finding the controls by role and accessible name, and
// running axe-core on the pages it visits. Scenarios marked [new server]
// need the server work of issue 27 (links with the arbiter's key, `present`,
// the arbiter's `{"arrive": "white"}`): against an older binary they fail
// and say which field is missing.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// ------------------------------------------------------------------ helpers

const byName = (page, role, name, exact = true) => page.getByRole(role, { name, exact });

async function banner(page, text, timeout = 10000) {
  await page.waitForFunction((x) => document.querySelector('#situation')?.textContent.includes(x), text, { timeout });
}

// the move list's text, half-move by half-move
async function movesOf(page) {
  return page.locator('#moves [data-ply]').allTextContents();
}

// a move made from the keyboard on the board's grid of squares: the piece's
// square focused, Enter, the arrows to its destination, Enter
async function keyMove(page, from, to) {
  const cell = page.getByRole('gridcell', { name: new RegExp(`^${from},`) });
  await cell.focus();
  await page.keyboard.press('Enter');
  const black = await page.evaluate(() => document.body.classList.contains('flipped'));
  const df = (to.charCodeAt(0) - from.charCodeAt(0)) * (black ? -1 : 1);
  const dr = (Number(to[1]) - Number(from[1])) * (black ? -1 : 1);
  for (let i = 0; i < Math.abs(df); i++) await page.keyboard.press(df > 0 ? 'ArrowRight' : 'ArrowLeft');
  for (let i = 0; i < Math.abs(dr); i++) await page.keyboard.press(dr > 0 ? 'ArrowUp' : 'ArrowDown');
  const focused = await page.evaluate(() => document.activeElement?.dataset?.square);
  if (focused !== to) throw new Error(`the arrows reached ${focused}, not ${to}`);
  await page.keyboard.press('Enter');
}

async function claim(page, kind, { intended, confirm = true } = {}) {
  await byName(page, 'button', 'Claim').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('What you claim').selectOption(kind);
  if (intended) await dialog.getByLabel(/The move you intend to play/).fill(intended);
  const consequence = await dialog.locator('#claim-consequence').textContent();
  if (confirm) await byName(dialog, 'button', 'Confirm the claim').click();
  return consequence;
}

async function noSidewaysScroll(page, label) {
  const [scroll, width] = await page.evaluate(() => [document.scrollingElement.scrollWidth, window.innerWidth]);
  if (scroll > width + 1) throw new Error(`${label}: the page scrolls sideways (${scroll} > ${width})`);
}

// ------------------------------------------------------------------ scenarios

export const scenarios = [
  // Two players, the arbiter and a spectator: the arbiter starts the game,
  // the players move by clicking, dragging and typing, the game ends in
  // mate, its result a banner on every page with its article; axe-core finds
  // no serious violation on any of the three roles' pages.
  ['a short game to mate', async (browser, base, problems, h) => {
    const { game, white, black, arbiter } = await h.seats(browser, base, problems, { edition: 'fide-2023', time_control: '5400+30', players: { white: 'Greco', black: 'NN' }, event: 'Browser test' }, ['white', 'black', 'arbiter'], { start: false });
    const spectator = await h.openSeat(browser, base, problems, game, 'spectator');
    await banner(white, 'has not started');
    // each role its own controls only
    if (await byName(arbiter, 'textbox', 'Your move').count()) throw new Error('the arbiter has a move field');
    if (await byName(spectator, 'button', 'Claim').count()) throw new Error('a spectator has a claim button');
    if (await byName(white, 'button', 'Start the game').count()) throw new Error('a player can start the game');
    for (const [p, who] of [[white, 'white'], [arbiter, 'arbiter'], [spectator, 'spectator']]) await h.axe(p, `${who} before the start`, problems);
    await byName(arbiter, 'button', 'Start the game').click();
    await byName(white, 'timer', "White's clock, running").waitFor();
    await banner(white, 'Your move');
    await h.clickMove(white, 'f2', 'f3');
    await h.waitPlies(black, 1);
    await black.waitForFunction(() => document.querySelector('#announce').textContent.includes('White played f3'));
    await h.dragMove(black, 'e7', 'e5');
    await h.waitPlies(white, 2);
    await h.typeMove(white, 'g4');
    await h.waitPlies(black, 3);
    // focus back in the move field after a typed move
    if (!(await white.evaluate(() => document.activeElement?.id === 'san'))) throw new Error('the focus did not return to the move field');
    await h.clickMove(black, 'd8', 'h4');
    for (const p of [white, black, arbiter, spectator]) await banner(p, '0-1');
    const text = await h.situation(white);
    if (!/Black wins/.test(text) || !/checkmate/.test(text)) throw new Error(`the result banner: ${text}`);
    const decisions = await white.locator('#decisions').textContent();
    if (!/checkmate/i.test(decisions) || !decisions.includes('[')) throw new Error(`no checkmate with its article: ${decisions}`);
    const state = await h.api(base, `/api/games/${game.id}`);
    if (state.result !== '0-1' || state.scoresheet.join(' ') !== 'f3 e5 g4 Qh4#') throw new Error(`stored: ${state.result} ${state.scoresheet}`);
    if ((await movesOf(white)).join(' ') !== 'f3 e5 g4 Qh4#') throw new Error(`the move list: ${await movesOf(white)}`);
    // stepping back through the positions: ← on the page, the first move marked
    await white.locator('body').click({ position: { x: 2, y: 2 } });
    await white.keyboard.press('ArrowLeft');
    await white.keyboard.press('ArrowLeft');
    await white.waitForFunction(() => document.querySelector('#moves [aria-current]')?.textContent === 'e5');
    await byName(white, 'button', 'Back to the game').click();
    await white.waitForFunction(() => document.querySelector('#moves [aria-current]')?.textContent === 'Qh4#');
    for (const [p, who] of [[white, 'white'], [arbiter, 'arbiter'], [spectator, 'spectator']]) await h.axe(p, `${who} finished`, problems);
    await h.docShot(white, 'game-mate-white');
  }],

  // The arbiter starts the game with White absent: White's page offers
  // "I am at the board" (with what it is for), the arbiter sees him absent
  // and records nothing; White reports himself and the game goes on.
  ['a start with a player absent, who then reports at the board', async (browser, base, problems, h) => {
    const { game, white, arbiter } = await h.seats(browser, base, problems, { edition: 'fide-2023', time_control: '5400+30', players: { white: 'Late', black: 'OnTime' }, regulations: { late_limit: 1800 } }, ['white', 'arbiter'], { start: false });
    await byName(arbiter, 'button', 'Start, White absent').click();
    const arrive = byName(white, 'button', 'I am at the board');
    await arrive.waitFor();
    const described = await arrive.getAttribute('aria-describedby');
    if (!(await white.locator(`#${described}`).textContent()).includes('Tells the arbiter')) throw new Error('"I am at the board" does not say what it is for');
    const present = await h.api(base, `/api/games/${game.id}`);
    if (present.present && present.present.white !== false) throw new Error(`[new server] White is not absent: ${JSON.stringify(present.present)}`);
    await byName(arbiter, 'button', 'Record White present').waitFor();
    await h.axe(white, 'white absent at the start', problems);
    await arrive.click();
    await arrive.waitFor({ state: 'hidden' });
    await h.typeMove(white, 'd4');
    await h.waitPlies(arbiter, 1);
  }],

  // A draw offered as the Laws ask — the move, the offer, the press — and
  // accepted: the scoresheet notes it (=); the banner says the offer.
  ['an offer between the move and the press, accepted', async (browser, base, problems, h) => {
    const { game, white, black } = await h.seats(browser, base, problems, { edition: 'fide-2023', time_control: '5400+30' }, ['white', 'black']);
    await h.clickMove(white, 'e2', 'e4');
    await h.waitPlies(black, 1);
    await h.clickMove(black, 'e7', 'e5');
    await h.waitPlies(white, 2);
    await white.getByLabel('Offer a draw with my next move').check();
    await h.clickMove(white, 'g1', 'f3');
    await banner(black, 'White offers you a draw');
    await byName(black, 'button', 'Accept the draw').click();
    for (const p of [white, black]) await banner(p, '½-½');
    const state = await h.api(base, `/api/games/${game.id}`);
    if (!state.scoresheet.includes('Nf3(=)')) throw new Error(`the offer is not on the scoresheet: ${state.scoresheet}`);
    if ((state.log || []).some((d) => d.decision === 'breach')) throw new Error(`a breach: ${JSON.stringify(state.log)}`);
  }],

  // A wrong threefold claim under the 2005 Laws (9.5b), by the move White
  // intends to play: the dialog says the penalty before it is confirmed;
  // the claimant loses half his time up to three minutes, the opponent
  // gains three, both clocks show it; White is told he now owes Nf3, and
  // plays it.
  ['a wrong claim confirmed and penalised', async (browser, base, problems, h) => {
    const { game, white, black } = await h.seats(browser, base, problems, { edition: 'fide-2005', time_control: '5400' }, ['white', 'black']);
    const consequence = await claim(white, 'threefold', { intended: 'Nf3' });
    if (!/3 min are taken from your clock and 3 min added to Black/.test(consequence) || !consequence.includes('9.5b')) throw new Error(`the consequence said: ${consequence}`);
    for (const p of [white, black]) {
      await p.waitForFunction(() => /9\.5/.test(document.querySelector('#decisions').textContent), null, { timeout: 10000 });
      await p.waitForFunction(() => /^1:33/.test(document.querySelector('#clock-black').textContent), null, { timeout: 10000 });
      await p.waitForFunction(() => /^1:2[67]/.test(document.querySelector('#clock-white').textContent), null, { timeout: 10000 });
    }
    await white.waitForFunction(() => /you must now play the move you wrote, Nf3/.test(document.querySelector('#san-help').textContent));
    if ((await white.inputValue('#san')) !== 'Nf3') throw new Error('the owed move is not in the move field');
    await h.axe(white, 'white after a wrong claim', problems);
    await white.press('#san', 'Enter');
    await h.waitPlies(black, 1);
    const state = await h.api(base, `/api/games/${game.id}`);
    if (state.scoresheet[0] !== 'Nf3') throw new Error(`stored: ${state.scoresheet}`);
  }],

  // Rapid under the 2005 Laws: a flag counts only when claimed; the page
  // tells Black he may claim it, and how; Black claims it and wins.
  ['a flag claimed in a rapid game', async (browser, base, problems, h) => {
    const { game, white, black } = await h.seats(browser, base, problems, { edition: 'fide-2005', time_control: '900' }, ['white', 'black']);
    await h.api(base, `/api/games/${game.id}/events`, { set_clocks: { white: 1.5, black: 900 } }, game.tokens.arbiter);
    await h.waitText(black, '#flag', 'it counts only if you claim it', 10000);
    await h.waitText(black, '#flag', 'press “Claim”');
    await h.axe(black, 'black with a flag to claim', problems);
    await claim(black, 'flag');
    for (const p of [white, black]) await banner(p, '0-1');
  }],

  // Blitz under the 2005 Laws: an illegal move made on a board (an e-board
  // sends it; the page never sends a move it knows illegal) is claimed by
  // the opponent, who wins.
  ['an illegal move claimed in blitz', async (browser, base, problems, h) => {
    const { game, white, black } = await h.seats(browser, base, problems, { edition: 'fide-2005', time_control: '300' }, ['white', 'black']);
    // the page refuses it beside the field and sends nothing
    await h.typeMove(white, 'e2e5');
    await h.waitText(white, '#san-error', 'not a legal move');
    await h.typeMove(white, 'xyz');
    await h.waitText(white, '#san-error', 'cannot be read as a move');
    await h.api(base, `/api/games/${game.id}/events`, { move: 'e2e5', client_id: 'e-board-1' }, game.tokens.white);
    await h.waitPlies(black, 1);
    // a claim refused: said once, beside the buttons, cleared by the next success
    await claim(white, 'threefold');
    await h.waitText(white, '#actions-error', 'Refused');
    const said = await white.locator('#actions-error').textContent();
    if (said.match(/Refused/g).length !== 1) throw new Error(`the refusal is said twice: ${said}`);
    await byName(black, 'button', 'Claim').click();
    await black.getByRole('dialog').getByLabel('What you claim').selectOption('illegal-move');
    await h.shot(black, 'claim-dialog-black');
    await byName(black.getByRole('dialog'), 'button', 'Cancel').click();
    await claim(black, 'illegal-move');
    for (const p of [white, black]) await banner(p, '0-1');
  }],

  // A player's network goes for a while: the clocks are marked not live;
  // the opponent plays meanwhile; back online, the page shows the game as
  // it is and the player moves on.
  ['a player reconnecting mid-game', async (browser, base, problems, h) => {
    const { game, white, black } = await h.seats(browser, base, problems, { edition: 'fide-2023', time_control: '5400+30' }, ['white', 'black']);
    await h.clickMove(white, 'd2', 'd4');
    await h.waitPlies(black, 1);
    await black.context().setOffline(true);
    await h.waitText(black, '#connection', 'Not live');
    await black.getByRole('timer', { name: /not live/ }).first().waitFor();
    await h.api(base, `/api/games/${game.id}/events`, { move: 'd5', client_id: 'from-elsewhere' }, game.tokens.black);
    await h.waitPlies(white, 2);
    await h.clickMove(white, 'c2', 'c4');
    await h.waitPlies(white, 3);
    await black.context().setOffline(false);
    await h.waitText(black, '#connection', 'Live', 15000);
    await h.waitPlies(black, 3);
    await h.clickMove(black, 'e7', 'e6');
    await h.waitPlies(white, 4);
    const state = await h.api(base, `/api/games/${game.id}`);
    if (state.scoresheet.join(' ') !== 'd4 d5 c4 e6') throw new Error(`stored: ${state.scoresheet}`);
  }],

  // The server goes down while a move is on its way: the page shows it
  // pending, then, the move never acknowledged, puts the board back and
  // says so in a notice that stays.
  ['a move sent while the server is down is lost, and said so', async (browser, _base, problems, h) => {
    const server = await h.startServer();
    try {
      const base = server.base;
      const allow = [/ERR_CONNECTION_REFUSED/, /net::ERR_/, /request failed/, /Failed to load resource/];
      const { white } = await h.seats(browser, base, problems, { edition: 'fide-2023', time_control: '5400+30' }, ['white'], { allow });
      server.kill();
      await h.waitText(white, '#connection', 'Not live');
      await h.clickMove(white, 'e2', 'e4');
      await white.waitForFunction(() => document.body.classList.contains('pending'));
      await h.waitText(white, '#san-error', 'did not reach the server', 25000);
      // the board as before: the pawn on e2
      await white.waitForFunction(() => !document.body.classList.contains('pending'));
      const onE2 = await white.getByRole('gridcell', { name: /^e2, White pawn/ }).count();
      const onE4 = await white.getByRole('gridcell', { name: /^e4, White pawn/ }).count();
      if (onE2 !== 1 || onE4 !== 0) throw new Error('the board was not put back');
      await white.waitForTimeout(1500);
      await h.waitText(white, '#san-error', 'did not reach the server');
      await h.shot(white, 'move-lost-white');
    } finally {
      server.stop();
    }
  }],

  // The server killed mid-game and started again on its files: the
  // arbiter's page lists what the server did by itself (the outage, once),
  // and he acknowledges it; the acknowledgement is remembered.
  ['an outage listed once and acknowledged by the arbiter', async (browser, _base, problems, h) => {
    const first = await h.startServer();
    let second;
    try {
      const game = await h.api(first.base, '/api/games', { edition: 'fide-2023', time_control: '5400+30' });
      await h.api(first.base, `/api/games/${game.id}/events`, { start: true }, game.tokens.arbiter);
      await h.api(first.base, `/api/games/${game.id}/events`, { move: 'e4', client_id: 'o-1' }, game.tokens.white);
      first.kill();
      await h.sleep(1500);
      second = await h.startServer({ dir: first.dir });
      const state = await h.api(second.base, `/api/games/${game.id}`);
      if (!Array.isArray(state.alerts) || !state.alerts.length) throw new Error(`[new server] no alert after the outage: ${JSON.stringify(state.alerts)}`);
      const arbiter = await h.openSeat(browser, second.base, problems, game, 'arbiter');
      const ack = arbiter.getByRole('button', { name: 'Acknowledge' });
      await ack.first().waitFor();
      if ((await ack.count()) !== state.alerts.length) throw new Error(`${await ack.count()} buttons for ${state.alerts.length} alerts`);
      await h.axe(arbiter, 'arbiter with an alert', problems);
      await ack.first().click();
      await h.waitText(arbiter, '#alert-list', 'acknowledged');
      await arbiter.reload();
      await arbiter.waitForFunction(() => document.body.dataset.seat === 'arbiter' && document.body.dataset.ready === '1');
      await h.waitText(arbiter, '#alert-list', 'acknowledged');
      // a player's page shows no alert box
      const white = await h.openSeat(browser, second.base, problems, game, 'white');
      if (await white.getByRole('button', { name: 'Acknowledge' }).count()) throw new Error('a player is asked to acknowledge');
    } finally {
      second?.stop();
      first.stop();
    }
  }],

  // A whole game in French: the pages' words, the moves typed with French
  // piece letters (Fc4, Dh5, Dxf7#, lowercase cf6 where it is no pawn's
  // move), the scoresheet in French letters, the result in French.
  ['a whole game in French with French notation', async (browser, base, problems, h) => {
    const fr = { locale: 'fr-FR' };
    const { game, white, black, arbiter } = await h.seats(browser, base, problems, { edition: 'fide-2023', time_control: '5400+30', players: { white: 'Dupont', black: 'Durand' } }, ['white', 'black', 'arbiter'], fr);
    await white.waitForFunction(() => document.querySelector('#seat').textContent === 'Vous jouez les Blancs');
    await banner(white, 'À vous de jouer');
    await byName(white, 'timer', 'Pendule des Blancs, en marche').waitFor();
    await byName(white, 'status', 'Situation de la partie').waitFor();
    const typed = [[white, 'e4'], [black, 'e5'], [white, 'Fc4'], [black, 'Cc6'], [white, 'Dh5'], [black, 'cf6'], [white, 'Dxf7#']];
    for (const [i, [p, move]] of typed.entries()) {
      await byName(p, 'textbox', 'Votre coup').fill(move);
      await byName(p, 'button', 'Jouer').click();
      await h.waitPlies(p === white ? black : white, i + 1);
    }
    for (const p of [white, black, arbiter]) await banner(p, '1-0');
    const text = await h.situation(black);
    if (!/Blancs gagnent|Les Blancs/.test(text)) throw new Error(`the banner in French: ${text}`);
    if ((await movesOf(black)).join(' ') !== 'e4 e5 Fc4 Cc6 Dh5 Cf6 Dxf7#') throw new Error(`the French scoresheet: ${await movesOf(black)}`);
    const state = await h.api(base, `/api/games/${game.id}`);
    if (state.scoresheet.join(' ') !== 'e4 e5 Bc4 Nc6 Qh5 Nf6 Qxf7#') throw new Error(`stored: ${state.scoresheet}`);
    // no English left on the pages
    for (const [p, who] of [[white, 'white'], [arbiter, 'arbiter']]) {
      const words = await p.locator('body').innerText();
      for (const english of ['White', 'Black', 'Scoresheet', 'Decisions', 'Your move', 'Refused', 'Claim', 'Resign']) {
        const m = words.match(new RegExp(`.{0,40}\\b${english}\\b.{0,40}`));
        if (m) throw new Error(`${who}'s French page says "${english}": ${m[0]}`);
      }
      await h.axe(p, `${who} in French`, problems);
    }
  }],

  // A whole game from the keyboard alone on the board's squares (the
  // fool's mate), then a promotion from the keyboard, its choices named.
  ['a whole game from the keyboard', async (browser, base, problems, h) => {
    const { game, white, black } = await h.seats(browser, base, problems, { edition: 'fide-2023', time_control: '5400+30' }, ['white', 'black']);
    await keyMove(white, 'f2', 'f3');
    await h.waitPlies(black, 1);
    await keyMove(black, 'e7', 'e5');
    await h.waitPlies(white, 2);
    await keyMove(white, 'g2', 'g4');
    await h.waitPlies(black, 3);
    await keyMove(black, 'd8', 'h4');
    for (const p of [white, black]) await banner(p, '0-1');
    const state = await h.api(base, `/api/games/${game.id}`);
    if (state.scoresheet.join(' ') !== 'f3 e5 g4 Qh4#') throw new Error(`stored: ${state.scoresheet}`);
    // a promotion: the dialog's choices by their names
    const promo = await h.seats(browser, base, problems, { edition: 'fide-2023', time_control: '5400+30', start: '8/P6k/8/8/8/8/8/K7 w - - 0 1' }, ['white']);
    await keyMove(promo.white, 'a7', 'a8');
    await byName(promo.white, 'button', 'Knight').waitFor();
    await byName(promo.white, 'button', 'Queen').click();
    await h.waitPlies(promo.white, 1);
    const after = await h.api(base, `/api/games/${promo.game.id}`);
    if (after.scoresheet[0] !== 'a8=Q') throw new Error(`promotion stored: ${after.scoresheet}`);
    await h.axe(promo.white, 'white after a promotion', problems);
  }],

  // Over the board the Laws' order is move, offer, press: a player who
  // presses the clock himself offers between the two; the opponent
  // declines; the scoresheet notes (=), with no breach.
  ['the clock pressed separately, a draw offered before the press', async (browser, base, problems, h) => {
    const { game, white, black } = await h.seats(browser, base, problems, { edition: 'fide-2005', time_control: '40/5400:1800' }, ['white', 'black']);
    await h.waitText(white, '#period', 'Period 1 of 2: 40 moves in 1:30:00 · White: 40 moves to the time control');
    await white.getByLabel('Press the clock separately').check();
    await h.clickMove(white, 'e2', 'e4');
    await h.waitPlies(black, 1);
    await byName(white, 'timer', "White's clock, running").waitFor();
    await byName(white, 'button', 'Offer a draw').click();
    await byName(white, 'button', 'Press the clock').click();
    await byName(black, 'timer', "Black's clock, running").waitFor();
    // Black picks his pawn up, declines the offer, then puts the pawn
    // down: the decline redraws the page, and the pawn stays picked
    const from = await h.squareAt(black, 'e7');
    await black.mouse.click(from.x, from.y);
    await byName(black, 'button', 'Decline the draw').click();
    await h.waitText(black, '#announce', 'Black declines the draw offer');
    const to = await h.squareAt(black, 'e5');
    await black.mouse.click(to.x, to.y);
    await h.waitPlies(white, 2);
    await h.waitText(white, '#period', 'White: 39 moves to the time control');
    const state = await h.api(base, `/api/games/${game.id}`);
    if (state.scoresheet.join(' ') !== 'e4(=) e5') throw new Error(`scoresheet: ${state.scoresheet}`);
    if ((state.log || []).some((d) => d.decision === 'breach')) throw new Error(`a breach: ${JSON.stringify(state.log)}`);
    await white.reload();
    await white.waitForFunction(() => document.body.dataset.ready === '1' && document.body.dataset.seat === 'white');
    if (!(await white.getByLabel('Press the clock separately').isChecked())) throw new Error('the choice to press separately was not remembered');
  }],

  // An adjournment with the arbiter's key file (arbitre keygen): White
  // seals in the page (confirmed), the envelope's face shown to all, never
  // the move; both players report at the board; the arbiter resumes and
  // opens the envelope in his browser (another arbiter's key refused, the
  // key never sent), the game goes on to its end.
  ['an adjournment: the envelope opened with the key file', async (browser, base, problems, h) => adjournment(browser, base, problems, h, 'key')],
  ['an adjournment: the envelope opened with what the command line printed', async (browser, base, problems, h) => adjournment(browser, base, problems, h, 'printed')],

  // [new server] The adjournment out of the box: the game created with no
  // arbiter key, its arbiter's link carrying the key (kept by the page,
  // taken out of the address bar); the arbiter records White present, is
  // asked to confirm the resumption with Black absent; Black arrives after
  // it; the envelope opens in one click.
  ['a resumption with a player arriving after it', async (browser, base, problems, h) => {
    const game = await h.api(base, '/api/games', { edition: 'fide-2023', time_control: '5400+30', players: { white: 'Morphy', black: 'Anderssen' }, regulations: { late_limit: 1800 } });
    if (!game.links?.arbiter?.includes('&key=')) throw new Error(`[new server] no arbiter's link with its key: ${JSON.stringify(game.links)}`);
    await h.api(base, `/api/games/${game.id}/events`, { start: true }, game.tokens.arbiter);
    const white = await h.openSeat(browser, base, problems, game, 'white');
    const black = await h.openSeat(browser, base, problems, game, 'black');
    const arbiter = await h.openSeat(browser, base, problems, game, 'arbiter', { fragment: game.links.arbiter.slice(game.links.arbiter.indexOf('#')) });
    if (arbiter.url().includes('key=')) throw new Error('the key stays in the address bar');
    const sent = [];
    arbiter.on('request', (r) => sent.push(`${r.url()} ${r.postData() || ''}`));
    await h.clickMove(white, 'e2', 'e4');
    await h.waitPlies(black, 1);
    await h.clickMove(black, 'e7', 'e5');
    await h.waitPlies(white, 2);
    await arbiter.getByText('Adjourn the game').click();
    await arbiter.getByLabel('Resumption time').fill('2026-11-28 10:00');
    await arbiter.getByLabel('Place').fill('Salle B');
    await byName(arbiter, 'button', 'Adjourn').click();
    await banner(white, 'write your sealed move');
    await white.getByLabel('Sealed move').fill('Nf3');
    await byName(white, 'button', 'Seal the move').click();
    await byName(white, 'button', 'Seal').click();
    for (const p of [white, black, arbiter]) await banner(p, 'Salle B');
    await h.axe(arbiter, 'arbiter during the adjournment', problems);
    await h.axe(black, 'black during the adjournment', problems);
    await byName(arbiter, 'button', 'Record White present').click();
    await arbiter.waitForFunction(() => /White.*present/.test(document.querySelector('#presence').textContent));
    await byName(arbiter, 'button', 'Resume the game').click();
    const dialog = arbiter.getByRole('dialog');
    await dialog.getByText(/Black.*not recorded present/).waitFor();
    await h.shot(arbiter, 'resume-with-absent-arbiter');
    await byName(dialog, 'button', 'Resume anyway').click();
    // Black arrives after the resumption
    await byName(black, 'button', 'I am at the board').click();
    await byName(arbiter, 'button', 'Open the envelope').click();
    await h.waitPlies(black, 3);
    await h.clickMove(black, 'b8', 'c6');
    await h.waitPlies(white, 4);
    const state = await h.api(base, `/api/games/${game.id}`);
    if (state.scoresheet.slice(0, 4).join(' ') !== 'e4 e5 Nf3 Nc6') throw new Error(`stored: ${state.scoresheet}`);
    const key = game.links.arbiter.split('key=')[1];
    if (sent.some((r) => r.includes(key))) throw new Error('the key left the page');
  }],

  // The arbiter cites the articles of the game's edition, in French: the
  // fields offer the edition's own (2023 12.5 for time, 11.8 for a result);
  // 13.5, 2005's number for extra time after a disturbance, is refused on
  // the page with the nearest 2023 articles, before anything is sent; 12.5
  // gives the time; 11.8 ends the game with both players losing.
  ['the arbiter cites the edition\'s own articles', async (browser, base, problems, h) => {
    const { game, arbiter } = await h.seats(browser, base, problems, { edition: 'fide-2023', time_control: '5400+30' }, ['arbiter'], { locale: 'fr-FR' });
    await arbiter.waitForFunction(() => document.querySelectorAll('#time-articles option').length > 0);
    const offered = async (id) => arbiter.locator(`${id} option`).evaluateAll((os) => os.map((o) => o.value));
    const time = await offered('#time-articles');
    const result = await offered('#result-articles');
    if (!time.includes('12.5') || time.includes('11.8')) throw new Error(`the time articles: ${time}`);
    if (!result.includes('11.8') || result.includes('12.5')) throw new Error(`the result articles: ${result}`);
    await arbiter.getByText('Corriger le temps').click();
    await byName(arbiter, 'spinbutton', /^Secondes/, false).fill('60');
    await byName(arbiter, 'combobox', /^Article/, false).first().fill('13.5');
    await byName(arbiter, 'button', 'Appliquer').first().click();
    await arbiter.waitForFunction(() => /12\.5/.test(document.querySelector('#adjust-error').textContent));
    const said = await arbiter.locator('#adjust-error').textContent();
    if (!/ne permet pas/.test(said)) throw new Error(`the refusal is not in French: ${said}`);
    const before = await h.api(base, `/api/games/${game.id}`);
    await byName(arbiter, 'combobox', /^Article/, false).first().fill('12.5');
    await byName(arbiter, 'button', 'Appliquer').first().click();
    await arbiter.waitForFunction(() => document.querySelector('#decisions').textContent.includes('[12.5]'));
    const after = await h.api(base, `/api/games/${game.id}`);
    if (!(after.clocks.white > before.clocks.white + 55)) throw new Error(`the time was not added: ${before.clocks.white} → ${after.clocks.white}`);
    await h.axe(arbiter, 'the arbiter citing articles (fr)', problems);
    await arbiter.getByText('Prononcer un résultat').click();
    await arbiter.locator('#result-value').selectOption('-/-');
    await arbiter.locator('#result-article').fill('11.8');
    await byName(arbiter, 'button', 'Appliquer').nth(1).click();
    await byName(arbiter.getByRole('dialog'), 'button', 'Appliquer').click();
    await h.until(async () => (await h.api(base, `/api/games/${game.id}`)).result === '-/-');
  }],

  // The game page at a phone's, a laptop's and a desk's sizes, as a player
  // and as the arbiter, in English and French: no sideways scrolling, the
  // board and both clocks in view; the screenshots of docs/screenshots.
  ['the three viewports', async (browser, base, problems, h) => {
    const game = await h.api(base, '/api/games', { edition: 'fide-2023', time_control: '5400+30', players: { white: 'Carlsen, Magnus', black: 'Vachier-Lagrave, Maxime' }, event: 'Open de Paris', round: '5', board: '1' });
    await h.api(base, `/api/games/${game.id}/events`, { start: true }, game.tokens.arbiter);
    for (const [i, move] of ['e2e4', 'c7c5', 'g1f3', 'd7d6', 'd2d4', 'c5d4', 'f3d4', 'g8f6', 'b1c3'].entries()) {
      await h.api(base, `/api/games/${game.id}/events`, { move, client_id: `v-${i}` }, game.tokens[i % 2 ? 'black' : 'white']);
    }
    // Black's move, his offer, his press (the Laws' order)
    await h.api(base, `/api/games/${game.id}/events`, { move: 'a7a6', press: false, client_id: 'v-a6' }, game.tokens.black);
    await h.api(base, `/api/games/${game.id}/events`, { offer_draw: true, client_id: 'v-offer' }, game.tokens.black);
    await h.api(base, `/api/games/${game.id}/events`, { press: true, client_id: 'v-press' }, game.tokens.black);
    const sizes = [['390', { width: 390, height: 844 }, { isMobile: true, hasTouch: true, deviceScaleFactor: 2 }], ['1280', { width: 1280, height: 800 }, {}], ['1920', { width: 1920, height: 1080 }, {}]];
    for (const [name, viewport, extra] of sizes) {
      for (const [seat, lang] of [['white', 'en-GB'], ['white', 'fr-FR'], ['arbiter', 'en-GB'], ['arbiter', 'fr-FR']]) {
        const p = await h.openSeat(browser, base, problems, game, seat, { viewport, locale: lang, ...extra });
        await noSidewaysScroll(p, `${seat} at ${name}`);
        // the board and both clocks in the first screen, on a player's page
        // and on the arbiter's beside the board (on a phone his tools follow)
        if (seat === 'white' || name !== '390') {
          for (const sel of ['#board', '#clock-white', '#clock-black']) {
            const box = await p.locator(sel).boundingBox();
            if (!box || box.y + box.height > viewport.height + 1 || box.x + box.width > viewport.width + 1) throw new Error(`${sel} is not in view at ${name}: ${JSON.stringify(box)}`);
          }
        }
        await h.axe(p, `${seat} at ${name} (${lang})`, problems);
        await h.docShot(p, `game-${seat === 'white' ? 'player' : 'arbiter'}-${name}${lang === 'fr-FR' ? '-fr' : ''}`);
        await p.context().close();
      }
    }
    // the console page too
    const console_ = await h.watchedPage(browser, 'console', problems);
    await console_.goto(`${base}/`);
    await console_.waitForLoadState('networkidle');
    await h.axe(console_, 'console', problems);
  }],
];

// The adjournment scenarios: `how` the arbiter opens the envelope, with his
// key file in the page ('key') or with what the command line printed.
async function adjournment(browser, base, problems, h, how) {
  const keys = mkdtempSync(join(tmpdir(), 'arbitre-keys-'));
  h.run('keygen', '--out', keys);
  const pub = JSON.parse(readFileSync(join(keys, 'arbiter.pub'), 'utf8'));
  const { game, white, black, arbiter } = await h.seats(browser, base, problems, {
    edition: 'fide-2023', time_control: '5400+30', arbiter_key: pub.hpke_public_key, players: { white: 'Morphy', black: 'Anderssen' },
  });
  const sent = [];
  arbiter.on('request', (r) => sent.push(`${r.url()} ${r.postData() || ''}`));
  await h.clickMove(white, 'e2', 'e4');
  await h.waitPlies(black, 1);
  await h.clickMove(black, 'e7', 'e5');
  await h.waitPlies(white, 2);
  await arbiter.getByText('Adjourn the game').click();
  // required fields: a resumption time is there by default; the place asked
  await arbiter.getByLabel('Place').fill('');
  await byName(arbiter, 'button', 'Adjourn').click();
  await h.waitText(arbiter, '#adjourn-error', 'Fill in the fields marked *');
  await arbiter.getByLabel('Resumption time').fill('2026-11-25 10:00');
  await arbiter.getByLabel('Place').fill('Salle B');
  await byName(arbiter, 'button', 'Adjourn').click();
  await banner(white, 'write your sealed move');
  // no seal form for the player who does not seal, no envelope forms yet
  if (await black.getByLabel('Sealed move').isVisible()) throw new Error('Black is asked to seal');
  if (await arbiter.locator('#open-box:not([hidden])').count()) throw new Error('the envelope forms are shown before an envelope waits');
  await h.shot(white, 'adjourned-white-seals');
  await white.getByLabel('Sealed move').fill('Nc3');
  await byName(white, 'button', 'Seal the move').click();
  await byName(white, 'button', 'Seal').click();
  for (const p of [white, black, arbiter]) {
    await p.waitForSelector('#envelope:not([hidden])');
    await h.waitText(p, '#envelope-fields', 'Salle B');
  }
  if ((await black.locator('body').textContent()).includes('Nc3')) throw new Error('the sealed move is shown');
  const before = (await h.api(base, `/api/games/${game.id}`)).seq;
  for (const p of [white, black]) await byName(p, 'button', 'I am at the board').click();
  await h.until(async () => (await h.api(base, `/api/games/${game.id}`)).seq >= before + 2);
  await byName(arbiter, 'button', 'Resume the game').click();
  await arbiter.waitForSelector('#open-box:not([hidden])', { timeout: 10000 });
  if (how === 'key') {
    const other = mkdtempSync(join(tmpdir(), 'arbitre-keys-'));
    h.run('keygen', '--out', other);
    await arbiter.setInputFiles('#open-key', join(other, 'arbiter.key'));
    await byName(arbiter, 'button', 'Open with this key file').click();
    await h.waitText(arbiter, '#open-error', 'This key does not open this envelope');
    rmSync(other, { recursive: true, force: true });
    await arbiter.setInputFiles('#open-key', join(keys, 'arbiter.key'));
    await byName(arbiter, 'button', 'Open with this key file').click();
  } else {
    const envelope = await h.api(base, `/api/games/${game.id}/envelope`, null, game.tokens.arbiter);
    const file = join(keys, 'envelope.json');
    writeFileSync(file, JSON.stringify(envelope));
    const { envelope_signer: signer } = await h.api(base, '/api/health');
    const printed = h.run('envelope', 'open', file, '--key', keys, '--json', '--signer', signer).trim();
    await arbiter.fill('#open-move', printed);
    await byName(arbiter, 'button', 'Open with what was printed').click();
  }
  await h.waitPlies(black, 3);
  await h.clickMove(black, 'b8', 'c6');
  await h.waitPlies(white, 4);
  await byName(white, 'button', 'Resign').click();
  await byName(white, 'dialog', 'Resign the game?').getByRole('button', { name: 'Resign' }).click();
  for (const p of [white, black, arbiter]) await banner(p, '0-1');
  const state = await h.api(base, `/api/games/${game.id}`);
  if (state.scoresheet.slice(0, 4).join(' ') !== 'e4 e5 Nc3 Nc6') throw new Error(`stored: ${state.scoresheet}`);
  const secret = JSON.parse(readFileSync(join(keys, 'arbiter.key'), 'utf8'));
  const leaked = sent.filter((r) => r.includes(secret.hpke_secret_key) || (secret.signing_key && r.includes(secret.signing_key)));
  if (leaked.length) throw new Error(`the key file left the page: ${leaked}`);
  await h.axe(arbiter, 'arbiter after the adjournment', problems);
  rmSync(keys, { recursive: true, force: true });
}
