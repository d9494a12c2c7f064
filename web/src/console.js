// /: the arbiter's console — every game of the event, new games and their
// seat links. The organiser's (or an arbiter's) token stays in this
// browser (localStorage), sent only as a Bearer header.
import { chosenLanguage, translator, translate, languageSwitch } from './i18n.js';
import { getJson, post, newClientId } from './api.js';
import { pending } from './rulings.js';
import qrcode from 'qrcode-generator';

const $ = (sel) => document.querySelector(sel);
const KEY = 'arbitre-token';
let t;

function token() {
  return localStorage.getItem(KEY) || '';
}

function notice(text, error = false) {
  const el = $('#announce');
  el.textContent = text;
  el.classList.toggle('error', error);
}

function seatLink(id, seatToken) {
  return `${location.origin}/games/${encodeURIComponent(id)}#seat=${encodeURIComponent(seatToken)}`;
}

// The link as a QR code, for a phone at the board: an SVG drawn here from
// the code's modules (nothing fetched, nothing parsed as markup).
function qr(href) {
  const code = qrcode(0, 'M');
  code.addData(href);
  code.make();
  const n = code.getModuleCount();
  const margin = 4;
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', `0 0 ${n + 2 * margin} ${n + 2 * margin}`);
  svg.setAttribute('class', 'qr');
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', t('ui-qr'));
  let d = '';
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) if (code.isDark(r, c)) d += `M${c + margin},${r + margin}h1v1h-1z`;
  const background = document.createElementNS(ns, 'rect');
  background.setAttribute('width', '100%');
  background.setAttribute('height', '100%');
  background.setAttribute('fill', '#fff');
  const path = document.createElementNS(ns, 'path');
  path.setAttribute('d', d);
  svg.append(background, path);
  return svg;
}

function linkItem(label, href) {
  const li = document.createElement('li');
  const a = document.createElement('a');
  a.href = href;
  a.textContent = label;
  a.target = '_blank';
  const copy = document.createElement('button');
  copy.type = 'button';
  copy.textContent = t('ui-copy');
  copy.onclick = () => navigator.clipboard?.writeText(href);
  const figure = document.createElement('figure');
  figure.append(qr(href));
  const caption = document.createElement('figcaption');
  caption.textContent = label;
  figure.append(caption);
  li.append(a, ' ', copy, figure);
  return li;
}

async function create(e) {
  e.preventDefault();
  const players = {};
  if ($('#white').value.trim()) players.white = $('#white').value.trim();
  if ($('#black').value.trim()) players.black = $('#black').value.trim();
  const body = { edition: $('#edition').value, time_control: $('#time-control').value.trim(), players };
  for (const [key, field] of [['event', '#event'], ['round', '#round'], ['board', '#board-number']]) {
    if ($(field).value.trim()) body[key] = $(field).value.trim();
  }
  try {
    const created = await post(`/api/games?lang=${t.lang}`, token(), body);
    $('#links').hidden = false;
    $('#link-list').replaceChildren(
      linkItem(t('ui-link-white'), seatLink(created.id, created.tokens.white)),
      linkItem(t('ui-link-black'), seatLink(created.id, created.tokens.black)),
      linkItem(t('ui-link-arbiter'), seatLink(created.id, created.tokens.arbiter)),
    );
    await list();
  } catch (err) {
    notice(err.message, true);
  }
}

async function start(id) {
  await event(id, { start: true });
  await list();
}

// Each live game's state (its clocks, whether it is started, what waits for
// the arbiter), read again at every refresh.
const states = new Map();

function clock(seconds) {
  if (seconds === null || seconds === undefined) return '–';
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h ? `${h}:${String(m).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}` : `${m}:${String(s % 60).padStart(2, '0')}`;
}

// What waits for the arbiter in a game: a ruling, an alert (a disconnection,
// an outage), an envelope to open.
function waiting(state) {
  if (!state) return 0;
  return (state.awaiting ? 1 : 0) + (state.alerts || []).filter((a) => /disconnected|outage/.test(a.cause)).length;
}

async function readStates(games) {
  // a finished game waits for nothing: its last state is forgotten
  for (const g of games) if (g.state === 'finished') states.delete(g.id);
  // an altered game is not served: its state is not asked for
  for (const g of games) if (g.tampered) states.delete(g.id);
  await Promise.all(games.filter((g) => g.state !== 'finished' && !g.tampered).map(async (g) => {
    try {
      states.set(g.id, await getJson(`/api/games/${encodeURIComponent(g.id)}?lang=${t.lang}`));
    } catch {
      states.delete(g.id);
    }
  }));
}

let games = [];

// Every game not started: the arbiter starts them all (the round begins).
async function startRound() {
  for (const g of games) {
    const s = states.get(g.id);
    if (s && !s.started && s.result === '*') await event(g.id, { start: true });
  }
  await list();
}

// Every game being played: adjourned at the end of the session (the
// players with the move are asked to seal).
async function adjournAll() {
  for (const g of games) {
    const s = states.get(g.id);
    if (s && s.started && s.state === 'playing' && s.result === '*') await event(g.id, { adjourn: {} });
  }
  await list();
}

