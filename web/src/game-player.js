// A player's controls: the move (typed as players write it, read with
// chessops, sent as UCI; pending until the server acknowledges it, the
// board put back with a notice that stays when it is not applied), the draw
// offer in the Laws' order (move, offer, press), the press, resignation,
// "I am at the board", the sealed move at an adjournment. Only a player's
// page shows them.
import { g, side, isPlayer, opponent, over, anyMoment, articleOf } from './game-context.js';
import { $, el, button, showError, clearErrors, refusal, confirmDialog, replaceControls } from './game-ui.js';
import { readMove, position, inLetters } from './notation.js';
import { claimButton } from './game-claims.js';

let offerWithMove = false;
// a move sent without its press, the press a separate action (remembered)
let pressSeparately = localStorage.getItem('arbitre-press-separately') === '1';
let sending = false;

export function myMove() {
  const s = g.state;
  return isPlayer() && s && s.result === '*' && s.started !== false && s.to_move === g.seat && s.state === 'playing' && !sending;
}

// what a reading error says, in the reader's words
function readError(r, text) {
  const t = g.t;
  if (r.error === 'ambiguous') return t('ui-game-move-ambiguous', { move: text, candidates: r.candidates.map((c) => inLetters(c, g.lang)).join(', ') });
  if (r.error === 'illegal') return t('ui-game-move-illegal', { move: text });
  return t('ui-game-move-unreadable', { move: text, example: inLetters('Nf3', g.lang) });
}

// A move of this player, from the board (uci) or the field (typed), sent
// with its press and, when ticked, the draw offer between the two.
export async function playMove(uci, { from = 'board' } = {}) {
  if (!myMove()) return;
  const t = g.t;
  // the move as the reader writes it, for what the page says about it
  const pos = position(g.state.fen);
  const read = pos ? readMove(pos, uci, 'en') : {};
  const shown = read.san ? inLetters(read.san, g.lang) : uci;
  sending = true;
  document.body.classList.add('pending');
  g.say(t('ui-game-move-pending', { move: shown }));
  let answer;
  try {
    answer = await sendMove(uci);
  } finally {
    sending = false;
    document.body.classList.remove('pending');
  }
  if (answer.lost) {
    const error = $('#san-error');
    error.dataset.sticky = '1';
    showError(error, t('ui-game-move-lost', { move: shown }));
    g.say('');
    g.render();
  } else if (!answer.accepted) {
    showError('#san-error', refusal(answer));
    g.say('');
    g.render();
  } else {
    delete $('#san-error').dataset.sticky;
    clearErrors();
    g.owed = null;
    g.say('');
  }
  $('#offer-with-move').checked = false;
  if (from === 'field') $('#san').focus();
}

// (a refusal of the move is said beside the move field, once)
async function sendMove(move) {
  const separately = pressSeparately && !anyMoment();
  if (separately) {
    const a = await g.act({ move, press: false }, { patience: 10000, error: '#san-error' });
    if (a.accepted && offerWithMove) {
      offerWithMove = false;
      await g.act({ offer_draw: true });
    }
    return a;
  }
  if (offerWithMove && !anyMoment()) {
    const a = await g.act({ move, press: false }, { patience: 10000, error: '#san-error' });
    if (!a.accepted) return a;
    await g.act({ offer_draw: true });
    await g.act({ press: true });
    offerWithMove = false;
    return a;
  }
  const a = await g.act({ move }, { patience: 10000, error: '#san-error' });
  if (a.accepted && offerWithMove) {
    offerWithMove = false;
    await g.act({ offer_draw: true });
  }
  return a;
}

// the move field: read before it is sent; an unreadable, illegal or
// ambiguous move is said beside the field and not sent
function moveField() {
  $('#san-form').onsubmit = async (e) => {
    e.preventDefault();
    const text = $('#san').value.trim();
    if (!text) return;
    if (!myMove()) {
      showError('#san-error', g.t('ui-why-not-your-move'));
      return;
    }
    const pos = position(g.state.fen);
    const r = pos ? readMove(pos, text, g.lang) : { error: 'unreadable' };
    if (r.error) {
      showError('#san-error', readError(r, text));
      $('#san').focus();
      return;
    }
    $('#san').value = '';
    await playMove(r.uci, { from: 'field' });
  };
}

// the sealed move: read like a move, confirmed, sent, never shown again
function sealForm() {
  $('#seal-form').onsubmit = async (e) => {
    e.preventDefault();
    const t = g.t;
    const text = $('#seal-move').value.trim();
    if (!text) {
      showError('#seal-error', t('ui-game-seal-empty'));
      return;
    }
    const pos = position(g.state.fen);
    const r = pos ? readMove(pos, text, g.lang) : { error: 'unreadable' };
    if (r.error) {
      showError('#seal-error', readError(r, text));
      return;
    }
    const move = inLetters(r.san, g.lang);
    const ok = await confirmDialog({ title: t('ui-seal-confirm', { move }), text: t('ui-game-seal-consequence'), ok: t('ui-seal-button') });
    if (!ok) return;
    $('#seal-move').value = '';
    await g.act({ seal: r.san }, { error: '#seal-error' });
  };
}

