// The rounds' pages in a real browser: a round created from the console's
// Rounds section (a pairing PGN pasted, a TRF and its pairs), its page
// (`/rounds/{id}`: the boards by role and name, the seat links kept by the
// browser that created it, the PGN downloaded, the TRF refused while boards
// are open, then given once every board is over, two of them played on
// their players' pages) and the hall display (`/rounds/{id}/hall`), each checked by
// axe-core, and shot at a phone's and a desktop's size in French.
import { readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const TRF = readFileSync(join(here, '../../crates/pairing/tests/data/trf16-spring-open.trf'), 'utf8');
const PAIRS = '6\n1 2\n3 4\n5 6\n7 8\n9 10\n11 0\n';

const game = (board, white, black, welo, belo) => `[Event "Spring Open 2026"]
[Site "Tallinn"]
[Date "2026.04.13"]
[Round "4.${board}"]
[White "${white}"]
[Black "${black}"]
[WhiteTitle "GM"]
[WhiteElo "${welo}"]
[BlackElo "${belo}"]
[Result "*"]

*
`;
const PAIRING_PGN = `${game(1, 'Lindqvist, Arvo', 'Okafor, Ada', 2540, 2410)}\n${game(2, 'Brand, Tomas', 'Moreau, Céline', 2305, 2230)}`;

const ALLOW = [
  // the refusals the scenarios provoke: a broken PGN, the TRF while boards are open
  /400 POST .*\/api\/rounds/,
  /409 GET .*\/api\/rounds\/.*\/trf/,
  /Failed to load resource: the server responded with a status of (400|409)/,
  /404 GET .*\/api\/game-type/,
  /Failed to load resource: the server responded with a status of 404.*game-type/,
];

async function console_(browser, base, problems, h, options = {}) {
  return h.openConsole(browser, base, problems, 'console', { allow: ALLOW, ...options });
}

export const scenarios = [
  ['rounds: a round from a pairing PGN, its page, its PGN, the hall', async (browser, base, problems, h) => {
    const page = await console_(browser, base, problems, h);
    await h.signIn(page);
    const rounds = page.getByRole('region', { name: 'Rounds' });
    await rounds.getByRole('radio', { name: 'A pairing PGN' }).check();
    await rounds.getByRole('textbox', { name: 'Time control', exact: true }).fill('90 min + 30 s');
    await rounds.getByRole('textbox', { name: 'Event', exact: true }).fill('Spring Open 2026');
    await rounds.getByRole('textbox', { name: 'Round', exact: true }).fill('4');
    // a PGN the server cannot read: its message, naming the line, and nothing created
    await rounds.getByRole('textbox', { name: 'Pairing PGN' }).fill('[Round "4.1"]\n[White "A"]\n[Black "B"]\n[WhiteElo "strong"]\n[Result "*"]\n\n*\n');
    await rounds.getByRole('button', { name: 'Create the round' }).click();
    const alert = rounds.getByRole('alert');
    await alert.waitFor();
    const said = await alert.textContent();
    if (!/line/i.test(said)) problems.push(`the refusal names no line: ${said}`);
    if ((await h.api(base, '/api/rounds')).rounds.length) problems.push('a round was created from a broken PGN');
    // the right one
    await rounds.getByRole('textbox', { name: 'Pairing PGN' }).fill(PAIRING_PGN);
    await rounds.getByRole('button', { name: 'Create the round' }).click();
    await rounds.getByRole('heading', { name: 'Round 4 created: 2 boards' }).waitFor();
    await rounds.getByRole('link', { name: 'Spring Open 2026 — round 4', exact: true }).waitFor();
    await h.axe(page, 'console with a round', problems);

    await rounds.getByRole('link', { name: 'Open the round page' }).click();
    await page.waitForURL(/\/rounds\/[^/]+$/);
    await page.waitForFunction(() => document.body.dataset.ready === '1');
    const id = page.url().split('/').pop();
    await page.getByRole('heading', { level: 1, name: 'Spring Open 2026 — round 4' }).waitFor();
    const table = page.getByRole('table', { name: 'The boards' });
    await table.getByRole('row', { name: /Board 1 .*GM Lindqvist, Arvo \(2540\).*Okafor, Ada \(2410\)/ }).waitFor();
    await table.getByRole('row', { name: /Board 2 .*Brand, Tomas.*Moreau, Céline/ }).waitFor();
    // the seat links kept at creation, each to its game's seat
    const round = await h.api(base, `/api/rounds/${id}`);
    const arbiter = await table.getByRole('link', { name: "Arbiter's link — Board 2" }).getAttribute('href');
    if (!arbiter.includes(`/games/${round.boards[1].game}#seat=`)) problems.push(`the arbiter's link of board 2: ${arbiter}`);
    const white = await table.getByRole('link', { name: "White's link — Board 1" }).getAttribute('href');
    const seat = decodeURIComponent(white.split('#seat=')[1]);
    const mine = await h.api(base, `/api/games/${round.boards[0].game}`, undefined, seat);
    if (!mine) problems.push('the white link of board 1 holds no token of the game');
    // the whole round started from its page: every board's clock runs
    await page.getByRole('group', { name: 'The whole round' }).getByRole('button', { name: 'Start every board' }).click();
    await page.getByRole('status').filter({ hasText: 'Done on 2 boards' }).waitFor();
    const started = await h.api(base, `/api/rounds/${id}`);
    if (!started.boards.every((b) => b.running === 'white')) problems.push(`after the start: ${JSON.stringify(started.boards.map((b) => b.running))}`);
    // one printed sheet per board with its players' two QR codes, and the
    // arbiter's own sheet with every board's arbiter link: none on a
    // sheet left at a board
    const sheets = await page.locator('#sheets .sheet').count();
    const codes = await page.locator('#sheets svg.qr').count();
    if (sheets !== 3 || codes !== 6) problems.push(`sheets: ${sheets}, QR codes: ${codes}`);
    const onBoards = await page.locator('#sheets .sheet:not(.arbiter-sheet) .seat-arbiter').count();
    if (onBoards !== 0) problems.push(`${onBoards} arbiter links on the boards' sheets`);
    const forArbiter = await page.locator('#sheets .arbiter-sheet .seat-arbiter').count();
    if (forArbiter !== 2) problems.push(`the arbiter's sheet holds ${forArbiter} links`);
    await page.emulateMedia({ media: 'print' });
    if (!(await page.locator('#sheets .sheet').first().isVisible())) problems.push('the sheets do not print');
    if (await table.isVisible()) problems.push('the table is printed');
    await page.emulateMedia({ media: 'screen' });
    await h.axe(page, 'round page', problems);

    // the PGN, downloaded
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download the PGN' }).click()]);
    const pgn = readFileSync(await download.path(), 'utf8');
    for (const tag of ['[Round "4.1"]', '[Round "4.2"]', '[White "Lindqvist, Arvo"]', '[Black "Moreau, Céline"]']) {
      if (!pgn.includes(tag)) problems.push(`the downloaded PGN has no ${tag}: ${pgn.slice(0, 300)}`);
    }
    // a PGN round has no TRF
    if (await page.getByRole('button', { name: 'Download the TRF' }).isVisible()) problems.push('a TRF offered for a PGN round');

    // a move on board 1: the page shows it within its refresh
    const tokens = JSON.parse(await page.evaluate((id) => localStorage.getItem(`arbitre-round-${id}`), id)).boards[0].tokens;
    await h.api(base, `/api/games/${round.boards[0].game}/events`, { start: true }, tokens.arbiter);
    await h.api(base, `/api/games/${round.boards[0].game}/events`, { move: 'e4' }, tokens.white);
    await h.api(base, `/api/games/${round.boards[0].game}/events`, { resign: true }, tokens.black);
    await table.getByRole('row', { name: /Board 1 .*finished 1-0 1/ }).waitFor({ timeout: 10000 });

    // the hall
    const hall = await h.watchedPage(browser, 'hall', problems);
    await hall.goto(`${base}/rounds/${id}/hall`);
    await hall.waitForFunction(() => document.body.dataset.ready === '1');
    const list = hall.getByRole('list', { name: 'The boards' });
    await list.getByRole('listitem', { name: /Board 1: GM Lindqvist, Arvo \(2540\) – Okafor, Ada \(2410\), 1-0, 1 move/ }).waitFor();
    await list.getByRole('listitem', { name: /Board 2: .*being played, 0 moves/ }).waitFor();
    await h.axe(hall, 'hall', problems);

    // in French, at a phone's and a desktop's size
    for (const [size, viewport] of [['phone', { width: 390, height: 844 }], ['desktop', { width: 1280, height: 800 }]]) {
      const fr = await h.watchedPage(browser, `round-fr-${size}`, problems, { viewport, locale: 'fr-FR' });
      // the storage the console would have left (an empty page of the origin: nothing to abort)
      await fr.goto(`${base}/assets/ftl/fr.ftl`);
      await fr.evaluate(([token, kept]) => {
        sessionStorage.setItem('arbitre-token', token);
        localStorage.setItem('arbitre-lang', 'fr');
        localStorage.setItem(`arbitre-round-${JSON.parse(kept).id}`, kept);
      }, [h.ORGANISER, await page.evaluate((id) => localStorage.getItem(`arbitre-round-${id}`), id)]);
      await fr.goto(`${base}/`);
      await h.waitText(fr, '#token-message', 'Jeton accepté');
      await fr.getByRole('link', { name: 'Spring Open 2026 — ronde 4', exact: true }).waitFor();
      await fr.locator('#rounds').scrollIntoViewIfNeeded();
      await h.shot(fr, `rounds-console-fr-${size}`);
      await fr.goto(`${base}/rounds/${id}`);
      await fr.waitForFunction(() => document.body.dataset.ready === '1');
      await fr.getByRole('table', { name: 'Les échiquiers' }).getByRole('row', { name: /Table 1 .*terminée/ }).waitFor();
      await h.axe(fr, `round page fr ${size}`, problems);
      const wide = await fr.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
      if (wide) problems.push(`the round page scrolls sideways on the ${size}`);
      await fr.screenshot({ path: join(h.out, `round-fr-${size}.png`), fullPage: true });
      await fr.goto(`${base}/rounds/${id}/hall`);
      await fr.waitForFunction(() => document.body.dataset.ready === '1');
      await h.axe(fr, `hall fr ${size}`, problems);
      await h.shot(fr, `hall-fr-${size}`);
    }
  }],

  ['rounds: a round from a TRF and its pairs, its TRF refused while boards are open, two boards played to their ends by their players, the TRF and the PGN downloaded', async (browser, base, problems, h) => {
    const page = await console_(browser, base, problems, h);
    await h.signIn(page);
    const rounds = page.getByRole('region', { name: 'Rounds' });
    await rounds.getByRole('textbox', { name: 'Time control', exact: true }).fill('5400+30');
    await rounds.getByRole('textbox', { name: 'Event', exact: true }).fill('Spring Open 2026');
    // the files chosen, as a browser's file inputs give them
    await rounds.getByLabel('TRF file', { exact: true }).setInputFiles({ name: 'spring.trf', mimeType: 'text/plain', buffer: Buffer.from(TRF) });
    await rounds.getByLabel('Pairs file', { exact: true }).setInputFiles({ name: 'pairs.txt', mimeType: 'text/plain', buffer: Buffer.from(PAIRS) });
    await h.until(async () => (await rounds.getByRole('textbox', { name: "The round's pairs (JaVaFo form)" }).inputValue()).startsWith('6'));
    await rounds.getByRole('button', { name: 'Create the round' }).click();
    await rounds.getByRole('heading', { name: 'Round 4 created: 5 boards' }).waitFor();
    // the round's key to its envelopes, made by the server and kept nowhere
    // but here: offered for saving, and in the arbiter's links
    const [keyFile] = await Promise.all([page.waitForEvent('download'), rounds.getByRole('button', { name: "Save the arbiter's key" }).click()]);
    const key = JSON.parse(readFileSync(await keyFile.path(), 'utf8'));
    if (!key.hpke_secret_key) problems.push(`the round's key file: ${JSON.stringify(key).slice(0, 200)}`);
    await rounds.getByRole('link', { name: 'Open the round page' }).click();
    await page.waitForFunction(() => document.body.dataset.ready === '1');
    await page.getByText('Byes: ').waitFor();
    await page.getByRole('table', { name: 'The boards' }).getByRole('row', { name: /Board 5 .*Ahmadi|Board 5 / }).waitFor();
    await page.getByRole('button', { name: 'Download the TRF' }).click();
    await h.waitText(page, '#message', 'board');
    await h.axe(page, 'round page after the TRF refused', problems);

    // the round played: started from its page, two boards played to their
    // ends by their players on their own pages (a mate; a resignation
    // before any move), the three others ended by the arbiter; then the
    // TRF and the PGN downloaded
    await page.getByRole('group', { name: 'The whole round' }).getByRole('button', { name: 'Start every board' }).click();
    await page.getByRole('status').filter({ hasText: 'Done on 5 boards' }).waitFor();
    const table = page.getByRole('table', { name: 'The boards' });
    const seatPage = async (board, side) => {
      const href = await table.getByRole('link', { name: `${side}'s link — Board ${board}` }).getAttribute('href');
      const p = await h.watchedPage(browser, `${side} ${board}`, problems);
      await p.goto(new URL(href, base).href);
      await p.waitForSelector('#board cg-board');
      await p.waitForFunction(() => document.body.dataset.seat && document.body.dataset.seat !== 'spectator');
      return p;
    };
    const arbiterLink = await table.getByRole('link', { name: "Arbiter's link — Board 1" }).getAttribute('href');
    if (!/&key=[A-Za-z0-9_-]{43}$/.test(arbiterLink)) problems.push(`board 1's arbiter link carries no key: ${arbiterLink}`);
    const white1 = await seatPage(1, 'White');
    const black1 = await seatPage(1, 'Black');
    for (const [p, move, plies] of [[white1, 'f3', 1], [black1, 'e5', 2], [white1, 'g4', 3], [black1, 'Qh4#', 4]]) {
      await h.waitPlies(p, plies - 1);
      await p.getByRole('textbox', { name: 'Your move' }).fill(move);
      await p.getByRole('textbox', { name: 'Your move' }).press('Enter');
      await h.waitPlies(p, plies);
    }
    const white2 = await seatPage(2, 'White');
    await white2.getByRole('button', { name: 'Resign' }).click();
    await white2.getByRole('dialog', { name: 'Resign the game?' }).getByRole('button', { name: 'Resign' }).click();
    const round = await h.api(base, `/api/rounds/${page.url().split('/').pop()}`);
    for (const b of round.boards.slice(2)) {
      const game = b.game;
      const arbiter = JSON.parse(await page.evaluate((id) => localStorage.getItem(`arbitre-round-${id}`), round.id)).boards.find((x) => x.game === game).tokens.arbiter;
      await h.api(base, `/api/games/${game}/events`, { declare_result: { result: '1/2-1/2', article: '11.3.2.2' } }, arbiter);
    }
    await h.until(async () => (await h.api(base, `/api/rounds/${round.id}`)).boards.every((b) => b.state === 'finished'));
    const [trf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download the TRF' }).click()]);
    const text = readFileSync(await trf.path(), 'utf8');
    // each player's fourth round (columns 122–131 of his 001 line): board 1
    // a mate by Black, board 2 a resignation before any move
    const column = (rank) => {
      const line = text.split(/\r?\n/).find((l) => l.startsWith('001') && Number(l.slice(4, 8)) === rank);
      return line ? line.slice(121, 131) : `no line for ${rank}`;
    };
    for (const [rank, want] of [[1, '   2 w 0'], [2, '   1 b 1'], [3, '   4 w L'], [4, '   3 b W'], [11, '0000 - U']]) {
      if (!column(rank).startsWith(want)) problems.push(`the TRF's round 4 for player ${rank}: "${column(rank)}", expected "${want}"`);
    }
    const [pgnFile] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download the PGN' }).click()]);
    const pgn = readFileSync(await pgnFile.path(), 'utf8');
    for (const wanted of ['[Round "4.1"]', '[Result "0-1"]', 'Qh4#', '[Round "4.5"]']) {
      if (!pgn.includes(wanted)) problems.push(`the downloaded PGN has no ${wanted}`);
    }
  }],
];
