// The round, live, without flooding the server: the list of games read
// every few seconds (one request, no token), each game being played
// followed on its stream (a WebSocket, no token: nothing is sent on it), its
// state read again only when something happened in it (GET, no token:
// never counted against the organiser's token's limit), a few at a time.
const LIST_EVERY = 4000;
const MAX_STREAMS = 150;
const AT_ONCE = 4;

export function watchGames({ onChange, onStatus, lang }) {
  let games = [];
  const states = new Map(); // id → {state, at}
  const streams = new Map(); // id → {socket, retry, delay, closed}
  const queue = new Set();
  let inFlight = 0;
  let up = true;
  let updated = null;
  let timer = null;
  let changed = null;

  const notify = () => {
    clearTimeout(changed);
    changed = setTimeout(onChange, 30);
  };
  const status = (ok) => {
    up = ok;
    if (ok) updated = new Date();
    onStatus(up, updated);
  };

  async function list() {
    try {
      const response = await fetch('/api/games');
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const body = await response.json();
      const before = new Map(games.map((g) => [g.id, g]));
      games = body.games || [];
      status(true);
      for (const g of games) {
        const old = before.get(g.id);
        const live = !g.tampered && !(g.result && g.result !== '*');
        if (g.tampered) {
          states.delete(g.id);
          close(g.id);
          continue;
        }
        if (live && streams.size < MAX_STREAMS) follow(g.id);
        // read once when first seen (a finished game: its last state), and
        // again when the list shows it changed and no stream said so
        if (!states.has(g.id) && !streams.has(g.id)) ask(g.id);
        else if (old && (old.moves !== g.moves || old.state !== g.state || old.result !== g.result)) ask(g.id);
        if (!live) close(g.id);
      }
      for (const id of streams.keys()) if (!games.some((g) => g.id === id)) close(id);
      notify();
    } catch {
      status(false);
      notify();
    }
  }

  function ask(id) {
    queue.add(id);
    pump();
  }

  function pump() {
    while (inFlight < AT_ONCE && queue.size) {
      const [id] = queue;
      queue.delete(id);
      inFlight += 1;
      fetch(`/api/games/${encodeURIComponent(id)}?lang=${lang()}`)
        .then(async (r) => {
          if (r.ok) states.set(id, { state: await r.json(), at: Date.now() });
          else states.delete(id);
        })
        .catch(() => {})
        .finally(() => {
          inFlight -= 1;
          notify();
          pump();
        });
    }
  }

  function follow(id) {
    if (streams.has(id)) return;
    const entry = { socket: null, retry: null, delay: 500, closed: false, wait: null };
    streams.set(id, entry);
    const open = () => {
      if (entry.closed) return;
      const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
      const socket = new WebSocket(`${scheme}://${location.host}/api/games/${encodeURIComponent(id)}/stream`);
      entry.socket = socket;
      socket.onopen = () => {
        entry.delay = 500;
      };
      socket.onmessage = (m) => {
        let message;
        try {
          message = JSON.parse(m.data);
        } catch {
          return;
        }
        if (message.type === 'ping') return;
        // something happened (or the stream began): read the state, once
        // for a burst of events
        clearTimeout(entry.wait);
        entry.wait = setTimeout(() => ask(id), 120);
      };
      socket.onclose = () => {
        if (entry.closed) return;
        entry.retry = setTimeout(open, entry.delay);
        entry.delay = Math.min(entry.delay * 2, 10000);
      };
    };
    open();
  }

  function close(id) {
    const entry = streams.get(id);
    if (!entry) return;
    entry.closed = true;
    clearTimeout(entry.retry);
    clearTimeout(entry.wait);
    entry.socket?.close();
    streams.delete(id);
  }

  return {
    async start() {
      await list();
      timer = setInterval(list, LIST_EVERY);
    },
    stop() {
      clearInterval(timer);
      for (const id of [...streams.keys()]) close(id);
    },
    games: () => games,
    state: (id) => states.get(id) || null,
    up: () => up,
    updated: () => updated,
    refresh: list,
    refreshGame: ask,
    async refreshAll() {
      await list();
      for (const g of games) if (!g.tampered) ask(g.id);
    },
  };
}
