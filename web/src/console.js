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
  try {
    await post(`/api/games/${encodeURIComponent(id)}/events`, token(), { start: true, client_id: newClientId() });
    await list();
  } catch (err) {
    notice(err.message, true);
  }
}

async function list() {
  const { games } = await getJson('/api/games');
  $('#no-games').hidden = games.length > 0;
  $('#games').replaceChildren(...games.map((g, i) => {
    const tr = document.createElement('tr');
    const cells = [
      String(i + 1),
      `${g.players?.white || t('side-white')} – ${g.players?.black || t('side-black')}`,
      g.edition,
      g.time_control,
      g.result && g.result !== '*' ? g.result : g.state,
      String(g.moves),
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
    if (g.state === 'playing' && g.moves === 0 && token()) {
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
  await list();
  setInterval(() => list().catch(() => {}), 2000);
}

main().catch((e) => notice(e.message, true));
