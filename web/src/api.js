// The server's API (../shared/spec/API.md): every action a POST …/events
// with a client_id, retried with the same id after a network error (the
// server applies it once); the live stream over a WebSocket, resumed after
// the last seq seen (?since) when the connection comes back.

export function newClientId() {
  if (crypto.randomUUID) return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

export async function getJson(path, token) {
  const headers = token ? { Authorization: `Bearer ${token}` } : {};
  const response = await fetch(path, { headers });
  const body = await response.json();
  if (!response.ok) throw apiError(response.status, body);
  return body;
}

function apiError(status, body) {
  const e = new Error(body?.error?.message || `HTTP ${status}`);
  e.status = status;
  e.body = body;
  return e;
}

// POSTs `body` to `path`; a network failure or a 503 is retried (same
// client_id) for up to `patience` ms.
export async function post(path, token, body, patience = 15000) {
  const deadline = Date.now() + patience;
  for (;;) {
    let response;
    try {
      response = await fetch(path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
    } catch (e) {
      if (Date.now() > deadline) throw e;
      await sleep(500);
      continue;
    }
    const answer = await response.json();
    if (response.ok) return answer;
    if (response.status === 503 && Date.now() < deadline) {
      await sleep(500);
      continue;
    }
    throw apiError(response.status, answer);
  }
}

// An event of the game: answered once on disk ({seq, accepted, decisions, game}).
// `patience`: how long a network failure or a 503 is retried (ms).
// `lang`: the reader's language, for the decisions of the answer.
export function sendEvent(id, token, action, patience = 15000, lang = '') {
  const query = lang ? `?lang=${encodeURIComponent(lang)}` : '';
  return post(`/api/games/${id}/events${query}`, token, { ...action, client_id: newClientId() }, patience);
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// The game's stream: onMessage(message) for each message, in order, none
// twice; onStatus(true|false) as the connection comes and goes. The seat's
// token, if any, authenticates the socket (the server knows the seat is
// connected). Returns a function that closes it for good.
export function follow(id, token, onMessage, onStatus) {
  let last = null;
  let socket = null;
  let closed = false;
  let delay = 250;
  let retry = null;
  let watchdog = null;
  // a connection that says nothing for 20 s (the server pings every 7 s) is
  // dead: a laptop's lid closed, a network gone without a word
  const alive = () => {
    clearTimeout(watchdog);
    watchdog = setTimeout(() => socket?.close(), 20000);
  };
  const open = () => {
    clearTimeout(retry);
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    const since = last === null ? '' : `?since=${last}`;
    socket = new WebSocket(`${scheme}://${location.host}/api/games/${id}/stream${since}`);
    socket.onopen = () => {
      delay = 250;
      if (token) socket.send(JSON.stringify({ token }));
      onStatus(true);
    };
    socket.onmessage = (m) => {
      alive();
      const message = JSON.parse(m.data);
      if (message.type === 'event') {
        if (last !== null && message.seq <= last) return;
        last = message.seq;
      } else if (message.type === 'game') {
        last = message.seq > 0 ? message.seq - 1 : last;
      }
      onMessage(message);
    };
    socket.onclose = () => {
      clearTimeout(watchdog);
      onStatus(false);
      if (closed || !navigator.onLine) return;
      retry = setTimeout(open, delay);
      delay = Math.min(delay * 2, 5000);
    };
  };
  // the network gone: say so at once; back: reconnect at once
  window.addEventListener('offline', () => socket?.close());
  window.addEventListener('online', () => {
    delay = 250;
    if (!closed && socket?.readyState !== WebSocket.OPEN) open();
  });
  open();
  return () => {
    closed = true;
    socket?.close();
  };
}
