// The clocks: each side's time, counted down between the server's readings;
// each a timer named with its side and whether it runs (not by colour
// alone); low time in its own colour; marked "not live" while the page is
// disconnected; the flag, and what a player may do about it.
import { g, side, isPlayer } from './game-context.js';
import { $ } from './game-ui.js';

const LOW = 60; // seconds: the clock turns to its low-time colour

export function clockText(seconds) {
  const s = Math.max(0, seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  if (h > 0) return `${h}:${String(m).padStart(2, '0')}:${String(Math.floor(sec)).padStart(2, '0')}`;
  if (s < 10) return `${m}:${sec.toFixed(1).padStart(4, '0')}`;
  return `${m}:${String(Math.floor(sec)).padStart(2, '0')}`;
}

// the seconds left on `c`'s clock now
export function left(c) {
  const state = g.state;
  if (!state || state.clocks?.[c] === null || state.clocks?.[c] === undefined) return null;
  const since = (performance.now() - g.received) / 1000;
  return state.clocks[c] - (state.running === c ? since : 0);
}

const labels = {};
function label(el, text) {
  // set only when it changes: a screen reader is not told every tenth of a second
  if (labels[el.id] !== text) {
    labels[el.id] = text;
    el.setAttribute('aria-label', text);
  }
}

export function tick() {
  const state = g.state;
  if (state) {
    for (const c of ['white', 'black']) {
      const el = $(`#clock-${c}`);
      const l = left(c);
      const running = state.running === c;
      el.textContent = l === null ? '–' : clockText(l);
      el.classList.toggle('running', running);
      el.classList.toggle('low', l !== null && l < LOW && l > 0);
      el.classList.toggle('fallen', l !== null && l <= 0);
      el.classList.toggle('stale', !g.live);
      const how = g.t(running ? 'ui-game-clock-running' : 'ui-game-clock-stopped');
      const live = g.live ? '' : `, ${g.t('ui-game-clock-not-live')}`;
      label(el, `${g.t('ui-game-clock-of', { side: side(c) })}, ${how}${live}`);
      $(`#bar-${c}`).classList.toggle('to-move', running);
    }
    showFlag();
  }
  requestAnimationFrame(tick);
}

// A flag down: in a standard game the arbiter (the server) sees it; where it
// counts only if claimed (rapid, blitz under most editions), the opponent
// is told he may claim it, and how.
let flagText = '';
function showFlag() {
  const state = g.state;
  const fallen = ['white', 'black'].find((c) => state.running === c && left(c) <= 0);
  const flag = $('#flag');
  let text = '';
  if (fallen && state.result === '*') {
    if (state.game_type === 'standard') text = g.t('ui-flag-fallen', { side: side(fallen) });
    else if (isPlayer() && g.seat !== fallen) text = g.t('ui-game-flag-you-may-claim', { side: side(fallen), article: state.articles?.flag || '' });
    else text = g.t('ui-flag-to-claim', { side: side(fallen) });
  }
  if (text !== flagText) {
    flagText = text;
    flag.textContent = text;
    flag.hidden = !text;
  }
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
export function periodText() {
  const state = g.state;
  const t = g.t;
  const all = periods(state.time_control);
  if (!all.length || all.includes(null)) return '';
  const mover = state.to_move;
  const made = Math.floor(((state.scoresheet || []).length + (mover === 'white' ? 1 : 0)) / 2);
  // the last period repeats when it counts moves (FIDE's "each subsequent")
  let before = 0;
  let index = 0;
  for (; index < all.length - 1; index++) {
    if (all[index].moves === null || made < before + all[index].moves) break;
    before += all[index].moves;
  }
  const p = all[index];
  const remaining = p.moves === null ? null : p.moves - ((made - before) % p.moves);
  const time = clockText(p.seconds);
  const what = p.moves === null ? t('ui-period-rest', { time }) : t('ui-period-moves', { moves: p.moves, time });
  const bonus = { '+': 'ui-increment', d: 'ui-delay', b: 'ui-bronstein' }[p.bonus];
  const parts = [t('ui-period', { n: index + 1, count: all.length, what })];
  if (bonus) parts.push(t(bonus, { seconds: p.extra }));
  if (remaining !== null && state.result === '*') parts.push(t('ui-to-control', { side: side(mover), count: remaining }));
  return parts.join(' · ');
}
