// The console's scenarios as they were before issue 27 (run by run.mjs
// only while web/tests/console.mjs, the console's own, does not exist).
import jsQR from 'jsqr';
import { execFileSync } from 'node:child_process';
import { ORGANISER, api, watchedPage, seats, waitText, shot, serverDb } from './harness.mjs';

export const scenarios = [
  // A quickplay claim (2005 10.2) waits for the arbiter: the console lists
  // it with its rulings and the arbiter rules there; a spectator reading
  // French sees the English game's decisions in French.
  ["a claim ruled from the console, read in French by a spectator", async (browser, base, problems) => {
    const { game, white } = await seats(browser, base, problems, { edition: 'fide-2005', time_control: '5400', players: { white: 'Claimant', black: 'Other' } }, ['white']);
    await api(base, `/api/games/${game.id}/events`, { set_clocks: { white: 100, black: 3000 } }, game.tokens.arbiter);
    const spectator = await watchedPage(browser, 'spectator-fr', problems, { locale: 'fr-FR' });
    await spectator.goto(`${base}/games/${game.id}`);
    await spectator.waitForFunction(() => document.body.dataset.ready === '1');
    const console_ = await watchedPage(browser, 'console', problems);
    await console_.goto(`${base}/`);
    await console_.fill('#token', ORGANISER);
    await console_.getByRole('button', { name: 'Open' }).click();
    await api(base, `/api/games/${game.id}/events`, { claim: 'quickplay', client_id: 'quickplay-1' }, game.tokens.white);
    await waitText(console_, '#pending-list', 'Claimant', 10000);
    await waitText(console_, '#pending-list', 'claims a draw');
    await shot(console_, 'console-pending-claim');
    await console_.locator(`#pending-list li[data-game="${game.id}"]`).getByRole('button', { name: 'Draw' }).click();
    for (const p of [white, spectator]) await waitText(p, '#situation', '½-½');
    // ruled: gone from the list (the other scenarios' games may wait still)
    await console_.waitForFunction((id) => !document.querySelector(`#pending-list li[data-game="${id}"]`), game.id);
    // the decisions in the reader's language, the article the edition's
    await spectator.waitForFunction(() => /nulle/i.test(document.querySelector('#decisions').textContent) && document.querySelector('#decisions').textContent.includes('10.2'));
    const english = (await api(base, `/api/games/${game.id}`)).log.map((d) => d.message).join(' ');
    const french = await spectator.locator('#decisions').textContent();
    if (french.includes(english.split(' ').slice(0, 4).join(' '))) throw new Error(`the spectator reads English: ${french}`);
    await shot(spectator, 'claim-ruled-spectator-fr');
  }],

  // The console in French: the organiser's token, a new game, its links.
  ["the console in French", async (browser, base, problems) => {
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
    await white.waitForFunction(() => document.querySelector('#situation').textContent.includes('À vous de jouer'));
    await shot(white, 'game-fr-white');
  }],

  // Someone changes a game's time control in the database behind the
  // server's back: the console lists the game as altered, with why, asks
  // nothing about it, and lists the other games as they are.
  ["a game altered in the database, on the console", async (browser, base, problems) => {
    const altered = await api(base, '/api/games', { edition: 'fide-2023', time_control: '5400+30', players: { white: 'Tampered', black: 'Board' } });
    const other = await api(base, '/api/games', { edition: 'fide-2023', time_control: '5400+30', players: { white: 'Untouched', black: 'Neighbour' } });
    execFileSync('python3', ['-c', `import sqlite3, sys
c = sqlite3.connect(sys.argv[1], timeout=10)
n = c.execute("UPDATE games SET time_control = '60+0' WHERE id = ?", (sys.argv[2],)).rowcount
c.commit()
assert n == 1, n`, serverDb(), altered.id]);
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
  }],
];
