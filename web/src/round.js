// `/rounds/{id}` (data-view "round"): every board of a round, refreshed
// every few seconds, the round's PGN and TRF; for the organiser whose
// browser created the round (rounds.js keeps the creation answer), each
// board's seat links and a printed sheet per board with their QR codes.
// `/rounds/{id}/hall` (data-view "hall"): every board at a glance, in large
// type, for a screen in the playing hall.
import { chosenLanguage, translator, translate, languageSwitch } from './i18n.js';
import { created, playerWords, seatLinks, stateWords, roundName } from './rounds.js';
import { qr, download } from './qr.js';
import { callWords } from './calls.js';

const $ = (sel) => document.querySelector(sel);
const REFRESH = 4000;
const view = document.body.dataset.view;
const id = decodeURIComponent(location.pathname.split('/')[2] || '');
let t;
let round = null;
let updated = null;
let up = true;

const el = (tag, className, text) => {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
};

// full moves begun: 1. d4 d5 is one move, 1. d4 one too
const moves = (plies) => Math.ceil((plies || 0) / 2);
const over = (b) => b.result && b.result !== '*';

function player(p, colour) {
  const span = el('span', 'player');
  span.append(el('span', `dot ${colour}`), el('span', '', playerWords(p)));
  return span;
}

// ------------------------------------------------------------------ the round page

function row(b, kept) {
  const tr = el('tr');
  tr.dataset.board = b.board;
  const board = el('td', 'board-cell');
  const a = el('a', 'board-number', String(b.board));
  a.setAttribute('aria-label', t('ui-console-board-n', { n: b.board }));
  a.href = `/games/${encodeURIComponent(b.game)}`;
  board.append(a);
  const white = el('td', 'players-cell');
  white.dataset.label = t('ui-white-player');
  white.append(player(b.white, 'white'));
  const black = el('td', 'players-cell');
  black.dataset.label = t('ui-black-player');
  black.append(player(b.black, 'black'));
  const cells = [board, white, black];
  for (const [name, label] of [['state', 'ui-console-col-state'], ['result', 'ui-round-col-result'], ['moves', 'ui-round-col-moves']]) {
    const td = el('td', `${name}-cell`);
    td.dataset.label = t(label);
    cells.push(td);
  }
  const seats = kept?.boards.find((k) => k.game === b.game);
  if (seats) {
    const td = el('td', 'seats-cell');
    td.dataset.label = t('ui-links');
    const links = seatLinks(seats);
    const list = el('div', 'row-links');
    for (const seat of ['white', 'black', 'arbiter']) {
      const link = el('a', '', t(`ui-link-${seat}`));
      link.href = links[seat];
      link.target = '_blank';
      link.rel = 'noopener';
      link.setAttribute('aria-label', `${t(`ui-link-${seat}`)} — ${t('ui-console-board-n', { n: b.board })}`);
      list.append(link);
    }
    td.append(list);
    cells.push(td);
  }
  tr.append(...cells);
  return tr;
}

function fill(tr, b) {
  const cell = tr.querySelector('.state-cell');
  const calls = over(b) ? [] : b.calls || [];
  const said = [stateWords(t, b.state), ...calls.map((c) => callWords(t, c, t(`side-${c.side}`)))].join('\n');
  // a pending call shown prominently, each in its own line
  if (cell.dataset.said !== said) {
    cell.dataset.said = said;
    cell.replaceChildren(stateWords(t, b.state), ...calls.map((c) => el('strong', 'call', callWords(t, c, t(`side-${c.side}`)))));
  }
  tr.classList.toggle('called', calls.length > 0);
  tr.querySelector('.result-cell').textContent = over(b) ? b.result : '–';
  tr.querySelector('.moves-cell').textContent = String(moves(b.moves));
  tr.classList.toggle('done', over(b));
}

let drawnFor = '';

function drawRound() {
  const kept = created(id);
  const shape = `${t.lang}|${round.boards.map((b) => b.game).join()}|${Boolean(kept)}`;
  if (shape !== drawnFor) {
    drawnFor = shape;
    $('#boards').replaceChildren(...round.boards.map((b) => row(b, kept)));
    $('.seats-col').hidden = !kept;
    $('#print').hidden = !kept;
    $('#no-links').hidden = Boolean(kept) || !sessionStorage.getItem('arbitre-token');
    drawSheets(kept);
  }
  for (const b of round.boards) fill($(`#boards tr[data-board="${b.board}"]`), b);
  $('#trf').hidden = !round.trf;
}

