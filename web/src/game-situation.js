// The game's situation as a banner (role status, named "Game situation"):
// not started, to move, a draw offer pending, adjourned (the seal awaited,
// sealed, the resumption), awaiting the arbiter, finished with its result;
// and the page's title.
import { g, side, isPlayer } from './game-context.js';
import { $ } from './game-ui.js';
import { pending as awaited } from './rulings.js';

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
  if (state.offer) {
    const to = state.offer === 'white' ? 'black' : 'white';
    const text = isPlayer() && g.seat === to ? t('ui-game-situation-offer-to-you', { side: side(state.offer) }) : t('ui-game-situation-offer', { side: side(state.offer) });
    return { kind: 'offer', text };
  }
  if (isPlayer() && state.to_move === g.seat) return { kind: 'your-move', text: t('ui-game-situation-your-move', { side: side(state.to_move) }) };
  return { kind: 'to-move', text: t('ui-to-move', { side: side(state.to_move) }) };
}

export function showSituation() {
  const s = situation();
  const banner = $('#situation');
  banner.className = `banner ${s.kind}`;
  if (banner.textContent !== s.text) banner.textContent = s.text;
  document.body.dataset.situation = s.kind;
}
