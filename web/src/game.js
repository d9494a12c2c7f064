// /games/{id}: a game as a spectator sees it, or, with #seat=TOKEN in the
// address (the token stays in the fragment: it never reaches a server log),
// as a player or the arbiter acts in it. Everything it shows comes from the
// API (the state, then the stream); everything it does is a POST …/events.
// The page's parts: game-board.js (the board and its keyboard), game-clocks.js,
// game-moves.js (the move list and the positions), game-situation.js (the
// banner), game-player.js and game-claims.js (a player's controls),
// game-arbiter.js (the arbiter's panel), game-record.js (decisions, envelope).
import { chosenLanguage, translator, translate, languageSwitch } from './i18n.js';
import { getJson, sendEvent, follow } from './api.js';
import { g, side, isPlayer } from './game-context.js';
import { $, showError, clearErrors, refusal } from './game-ui.js';
import { createBoard, orient, showPosition, orientationOf, labelSquares } from './game-board.js';
import { tick, periodText } from './game-clocks.js';
import { showMoves, stepKeys, viewed, lastMove } from './game-moves.js';
import { showSituation, showCalls } from './game-situation.js';
import { playerControls, showPlayer, playMove, myMove } from './game-player.js';
import { showArbiter, arbiterForms, keepKeyFromLink } from './game-arbiter.js';
import { showDecisions, showEnvelope } from './game-record.js';
import { inLetters } from './notation.js';

g.token = new URLSearchParams(location.hash.slice(1)).get('seat');

// An action of this seat: the answer, the state it brings shown; a refusal
// said once beside the control that caused it (`error`), every error
// cleared by a success. A network failure that outlasts `patience`:
// {accepted: false, lost: true}.
g.act = async (action, { error = '#actions-error', patience } = {}) => {
  try {
    const answer = await sendEvent(g.id, g.token, action, patience, g.lang);
    // the state at once; its decisions and alerts as the reader reads them
    // come with the refresh (the answer's are in the game's language)
    if (answer.game) {
      setState({ ...answer.game, log: g.state?.log ?? answer.game.log, alerts: g.state?.alerts ?? answer.game.alerts });
      later();
    }
    if (answer.accepted) clearErrors();
    else showError(error, refusal(answer));
    return answer;
  } catch (e) {
    const lost = !e.status;
    showError(error, lost ? g.t('ui-game-not-sent') : e.message);
    await refresh().catch(() => {});
    return { accepted: false, lost, status: e.status, error: e.body?.error };
  }
};

// for the live region: a short sentence (a move of the other side, a new
// decision, a move being sent)
g.say = (text) => {
  const e = $('#announce');
  if (e.textContent !== text) e.textContent = text;
};

function showHeader() {
  const s = g.state;
  const t = g.t;
  const white = s.players?.white || side('white');
  const black = s.players?.black || side('black');
  $('#title').textContent = `${white} – ${black}`;
  $('#name-white').textContent = `${white}`;
  $('#name-black').textContent = `${black}`;
  const edition = t(`edition-${s.edition}`);
  const type = s.game_type ? t(`game-type-${s.game_type}`) : '';
  $('#meta').textContent = [edition.startsWith('edition-') ? s.edition : edition, s.time_control, type].filter(Boolean).join(' · ');
  const seat = isPlayer() ? t('ui-you-play', { side: side(g.seat) }) : t(g.seat === 'arbiter' ? 'ui-arbiter' : 'ui-spectator');
  $('#seat').textContent = seat;
  $('#seat').className = `seat-badge seat-${g.seat || 'spectator'}`;
  $('#period').textContent = s.result === '*' ? periodText() : '';
  $('#period').hidden = s.result !== '*';
  document.title = `${white} – ${black} · arbitre`;
  for (const c of ['white', 'black']) {
    const p = $(`#present-${c}`);
    const known = !!s.present && s.result === '*' && (s.state === 'adjourned' || (s.adjournment?.phase === 'resumed' && !s.adjournment.opened) || !s.present.white || !s.present.black);
    p.hidden = !known;
    if (known) {
      p.textContent = t(s.present[c] ? 'ui-game-present' : 'ui-game-absent');
      p.className = `present ${s.present[c] ? 'here' : 'absent'}`;
    }
  }
}

