// What the game has recorded, for everyone: the decisions with their
// articles (as the server words them, in the reader's language) and the
// envelope's face (A2: players, sealer, move number, times, resumption;
// never the sealed move).
import { g, side } from './game-context.js';
import { $, el } from './game-ui.js';
import { clockText } from './game-clocks.js';

export function showDecisions() {
  const list = $('#decisions');
  // the entries the server made by itself (its outages: `by: "server"`)
  // are worded as its doing by the server, and marked so
  const items = (g.state.log || []).map((d) => el('li', { className: d.by === 'server' ? 'by-server' : '' }, el('span', { className: 'article', textContent: d.article ? `[${d.article}]` : '' }), ` ${d.message}`));
  const key = items.map((i) => i.textContent).join('\n');
  if (list.dataset.key === key) return;
  list.dataset.key = key;
  list.replaceChildren(...items);
  list.scrollTop = list.scrollHeight;
}

export function showEnvelope() {
  const t = g.t;
  const e = g.state.envelope;
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
  $('#envelope-fields').replaceChildren(...rows.flatMap(([k, v]) => [el('dt', { textContent: k }), el('dd', { textContent: v })]));
}
