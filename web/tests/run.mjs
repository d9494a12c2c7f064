// The pages in a real browser: Playwright (playwright-core) driving
// Debian's Chromium, headless, against the real server binary on a free
// port and a fresh SQLite file. Each scenario fails on any console error,
// page error, failed request or error status (bar each page's explicit
// allow-list) and on any serious or critical axe-core violation of the
// pages it checks; screenshots of failures go to the artifacts folder, the
// documentation's screenshots to docs/screenshots.
//
//   node web/tests/run.mjs --bin target/checked/arbitre [--out target/web-artifacts]
//         [--chromium /usr/bin/chromium] [--only NAME] [--suite game|console|rounds|calls]
//
// The scenarios: game.mjs (the game page: players, arbiter, spectators) and
// console.mjs (the arbiter's console), rounds.mjs (the rounds' pages) and
// calls.mjs (the players' calls of the arbiter), each `export const scenarios =
// [[name, async (browser, base, problems, h) => {…}], …]`; `h` is the
// harness (harness.mjs: its members are listed at its top).
import { existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { h, args, out, opened, launch, startServer } from './harness.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const scenarios = [];
for (const file of ['game.mjs', 'console.mjs', 'rounds.mjs', 'calls.mjs']) {
  if (!existsSync(join(here, file))) continue;
  if (args.suite && !file.startsWith(args.suite)) continue;
  const module = await import(pathToFileURL(join(here, file)).href);
  scenarios.push(...module.scenarios);
}

const browser = await launch();
const server = await startServer({ main: true });
let failed = 0;
let passed = 0;
for (const [name, scenario] of scenarios) {
  if (args.only && !name.includes(args.only)) continue;
  const problems = [];
  opened.length = 0;
  const started = Date.now();
  try {
    await scenario(browser, server.base, problems, h);
    if (problems.length) throw new Error(problems.join('\n'));
    passed += 1;
    console.log(`ok   ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  } catch (e) {
    failed += 1;
    console.log(`FAIL ${name}: ${e.stack || e}`);
    // what each page showed when it failed
    for (const [who, page] of opened) {
      const said = await page.locator('#situation, #announce').allTextContents().catch(() => []);
      console.log(`  ${who} said: ${said.join(' | ')}`);
      await page.screenshot({ path: join(out, `failed-${who}.png`) }).catch(() => {});
    }
    if (problems.length) console.log(problems.join('\n'));
  } finally {
    for (const [, page] of opened) await page.context().close().catch(() => {});
  }
}
await browser.close();
if (failed) console.log(server.log());
server.stop();
console.log(`browser scenarios: ${passed} passed, ${failed} failed`);
console.log(failed ? `screenshots in ${out}` : `screenshots in ${out}`);
process.exit(failed ? 1 : 0);
