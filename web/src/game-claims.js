// A player's claims. "Claim" opens a confirmation: what is claimed (the
// ones the engine would find right now marked ✓), for a draw by repetition
// or the fifty-move rule the move the player intends to play (written and
// declared, not played: 9.2, 9.3), and the consequence under the game's
// edition if the claim is incorrect (9.5). After an incorrect claim with an
// intended move, the player is told he now owes that move.
import { g, side, opponent, articleOf } from './game-context.js';
import { $, el, button, confirmDialog } from './game-ui.js';
import { readMove, position, inLetters } from './notation.js';

const CLAIMS = ['threefold', 'fifty-moves', 'flag', 'illegal-move', 'quickplay', 'touch-move'];
const BY_MOVE = new Set(['threefold', 'fifty-moves']);

function duration(seconds) {
  const s = Math.round(seconds);
  if (s % 60 === 0) return `${s / 60} min`;
  if (s < 60) return `${s} s`;
  return `${Math.floor(s / 60)} min ${s % 60} s`;
}

// What an incorrect claim by this player would cost now, as the server
// reckons it from the edition's table ({taken, bonus, article}, seconds);
// null when the state does not say (the page keeps no copy of the tables).
export function penalty() {
  const p = g.state.claim_penalty?.[g.seat];
  return p && typeof p.bonus === 'number' && p.article ? p : null;
}

function consequence(kind) {
  const t = g.t;
  const article = articleOf(kind);
  if (BY_MOVE.has(kind)) {
    const p = penalty();
    if (!p) return t('ui-game-claim-examined', { article });
    const bonus = duration(p.bonus);
    const text = p.taken > 0
      ? t('ui-game-claim-penalty-taken', { taken: duration(p.taken), bonus, side: side(opponent()), article: p.article })
      : t('ui-game-claim-penalty', { bonus, side: side(opponent()), article: p.article });
    return `${t('ui-game-claim-right', { article })} ${text}`;
  }
  return t(`ui-game-claim-consequence-${kind}`, { article, side: side(opponent()) });
}

export function claimButton() {
  return button(g.t('ui-claim-button'), openClaim);
}

async function openClaim() {
  const t = g.t;
  const s = g.state;
  const right = new Set(s.to_move === g.seat ? s.claims || [] : []);
  const cites = (k) => (s.articles?.[k] ? ` (${s.articles[k]})` : '');
  const kind = el('select', { id: 'claim-kind' }, ...CLAIMS.map((k) => new Option(`${right.has(k) ? '✓ ' : ''}${t(`claim-kind-${k}`)}${cites(k)}`, k)));
  const kindLabel = el('label', { htmlFor: 'claim-kind', textContent: t('ui-game-claim-what') });
  const intended = el('input', { id: 'claim-intended', autocomplete: 'off', spellcheck: false });
  intended.setAttribute('aria-describedby', 'claim-intended-help');
  const intendedLabel = el('label', { htmlFor: 'claim-intended', textContent: t('ui-game-claim-intended') });
  const intendedHelp = el('small', { id: 'claim-intended-help', className: 'help', textContent: t('ui-claim-intended-hint') });
  const intendedBox = el('div', { className: 'field' }, intendedLabel, intended, intendedHelp);
  const what = el('p', { id: 'claim-consequence', className: 'consequence' });
  what.setAttribute('aria-live', 'polite');
  const update = () => {
    intendedBox.hidden = !BY_MOVE.has(kind.value);
    what.textContent = consequence(kind.value);
  };
  // the claim the engine would find right now, first offered
  const likely = CLAIMS.find((k) => right.has(k));
  if (likely) kind.value = likely;
  kind.onchange = update;
  update();
  let read = null;
  const result = await confirmDialog({
    title: t('ui-game-claim-title'),
    text: t('ui-game-claim-text'),
    ok: t('ui-game-confirm-claim'),
    fields: [el('div', { className: 'field' }, kindLabel, kind), intendedBox, what],
    validate: () => {
      read = null;
      const text = intended.value.trim();
      if (!BY_MOVE.has(kind.value) || !text) return '';
      const pos = position(s.fen);
      const r = pos ? readMove(pos, text, g.lang) : { error: 'unreadable' };
      if (r.error) return t(r.error === 'illegal' ? 'ui-game-move-illegal' : 'ui-game-move-unreadable', { move: text, example: inLetters('Nf3', g.lang) });
      read = r;
      return '';
    },
    read: () => ({ claim: kind.value, intended: BY_MOVE.has(kind.value) ? read : null }),
  });
  if (!result) return;
  const action = result.intended ? { claim: result.claim, intended: result.intended.san } : { claim: result.claim };
  const answer = await g.act(action, { error: '#actions-error' });
  // an incorrect claim with a declared move: that move is now due (9.5)
  if (answer.accepted !== false && result.intended && g.state.result === '*' && g.state.to_move === g.seat) {
    const move = inLetters(result.intended.san, g.lang);
    const owed = t('ui-game-claim-owed', { move, article: penalty()?.article || articleOf(result.claim) });
    g.owed = owed;
    g.say(owed);
    g.render();
    $('#san').value = move;
    $('#san').focus();
  }
}

