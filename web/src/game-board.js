// The board: chessground (lichess's board) for the eye and the mouse, and
// over it a grid of 64 named squares for the keyboard (a roving tabindex:
// the arrows move between squares, Enter or Space picks the piece and then
// its destination, Escape lets it go), so a whole game can be played from
// the keyboard on the board as well as in the move field. The promotion
// dialog's choices have names.
import { Chessground } from '@lichess-org/chessground';
import { g } from './game-context.js';
import { $, el } from './game-ui.js';

const FILES = 'abcdefgh';
let board;
let onMove = () => {};
let focused = 'e2';
let orientation = 'white';

export function createBoard(moveHandler) {
  onMove = moveHandler;
  board = Chessground($('#board'), {
    coordinates: true,
    movable: { free: false, color: undefined, showDests: true, events: { after: (from, to) => played(from, to) } },
    premovable: { enabled: false },
    draggable: { showGhost: true },
    animation: { enabled: true, duration: 150 },
    events: { select: () => labelSquares() },
  });
  buildGrid();
  return board;
}

export const getBoard = () => board;
export const orientationOf = () => orientation;

// The board as `color` sees it; each player's name and clock on his side.
export function orient(color) {
  orientation = color;
  board.set({ orientation: color });
  document.body.classList.toggle('flipped', color === 'black');
  for (const c of ['white', 'black']) {
    $(`#bar-${c}`).classList.toggle('bottom', c === color);
    $(`#bar-${c}`).classList.toggle('top', c !== color);
  }
  buildGrid();
}

// Shows a position: {fen, lastMove, check, turn, movable: Map|null}. A
// piece the player has picked stays picked while the position does not
// change (an offer, a decline, a clock's period redrawn the page): only a
// move, or a piece that can no longer move, lets it go.
let shown = '';
export function showPosition({ fen, lastMove, check, turn, dests }) {
  const picked = board.state.selected;
  const keep = fen === shown && picked && dests?.get(picked)?.length > 0;
  shown = fen;
  board.set({
    fen,
    turnColor: turn,
    lastMove,
    check: check ? turn : false,
    selected: keep ? picked : undefined,
    movable: { color: dests && dests.size ? turn : undefined, dests: dests || new Map() },
  });
  labelSquares();
}

async function played(from, to) {
  const piece = board.state.pieces.get(to);
  let promotion = '';
  if (piece?.role === 'pawn' && (to[1] === '8' || to[1] === '1')) {
    promotion = await choosePromotion();
    if (!promotion) {
      g.render();
      return;
    }
  }
  await onMove(from + to + promotion, [from, to]);
}

export function choosePromotion() {
  const dialog = $('#promotion');
  return new Promise((resolve) => {
    dialog.onclose = () => resolve(dialog.returnValue === 'cancel' || !dialog.returnValue ? '' : dialog.returnValue);
    dialog.returnValue = '';
    dialog.showModal();
    dialog.querySelector('button[value="q"]').focus();
  });
}

// ------------------------------------------------------------------ the keyboard

// the square at visual row r (0 at the top), column c (0 at the left)
function squareAt(r, c) {
  return orientation === 'white' ? `${FILES[c]}${8 - r}` : `${FILES[7 - c]}${r + 1}`;
}

function placeOf(square) {
  const f = FILES.indexOf(square[0]);
  const rank = Number(square[1]);
  return orientation === 'white' ? [8 - rank, f] : [rank - 1, 7 - f];
}

function buildGrid() {
  const grid = $('#squares');
  const rows = [];
  for (let r = 0; r < 8; r++) {
    const cells = [];
    for (let c = 0; c < 8; c++) {
      const square = squareAt(r, c);
      const cell = el('div', { role: 'gridcell', tabIndex: square === focused ? 0 : -1, dataset: { square } });
      cell.addEventListener('keydown', onKey);
      cell.addEventListener('focus', () => {
        focused = square;
        for (const other of grid.querySelectorAll('[role=gridcell]')) other.tabIndex = other === cell ? 0 : -1;
      });
      cells.push(cell);
    }
    rows.push(el('div', { role: 'row' }, ...cells));
  }
  grid.replaceChildren(...rows);
  labelSquares();
}

// Each square's name: where, what stands on it, whether it is picked or a
// destination of the piece picked.
export function labelSquares() {
  if (!board) return;
  const t = g.t;
  const selected = board.state.selected;
  const dests = selected ? board.state.movable.dests?.get(selected) || [] : [];
  for (const cell of document.querySelectorAll('#squares [role=gridcell]')) {
    const square = cell.dataset.square;
    const piece = board.state.pieces.get(square);
    const what = piece ? t(`ui-game-piece-${piece.color}-${piece.role}`) : t('ui-game-empty');
    let name = `${square}, ${what}`;
    if (square === selected) name += `, ${t('ui-game-picked')}`;
    else if (dests.includes(square)) name += `, ${t('ui-game-destination')}`;
    if (cell.getAttribute('aria-label') !== name) cell.setAttribute('aria-label', name);
    cell.setAttribute('aria-selected', square === selected ? 'true' : 'false');
  }
}

function onKey(e) {
  const square = e.currentTarget.dataset.square;
  let [r, c] = placeOf(square);
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (moves[e.key]) {
    e.preventDefault();
    e.stopPropagation();
    r = Math.min(7, Math.max(0, r + moves[e.key][0]));
    c = Math.min(7, Math.max(0, c + moves[e.key][1]));
  } else if (e.key === 'Home' || e.key === 'End') {
    e.preventDefault();
    e.stopPropagation();
    c = e.key === 'Home' ? 0 : 7;
  } else if (e.key === 'Enter' || e.key === ' ') {
    e.preventDefault();
    e.stopPropagation();
    pick(square);
    return;
  } else if (e.key === 'Escape') {
    board.selectSquare(null);
    labelSquares();
    return;
  } else return;
  focusSquare(squareAt(r, c));
}

export function focusSquare(square) {
  focused = square;
  const cell = document.querySelector(`#squares [data-square="${square}"]`);
  if (!cell) return;
  for (const other of document.querySelectorAll('#squares [role=gridcell]')) other.tabIndex = other === cell ? 0 : -1;
  cell.focus();
}

// Enter on a square: the piece picked, or its destination (chessground
// makes the move as for two clicks, and the move goes the same way).
function pick(square) {
  const selected = board.state.selected;
  const dests = board.state.movable.dests;
  if (selected && (dests?.get(selected) || []).includes(square)) {
    board.selectSquare(square);
    return;
  }
  if (selected === square) {
    board.selectSquare(null);
  } else if (dests?.has(square)) {
    board.selectSquare(square);
    g.say(g.t('ui-game-picked-say', { square }));
  } else if (selected) {
    g.say(g.t('ui-game-not-destination', { square }));
  } else {
    const piece = board.state.pieces.get(square);
    g.say(g.t(piece && piece.color === board.state.movable.color ? 'ui-game-cannot-move' : 'ui-game-nothing-to-pick', { square }));
  }
  labelSquares();
}

