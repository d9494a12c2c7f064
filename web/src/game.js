// /games/{id}: a game as a spectator sees it, or, with #seat=TOKEN in the
// address (the token stays in the fragment: it never reaches a server log),
// as a player or the arbiter plays it. Everything it shows comes from the
// API (the state, then the stream); everything it does is a POST …/events.
import { Chessground } from '@lichess-org/chessground';
import { chosenLanguage, translator, translate, languageSwitch } from './i18n.js';
import { getJson, sendEvent, follow } from './api.js';
import { pending as awaited } from './rulings.js';

const id = decodeURIComponent(location.pathname.split('/')[2] || '');
const token = new URLSearchParams(location.hash.slice(1)).get('seat');
const $ = (sel) => document.querySelector(sel);

let t; // the translator
let state = null; // the game's state, as the server last gave it
let seat = null; // 'white' | 'black' | 'arbiter' | null (spectator)
let received = performance.now(); // when the clocks of `state` were read
let offerWithMove = false;
// a move sent without its press, the press a separate action (the Laws'
// order over the board: move, then offer, then press); remembered
let pressSeparately = localStorage.getItem('arbitre-press-separately') === '1';
let lang; // the reader's language: the decisions are asked in it
let previousFen = null;
let lastMove;

const board = Chessground($('#board'), {
  coordinates: true,
  movable: { free: false, color: undefined, showDests: true, events: { after: onBoardMove } },
  premovable: { enabled: false },
  draggable: { showGhost: true },
  animation: { enabled: true, duration: 150 },
});

// The board as `color` sees it, each player's name and clock on his side.
function orient(color) {
  board.set({ orientation: color });
  $('.play').classList.toggle('flipped', color === 'black');
}

function side(code) {
  return code ? t(`side-${code}`) : '';
}

function isPlayer() {
  return seat === 'white' || seat === 'black';
}

function myMove() {
  return isPlayer() && state && state.result === '*' && state.to_move === seat && state.state === 'playing';
}

// ---------------------------------------------------------------- the board

function dests() {
  const map = new Map();
  if (!myMove()) return map;
  for (const [from, to] of Object.entries(state.dests || {})) map.set(from, to);
  return map;
}

// The squares a move changed, from the boards before and after it (castling:
// the king's).
function moveBetween(before, after) {
  if (!before || !after) return undefined;
  const squares = (fen) => {
    const out = {};
    fen.split(' ')[0].split('/').forEach((row, r) => {
      let f = 0;
      for (const c of row) {
        if (/\d/.test(c)) f += Number(c);
        else out['abcdefgh'[f++] + (8 - r)] = c;
      }
    });
    return out;
  };
  const a = squares(before);
  const b = squares(after);
  const changed = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((s) => a[s] !== b[s]);
  const from = changed.filter((s) => a[s] && !b[s]);
  const to = changed.filter((s) => b[s]);
  const king = (list, board) => list.find((s) => /[kK]/.test(board[s])) || list[0];
  if (!from.length || !to.length) return undefined;
  return [king(from, a), king(to, b)];
}

function showBoard() {
  if (previousFen && previousFen !== state.fen) lastMove = moveBetween(previousFen, state.fen) || lastMove;
  previousFen = state.fen;
  board.set({
    fen: state.fen,
    turnColor: state.to_move,
    lastMove,
    check: state.check ? state.to_move : false,
    movable: { color: myMove() ? seat : undefined, dests: dests() },
  });
}

async function onBoardMove(orig, dest) {
  const piece = board.state.pieces.get(dest);
  let promotion = '';
  if (piece?.role === 'pawn' && (dest[1] === '8' || dest[1] === '1')) {
    promotion = await choosePromotion();
    if (!promotion) {
      showBoard();
      return;
    }
  }
  lastMove = [orig, dest];
  await play(orig + dest + promotion);
}

function choosePromotion() {
  const dialog = $('#promotion');
  return new Promise((resolve) => {
    dialog.onclose = () => resolve(dialog.returnValue === 'cancel' ? '' : dialog.returnValue);
    dialog.showModal();
  });
}