// The PGN of every game, in one file.
async function pgnAll() {
  const texts = await Promise.all(games.map((g) => fetch(`/api/games/${encodeURIComponent(g.id)}/pgn`).then((r) => r.text())));
  const url = URL.createObjectURL(new Blob([texts.join('\n\n')], { type: 'application/x-chess-pgn' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = 'games.pgn';
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

async function event(id, action) {
  try {
    return await post(`/api/games/${encodeURIComponent(id)}/events`, token(), { ...action, client_id: newClientId() });
  } catch (err) {
    notice(err.message, true);
    return null;
  }
}

// Everything that waits for the arbiter, in one place: each game's question
// with the rulings that answer it, and the server's alerts.
function showPending() {
  const items = [];
  games.forEach((g, i) => {
    const s = states.get(g.id);
    if (!s) return;
    const name = `${i + 1}. ${g.players?.white || t('side-white')} – ${g.players?.black || t('side-black')}`;
    const question = pending(s, t);
    const alerts = (s.alerts || []).filter((a) => /disconnected|outage/.test(a.cause));
    if (!question && !alerts.length) return;
    const li = document.createElement('li');
    li.dataset.game = g.id;
    const title = document.createElement('strong');
    title.textContent = name;
    li.append(title);
    if (question) {
      const q = document.createElement('p');
      q.textContent = question.question;
      li.append(q);
      const row = document.createElement('div');
      row.className = 'actions';
      for (const choice of question.choices) {
        const b = document.createElement('button');
        b.type = 'button';
        b.textContent = choice.label;
        b.onclick = async () => {
          b.disabled = true;
          const answer = await event(g.id, choice.action);
          if (answer && !answer.accepted) notice((answer.decisions || []).map((d) => d.message).join(' · '), true);
          await list();
        };
        row.append(b);
      }
      li.append(row);
    }
    for (const a of alerts) {
      const p = document.createElement('p');
      p.className = 'alert';
      p.textContent = a.message;
      li.append(p);
    }
    // the whole game, with this token acting as its arbiter (the token in
    // the fragment: it never reaches a server log)
    const open = document.createElement('a');
    open.href = `/games/${encodeURIComponent(g.id)}#seat=${encodeURIComponent(token())}`;
    open.target = '_blank';
    open.textContent = t('ui-open-as-arbiter');
    li.append(open);
    items.push(li);
  });
  $('#pending-list').replaceChildren(...items);
  $('#nothing-pending').hidden = items.length > 0;
}

async function list() {
  ({ games } = await getJson('/api/games'));
  await readStates(games);
  showPending();
  $('#no-games').hidden = games.length > 0;
  $('#games').replaceChildren(...games.map((g, i) => {
    const tr = document.createElement('tr');
    const s = states.get(g.id);
    const running = s?.running;
    const cells = [
      String(i + 1),
      `${g.players?.white || t('side-white')} – ${g.players?.black || t('side-black')}`,
      g.edition,
      g.time_control,
      g.tampered ? t('ui-tampered') : g.result && g.result !== '*' ? g.result : t(`state-${g.state}`),
      String(g.moves),
      s ? `${running === 'white' ? '▶ ' : ''}${clock(s.clocks?.white)} · ${clock(s.clocks?.black)}${running === 'black' ? ' ◀' : ''}` : '',
    ];
    for (const c of cells) {
      const td = document.createElement('td');
      td.textContent = c;
      tr.append(td);
    }
    const td = document.createElement('td');
    const view = document.createElement('a');
    view.href = `/games/${encodeURIComponent(g.id)}`;
    view.textContent = g.id;
    const pgn = document.createElement('a');
    pgn.href = `/api/games/${encodeURIComponent(g.id)}/pgn`;
    pgn.textContent = t('ui-pgn');
    td.append(view, ' ', pgn);
    if (token()) {
      // the game's arbiter panel (stop, time, result, adjourn, resume…),
      // this token acting as its arbiter
      const arbiter = document.createElement('a');
      arbiter.href = `/games/${encodeURIComponent(g.id)}#seat=${encodeURIComponent(token())}`;
      arbiter.target = '_blank';
      arbiter.textContent = t('ui-arbiter');
      arbiter.title = t('ui-open-as-arbiter');
      td.append(' ', arbiter);
    }
    if (g.tampered) {
      // listed for the arbiter, with why: the server serves it no more
      const badge = document.createElement('span');
      badge.className = 'badge tampered';
      badge.textContent = `⛔ ${t('ui-tampered')}`;
      badge.title = t('ui-tampered-why', { what: g.tampered });
      td.append(' ', badge);
    }
    const count = waiting(s);
    if (count) {
      const badge = document.createElement('span');
      badge.className = 'badge';
      badge.textContent = `⚠ ${count}`;
      badge.title = t('ui-waiting', { count });
      td.append(' ', badge);
    }
    if (s && !s.started && s.result === '*' && token()) {
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = t('ui-start');
      b.onclick = () => start(g.id);
      td.append(' ', b);
    }
    tr.append(td);
    return tr;
  }));
}

async function main() {
  const lang = chosenLanguage();
  t = await translator(lang);
  translate(document, t);
  languageSwitch($('#lang'), lang, async (l) => {
    t = await translator(l);
    translate(document, t);
    await list();
  });
  $('#token').value = token();
  $('#token-form').onsubmit = (e) => {
    e.preventDefault();
    localStorage.setItem(KEY, $('#token').value.trim());
    list().catch((err) => notice(err.message, true));
  };
  $('#create').onsubmit = create;
  $('#start-round').onclick = startRound;
  $('#adjourn-all').onclick = adjournAll;
  $('#pgn-all').onclick = pgnAll;
  await list();
  setInterval(() => list().catch(() => {}), 2000);
}

main().catch((e) => notice(e.message, true));