// One printed sheet per board, left at the board: the players and their two
// seat links as text and as QR codes; then one sheet for the arbiter alone
// with every board's arbiter link (never on a sheet the players see).
function drawSheets(kept) {
  if (!kept) {
    $('#sheets').replaceChildren();
    return;
  }
  const entry = (href, label, seat) => {
    const li = el('li', `seat seat-${seat}`);
    const figure = el('figure');
    figure.append(qr(href, `${t('ui-qr')} — ${label}`), el('figcaption', '', label));
    li.append(figure, el('p', 'url', href));
    return li;
  };
  const boards = kept.boards.map((b) => {
    const sheet = el('section', 'sheet');
    sheet.append(el('h2', '', `${roundName(t, round)} — ${t('ui-console-board-n', { n: b.board })}`));
    sheet.append(el('p', 'sheet-players', `${playerWords(b.white)} – ${playerWords(b.black)}`));
    const links = seatLinks(b);
    const list = el('ul', 'link-list');
    for (const seat of ['white', 'black']) {
      list.append(entry(links[seat], `${t(`ui-link-${seat}`)} — ${b[seat].name}`, seat));
    }
    sheet.append(list);
    return sheet;
  });
  const arbiter = el('section', 'sheet arbiter-sheet');
  arbiter.append(el('h2', '', `${roundName(t, round)} — ${t('ui-link-arbiter')}`));
  const list = el('ul', 'link-list');
  for (const b of kept.boards) {
    list.append(entry(seatLinks(b).arbiter, `${t('ui-link-arbiter')} — ${t('ui-console-board-n', { n: b.board })}`, 'arbiter'));
  }
  arbiter.append(list);
  $('#sheets').replaceChildren(...boards, arbiter);
}

async function trf() {
  const token = sessionStorage.getItem('arbitre-token');
  if (!token) {
    say(t('ui-round-trf-token'), true);
    return;
  }
  const response = await fetch(`/api/rounds/${encodeURIComponent(id)}/trf?lang=${t.lang}`, { headers: { Authorization: `Bearer ${token}` } });
  if (!response.ok) {
    const answer = await response.json().catch(() => null);
    say(answer?.error?.message || `HTTP ${response.status}`, true);
    return;
  }
  download(`round-${round.round ?? id}.trf`, await response.text(), 'text/plain');
  say(t('ui-round-trf-saved'));
}

