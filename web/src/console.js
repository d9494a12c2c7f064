// `/`: the arbiter's console — the round as rows (board, players, state,
// clocks, what waits for the arbiter), new games with their seat links and
// QR codes, the round's actions (start, adjourn, PGN).
//
// What this browser keeps: the organiser's token for the session
// (sessionStorage, sent only as a Bearer header or in a link's fragment);
// for each game created here its seat links (localStorage
// `arbitre-links-<id>`) and, when the server made the arbiter's key pair,
// the key (`arbitre-key-<id>`, base64url as in the arbiter's link), so that
// the arbiter's page opened from this browser opens the envelope.
import { chosenLanguage, translator, translate, languageSwitch } from './i18n.js';
import { pending } from './rulings.js';
import { callWords, callsInOrder } from './calls.js';
import { readTimeControl, describe, parsePgn } from './timecontrol.js';
import { watchGames } from './console-live.js';
import { acknowledged, acknowledge, alertsOf, onAcknowledged } from './acknowledged.js';
import { qr as qrCode, download } from './qr.js';
import { roundsSection } from './console-rounds.js';

const $ = (sel) => document.querySelector(sel);
const TOKEN = 'arbitre-token';
let t;

// ------------------------------------------------------------------ requests

function newClientId() {
  if (crypto.randomUUID) return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

class ApiError extends Error {
  constructor(status, body) {
    super(body?.error?.message || `HTTP ${status}`);
    this.status = status;
    this.body = body;
    this.path = body?.error?.path || null;
    this.code = body?.error?.code || null;
  }
}

async function request(method, path, body, token = currentToken()) {
  const headers = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  for (let attempt = 0; ; attempt++) {
    let response;
    try {
      response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    } catch (e) {
      // the network: an event is retried with the same client_id (applied once)
      if (attempt < 6 && body?.client_id) {
        await sleep(500 * (attempt + 1));
        continue;
      }
      throw e;
    }
    const answer = await response.json().catch(() => null);
    if (response.ok) return answer;
    // too many requests for this token, a server restarting: wait and retry
    if ((response.status === 429 || response.status === 503) && attempt < 6) {
      await sleep(700 * (attempt + 1));
      continue;
    }
    throw new ApiError(response.status, answer);
  }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const getJson = (path, token = null) => request('GET', path, undefined, token);
const event = (id, action) => request('POST', `/api/games/${encodeURIComponent(id)}/events?lang=${t.lang}`, { ...action, client_id: newClientId() });

// ------------------------------------------------------------------ the token

function currentToken() {
  return sessionStorage.getItem(TOKEN) || '';
}

let tokenState = 'none'; // none | checking | ok | wrong | seat

function tokenMessage(key, kind) {
  const el = $('#token-message');
  el.dataset.key = key || '';
  el.textContent = key ? t(key) : '';
  el.className = `message ${kind || ''}`;
  const wrong = kind === 'error';
  $('#token').setAttribute('aria-invalid', String(wrong));
  $('#token-form').classList.toggle('accepted', kind === 'ok');
}

// Whose `token` is, as the server says it: `GET /api/games` with the token
// answers `you` ("organiser", or a seat of one game) and 401 for a token it
// does not know; nothing is written. Only this request carries the token;
// the live list is read without it.
async function checkToken(token) {
  try {
    const listed = await getJson('/api/games', token);
    if (listed.you === 'organiser') return 'ok';
    if (listed.you?.seat === 'arbiter') return 'arbiter';
    if (listed.you) return 'seat';
    // a server that does not say whose a token is: the first action will
    return 'ok';
  } catch (e) {
    if (e.status === 401) return 'wrong';
    throw e;
  }
}

async function openWithToken(e) {
  e?.preventDefault();
  const token = $('#token').value.trim();
  if (!token) {
    tokenMessage('ui-console-token-empty', 'error');
    $('#token').focus();
    return;
  }
  tokenState = 'checking';
  tokenMessage('ui-console-token-checking', '');
  let answer;
  try {
    answer = await checkToken(token);
  } catch (err) {
    // the server unreachable: said, the token kept in the field to try again
    tokenState = 'none';
    tokenMessage('ui-console-token-unchecked', 'error');
    render();
    return;
  }
  tokenState = answer;
  // the delayed rounds' games, read so far as the public sees them
  live?.tokenChanged();
  if (answer === 'ok') {
    sessionStorage.setItem(TOKEN, token);
    tokenMessage('ui-console-token-ok', 'ok');
    $('#token-forget').hidden = false;
  } else {
    sessionStorage.removeItem(TOKEN);
    tokenMessage({ seat: 'ui-console-token-seat', arbiter: 'ui-console-token-arbiter' }[answer] || 'ui-console-token-wrong', 'error');
    $('#token').focus();
    $('#token').select();
  }
  render();
}

function forgetToken() {
  sessionStorage.removeItem(TOKEN);
  tokenState = 'none';
  live?.tokenChanged();
  $('#token').value = '';
  $('#token-forget').hidden = true;
  tokenMessage('ui-console-token-forgotten', '');
  render();
}

function needToken() {
  if (currentToken() && tokenState === 'ok') return false;
  tokenMessage('ui-console-token-needed', 'error');
  $('#token').focus();
  return true;
}

// ------------------------------------------------------------------ time controls

const PRESETS = [
  ['classical', ['5400+30', '40/7200:3600', '40/5400+30:1800+30']],
  ['rapid', ['900+10', '1500+10', '600+5']],
  ['blitz', ['180+2', '300+3']],
];

// "90 + 30", "40/120 + 60": the short form arbiters say
function shortForm(pgn) {
  const periods = parsePgn(pgn);
  const m = (s) => String(s / 60);
  if (periods.length === 1 && !periods[0].moves) return `${m(periods[0].seconds)} + ${periods[0].bonus}`;
  const [a, b] = periods;
  return `${a.moves}/${m(a.seconds)} + ${m(b.seconds)}${b.bonus ? ` + ${b.bonus} s` : ''}`;
}

function drawPresets() {
  $('#presets').replaceChildren(...PRESETS.map(([kind, pgns]) => {
    const row = document.createElement('div');
    row.className = 'preset-row';
    row.setAttribute('role', 'group');
    const name = document.createElement('span');
    name.className = 'preset-kind';
    name.id = `preset-${kind}`;
    name.textContent = t(`ui-console-tc-${kind}`);
    row.setAttribute('aria-labelledby', name.id);
    const chips = document.createElement('div');
    chips.className = 'chips';
    row.append(name, chips);
    chips.append(...pgns.map((pgn) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'chip';
      b.dataset.pgn = pgn;
      b.textContent = shortForm(pgn);
      b.title = describe(parsePgn(pgn), t);
      b.onclick = () => {
        $('#time-control').value = describe(parsePgn(pgn), t);
        timeControlChanged();
      };
      return b;
    }));
    return row;
  }));
}

let reading = null;
let typeAsked = 0;

function timeControlChanged(fromSimple = false) {
  const text = $('#time-control').value;
  reading = readTimeControl(text);
  if (!fromSimple) {
    // the simple fields follow a single period with an increment
    const p = reading.periods;
    const simple = p && p.length === 1 && !p[0].moves && p[0].kind === '+' && p[0].seconds % 60 === 0;
    $('#tc-minutes').value = simple ? p[0].seconds / 60 : '';
    $('#tc-increment').value = simple ? p[0].bonus : '';
  }
  for (const b of document.querySelectorAll('#presets .chip')) b.setAttribute('aria-pressed', String(!reading.error && b.dataset.pgn === reading.pgn));
  showReading();
  if (!reading.error) fieldError('time-control', null);
  gameType();
}

function showReading() {
  if (!reading || reading.error) {
    $('#tc-reads').textContent = reading?.error === 'unreadable' ? t('ui-console-tc-unreadable', { what: $('#time-control').value.trim() }) : '–';
    $('#tc-pgn').textContent = '–';
    $('#tc-type').textContent = '–';
    return;
  }
  $('#tc-reads').textContent = describe(reading.periods, t);
  $('#tc-pgn').textContent = reading.pgn;
}

function simpleChanged() {
  const minutes = Number($('#tc-minutes').value);
  const increment = Number($('#tc-increment').value || 0);
  if (!minutes || minutes < 0 || increment < 0) return;
  $('#time-control').value = increment ? `${minutes} min + ${increment} s` : `${minutes} min`;
  timeControlChanged(true);
}

// The game type under the edition (standard, rapid, blitz: the flag rules
// change with it), asked of the server; nothing shown if it cannot say.
let typeTimer = null;
function gameType() {
  clearTimeout(typeTimer);
  const asked = ++typeAsked;
  if (!reading || reading.error || reading.pgn === '-' || !gameTypeAvailable) {
    $('#tc-type').textContent = '–';
    return;
  }
  $('#tc-type').textContent = '…';
  typeTimer = setTimeout(async () => {
    const edition = $('#edition').value;
    try {
      const answer = await getJson(`/api/game-type?edition=${encodeURIComponent(edition)}&time_control=${encodeURIComponent(reading.pgn)}&lang=${t.lang}`);
      if (asked !== typeAsked) return;
      const type = t(`game-type-${answer.game_type}`);
      const where = [t(`edition-${edition}`), answer.article].filter(Boolean).join(', ');
      $('#tc-type').textContent = `${type.charAt(0).toUpperCase()}${type.slice(1)} (${where})`;
    } catch (e) {
      if (asked !== typeAsked) return;
      if (e.status === 404 || e.status === 405) gameTypeAvailable = false;
      $('#tc-type').textContent = e.status === 400 ? e.message : '–';
    }
  }, 250);
}
let gameTypeAvailable = true;

// ------------------------------------------------------------------ the form

const FIELDS = { time_control: 'time-control', 'players.white': 'white', 'players.black': 'black', players: 'white', event: 'event', round: 'round-number', board: 'board-number', edition: 'edition' };

function fieldError(id, message) {
  const input = document.getElementById(id);
  const error = document.getElementById(`${id}-error`);
  if (!input) return;
  input.setAttribute('aria-invalid', String(Boolean(message)));
  if (error) {
    error.textContent = message || '';
    error.hidden = !message;
  }
}

function clearErrors(form) {
  for (const input of form.querySelectorAll('[aria-invalid]')) fieldError(input.id, null);
  const general = form.querySelector('.form-error');
  if (general) general.hidden = true;
}

let creating = false;

async function create(e) {
  e.preventDefault();
  if (creating) return;
  const form = $('#create');
  clearErrors(form);
  if (needToken()) return;
  timeControlChanged();
  if (reading.error) {
    fieldError('time-control', reading.error === 'empty' ? t('ui-console-tc-empty') : t('ui-console-tc-unreadable', { what: $('#time-control').value.trim() }));
    $('#time-control').focus();
    return;
  }
  const players = {};
  for (const side of ['white', 'black']) if ($(`#${side}`).value.trim()) players[side] = $(`#${side}`).value.trim();
  const body = { edition: $('#edition').value, time_control: reading.pgn, players };
  for (const [key, id] of [['event', 'event'], ['round', 'round-number'], ['board', 'board-number']]) {
    const v = document.getElementById(id).value.trim();
    if (v) body[key] = v;
  }
  creating = true;
  const button = form.querySelector('button[type=submit]');
  button.disabled = true;
  announce(t('ui-console-creating'));
  try {
    const created = await request('POST', `/api/games?lang=${t.lang}`, body);
    created.players = { white: players.white || '', black: players.black || '' };
    created.board = body.board || '';
    showCreated(created);
    // cleared for the next board: the players and the board; the round's
    // rules, time control, event and round stay
    for (const id of ['white', 'black', 'board-number']) document.getElementById(id).value = '';
    live?.refresh();
  } catch (err) {
    if (err.status === 401 || err.status === 403) {
      tokenState = 'wrong';
      tokenMessage(err.status === 401 ? 'ui-console-token-wrong' : 'ui-console-token-seat', 'error');
    }
    const field = FIELDS[err.path] || (err.path && FIELDS[err.path.split('.')[0]]);
    if (field) {
      fieldError(field, err.message);
      document.getElementById(field).focus();
    } else {
      const general = $('#create-error');
      general.textContent = err instanceof ApiError ? t('ui-console-refused', { what: err.message }) : t('ui-console-server-down', { what: err.message });
      general.hidden = false;
    }
    announce(t('ui-console-fix-form'));
  } finally {
    creating = false;
    button.disabled = false;
  }
}

// ------------------------------------------------------------------ a new game's links

function absolute(link) {
  return new URL(link, location.origin).href;
}

function linksOf(created) {
  const made = created.links || {};
  const seat = (s) => absolute(made[s] || `/games/${encodeURIComponent(created.id)}#seat=${encodeURIComponent(created.tokens[s])}`);
  return { white: seat('white'), black: seat('black'), arbiter: seat('arbiter') };
}

function keyOf(link) {
  const fragment = new URL(link).hash.slice(1);
  return new URLSearchParams(fragment).get('key');
}

function store(id, what) {
  try {
    localStorage.setItem(`arbitre-links-${id}`, JSON.stringify(what));
  } catch {
    // a full or forbidden storage: the links stay on the page
  }
}

function stored(id) {
  try {
    return JSON.parse(localStorage.getItem(`arbitre-links-${id}`) || 'null');
  } catch {
    return null;
  }
}

function gameName(players, board) {
  const pair = `${players?.white || t('side-white')} – ${players?.black || t('side-black')}`;
  return board ? `${boardWords(board)} · ${pair}` : pair;
}

let lastCreated = null;

function showCreated(created) {
  lastCreated = created;
  const links = linksOf(created);
  const key = keyOf(links.arbiter);
  if (key) {
    try {
      localStorage.setItem(`arbitre-key-${created.id}`, key);
    } catch {
      // kept in the link and the file only
    }
  }
  store(created.id, { links, players: created.players, board: created.board, key: Boolean(key) });
  drawCreated();
  const section = $('#links');
  section.hidden = false;
  section.focus();
  section.scrollIntoView({ block: 'start', behavior: 'smooth' });
  announce(t('ui-console-created', { what: gameName(created.players, created.board) }));
}

function drawCreated() {
  const created = lastCreated;
  if (!created) return;
  const links = linksOf(created);
  $('#created-title').textContent = t('ui-console-created', { what: gameName(created.players, created.board) });
  const warnings = [...(created.warnings || [])];
  const box = $('#created-warnings');
  box.hidden = !warnings.length;
  if (warnings.length) {
    const title = document.createElement('h4');
    title.textContent = t('ui-console-warnings');
    const list = document.createElement('ul');
    list.append(...warnings.map((w) => {
      const li = document.createElement('li');
      li.textContent = w.message || w.code;
      li.dataset.code = w.code || '';
      return li;
    }));
    box.replaceChildren(title, list);
  }
  const key = keyOf(links.arbiter);
  $('#key-box').hidden = !key;
  $('#key-kept').hidden = !(key && localStorage.getItem(`arbitre-key-${created.id}`));
  $('#key-save').hidden = !created.arbiter_key_file;
  $('#link-list').replaceChildren(
    linkItem('white', t('ui-link-white'), created.players.white || t('side-white'), links.white),
    linkItem('black', t('ui-link-black'), created.players.black || t('side-black'), links.black),
    linkItem('arbiter', t('ui-link-arbiter'), gameName(created.players, created.board), links.arbiter),
  );
}

function saveKey() {
  const created = lastCreated;
  if (!created?.arbiter_key_file) return;
  const text = typeof created.arbiter_key_file === 'string' ? created.arbiter_key_file : JSON.stringify(created.arbiter_key_file, null, 2);
  download(`arbiter-${created.id}.key`, text, 'application/json');
}

function linkItem(seat, what, name, href) {
  const label = `${what} — ${name}`;
  const li = document.createElement('li');
  li.className = `seat seat-${seat}`;
  const title = document.createElement('p');
  title.className = 'seat-title';
  const a = document.createElement('a');
  a.href = href;
  a.textContent = label;
  a.target = '_blank';
  a.rel = 'noopener';
  title.append(a);
  const url = document.createElement('p');
  url.className = 'url';
  url.textContent = href;
  const copy = document.createElement('button');
  copy.type = 'button';
  copy.className = 'copy';
  copy.textContent = t('ui-copy');
  copy.setAttribute('aria-label', t('ui-console-copy', { what: label }));
  const said = document.createElement('span');
  said.className = 'copied';
  said.setAttribute('role', 'status');
  copy.onclick = async () => {
    try {
      await navigator.clipboard.writeText(href);
      said.textContent = `✓ ${t('ui-console-copied', { what })}`;
      said.classList.remove('error');
    } catch {
      said.textContent = t('ui-console-copy-failed');
      said.classList.add('error');
      const range = document.createRange();
      range.selectNodeContents(url);
      getSelection().removeAllRanges();
      getSelection().addRange(range);
    }
    clearTimeout(copy.timer);
    copy.timer = setTimeout(() => (said.textContent = ''), 6000);
  };
  const row = document.createElement('div');
  row.className = 'inline no-print';
  row.append(copy, said);
  const figure = document.createElement('figure');
  figure.append(qrCode(href, `${t('ui-qr')} — ${label}`));
  const caption = document.createElement('figcaption');
  caption.textContent = label;
  figure.append(caption);
  li.append(title, figure, url, row);
  return li;
}

// ------------------------------------------------------------------ the round

let live = null;
let rounds = null;

function clock(seconds) {
  if (seconds === null || seconds === undefined) return '–';
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h ? `${h}:${String(m).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}` : `${m}:${String(s % 60).padStart(2, '0')}`;
}

// Each game's clocks now: as read, minus the time since for the one running.
function clocksNow(state, at) {
  if (!state?.clocks) return null;
  const elapsed = state.running && state.state === 'playing' && state.result === '*' ? (Date.now() - at) / 1000 : 0;
  const c = { ...state.clocks };
  if (state.running && typeof c[state.running] === 'number') c[state.running] = Math.max(0, c[state.running] - elapsed);
  return c;
}

function side(code) {
  return t(`side-${code}`);
}

// Where a game is played: a round's board as its round has it ({round,
// board}: console-live.js reads the rounds), else the board number given
// at its creation in this browser, else its place in the list.
function boardOf(game, index) {
  const place = live?.place(game.id);
  if (place) return { round: place.round, board: place.board };
  return stored(game.id)?.board || game.board || String(index + 1);
}

// "Round 3 · Board 12" for a round's board, "Board 4" for another game
function boardWords(board) {
  if (board && typeof board === 'object') return t('ui-console-round-board', { round: board.round ?? '?', n: board.board });
  return t('ui-console-board-n', { n: Number(board) || board });
}

// the link to a board's page as its arbiter
function openWords(board) {
  if (board && typeof board === 'object') return t('ui-console-open-round-board', { round: board.round ?? '?', n: board.board });
  return t('ui-console-open-board', { n: board });
}

function state(id) {
  return live?.state(id)?.state || null;
}

// A game's state in words: not started, who moves, adjourned (who seals,
// who is present), finished with its result.
function stateWords(game, s) {
  if (game.tampered) return t('ui-console-altered');
  if (game.result && game.result !== '*') return t('ui-console-finished', { result: game.result });
  // not read yet: a game "being played" may not have started
  if (!s) return game.state === 'playing' ? '…' : t(`state-${game.state}`);
  if (s.result && s.result !== '*') return t('ui-console-finished', { result: s.result });
  const words = [];
  if (!s.started) words.push(t('ui-console-not-started'));
  else if (s.state === 'adjourned' || s.adjournment?.phase === 'awaiting-seal') {
    const phase = s.adjournment?.phase;
    words.push(phase === 'awaiting-seal' ? t('ui-console-adjourned-to-seal', { side: side(s.adjournment?.sealer || s.to_move) }) : t('ui-console-adjourned-sealed'));
  } else {
    if (s.adjournment?.phase === 'resumed') words.push(t('ui-console-resumed'));
    if (s.to_move) words.push(t('ui-console-to-move', { side: side(s.to_move) }));
  }
  const plies = s.scoresheet?.length ?? 0;
  if (s.started && s.state !== 'finished') words.push(t('ui-console-move-number', { n: Math.floor(plies / 2) + 1 }));
  if (s.present && (s.state === 'adjourned' || s.adjournment)) {
    const who = ['white', 'black'].filter((c) => s.present[c]).map(side);
    words.push(t('ui-console-present', { what: who.length ? who.join(', ') : t('ui-console-nobody') }));
  }
  return words.join(' · ');
}

// What waits for the arbiter in a game: a ruling, an envelope, the
// server's alerts he has not acknowledged (in time order, once each; the
// acknowledgements this browser keeps, shared with the game page).
function waits(s) {
  if (!s) return { question: null, alerts: [], calls: [], count: 0 };
  const question = pending(s, t);
  const done = acknowledged(s.id);
  const alerts = alertsOf(s).filter((a) => !done.has(a.seq));
  // the players' calls (listed apart, oldest first, under "Calls to the arbiter")
  const calls = s.result && s.result !== '*' ? [] : s.calls || [];
  return { question, alerts, calls, count: (question ? 1 : 0) + alerts.length + calls.length };
}

function arbiterHref(id) {
  const fragment = new URLSearchParams();
  fragment.set('seat', currentToken());
  const key = localStorage.getItem(`arbitre-key-${id}`);
  if (key) fragment.set('key', key);
  return `/games/${encodeURIComponent(id)}#${fragment.toString()}`;
}

function linkTo(href, text, label, newTab = true) {
  const a = document.createElement('a');
  a.href = href;
  a.textContent = text;
  if (label) a.setAttribute('aria-label', label);
  if (newTab) {
    a.target = '_blank';
    a.rel = 'noopener';
  }
  return a;
}

function cell(label, cls) {
  const td = document.createElement('td');
  td.setAttribute('role', 'cell');
  td.dataset.label = t(label);
  if (cls) td.className = cls;
  return td;
}

function row(game, index) {
  const s = state(game.id);
  const links = stored(game.id);
  const players = links?.players?.white || links?.players?.black ? links.players : game.players;
  const board = boardOf(game, index);
  const tr = document.createElement('tr');
  tr.setAttribute('role', 'row');
  tr.dataset.game = game.id;
  const { question, alerts, calls, count } = waits(s);
  if (count) tr.classList.add('waits');
  if (!game.tampered && (game.result === '*' || !game.result) && s && !s.started) tr.classList.add('not-started');

  const boardCell = cell('ui-console-col-board', 'board-cell');
  const number = document.createElement('span');
  number.className = 'board-number';
  if (board && typeof board === 'object') {
    // a round's board: its round above its number, read as "Round 3 ·
    // Board 12"
    const of = document.createElement('span');
    of.className = 'round-of';
    of.textContent = t('ui-console-round-n', { n: board.round ?? '?' });
    number.textContent = board.board;
    const words = document.createElement('span');
    words.className = 'sr-only';
    words.textContent = boardWords(board);
    of.setAttribute('aria-hidden', 'true');
    number.setAttribute('aria-hidden', 'true');
    boardCell.append(words, of, number);
  } else {
    number.textContent = board;
    boardCell.append(number);
  }

  const playersCell = cell('ui-console-col-players', 'players-cell');
  for (const c of ['white', 'black']) {
    const p = document.createElement('span');
    p.className = `player ${c}`;
    const dot = document.createElement('span');
    dot.className = `dot ${c}`;
    dot.setAttribute('aria-hidden', 'true');
    p.append(dot, players?.[c] || side(c));
    playersCell.append(p);
  }

  const stateCell = cell('ui-console-col-state', 'state-cell');
  stateCell.textContent = stateWords(game, s);
  if (s && s.sealable === false && (s.result === '*' || !s.result)) {
    const warn = document.createElement('span');
    warn.className = 'tag warn';
    warn.textContent = t('ui-console-not-sealable');
    stateCell.append(' ', warn);
  }
  if (game.tampered) {
    // listed for the arbiter, with why: the server serves it no more
    const badge = document.createElement('span');
    badge.className = 'badge tampered';
    badge.textContent = `⛔ ${t('ui-tampered')}`;
    badge.title = t('ui-tampered-why', { what: game.tampered });
    stateCell.append(' ', badge);
  }

  const clocksCell = cell('ui-console-col-clocks', 'clocks-cell');
  clocksCell.dataset.game = game.id;
  fillClocks(clocksCell, game, s);

  const waitsCell = cell('ui-console-col-waits', 'waits-cell');
  if (count) {
    for (const c of calls) {
      const call = document.createElement('span');
      call.className = 'call';
      call.textContent = callWords(t, c, side(c.side));
      waitsCell.append(call);
    }
    if (question) {
      const q = document.createElement('span');
      q.textContent = question.question;
      waitsCell.append(q);
    }
    // the alerts themselves are listed once, under "Waiting for the
    // arbiter" with their acknowledgement; here, how many
    if (alerts.length) {
      const p = document.createElement('span');
      p.className = 'alert';
      p.textContent = t('ui-console-alerts', { count: alerts.length });
      waitsCell.append(p);
    }
    const badge = document.createElement('span');
    badge.className = 'badge';
    badge.textContent = `⚠ ${count}`;
    badge.title = t('ui-waiting', { count });
    waitsCell.prepend(badge, ' ');
  } else {
    waitsCell.textContent = '—';
    waitsCell.classList.add('muted');
  }

  const linksCell = cell('ui-console-col-links', 'links-cell');
  const list = document.createElement('div');
  list.className = 'row-links';
  if (links?.links) {
    list.append(
      linkTo(links.links.white, t('ui-link-white'), `${t('ui-link-white')} — ${players?.white || side('white')}`),
      linkTo(links.links.black, t('ui-link-black'), `${t('ui-link-black')} — ${players?.black || side('black')}`),
    );
  }
  // the organiser acts as every game's arbiter (his token in the fragment,
  // never in a server's log), with the key this browser keeps
  if (currentToken() && tokenState === 'ok' && !game.tampered) {
    list.append(linkTo(arbiterHref(game.id), t('ui-link-arbiter'), `${t('ui-link-arbiter')} — ${gameName(players, board)}`));
  } else if (links?.links && !game.tampered) {
    list.append(linkTo(links.links.arbiter, t('ui-link-arbiter'), `${t('ui-link-arbiter')} — ${gameName(players, board)}`));
  }
  const more = document.createElement('div');
  more.className = 'row-more';
  if (!game.tampered) {
    more.append(linkTo(`/games/${encodeURIComponent(game.id)}`, t('ui-console-spectate'), `${t('ui-console-spectate')} — ${gameName(players, board)}`));
    more.append(linkTo(`/api/games/${encodeURIComponent(game.id)}/pgn`, t('ui-pgn'), `${t('ui-pgn')} — ${gameName(players, board)}`, false));
  }
  if (s && !s.started && s.result === '*' && currentToken() && tokenState === 'ok') {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = t('ui-game-start');
    b.setAttribute('aria-label', `${t('ui-game-start')} — ${gameName(players, board)}`);
    b.onclick = async () => {
      b.disabled = true;
      await act(game, { start: true });
      live.refreshGame(game.id);
    };
    more.append(b);
  }
  linksCell.append(list, more);
  tr.append(boardCell, playersCell, stateCell, clocksCell, waitsCell, linksCell);
  return tr;
}

function fillClocks(td, game, s) {
  if (!s || game.tampered || !s.clocks) {
    td.textContent = '–';
    return;
  }
  const at = live.state(game.id)?.at || Date.now();
  const c = clocksNow(s, at);
  const running = s.state === 'playing' && (s.result === '*' || !s.result) ? s.running : null;
  const parts = ['white', 'black'].map((color) => {
    const span = document.createElement('span');
    span.className = `clock ${color}${running === color ? ' running' : ''}${c[color] !== null && c[color] < 300 ? ' low' : ''}`;
    const words = running === color ? 'ui-console-clock-running' : 'ui-console-clock';
    span.setAttribute('aria-label', t(words, { side: side(color), time: clock(c[color]) }));
    span.textContent = `${running === color ? '▶ ' : ''}${clock(c[color])}`;
    return span;
  });
  td.replaceChildren(parts[0], ' · ', parts[1]);
}

function tickClocks() {
  if (!live) return;
  for (const td of document.querySelectorAll('#games td.clocks-cell')) {
    const id = td.dataset.game;
    const game = live.games().find((g) => g.id === id);
    const s = state(id);
    if (game && s?.running) fillClocks(td, game, s);
  }
}

// Everything that waits for the arbiter, in one place: each game's question
// with the rulings that answer it, and the server's alerts.
function drawPending(games) {
  const items = [];
  games.forEach((g, i) => {
    const s = state(g.id);
    if (!s || g.tampered) return;
    const { question, alerts } = waits(s);
    if (!question && !alerts.length) return;
    const links = stored(g.id);
    const players = links?.players?.white || links?.players?.black ? links.players : g.players;
    const board = boardOf(g, i);
    const li = document.createElement('li');
    li.dataset.game = g.id;
    const title = document.createElement('strong');
    title.textContent = gameName(players, board);
    li.append(title);
    if (question) {
      const q = document.createElement('p');
      q.textContent = question.question;
      li.append(q);
      const actions = document.createElement('div');
      actions.className = 'inline';
      for (const choice of question.choices) {
        const b = document.createElement('button');
        b.type = 'button';
        b.textContent = choice.label;
        b.onclick = async () => {
          b.disabled = true;
          const answer = await act(g, choice.action);
          if (answer && answer.accepted === false) roundMessage((answer.decisions || []).map((d) => d.message).join(' · '), true);
          live.refreshGame(g.id);
        };
        actions.append(b);
      }
      li.append(actions);
    }
    if (alerts.length) {
      const list = document.createElement('ul');
      list.className = 'alert-list';
      list.setAttribute('aria-label', t('ui-game-alerts'));
      for (const a of alerts) {
        const item = document.createElement('li');
        item.className = 'alert';
        const text = document.createElement('span');
        text.textContent = a.message;
        const b = document.createElement('button');
        b.type = 'button';
        b.textContent = t('ui-game-acknowledge');
        b.setAttribute('aria-label', `${t('ui-game-acknowledge')} — ${gameName(players, board)}: ${a.message}`);
        b.onclick = () => {
          acknowledge(g.id, a.seq);
          drawn = '';
          render();
          $('#pending-title').focus();
        };
        item.append(text, ' ', b);
        list.append(item);
      }
      li.append(list);
    }
    if (currentToken() && tokenState === 'ok') {
      li.append(linkTo(arbiterHref(g.id), openWords(board)));
    }
    items.push(li);
  });
  $('#pending-list').replaceChildren(...items);
  $('#nothing-pending').hidden = items.length > 0;
  return items.length;
}

// The players' calls of the arbiter across the games, in the order they
// were made (oldest first), each until he answers: its board, its words,
// and a link to the game's page where he answers it.
function drawCalls(games) {
  const index = new Map(games.map((g, i) => [g.id, i]));
  const entries = games.filter((g) => !g.tampered && !(g.result && g.result !== '*')).map((g) => ({ game: g, state: state(g.id) }));
  const items = callsInOrder(entries).map(({ game, call }) => {
    const links = stored(game.id);
    const players = links?.players?.white || links?.players?.black ? links.players : game.players;
    const board = boardOf(game, index.get(game.id));
    const li = document.createElement('li');
    li.dataset.game = game.id;
    li.className = 'call';
    const title = document.createElement('strong');
    title.textContent = gameName(players, board);
    const words = document.createElement('span');
    words.textContent = callWords(t, call, t(`side-${call.side}`));
    li.append(title, ' ', words);
    if (currentToken() && tokenState === 'ok') li.append(' ', linkTo(arbiterHref(game.id), openWords(board)));
    return li;
  });
  $('#call-list').replaceChildren(...items);
  $('#no-calls').hidden = items.length > 0;
  return items.length;
}

let drawn = '';

function render() {
  if (!live) return;
  const games = live.games();
  const signature = JSON.stringify([t.lang, tokenState, games, games.map((g) => [live.state(g.id)?.state?.seq, live.state(g.id)?.state?.awaiting, live.state(g.id)?.state?.running, live.state(g.id)?.state?.calls, live.place(g.id)])]);
  if (signature === drawn) return;
  drawn = signature;
  const called = drawCalls(games);
  // the players' calls wait for the arbiter too
  const waiting = drawPending(games) + called;
  $('#nothing-pending').textContent = t(called ? 'ui-nothing-else-pending' : 'ui-nothing-pending');
  $('#no-games').hidden = games.length > 0;
  const tbody = $('#games');
  // rows replaced only where they changed: focus stays where it was
  const old = new Map([...tbody.children].map((tr) => [tr.dataset.game, tr]));
  const rows = games.map((g, i) => {
    const fresh = row(g, i);
    const before = old.get(g.id);
    if (before && before.outerHTML === fresh.outerHTML) return before;
    return fresh;
  });
  rows.forEach((tr, i) => {
    if (tbody.children[i] !== tr) {
      const before = old.get(tr.dataset.game);
      if (before && before !== tr && before.parentNode) before.replaceWith(tr);
      else tbody.insertBefore(tr, tbody.children[i] || null);
    }
  });
  while (tbody.children.length > rows.length) tbody.lastElementChild.remove();
  const playing = games.filter((g) => isPlaying(g)).length;
  $('#round-summary').textContent = [
    t('ui-console-count-games', { count: games.length }),
    t('ui-console-count-playing', { count: playing }),
    t('ui-console-count-waiting', { count: waiting }),
  ].join(' · ');
}

function isPlaying(g) {
  const s = state(g.id);
  if (g.tampered) return false;
  // an adjournment waiting for its sealed move is adjourned already
  if (s) return s.started && s.state === 'playing' && s.result === '*' && s.adjournment?.phase !== 'awaiting-seal';
  return g.state === 'playing' && g.result === '*' && g.moves > 0;
}

function roundMessage(text, error = false) {
  const el = $('#round-message');
  el.textContent = text;
  el.classList.toggle('error', error);
}

function announce(text) {
  $('#announce').textContent = text;
}

async function act(game, action) {
  try {
    return await event(game.id, action);
  } catch (err) {
    roundMessage(`${gameName(game.players, boardOf(game, live.games().indexOf(game)))} — ${err.message}`, true);
    return null;
  }
}

// Every game not started: the arbiter starts them all (the round begins),
// at most ten requests a second (the token's limit is twenty).
async function startRound() {
  if (needToken()) return;
  // a game listed but not read yet (the console just opened): read first,
  // or it would be left out of the round as if it had started
  const unread = () => live.games().filter((g) => !g.tampered && !state(g.id));
  if (unread().length) {
    for (const g of unread()) live.refreshGame(g.id);
    const until = Date.now() + 5000;
    while (unread().length && Date.now() < until) await sleep(100);
  }
  const games = live.games().filter((g) => {
    const s = state(g.id);
    return s && !s.started && s.result === '*' && !g.tampered;
  });
  if (!games.length) {
    roundMessage(t('ui-console-start-none'));
    return;
  }
  const button = $('#start-round');
  button.disabled = true;
  let started = 0;
  for (const g of games) {
    const answer = await act(g, { start: true });
    if (answer && answer.accepted !== false) started += 1;
    await sleep(100);
  }
  const now = new Date();
  localStorage.setItem('arbitre-session-hour', `${String(now.getHours()).padStart(2, '0')}:${String(now.getMinutes()).padStart(2, '0')}`);
  button.disabled = false;
  if (started) roundMessage(t('ui-console-started', { count: started }));
  await live.refreshAll();
}

// ------------------------------------------------------------------ adjourn every game

function playingGames() {
  return live.games().filter(isPlaying);
}

function pad(n) {
  return String(n).padStart(2, '0');
}

// Tomorrow at the session's usual hour (when this console started the
// round), else at this hour.
function defaultResumption() {
  const hour = localStorage.getItem('arbitre-session-hour');
  const d = new Date();
  d.setDate(d.getDate() + 1);
  const [h, m] = hour ? hour.split(':').map(Number) : [d.getHours(), 0];
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(h)}:${pad(m)}`;
}

function openAdjourn() {
  if (needToken()) return;
  const games = playingGames();
  if (!games.length) {
    roundMessage(t('ui-console-adjourn-none'));
    return;
  }
  const dialog = $('#adjourn-dialog');
  const form = $('#adjourn-form');
  clearErrors(form);
  dialog.dataset.count = games.length;
  $('#adjourn-explain').textContent = t('ui-console-adjourn-explain', { count: games.length });
  $('#adjourn-confirm').textContent = t('ui-console-adjourn-n', { count: games.length });
  const unsealable = games.filter((g) => state(g.id)?.sealable === false).length;
  $('#adjourn-unsealable').hidden = !unsealable;
  $('#adjourn-unsealable').textContent = unsealable ? t('ui-console-unsealable-warning', { count: unsealable }) : '';
  if (!$('#adjourn-at').value) $('#adjourn-at').value = defaultResumption();
  if (!$('#adjourn-place').value) $('#adjourn-place').value = localStorage.getItem('arbitre-adjourn-place') || t('ui-console-default-place');
  dialog.showModal();
  $('#adjourn-at').focus();
}

async function adjournAll(e) {
  e.preventDefault();
  const form = $('#adjourn-form');
  clearErrors(form);
  let bad = null;
  for (const id of ['adjourn-at', 'adjourn-place']) {
    if (!document.getElementById(id).value.trim()) {
      fieldError(id, t('ui-console-field-required'));
      bad = bad || id;
    }
  }
  if (bad) {
    document.getElementById(bad).focus();
    return;
  }
  const resumeAt = $('#adjourn-at').value.replace('T', ' ');
  const place = $('#adjourn-place').value.trim();
  localStorage.setItem('arbitre-adjourn-place', place);
  $('#adjourn-dialog').close();
  const games = playingGames();
  let adjourned = 0;
  const refused = [];
  for (const g of games) {
    const answer = await act(g, { adjourn: { resume_at: resumeAt, place } });
    if (answer && answer.accepted !== false) adjourned += 1;
    else if (answer) refused.push(`${gameName(g.players, boardOf(g, live.games().indexOf(g)))} — ${(answer.decisions || []).map((d) => d.message).join(' · ')}`);
    await sleep(100);
  }
  const unsealable = games.filter((g) => state(g.id)?.sealable === false).length;
  const said = [t('ui-console-adjourned', { count: adjourned }), ...refused];
  if (unsealable) said.push(t('ui-console-unsealable-warning', { count: unsealable }));
  roundMessage(said.join(' · '), refused.length > 0);
  $('#adjourn-all').focus();
  await live.refreshAll();
}

// The PGN of every game, in one file.
async function pgnAll() {
  const games = live.games().filter((g) => !g.tampered);
  if (!games.length) {
    roundMessage(t('ui-console-pgn-none'));
    return;
  }
  const texts = [];
  for (const g of games) {
    const r = await fetch(`/api/games/${encodeURIComponent(g.id)}/pgn`);
    if (r.ok) texts.push((await r.text()).trim());
  }
  download('games.pgn', `${texts.join('\n\n')}\n`, 'application/x-chess-pgn');
}

// ------------------------------------------------------------------ the page

function liveStatus(up, at) {
  const el = $('#live');
  el.classList.toggle('down', !up);
  el.textContent = up ? `● ${t('ui-console-live')}` : `○ ${t('ui-console-not-live')}`;
  el.title = at ? t('ui-console-updated', { time: at.toLocaleTimeString(t.lang) }) : '';
}

// Text with `commands` in backticks: the commands as code.
function withCode(el) {
  const parts = el.textContent.split('`');
  if (parts.length < 3) return;
  el.replaceChildren(...parts.map((part, i) => {
    if (i % 2 === 0) return part;
    const code = document.createElement('code');
    code.textContent = part;
    return code;
  }));
}

