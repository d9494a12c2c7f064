// The round, live, without flooding the server: the list of games read
// every few seconds (one request, no token), each game being played
// followed on its stream (a WebSocket, no token: nothing is sent on it), its
// state read again only when something happened in it (GET, no token:
// never counted against the organiser's token's limit), a few at a time —
// but for a game of a round broadcast with a delay, which the public sees
// as it stood that long ago: its state is read with the organiser's token
// and its stream sent the token, so that the arbiter sees the present.
// The rounds' boards: each game of a round known by its round and board
// number (GET /api/rounds, then each round once: a round's boards never
// change), read again only when the list shows a game not placed yet.
const LIST_EVERY = 4000;
// a game first listed this long before the rounds were read is in no round
// (a round's games are created a moment before the round itself)
const SETTLED = 5000;
const MAX_STREAMS = 150;
const AT_ONCE = 4;

export function watchGames({ onChange, onStatus, lang, token = () => '' }) {
  let games = [];
  const states = new Map(); // id → {state, at}
  const streams = new Map(); // id → {socket, retry, delay, closed}
  const queue = new Set();
  const inFlight = new Set();
  let up = true;
  let updated = null;
  let timer = null;
  let changed = null;
  const places = new Map(); // game id → {round, board, roundId, delayed}
  const roundsRead = new Set();
  const firstSeen = new Map(); // game id → when first listed, until placed or known in no round
  let placing = null;
  let placedAt = 0;

  const notify = () => {
    clearTimeout(changed);
    changed = setTimeout(onChange, 30);
  };
  const status = (ok) => {
    up = ok;
    if (ok) updated = new Date();
    onStatus(up, updated);
  };

  // the token the games of delayed rounds were last read and followed
  // with: signed in (or out) since, they are read and followed again, so
  // that a console opened before its token was checked sees their present
  let tokenUsed = token();
  function retoken() {
    const now = token();
    if (now === tokenUsed) return;
    tokenUsed = now;
    for (const [id, place] of places) if (place.delayed) again(id);
  }

  // a game followed and read with the token as it is now: its stream
  // opened again, its state read again (after a read in flight)
  function again(id) {
    if (streams.has(id)) {
      close(id);
      follow(id);
    }
    if (states.has(id) || inFlight.has(id)) ask(id);
  }

  async function list() {
    retoken();
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
      const now = Date.now();
      for (const g of games) if (!places.has(g.id) && !firstSeen.has(g.id)) firstSeen.set(g.id, now);
      if ([...firstSeen.values()].some((at) => at !== null) && !placing && now - placedAt >= LIST_EVERY) placing = place().finally(() => (placing = null));
      notify();
    } catch {
      status(false);
      notify();
    }
  }

  // the games not placed yet looked for in the rounds not read yet
  async function place() {
    const asked = Date.now();
    placedAt = asked;
    try {
      const response = await fetch('/api/rounds');
      if (!response.ok) return;
      const rounds = (await response.json()).rounds || [];
      for (const r of rounds) {
        if (roundsRead.has(r.id)) continue;
        // with the organiser's token: the round as it is (a broadcast
        // delay would make the server replay every board)
        const bearer = token();
        const one = await fetch(`/api/rounds/${encodeURIComponent(r.id)}`, bearer ? { headers: { Authorization: `Bearer ${bearer}` } } : {});
        if (!one.ok) continue;
        const round = await one.json();
        roundsRead.add(r.id);
        const delayed = (round.broadcast_delay || 0) > 0;
        for (const b of round.boards || []) {
          places.set(b.game, { round: round.round, board: b.board, roundId: round.id, delayed });
          firstSeen.delete(b.game);
          // followed and read so far as the public sees it: again, as it is
          if (delayed) again(b.game);
        }
      }
      for (const [id, at] of firstSeen) if (at !== null && asked - at >= SETTLED) firstSeen.set(id, null);
      notify();
    } catch {
      // read again with the next list
    }
  }

  function ask(id) {
    queue.add(id);
    pump();
  }

  // one read of a game in flight at a time: a second one asked meanwhile
  // waits in the queue, so the answers come in the order they were asked
  // (two reads at once could answer out of order, and the older state,
  // shown last, would hide a start or a move until the game's next event)
  function pump() {
    while (inFlight.size < AT_ONCE) {
      const id = [...queue].find((q) => !inFlight.has(q));
      if (id === undefined) return;
      queue.delete(id);
      inFlight.add(id);
      const bearer = places.get(id)?.delayed ? token() : '';
      fetch(`/api/games/${encodeURIComponent(id)}?lang=${lang()}`, bearer ? { headers: { Authorization: `Bearer ${bearer}` } } : {})
        .then(async (r) => {
          if (r.ok) states.set(id, { state: await r.json(), at: Date.now() });
          else states.delete(id);
        })
        .catch(() => {})
        .finally(() => {
          inFlight.delete(id);
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
        // a delayed broadcast's game: the organiser's token turns the
        // stream to the present
        const bearer = places.get(id)?.delayed ? token() : '';
        if (bearer) socket.send(JSON.stringify({ token: bearer }));
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
    // a game's round and board ({round, board, roundId}), or null
    place: (id) => places.get(id) || null,
    state: (id) => states.get(id) || null,
    up: () => up,
    updated: () => updated,
    refresh: list,
    // the console's token checked or forgotten
    tokenChanged: retoken,
    refreshGame: ask,
    async refreshAll() {
      await list();
      for (const g of games) if (!g.tampered) ask(g.id);
    },
  };
}
