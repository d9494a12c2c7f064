// The moves: a two-column table (number, White, Black) in the reader's
// piece letters, the current move marked; a click on a move, the step
// buttons or ←/→ (Home/End) show the positions the game went through
// (computed with chessops from the state's initial_fen and uci; from the
// scoresheet's SAN when the server gives no UCI).
import { g } from './game-context.js';
import { $, el } from './game-ui.js';
import { positions, positionsFromSan, inLetters } from './notation.js';

let known = null; // [{fen, san, uci, lastMove}] position 0 the start
let key = '';
export let view = null; // null: the game as it is; a ply number: that position

// the positions of the game, recomputed when its moves change
export function gamePositions() {
  const state = g.state;
  const k = `${state.initial_fen || ''}|${(state.uci || []).join(' ')}|${(state.scoresheet || []).length}`;
  if (k !== key) {
    key = k;
    known = Array.isArray(state.uci) ? positions(state.initial_fen, state.uci) : positionsFromSan(state.initial_fen, state.scoresheet);
    if (view !== null && (!known || view >= known.length)) view = null;
  }
  return known;
}

// the last move as chessground marks it
export function lastMove() {
  const p = gamePositions();
  const n = (g.state.scoresheet || []).length;
  return p && p.length === n + 1 ? p[n].lastMove : undefined;
}

function written(ply) {
  const sheet = g.state.scoresheet || [];
  const p = known?.[ply + 1];
  const text = sheet[ply] || '';
  const marks = (text.match(/(\(=\))$/) || [''])[0];
  if (p?.san) return inLetters(p.san, g.lang) + marks;
  return inLetters(text, g.lang);
}

export function showMoves() {
  gamePositions();
  const sheet = g.state.scoresheet || [];
  const start = Number((g.state.initial_fen || '').split(' ')[5]) || 1;
  const blackFirst = (g.state.initial_fen || '').split(' ')[1] === 'b';
  const current = view === null ? sheet.length - 1 : view - 1;
  const rows = [];
  const offset = blackFirst ? 1 : 0;
  for (let i = -offset; i < sheet.length; i += 2) {
    const number = start + (i + offset) / 2;
    const cells = [el('th', { scope: 'row', textContent: `${number}.` })];
    for (const ply of [i, i + 1]) {
      if (ply < 0 || ply >= sheet.length) {
        cells.push(el('td', { textContent: ply < 0 ? '…' : '' }));
        continue;
      }
      const reachable = known && ply + 1 < known.length;
      const b = el('button', { type: 'button', className: 'move', textContent: written(ply), dataset: { ply: String(ply) } });
      if (ply === current) {
        b.setAttribute('aria-current', 'step');
        b.classList.add('current');
      }
      if (reachable) b.onclick = () => setView(ply + 1);
      else b.setAttribute('aria-disabled', 'true');
      cells.push(el('td', {}, b));
    }
    rows.push(el('tr', {}, ...cells));
  }
  $('#moves-body').replaceChildren(...rows);
  const box = $('#moves-box');
  const mark = box.querySelector('.current');
  if (view === null) box.scrollTop = box.scrollHeight;
  else mark?.scrollIntoView({ block: 'nearest' });
  const steps = known ? known.length - 1 : 0;
  const at = view === null ? steps : view;
  $('#step-first').disabled = !known || at === 0;
  $('#step-back').disabled = !known || at === 0;
  $('#step-next').disabled = view === null;
  $('#step-last').disabled = view === null;
  const viewing = $('#viewing');
  viewing.hidden = view === null;
  if (view !== null) {
    const ply = view - 1;
    viewing.textContent = ply < 0 ? g.t('ui-game-viewing-start') : g.t('ui-game-viewing', { move: `${start + Math.floor((ply + offset) / 2)}.${(ply + offset) % 2 ? '..' : ''} ${written(ply)}` });
  }
}

// The position shown: null for the game as it is.
export function setView(ply) {
  const p = gamePositions();
  if (!p) return;
  const live = (g.state.scoresheet || []).length;
  view = ply === null || ply >= p.length - 1 && p.length - 1 === live ? null : Math.max(0, Math.min(ply, p.length - 1));
  g.render();
}

export function step(delta) {
  const p = gamePositions();
  if (!p) return;
  const at = view === null ? p.length - 1 : view;
  setView(at + delta);
}

export function viewed() {
  return view === null ? null : known[view];
}

// ←/→ step through the positions, Home/End go to the start and back to the
// game, anywhere but in a field or on the board's squares
export function stepKeys() {
  document.addEventListener('keydown', (e) => {
    const target = e.target;
    if (target.closest?.('input, textarea, select, [role=grid], dialog')) return;
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const act = { ArrowLeft: () => step(-1), ArrowRight: () => step(1), Home: () => setView(0), End: () => setView(null) }[e.key];
    if (act && known) {
      e.preventDefault();
      act();
    }
  });
  $('#step-first').onclick = () => setView(0);
  $('#step-back').onclick = () => step(-1);
  $('#step-next').onclick = () => step(1);
  $('#step-last').onclick = () => setView(null);
}