export function playerControls() {
  moveField();
  sealForm();
  $('#offer-with-move').onchange = (e) => (offerWithMove = e.target.checked);
  $('#press-separately').checked = pressSeparately;
  $('#press-separately').onchange = (e) => {
    pressSeparately = e.target.checked;
    localStorage.setItem('arbitre-press-separately', pressSeparately ? '1' : '0');
    g.render();
  };
  $('#arrive').onclick = () => g.act({ arrive: true }, { error: '#actions-error' });
}

// whether this player may report himself at the board: whenever the
// arbiter does not know him present (during an adjournment, at and after
// the resumption, a start with him absent); without the state's `present`
// (an older server), before the start and during the adjournment
function mayArrive() {
  const s = g.state;
  if (!isPlayer() || over()) return false;
  if (s.present) return !s.present[g.seat];
  return !s.started || s.state === 'adjourned';
}

export function showPlayer() {
  const box = $('#player-controls');
  box.hidden = !isPlayer();
  if (box.hidden) return;
  const t = g.t;
  const s = g.state;
  const done = over();
  const started = s.started !== false;
  const out = [];
  const adjourned = s.state === 'adjourned';
  if (!done && started && !adjourned) {
    if (s.offer === opponent()) {
      out.push(button(t('ui-accept-draw'), () => g.act({ accept_draw: true }, { error: '#actions-error' }), { className: 'primary' }));
      out.push(button(t('ui-decline-draw'), () => g.act({ decline_draw: true }, { error: '#actions-error' })));
    }
    const unpressed = s.unpressed === g.seat;
    if (!anyMoment() && (pressSeparately || unpressed)) {
      out.push(button(t('ui-press'), () => g.act({ press: true }, { error: '#actions-error' }), { enabled: unpressed, why: t('ui-why-press', { article: articleOf('press') }) }));
      const mine = s.offer === g.seat;
      out.push(button(t('ui-offer-draw-now'), () => g.act({ offer_draw: true }, { error: '#actions-error' }), {
        enabled: unpressed && !mine,
        why: mine ? t('ui-why-offer-pending') : t('ui-why-offer-procedure', { article: articleOf('offer') }),
      }));
    } else if (anyMoment()) {
      const mine = s.offer === g.seat;
      out.push(button(t('ui-offer-draw-now'), () => g.act({ offer_draw: true }, { error: '#actions-error' }), { enabled: !mine, why: t('ui-why-offer-pending') }));
    }
    out.push(claimButton());
    // the arbiter called: once, until he answers (the call itself is said
    // under the banner); while it waits, why the button is disabled, in
    // words beside it, where the focus goes once it is pressed
    const call = (s.calls || []).find((c) => c.side === g.seat);
    const callButton = button(t('ui-call-arbiter'), () => g.act({ call_arbiter: true }, { error: '#actions-error' }), { enabled: !call });
    callButton.dataset.focus = 'call';
    if (call) {
      callButton.setAttribute('aria-describedby', 'call-why');
      out.push(el('span', { className: 'with-why' }, callButton, el('small', { id: 'call-why', className: 'why', tabindex: '-1', dataset: { focus: 'call' }, textContent: t('ui-why-call-pending') })));
    } else out.push(callButton);
    out.push(button(t('ui-resign'), async () => {
      const ok = await confirmDialog({ title: t('ui-resign-confirm'), text: t('ui-game-resign-consequence', { side: side(opponent()) }), ok: t('ui-resign') });
      if (ok) await g.act({ resign: true }, { error: '#actions-error' });
    }, { className: 'danger' }));
  }
  // the focus kept on the control that replaces the one it was on, else
  // on the situation (the game over, an offer answered)
  replaceControls($('#actions'), out, () => $('#situation'));
  $('#arrival').hidden = !mayArrive();
  const a = s.adjournment;
  $('#seal-form').hidden = !(a?.phase === 'awaiting-seal' && a.sealer === g.seat && !done);
  const moving = myMove();
  $('#san-form').hidden = done || adjourned || !started;
  // the field stays usable (a move may be written in advance, and the focus
  // stays in it): a move sent out of turn is refused beside it, not sent
  const example = `${inLetters('Nf3', g.lang)}, e4, O-O, e8=${inLetters('Q', g.lang)}`;
  $('#san-help').textContent = g.owed || t('ui-type-move-hint', { example });
  $('#offer-label').hidden = done || adjourned || !started;
  // nothing left to do on a finished game: no empty box
  box.hidden = done && $('#arrival').hidden;
  $('#offer-label').title = anyMoment() ? '' : t('ui-why-offer-procedure', { article: articleOf('offer') });
  $('#separate-label').hidden = done || adjourned || !started || anyMoment();
  $('#press-separately').checked = pressSeparately;
}
