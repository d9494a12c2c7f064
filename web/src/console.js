// /: the arbiter's console — every game of the event, new games and their
// seat links. The organiser's (or an arbiter's) token stays in this
// browser (localStorage), sent only as a Bearer header.
import { chosenLanguage, translator, translate, languageSwitch } from './i18n.js';
import { getJson, post, newClientId } from './api.js';

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
  li.append(a, ' ', copy);
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
  await Promise.all(games.filter((g) => g.state !== 'finished').map(async (g) => {
    try {
      states.set(g.id, await getJson(`/api/games/${encodeURIComponent(g.id)}`));
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

async function list() {
  ({ games } = await getJson('/api/games'));
  await readStates(games);
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
      g.result && g.result !== '*' ? g.result : t(`state-${g.state}`),
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
