// A player's calls of the arbiter (`call_arbiter`), as every page says
// them: who called, at what time of day (the server's `at_ms`), and whether
// the clocks were stopped for it (the edition lets a player stop them to
// seek the arbiter's assistance: 2005 6.13b, 2023 6.11.2; online they run).
// Shared by the game page, the console and the round page.

// the time of day of a call, in the reader's language
export function callTime(call, lang) {
  const at = Number.isFinite(call.at_ms) ? new Date(call.at_ms) : null;
  return at ? at.toLocaleTimeString(lang, { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }) : '';
}

// "White called the arbiter at 10:02:15: the clocks are stopped"; on the
// caller's own page (`own`), "You called the arbiter at …"
export function callWords(t, call, sideName, { own = false } = {}) {
  const id = `ui-call-${own ? 'you-' : ''}${call.clocks_stopped ? 'stopped' : 'running'}`;
  return t(id, { side: sideName, time: callTime(call, t.lang) });
}

// every pending call of several games, oldest first: [{game, call}]
export function callsInOrder(entries) {
  const all = [];
  for (const { game, state } of entries) for (const call of state?.calls || []) all.push({ game, call });
  return all.sort((a, b) => (a.call.at_ms ?? 0) - (b.call.at_ms ?? 0));
}