function showBoard() {
  const s = g.state;
  const past = viewed();
  document.body.classList.toggle('viewing-past', !!past);
  if (past) {
    showPosition({ fen: past.fen, lastMove: past.lastMove, check: false, turn: past.fen.split(' ')[1] === 'b' ? 'black' : 'white', dests: null });
    return;
  }
  const dests = new Map();
  if (myMove()) for (const [from, to] of Object.entries(s.dests || {})) dests.set(from, to);
  showPosition({ fen: s.fen, lastMove: lastMove(), check: s.check, turn: s.to_move, dests });
}

g.render = () => {
  if (!g.state) return;
  showHeader();
  showSituation();
  showCalls();
  showBoard();
  showMoves();
  showPlayer();
  showArbiter();
  showEnvelope();
  showDecisions();
  $('#board-hint').hidden = !myMove();
  document.body.dataset.ready = '1';
};

function setState(next) {
  const t = g.t;
  const said = [];
  const before = g.state?.scoresheet?.length ?? next.scoresheet?.length ?? 0;
  const moves = next.scoresheet || [];
  if (moves.length > before) {
    const mover = moves.length % 2 === 1 ? 'white' : 'black';
    if (mover !== g.seat) said.push(t('ui-opponent-moved', { side: side(mover), move: inLetters(moves[moves.length - 1], g.lang) }));
  }
  const known = g.state?.log?.length ?? next.log?.length ?? 0;
  for (const d of (next.log || []).slice(known)) said.push(`${d.message}${d.article ? ` (${d.article})` : ''}`);
  g.state = next;
  g.received = performance.now();
  if (said.length) g.say(said.join(' · '));
  g.render();
}

async function refresh() {
  setState(await getJson(`/api/games/${encodeURIComponent(g.id)}?lang=${g.lang}`));
}
g.refresh = refresh;

let pendingRefresh = null;
function later() {
  clearTimeout(pendingRefresh);
  pendingRefresh = setTimeout(() => refresh().catch((e) => showError('#actions-error', e.message)), 0);
}

function onStream(message) {
  if (message.type === 'authenticated') {
    g.seat = message.as;
    // (for scripts and tests: the seat the stream authenticated)
    document.body.dataset.seat = g.seat;
    orient(g.seat === 'black' ? 'black' : 'white');
    // the arbiter's tools beside the board, before the moves
    if (g.seat === 'arbiter') $('.panel').insertBefore($('#arbiter-panel'), $('#announce'));
    g.render();
  } else if (message.type === 'game') {
    later();
  } else if (message.type === 'event') {
    // the clocks at once; the rest from the state, in the reader's language
    if (g.state) {
      g.state.clocks = message.clocks;
      g.state.running = message.running;
      g.received = performance.now();
    }
    later();
  } else if (message.type === 'error') {
    showError('#actions-error', message.error?.message || 'error');
  }
}

function connection(up) {
  g.live = up;
  const e = $('#connection');
  e.textContent = g.t(up ? 'ui-connected' : 'ui-game-not-live');
  e.classList.toggle('down', !up);
  document.body.classList.toggle('offline', !up);
}

// the header's height, for the board's size (style.css: --header)
function measureHeader() {
  const header = document.querySelector('header');
  const set = () => document.documentElement.style.setProperty('--header', `${header.offsetHeight}px`);
  set();
  if (globalThis.ResizeObserver) new ResizeObserver(set).observe(header);
}

async function main() {
  keepKeyFromLink();
  measureHeader();
  g.lang = chosenLanguage();
  g.t = await translator(g.lang);
  translate(document, g.t);
  languageSwitch($('#lang'), g.lang, async (l) => {
    g.lang = l;
    g.t = await translator(l);
    translate(document, g.t);
    labelSquares();
    await refresh().catch((e) => showError('#actions-error', e.message));
  });
  createBoard((uci) => playMove(uci, { from: 'board' }));
  orient('white');
  $('#flip').onclick = () => orient(orientationOf() === 'white' ? 'black' : 'white');
  playerControls();
  arbiterForms();
  stepKeys();
  for (const b of document.querySelectorAll('#promotion button')) b.onclick = () => $('#promotion').close(b.value);
  if (!g.token) {
    g.seat = 'spectator';
    document.body.dataset.seat = 'spectator';
  }
  await refresh();
  connection(false);
  follow(g.id, g.token, onStream, connection);
  requestAnimationFrame(tick);
}

main().catch((e) => showError('#actions-error', e.message));