function retranslate() {
  translate(document, t);
  withCode($('#token-hint'));
  document.title = `${t('ui-console')} — arbitre`;
  tokenMessage($('#token-message').dataset.key, $('#token-message').classList.contains('error') ? 'error' : $('#token-message').classList.contains('ok') ? 'ok' : '');
  drawPresets();
  timeControlChanged();
  drawCreated();
  rounds?.draw();
  drawn = '';
  render();
  if (live) liveStatus(live.up(), live.updated());
}

async function main() {
  const lang = chosenLanguage();
  t = await translator(lang);
  languageSwitch($('#lang'), lang, async (l) => {
    t = await translator(l);
    retranslate();
  });
  $('#lang').setAttribute('aria-label', t('ui-language'));
  $('#token-form').onsubmit = openWithToken;
  $('#token-forget').onclick = forgetToken;
  $('#create').onsubmit = create;
  $('#time-control').addEventListener('input', () => timeControlChanged());
  $('#tc-minutes').addEventListener('input', simpleChanged);
  $('#tc-increment').addEventListener('input', simpleChanged);
  $('#edition').addEventListener('change', gameType);
  $('#key-save').onclick = saveKey;
  $('#print').onclick = () => window.print();
  $('#start-round').onclick = startRound;
  $('#adjourn-all').onclick = openAdjourn;
  $('#adjourn-form').onsubmit = adjournAll;
  $('#adjourn-cancel').onclick = () => {
    $('#adjourn-dialog').close();
    $('#adjourn-all').focus();
  };
  $('#pgn-all').onclick = pgnAll;
  if (!$('#time-control').value) $('#time-control').value = '90 min + 30 s';
  rounds = roundsSection({ tr: () => t, token: currentToken, needToken });
  live = watchGames({ onChange: render, onStatus: liveStatus, lang: () => t.lang, token: () => (tokenState === 'ok' ? currentToken() : '') });
  // an alert acknowledged on a game's page (another tab): cleared here
  onAcknowledged(() => {
    drawn = '';
    render();
  });
  retranslate();
  const saved = currentToken();
  if (saved) {
    $('#token').value = saved;
    await openWithToken();
  }
  await Promise.all([live.start(), rounds.refresh()]);
  setInterval(tickClocks, 1000);
}

main().catch((e) => {
  $('#round-message').textContent = e.message;
  $('#round-message').classList.add('error');
});
