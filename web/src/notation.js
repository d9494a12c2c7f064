// Moves as players write them, read with chessops (lichess's rules library):
// SAN in English or French piece letters (Nf3, nf3 where it is not a pawn's
// move, Cf3 in French), long algebraic (e2e4, e7e8q), castling with O or 0,
// promotions with or without "=" (e8=Q, e8Q, e8=D); and the positions of a
// game from its starting position and its moves in UCI, for stepping
// through them.
import { Chess, normalizeMove, castlingSide } from 'chessops/chess';
import { parseFen, makeFen, INITIAL_FEN } from 'chessops/fen';
import { parseSan, makeSan } from 'chessops/san';
import { parseUci, makeSquare, squareFile } from 'chessops/util';

// the reader's piece letters, from English (K Q R B N)
const LETTERS = {
  en: { K: 'K', Q: 'Q', R: 'R', B: 'B', N: 'N' },
  fr: { K: 'R', Q: 'D', R: 'T', B: 'F', N: 'C' },
};
const FROM = Object.fromEntries(Object.entries(LETTERS).map(([l, m]) => [l, Object.fromEntries(Object.entries(m).map(([en, x]) => [x, en]))]));

export function position(fen) {
  const setup = parseFen(fen || INITIAL_FEN);
  if (setup.isErr) return null;
  const pos = Chess.fromSetup(setup.value);
  return pos.isErr ? null : pos.value;
}

export const fenOf = (pos) => makeFen(pos.toSetup());

// A move of chessops as UCI the way the server and players write it: the
// king's own destination for castling (e1g1), not chessops' king-takes-rook.
export function uciOf(pos, move) {
  const side = castlingSide(pos, move);
  const from = makeSquare(move.from);
  if (side && pos.board.king.has(move.from)) {
    const to = makeSquare(move.to);
    const file = side === 'h' ? 'g' : 'c';
    return `${from}${file}${to[1]}`;
  }
  const promotion = { queen: 'q', rook: 'r', bishop: 'b', knight: 'n' }[move.promotion] || '';
  return `${from}${makeSquare(move.to)}${promotion}`;
}

// English SAN in the reader's letters (the scoresheet as he writes it).
export function inLetters(san, lang) {
  const map = LETTERS[lang] || LETTERS.en;
  return san.replace(/[KQRBN]/g, (c) => map[c]);
}

function legalUci(pos, text) {
  const m = text.match(/^([a-h][1-8])-?x?([a-h][1-8])=?([qrbnQRBN])?$/);
  if (!m) return undefined;
  const move = parseUci(`${m[1]}${m[2]}${(m[3] || '').toLowerCase()}`);
  if (!move) return undefined;
  const normal = normalizeMove(pos, move);
  return pos.isLegal(normal) ? normal : undefined;
}

// What `text` says in `pos`, read in `lang`:
//   {move, uci, san}         one legal move
//   {error: 'unreadable'}    not a move as written
//   {error: 'illegal'}       a move, not legal here
//   {error: 'ambiguous', candidates: [san…]}
export function readMove(pos, text, lang = 'en') {
  let s = String(text || '').trim().replace(/[!?+#]+$/g, '').replace(/\s+/g, '');
  if (!s) return { error: 'unreadable' };
  // castling: O-O, 0-0, o-o, with or without hyphens
  const castle = s.replace(/[0o]/gi, 'O').replace(/-/g, '');
  if (/^OOO?$/.test(castle)) {
    const move = parseSan(pos, castle.length === 3 ? 'O-O-O' : 'O-O');
    return move ? found(pos, move) : { error: 'illegal' };
  }
  const uci = legalUci(pos, s);
  if (uci) return found(pos, uci);
  if (/^[a-h][1-8]-?x?[a-h][1-8]=?[qrbnQRBN]?$/.test(s)) return { error: 'illegal' };
  // the candidates: the text as written, its piece letter in upper case
  // (nf3), in English from the reader's letters (Cf3 → Nf3), the promotion
  // piece with its "=" (e8Q → e8=Q)
  const letters = lang === 'en' ? [FROM.en] : [FROM[lang], FROM.en].filter(Boolean);
  const variants = new Set();
  for (const map of letters) {
    for (const upper of [false, true]) {
      let v = s;
      if (upper && /^[a-z]/.test(v)) v = v[0].toUpperCase() + v.slice(1);
      // the first letter a piece's, in the reader's letters
      if (/^[A-Z]/.test(v)) {
        if (!map[v[0]]) continue;
        v = map[v[0]] + v.slice(1);
      }
      // the promotion piece
      v = v.replace(/([a-h][18])=?([A-Za-z])$/, (all, sq, p) => {
        const e = map[p.toUpperCase()];
        return e ? `${sq}=${e}` : all;
      });
      variants.add(v);
    }
  }
  const moves = new Map();
  let readable = false;
  for (const v of variants) {
    if (/^([NBRQK])?([a-h])?([1-8])?[-x]?([a-h][1-8])(=?[NBRQ])?$/.test(v)) readable = true;
    const move = parseSan(pos, v);
    if (move) moves.set(uciOf(pos, move), move);
  }
  if (moves.size === 1) return found(pos, [...moves.values()][0]);
  if (moves.size > 1) return { error: 'ambiguous', candidates: [...moves.values()].map((m) => makeSan(pos, m)) };
  return { error: readable ? 'illegal' : 'unreadable' };
}

function found(pos, move) {
  return { move, uci: uciOf(pos, move), san: makeSan(pos, move) };
}

// The game's positions, ply by ply: [{fen, san, uci, lastMove}], position
// 0 the start. Stops at the first move it cannot play (an illegal move
// physically made and recorded): the positions after it are not known.
export function positions(initialFen, ucis) {
  let pos = position(initialFen);
  if (!pos) return null;
  const out = [{ fen: fenOf(pos), san: null, uci: null, lastMove: undefined }];
  for (const u of ucis || []) {
    const move = parseUci(u);
    if (!move) break;
    const normal = normalizeMove(pos, move);
    if (!pos.isLegal(normal)) break;
    const san = makeSan(pos, normal);
    pos = pos.clone();
    pos.play(normal);
    out.push({ fen: fenOf(pos), san, uci: u, lastMove: [u.slice(0, 2), u.slice(2, 4)] });
  }
  return out;
}

// The positions from the scoresheet's SAN when the state has no UCI.
export function positionsFromSan(initialFen, sans) {
  let pos = position(initialFen);
  if (!pos) return null;
  const out = [{ fen: fenOf(pos), san: null, uci: null, lastMove: undefined }];
  for (const written of sans || []) {
    const r = readMove(pos, written.replace(/\(=\)$/, ''), 'en');
    if (!r.move) break;
    pos = pos.clone();
    pos.play(r.move);
    out.push({ fen: fenOf(pos), san: r.san, uci: r.uci, lastMove: [r.uci.slice(0, 2), r.uci.slice(2, 4)] });
  }
  return out;
}

// chessground's destinations for `pos` (the king's own square for castling)
export function destsOf(pos) {
  const map = new Map();
  for (const [from, tos] of pos.allDests()) {
    const list = [];
    for (const to of tos) list.push(uciOf(pos, { from, to }).slice(2, 4));
    if (list.length) map.set(makeSquare(from), [...new Set(list)]);
  }
  return map;
}

export { INITIAL_FEN, squareFile };