// One arbiter's action on every board not finished (POST
// /api/rounds/{id}/events): what each board answered, counted.
async function act(body) {
  const token = sessionStorage.getItem('arbitre-token');
  if (!token) {
    say(t('ui-round-trf-token'), true);
    return;
  }
  const response = await fetch(`/api/rounds/${encodeURIComponent(id)}/events?lang=${t.lang}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = await response.json().catch(() => null);
  if (!response.ok) {
    say(answer?.error?.message || `HTTP ${response.status}`, true);
    return;
  }
  const boards = answer.boards || [];
  const done = boards.filter((b) => b.accepted === true).length;
  const refused = boards.filter((b) => b.accepted === false || b.error).map((b) => b.board);
  const words = [t('ui-round-acted', { count: done })];
  if (refused.length) words.push(t('ui-round-acted-refused', { what: refused.join(', ') }));
  say(words.join(' '), refused.length > 0);
  await refresh();
  return true;
}

function say(text, error = false) {
  $('#message').textContent = text;
  $('#message').classList.toggle('error', error);
}

// ------------------------------------------------------------------ the hall

function drawHall() {
  $('#boards').replaceChildren(...round.boards.map((b) => {
    const li = el('li', `hall-board${over(b) ? ' done' : ''}`);
    li.append(el('span', 'hall-number', String(b.board)));
    const names = el('span', 'hall-names');
    names.append(player(b.white, 'white'), player(b.black, 'black'));
    const score = el('span', 'hall-score', over(b) ? b.result : stateWords(t, b.state));
    const count = el('span', 'hall-moves', t('ui-round-moves-n', { count: moves(b.moves) }));
    li.append(names, score, count);
    // a player's call of the arbiter, not answered yet: a line of its own
    // under the board's moves, seen from across the hall (the round's view
    // gives the calls to all when it is not broadcast with a delay)
    const calls = over(b) ? [] : b.calls || [];
    const called = calls.map((c) => t('ui-hall-called', { side: t(`side-${c.side}`) }));
    if (called.length) li.append(el('span', 'hall-call', called.join(' · ')));
    li.classList.toggle('called', called.length > 0);
    li.setAttribute('aria-label', [`${t('ui-console-board-n', { n: b.board })}: ${playerWords(b.white)} – ${playerWords(b.black)}`, score.textContent, count.textContent, ...called].join(', '));
    return li;
  }));
}

// ------------------------------------------------------------------ both

function draw() {
  const live = $('#live');
  live.classList.toggle('down', !up);
  live.textContent = up ? `● ${t('ui-console-live')}` : `○ ${t('ui-console-not-live')}`;
  live.title = updated ? t('ui-console-updated', { time: updated.toLocaleTimeString(t.lang) }) : '';
  if (!round) return;
  const name = roundName(t, round);
  $('#title').textContent = name;
  document.title = `${name} — arbitre`;
  const about = [round.site, round.date].filter(Boolean);
  if (round.broadcast_delay) about.push(t('ui-round-delay', { seconds: round.broadcast_delay }));
  $('#about').textContent = about.join(' · ');
  $('#byes').textContent = round.byes?.length ? t('ui-round-byes-list', { what: round.byes.map((b) => b.name).join(', ') }) : '';
  if (view === 'hall') drawHall();
  else drawRound();
}

async function refresh() {
  try {
    // the arbiter's token sees a round broadcast with a delay as it is; the
    // hall's screen, like any spectator, as the broadcast shows it
    const token = view === 'hall' ? null : sessionStorage.getItem('arbitre-token');
    const response = await fetch(`/api/rounds/${encodeURIComponent(id)}`, token ? { headers: { Authorization: `Bearer ${token}` } } : {});
    if (response.status === 404) {
      say(t('ui-round-unknown'), true);
      return false;
    }
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    round = await response.json();
    up = true;
    updated = new Date();
  } catch {
    up = false;
  }
  draw();
  document.body.dataset.ready = '1';
  return true;
}

async function main() {
  const lang = chosenLanguage();
  t = await translator(lang);
  const retranslate = () => {
    translate(document, t);
    drawnFor = '';
    draw();
  };
  languageSwitch($('#lang'), lang, async (l) => {
    t = await translator(l);
    retranslate();
  });
  if (view !== 'hall') {
    $('#pgn').href = `/api/rounds/${encodeURIComponent(id)}/pgn`;
    $('#pgn').download = `round-${id}.pgn`;
    $('#hall').href = `/rounds/${encodeURIComponent(id)}/hall`;
    $('#trf').onclick = trf;
    $('#act').hidden = !sessionStorage.getItem('arbitre-token');
    $('#act-start').onclick = () => act({ start: true });
    $('#act-stop').onclick = () => act({ stop_clocks: true });
    $('#act-restart').onclick = () => act({ restart_clocks: true });
    // every game not finished adjourned at once: the player with the move
    // seals on each board (his page asks him)
    $('#act-adjourn').onsubmit = async (e) => {
      e.preventDefault();
      const resumeAt = $('#act-adjourn-at').value.trim();
      const place = $('#act-adjourn-place').value.trim();
      $('#act-adjourn-error').textContent = '';
      if (!resumeAt || !place) {
        $('#act-adjourn-error').textContent = t('ui-game-required-missing');
        (resumeAt ? $('#act-adjourn-place') : $('#act-adjourn-at')).focus();
        return;
      }
      if (await act({ adjourn: { resume_at: resumeAt, place } })) $('#act-adjourn-box').open = false;
    };
    $('#print').onclick = () => window.print();
  }
  retranslate();
  if (await refresh()) setInterval(refresh, REFRESH);
}

main().catch((e) => say(e.message, true));
