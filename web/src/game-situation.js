// The game's situation as a banner (role status, named "Game situation"):
// not started, to move, a draw offer pending, adjourned (the seal awaited,
// sealed, the resumption), awaiting the arbiter, the clocks stopped (for a
// call, or until the arbiter restarts them), finished with its result; and
// under it the players' pending calls of the arbiter.
import { g, side, isPlayer, isArbiter } from './game-context.js';
import { $, el } from './game-ui.js';
import { pending as awaited } from './rulings.js';
import { callWords } from './calls.js';

const RESULTS = {
  '1-0': 'white-wins', '0-1': 'black-wins', '1/2-1/2': 'draw', '+/-': 'white-by-forfeit',
  '-/+': 'black-by-forfeit', '-/-': 'both-lose', annulled: 'annulled',
};

export function resultText(state) {
  const t = g.t;
  const name = RESULTS[state.result];
  const what = name ? t(`result-${name}`) : state.result;
  const how = state.termination ? t(`termination-${state.termination}`) : '';
  const why = how && !how.startsWith('termination-') ? ` — ${how}` : '';
  const article = state.article ? ` (${state.article})` : '';
  return `${state.result === '1/2-1/2' ? '½-½' : state.result} · ${what}${why}${article}`;
}

// {kind, text}: kind one of not-started, to-move, your-move, offer,
// adjourned, awaiting, finished (the banner's colour)
export function situation() {
  const state = g.state;
  const t = g.t;
  if (state.result !== '*') return { kind: 'finished', text: resultText(state) };
  const a = state.adjournment;
  if (state.state === 'adjourned' || a?.phase === 'awaiting-seal') {
    if (a?.phase === 'awaiting-seal') {
      const mine = isPlayer() && a.sealer === g.seat;
      return { kind: 'adjourned', text: mine ? t('ui-game-situation-you-seal') : t('ui-game-situation-sealing', { side: side(a.sealer) }) };
    }
    const e = state.envelope || {};
    return { kind: 'adjourned', text: t('ui-game-situation-sealed', { at: e.resume_at || '–', place: e.place || '–' }) };
  }
  const question = awaited(state, t);
  if (question) return { kind: 'awaiting', text: t('ui-game-situation-awaiting', { what: question.question }) };
  if (!state.started) return { kind: 'not-started', text: t('ui-game-situation-not-started') };
  if (held(state)) return { kind: 'stopped', text: t(`ui-game-situation-${stoppedFor(state)}`) };
  if (state.offer) {
    const to = state.offer === 'white' ? 'black' : 'white';
    const text = isPlayer() && g.seat === to ? t('ui-game-situation-offer-to-you', { side: side(state.offer) }) : t('ui-game-situation-offer', { side: side(state.offer) });
    return { kind: 'offer', text };
  }
  if (isPlayer() && state.to_move === g.seat) return { kind: 'your-move', text: t('ui-game-situation-your-move', { side: side(state.to_move) }) };
  return { kind: 'to-move', text: t('ui-to-move', { side: side(state.to_move) }) };
}

// The clocks stopped in a game being played: by a player's call (2005
// 6.13b, 2023 6.11.2) or by the arbiter; nothing is played until he
// restarts them (the state's `running` is then null: the server's
// live_state), even once he has answered the call.
export function held(state) {
  return Boolean(state.started && state.state === 'playing' && state.result === '*' && !state.running && state.clocks && state.time_control !== '-');
}

// why the clocks stand: `called` (a call not answered yet stopped them),
// `answered` (the arbiter answered the call that stopped them, and has not
// restarted them since: the log's last word on the calls and the clocks is
// the answer), or `stopped`
function stoppedFor(state) {
  const calls = state.calls || [];
  if (calls.some((c) => c.clocks_stopped)) return 'called';
  const last = (state.log || []).findLast((d) => d.decision === 'call' || d.decision === 'clocks');
  return !calls.length && last?.decision === 'call' ? 'answered' : 'stopped';
}

// The pending calls, under the banner, on the players' and spectators'
// pages (the arbiter's panel lists them with their answers): the caller's
// own page says "You called…"
export function showCalls() {
  const box = $('#call-status');
  const s = g.state;
  const calls = isArbiter() || s.result !== '*' ? [] : s.calls || [];
  const lines = calls.map((c) => el('p', { textContent: callWords(g.t, c, side(c.side), { own: isPlayer() && c.side === g.seat }) }));
  const said = lines.map((p) => p.textContent).join('\n');
  if (box.dataset.said !== said) {
    box.dataset.said = said;
    box.replaceChildren(...lines);
  }
  box.hidden = calls.length === 0;
}

export function showSituation() {
  const s = situation();
  const banner = $('#situation');
  banner.className = `banner ${s.kind}`;
  if (banner.textContent !== s.text) banner.textContent = s.text;
  document.body.dataset.situation = s.kind;
}