// A move and its press; with the draw offer ticked, the Laws' order: the
// move, the offer, the press (9.1.2.1).
async function play(move) {
  try {
    if (pressSeparately && !anyMoment()) {
      // the press is the player's own action (the button)
      await act({ move, press: false });
      if (offerWithMove) {
        offerWithMove = false;
        await act({ offer_draw: true });
      }
    } else if (offerWithMove && !anyMoment()) {
      let answer = await act({ move, press: false });
      if (!answer.accepted) return;
      answer = await act({ offer_draw: true });
      await act({ press: true });
      offerWithMove = false;
    } else {
      await act({ move });
      if (offerWithMove) {
        offerWithMove = false;
        await act({ offer_draw: true });
      }
    }
  } finally {
    $('#offer-with-move').checked = false;
  }
}

function anyMoment() {
  return state?.edition === 'fide-online-2021';
}

// An action of this seat: the answer (its decisions shown; a refusal too).
async function act(action) {
  try {
    const answer = await sendEvent(id, token, action);
    if (answer.game) setState(answer.game);
    if (!answer.accepted) {
      const why = (answer.decisions || []).map((d) => `${d.article ? `[${d.article}] ` : ''}${d.message}`).join(' · ');
      notice(`${t('ui-refused')}: ${why}`, true);
    }
    return answer;
  } catch (e) {
    notice(e.message, true);
    await refresh();
    return { accepted: false };
  }
}

// ---------------------------------------------------------------- the clocks

