// The server's alerts an arbiter has acknowledged, per game, kept in this
// browser (localStorage `arbitre-ack-<game id>`: a JSON array of the
// alerts' seq). The game page's arbiter panel and the console share it:
// acknowledged in one, cleared in the other (a `storage` event tells the
// other tabs).
const name = (id) => `arbitre-ack-${id}`;

export function acknowledged(id) {
  try {
    return new Set(JSON.parse(localStorage.getItem(name(id)) || '[]'));
  } catch {
    return new Set();
  }
}

export function acknowledge(id, seq) {
  const done = acknowledged(id);
  done.add(seq);
  try {
    localStorage.setItem(name(id), JSON.stringify([...done]));
  } catch {
    // a full or forbidden storage: acknowledged for this visit only
  }
}

// The game's alerts in time order, each once (by seq).
export function alertsOf(state) {
  const seen = new Set();
  return [...(state?.alerts || [])]
    .sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0) || (a.t ?? 0) - (b.t ?? 0))
    .filter((a) => {
      const k = a.seq ?? `${a.t}:${a.message}`;
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    });
}

// Calls `then(id)` when another tab acknowledges an alert of game `id`.
export function onAcknowledged(then) {
  window.addEventListener('storage', (e) => {
    if (e.key?.startsWith('arbitre-ack-')) then(e.key.slice('arbitre-ack-'.length));
  });
}