function clockText(seconds) {
  const s = Math.max(0, seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  if (h > 0) return `${h}:${String(m).padStart(2, '0')}:${String(Math.floor(sec)).padStart(2, '0')}`;
  if (s < 10) return `${m}:${sec.toFixed(1).padStart(4, '0')}`;
  return `${m}:${String(Math.floor(sec)).padStart(2, '0')}`;
}

function tickClocks() {
  if (state) {
    const since = (performance.now() - received) / 1000;
    for (const c of ['white', 'black']) {
      const running = state.running === c;
      const left = state.clocks[c] - (running ? since : 0);
      const el = $(`#clock-${c}`);
      el.textContent = clockText(left);
      el.classList.toggle('running', running);
      el.classList.toggle('fallen', left <= 0 && state.clocks[c] !== null);
    }
    const fallen = ['white', 'black'].find((c) => state.running === c && state.clocks[c] - since <= 0);
    const flag = $('#flag');
    if (fallen && state.result === '*') {
      flag.hidden = false;
      flag.textContent = t(state.game_type === 'standard' ? 'ui-flag-fallen' : 'ui-flag-to-claim', { side: side(fallen) });
    } else flag.hidden = true;
  }
  requestAnimationFrame(tickClocks);
}

// The time control's periods (PGN syntax with the delay extensions:
// `40/5400+30:1800+30`, `5400d30`, `40/7200b30:3600b30`; `-` no clock).
function periods(tc) {
  if (!tc || tc === '-') return [];
  return tc.split(':').map((p) => {
    const m = p.match(/^(?:(\d+)\/)?(\d+(?:\.\d+)?)(?:([+db])(\d+(?:\.\d+)?))?$/);
    if (!m) return null;
    return { moves: m[1] ? Number(m[1]) : null, seconds: Number(m[2]), bonus: m[3] || null, extra: Number(m[4] || 0) };
  });
}

// The period the side to move is in, what it gives, and how many moves
// that side still has to make before its control.
function periodText() {
  const all = periods(state.time_control);
  if (!all.length || all.includes(null)) return '';
  const mover = state.to_move;
  const made = Math.floor(((state.scoresheet || []).length + (mover === 'white' ? 1 : 0)) / 2);
  // the periods before the last one that the side to move has completed;
  // the last period repeats when it counts moves (FIDE's "each subsequent")
  let before = 0;
  let index = 0;
  for (; index < all.length - 1; index++) {
    if (all[index].moves === null || made < before + all[index].moves) break;
    before += all[index].moves;
  }
  const p = all[index];
  const left = p.moves === null ? null : p.moves - ((made - before) % p.moves);
  const time = clockText(p.seconds);
  const what = p.moves === null ? t('ui-period-rest', { time }) : t('ui-period-moves', { moves: p.moves, time });
  const bonus = { '+': 'ui-increment', d: 'ui-delay', b: 'ui-bronstein' }[p.bonus];
  const parts = [t('ui-period', { n: index + 1, count: all.length, what })];
  if (bonus) parts.push(t(bonus, { seconds: p.extra }));
  if (left !== null && state.result === '*') parts.push(t('ui-to-control', { side: side(mover), count: left }));
  return parts.join(' · ');
}

// ---------------------------------------------------------------- the rest

function showScoresheet() {
  const list = $('#scoresheet');
  const moves = state.scoresheet || [];
  const rows = [];
  for (let i = 0; i < moves.length; i += 2) {
    const li = document.createElement('li');
    li.textContent = moves[i] + (moves[i + 1] ? `  ${moves[i + 1]}` : '');
    rows.push(li);
  }
  list.replaceChildren(...rows);
  list.scrollTop = list.scrollHeight;
}

function showDecisions() {
  const list = $('#decisions');
  const items = (state.log || []).map((d) => {
    const li = document.createElement('li');
    const article = document.createElement('span');
    article.className = 'article';
    article.textContent = d.article ? `[${d.article}]` : '';
    li.append(article, ` ${d.message}`);
    return li;
  });
  for (const a of state.alerts || []) {
    const li = document.createElement('li');
    li.className = 'alert';
    li.textContent = a.message;
    items.push(li);
  }
  list.replaceChildren(...items);
  list.scrollTop = list.scrollHeight;
}

// a message citing the article of the game's edition for `what`
function article(id, what) {
  return t(id, { article: state?.articles?.[what] || '' });
}

function button(label, title, enabled, onClick) {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = label;
  b.disabled = !enabled;
  if (!enabled && title) b.title = title;
  b.onclick = onClick;
  return b;
}

function showActions() {
  const over = state.result !== '*';
  const opponent = seat === 'white' ? 'black' : 'white';
  const out = [];
  if (isPlayer()) {
    const why = over ? t('ui-why-game-over') : '';
    out.push(button(t('ui-resign'), why, !over, async () => {
      if (confirm(t('ui-resign-confirm'))) await act({ resign: true });
    }));
    const offered = state.offer === opponent;
    out.push(button(t('ui-accept-draw'), over ? why : t('ui-why-no-offer'), !over && offered, () => act({ accept_draw: true })));
    out.push(button(t('ui-decline-draw'), over ? why : t('ui-why-no-offer'), !over && offered, () => act({ decline_draw: true })));
    if (!anyMoment() && (pressSeparately || state.unpressed === seat)) {
      const unpressed = state.unpressed === seat;
      out.push(button(t('ui-press'), over ? why : article('ui-why-press', 'press'), !over && unpressed, () => act({ press: true })));
      const mine = state.offer === seat;
      out.push(button(t('ui-offer-draw-now'), over ? why : mine ? t('ui-why-offer-pending') : article('ui-why-offer-procedure', 'offer'), !over && unpressed && !mine, () => act({ offer_draw: true })));
    }
    if (anyMoment()) {
      const mine = state.offer === seat;
      out.push(button(t('ui-offer-draw-now'), over ? why : t('ui-why-offer-pending'), !over && !mine, () => act({ offer_draw: true })));
    }
    if (!over && (state.state === 'adjourned' || !state.started)) {
      out.push(button(t('ui-at-board'), '', true, () => act({ arrive: true })));
    }
  }
  $('#actions').replaceChildren(...out);
  showClaims(over);
  showSeal();
  showArbiter(over);
  const offer = $('#offer-with-move');
  offer.disabled = !isPlayer() || over;
  $('#offer-label').title = anyMoment() ? '' : article('ui-why-offer-procedure', 'offer');
  $('#separate-label').hidden = !isPlayer() || anyMoment();
  $('#press-separately').checked = pressSeparately;
  $('#san').disabled = !myMove();
  $('#san-play').disabled = !myMove();
}

// Every claim a player may make — a wrong one too, which the Laws
// penalise (9.5): the ones the engine would find right now are marked ✓.
const CLAIMS = ['threefold', 'fifty-moves', 'flag', 'illegal-move', 'quickplay', 'touch-move'];

function showClaims(over) {
  const row = $('#claim-form');
  row.hidden = !isPlayer();
  if (row.hidden) return;
  const right = new Set(state.to_move === seat ? state.claims || [] : []);
  const select = $('#claim-kind');
  const chosen = select.value;
  // each with the article of the edition it rests on
  const cites = (k) => (state.articles?.[k] ? ` (${state.articles[k]})` : '');
  select.replaceChildren(...CLAIMS.map((k) => new Option(`${right.has(k) ? '✓ ' : ''}${t(`claim-kind-${k}`)}${cites(k)}`, k, false, k === chosen)));
  for (const el of row.elements) el.disabled = over;
}

function claimForm() {
  $('#claim-form').onsubmit = async (e) => {
    e.preventDefault();
    const claim = $('#claim-kind').value;
    // the move written and declared, not played (9.2a, 9.3a): the move field's
    const written = claim === 'threefold' || claim === 'fifty-moves' ? $('#san').value.trim() : '';
    $('#san').value = '';
    await act(written ? { claim, intended: written } : { claim });
  };
}

// The player with the move seals when the arbiter adjourns: the move is
// typed, confirmed, sent, and never shown again (the server keeps only its
// commitment and the envelope encrypted to the arbiter).
function showSeal() {
  const a = state.adjournment;
  $('#seal-form').hidden = !(isPlayer() && a?.phase === 'awaiting-seal' && a.sealer === seat);
  // what A2 puts on the envelope, for everyone; never the sealed move
  const e = state.envelope;
  const box = $('#envelope');
  box.hidden = !e;
  if (!e) return;
  const rows = [
    [t('ui-players'), `${e.players?.white || side('white')} – ${e.players?.black || side('black')}`],
    [t('ui-envelope-sealer'), side(e.sealer)],
    [t('ui-envelope-move-number'), String(e.move_number)],
    [t('ui-envelope-time-used'), `${side('white')} ${clockText(e.time_used.white)} · ${side('black')} ${clockText(e.time_used.black)}`],
    [t('ui-resume-at'), e.resume_at || '–'],
    [t('ui-place'), e.place || '–'],
    ['FEN', e.fen],
  ];
  if (e.draw_offer) rows.push([t('ui-offer-draw-now'), side(e.draw_offer)]);
  $('#envelope-fields').replaceChildren(...rows.flatMap(([k, v]) => {
    const dt = document.createElement('dt');
    dt.textContent = k;
    const dd = document.createElement('dd');
    dd.textContent = v;
    return [dt, dd];
  }));
}

function showArbiter(over) {
  const panel = $('#arbiter-panel');
  panel.hidden = seat !== 'arbiter';
  if (panel.hidden) return;
  const out = [];
  const started = state.started;
  const adjourned = state.state === 'adjourned';
  out.push(button(t('ui-start'), '', !over && !started, () => act({ start: true })));
  for (const absent of ['white', 'black']) {
    out.push(button(t('ui-start-absent', { side: side(absent) }), '', !over && !started, () => act({ start: { absent: [absent] } })));
  }
  out.push(button(t('ui-stop-clocks'), '', !over && !!state.running, () => act({ stop_clocks: true })));
  out.push(button(t('ui-restart-clocks'), '', !over && !state.running && started && !adjourned, () => act({ restart_clocks: true })));
  // what the game waits for, and the rulings that answer it
  const question = awaited(state, t);
  $('#arbiter-question').textContent = question?.question || '';
  for (const choice of question?.choices || []) out.push(button(choice.label, '', true, () => act(choice.action)));
  if (adjourned) {
    out.push(button(t('ui-resume'), '', true, () => act({ resume: true })));
    out.push(button(t('ui-envelope-lost'), '', true, () => act({ envelope_lost: true })));
    out.push(button(t('ui-unrestorable-position'), '', true, () => act({ unrestorable: 'position' })));
    out.push(button(t('ui-unrestorable-times'), '', true, () => act({ unrestorable: 'times' })));
  }
  $('#arbiter-actions').replaceChildren(...out);
  $('#open-form').hidden = state.awaiting?.what !== 'open-envelope';
  $('#open-key-form').hidden = $('#open-form').hidden;
  // the browser's cryptography is there in a secure context only (https,
  // or the server on this computer)
  const secure = !!globalThis.crypto?.subtle;
  for (const el of $('#open-key-form').elements) el.disabled = !secure;
  $('#open-key-form').title = secure ? '' : t('ui-open-needs-secure');
  for (const form of ['#adjust-form', '#result-form', '#adjourn-form']) {
    for (const el of $(form).elements) el.disabled = over;
  }
}

function arbiterForms() {
  $('#adjust-form').onsubmit = async (e) => {
    e.preventDefault();
    const s = $('#adjust-side').value;
    await act({ adjust_time: { [s]: Number($('#adjust-seconds').value), article: $('#adjust-article').value.trim() } });
  };
  $('#result-form').onsubmit = async (e) => {
    e.preventDefault();
    await act({ declare_result: { result: $('#result-value').value, article: $('#result-article').value.trim() } });
  };
  $('#adjourn-form').onsubmit = async (e) => {
    e.preventDefault();
    const adjourn = {};
    if ($('#adjourn-at').value.trim()) adjourn.resume_at = $('#adjourn-at').value.trim();
    if ($('#adjourn-place').value.trim()) adjourn.place = $('#adjourn-place').value.trim();
    await act({ adjourn });
  };
  $('#open-form').onsubmit = async (e) => {
    e.preventDefault();
    // what `arbitre envelope open --json` printed, pasted whole; or the move
    // and the salt in their own fields
    const text = $('#open-move').value.trim();
    let open = { move: text, salt: $('#open-salt').value.trim() };
    if (text.startsWith('{')) {
      try {
        const pasted = JSON.parse(text);
        open = { move: String(pasted.move ?? ''), salt: String(pasted.salt ?? '') };
      } catch {
        notice(t('ui-open-hint'), true);
        return;
      }
    }
    await act({ open });
  };
  // the arbiter's key file, read here and never sent: the envelope from
  // the server, checked against the key the server signs with, opened
  $('#open-key-form').onsubmit = async (e) => {
    e.preventDefault();
    const file = $('#open-key').files[0];
    if (!file) return;
    let secret;
    try {
      const { openEnvelope, secretKeyOf } = await import('/assets/envelope.js');
      secret = secretKeyOf(await file.text());
      const [envelope, health] = await Promise.all([
        getJson(`/api/games/${encodeURIComponent(id)}/envelope`, token),
        getJson('/api/health'),
      ]);
      const open = await openEnvelope(envelope, secret, health.envelope_signer);
      await act({ open });
    } catch (err) {
      notice(err.code ? t(err.code) : err.message, true);
    } finally {
      secret?.fill(0);
      $('#open-key').value = '';
    }
  };
  $('#seal-form').onsubmit = async (e) => {
    e.preventDefault();
    const move = $('#seal-move').value.trim();
    if (!move || !confirm(t('ui-seal-confirm', { move }))) return;
    $('#seal-move').value = '';
    await act({ seal: move });
  };
}

function showHeader() {
  $('#white-name').textContent = state.players?.white || side('white');
  $('#black-name').textContent = state.players?.black || side('black');
  const status = $('#status');
  if (state.result !== '*') status.textContent = t('ui-result', { result: state.result });
  else status.textContent = t('ui-to-move', { side: side(state.to_move) });
  $('#seat').textContent = isPlayer() ? t('ui-you-play', { side: side(seat) }) : t(seat === 'arbiter' ? 'ui-arbiter' : 'ui-spectator');
  $('#meta').textContent = `${state.edition} · ${state.time_control}`;
  $('#period').textContent = periodText();
  document.title = `${state.players?.white || side('white')} – ${state.players?.black || side('black')} · arbitre`;
}

function setState(next) {
  // for the live region: a move of the other side, in the event's
  // notation, and every new decision, in the reader's language
  const said = [];
  const before = state?.scoresheet?.length ?? next.scoresheet?.length ?? 0;
  const moves = next.scoresheet || [];
  if (moves.length > before) {
    const mover = moves.length % 2 === 1 ? 'white' : 'black';
    if (mover !== seat) said.push(t('ui-opponent-moved', { side: side(mover), move: moves[moves.length - 1] }));
  }
  const known = state?.log?.length ?? next.log?.length ?? 0;
  for (const d of (next.log || []).slice(known)) said.push(`${d.article ? `[${d.article}] ` : ''}${d.message}`);
  if (said.length) notice(said.join(' · '));
  state = next;
  received = performance.now();
  showHeader();
  showBoard();
  showScoresheet();
  showDecisions();
  showActions();
}

function notice(text, error = false) {
  const el = $('#announce');
  el.textContent = text;
  el.classList.toggle('error', error);
}

async function refresh() {
  setState(await getJson(`/api/games/${encodeURIComponent(id)}?lang=${lang}`));
}

let pending = null;
function onStream(message) {
  if (message.type === 'authenticated') {
    seat = message.as;
    // (for scripts and tests: the seat the stream authenticated)
    document.body.dataset.seat = seat;
    orient(seat === 'black' ? 'black' : 'white');
    if (state) setState(state);
  } else if (message.type === 'game') {
    // (re)connected: the state as it is, asked in the reader's language
    clearTimeout(pending);
    pending = setTimeout(() => refresh().catch((e) => notice(e.message, true)), 0);
  } else if (message.type === 'event') {
    // the clocks at once; the rest (board, scoresheet, what is allowed, the
    // decisions in the reader's language) from the state
    if (state) {
      state.clocks = message.clocks;
      state.running = message.running;
      received = performance.now();
    }
    clearTimeout(pending);
    pending = setTimeout(() => refresh().catch((e) => notice(e.message, true)), 0);
  } else if (message.type === 'error') {
    notice(message.error?.message || 'error', true);
  }
}

async function main() {
  lang = chosenLanguage();
  t = await translator(lang);
  translate(document, t);
  languageSwitch($('#lang'), lang, async (l) => {
    lang = l;
    t = await translator(l);
    translate(document, t);
    await refresh().catch((e) => notice(e.message, true));
  });
  $('#flip').onclick = () => orient(board.state.orientation === 'white' ? 'black' : 'white');
  $('#offer-with-move').onchange = (e) => (offerWithMove = e.target.checked);
  $('#press-separately').onchange = (e) => {
    pressSeparately = e.target.checked;
    localStorage.setItem('arbitre-press-separately', pressSeparately ? '1' : '0');
    if (state) showActions();
  };
  $('#san-form').onsubmit = async (e) => {
    e.preventDefault();
    const text = $('#san').value.trim();
    if (!text) return;
    $('#san').value = '';
    await play(text);
  };
  arbiterForms();
  claimForm();
  for (const b of document.querySelectorAll('#promotion button')) {
    b.onclick = () => $('#promotion').close(b.value);
  }
  await refresh();
  follow(id, token, onStream, (up) => {
    const el = $('#connection');
    el.textContent = t(up ? 'ui-connected' : 'ui-reconnecting');
    el.classList.toggle('down', !up);
  });
  requestAnimationFrame(tickClocks);
}

main().catch((e) => notice(e.message, true));
