// The arbiter's panel: start, stop and restart the clocks; what the game
// waits for and its rulings; the adjournment (the resumption's time and
// place, both players' presence, "Record … present", a resumption confirmed
// when a player is absent, the envelope opened in one click with the key of
// the arbiter's link, or with his key file, or with what the command line
// printed); time adjustments and results with the edition's articles; the
// server's alerts, each acknowledged once (remembered in this browser,
// shared with the console: acknowledged.js).
import { g, side, isArbiter, over } from './game-context.js';
import { $, el, button, showError, confirmDialog, replaceControls } from './game-ui.js';
import { getJson } from './api.js';
import { pending as awaited } from './rulings.js';
import { acknowledged, acknowledge, alertsOf, onAcknowledged } from './acknowledged.js';
import { callWords } from './calls.js';

const keyName = () => `arbitre-key-${g.id}`;

// The arbiter's key from the link (`#seat=…&key=…`): kept in this browser
// for this game, and taken out of the address bar at once (a screenshot or
// a shared screen would show it).
export function keepKeyFromLink() {
  const params = new URLSearchParams(location.hash.slice(1));
  const key = params.get('key');
  if (!key) return;
  try {
    localStorage.setItem(keyName(), key);
  } catch {
    // private browsing: the key is used for this visit only
    sessionKey = key;
  }
  params.delete('key');
  history.replaceState(null, '', `${location.pathname}${location.search}#${params.toString()}`);
}
let sessionKey = null;
const heldKey = () => sessionKey || localStorage.getItem(keyName());

function showAlerts() {
  const alerts = alertsOf(g.state);
  const box = $('#alerts');
  box.hidden = !alerts.length;
  const done = acknowledged(g.id);
  $('#alert-list').replaceChildren(...alerts.map((a) => {
    const ok = done.has(a.seq);
    const li = el('li', { className: ok ? 'acknowledged' : 'alert' }, el('span', { textContent: a.message }));
    if (ok) li.append(' ', el('small', { textContent: `(${g.t('ui-game-acknowledged')})` }));
    else {
      li.append(' ', button(g.t('ui-game-acknowledge'), () => {
        acknowledge(g.id, a.seq);
        g.render();
      }));
    }
    return li;
  }));
}

// the presence of both players, when the arbiter must know it: before the
// start, during the adjournment, at the resumption until the envelope is open
function presenceMatters() {
  const s = g.state;
  if (over() || !s.present) return false;
  const a = s.adjournment;
  return s.state === 'adjourned' || (a?.phase === 'resumed' && !a.opened) || !s.present.white || !s.present.black;
}

function showPresence() {
  const s = g.state;
  const box = $('#presence');
  box.hidden = !presenceMatters();
  if (box.hidden) return;
  const t = g.t;
  $('#presence-list').replaceChildren(...['white', 'black'].map((c) => {
    const here = !!s.present[c];
    const name = s.players?.[c] ? `${side(c)} (${s.players[c]})` : side(c);
    const li = el('li', { className: here ? 'here' : 'absent' }, el('span', { textContent: t('ui-game-presence-line', { who: name, what: t(here ? 'ui-game-present' : 'ui-game-not-present') }) }));
    if (!here) li.append(' ', button(t(`ui-game-record-present-${c}`), () => g.act({ arrive: c }, { error: '#arbiter-error' })));
    return li;
  }));
}

async function resume() {
  const s = g.state;
  const t = g.t;
  const absent = s.present ? ['white', 'black'].filter((c) => !s.present[c]) : [];
  if (absent.length) {
    const names = absent.map((c) => (s.players?.[c] ? `${side(c)} (${s.players[c]})` : side(c))).join(t('ui-game-and'));
    const ok = await confirmDialog({
      title: t('ui-game-resume-absent-title', { count: absent.length, who: names }),
      text: t('ui-game-resume-absent-text', { count: absent.length }),
      ok: t('ui-game-resume-anyway'),
    });
    if (!ok) return;
  }
  await g.act({ resume: true }, { error: '#arbiter-error' });
}

// the envelope waits to be opened
function envelopeWaits() {
  const s = g.state;
  return s.awaiting?.what === 'open-envelope';
}

async function openWith(secretOf) {
  let secret;
  try {
    const { openEnvelope } = await import('/assets/envelope.js');
    secret = await secretOf();
    const [envelope, health] = await Promise.all([
      getJson(`/api/games/${encodeURIComponent(g.id)}/envelope`, g.token),
      getJson('/api/health'),
    ]);
    const open = await openEnvelope(envelope, secret, health.envelope_signer);
    await g.act({ open }, { error: '#open-error' });
  } catch (err) {
    showError('#open-error', err.code ? g.t(err.code) : err.message);
  } finally {
    secret?.fill?.(0);
  }
}

function showOpen() {
  const box = $('#open-box');
  box.hidden = !envelopeWaits();
  if (box.hidden) return;
  const key = heldKey();
  $('#open-now').hidden = !key;
  $('#open-key-held').hidden = !key;
  // the browser's cryptography is there in a secure context only (https,
  // or the server on this computer)
  const secure = !!globalThis.crypto?.subtle;
  for (const e of $('#open-key-form').elements) e.disabled = !secure;
  $('#open-now').disabled = !secure;
  $('#open-key-form').title = secure ? '' : g.t('ui-open-needs-secure');
}

// the articles the game's edition lets the arbiter cite, offered in the
// article fields: for a time adjustment, for a declared result (the
// server's table, GET /api/game-type: never a list kept in the page)
let provisionsOf = null;
function showArticles() {
  const { edition, time_control: tc } = g.state;
  const key = `${edition}|${tc}`;
  if (provisionsOf?.key === key) return;
  provisionsOf = { key, list: [] };
  const query = new URLSearchParams({ edition, time_control: tc });
  fetch(`/api/game-type?${query}`)
    .then((r) => (r.ok ? r.json() : { provisions: [] }))
    .then(({ provisions = [] }) => {
      provisionsOf.list = provisions;
      const fill = (id, power) => $(id).replaceChildren(
        ...provisions.filter((p) => p.power === power || p.power === 'both').map((p) => el('option', { value: p.article })),
      );
      fill('#time-articles', 'time');
      fill('#result-articles', 'result');
    })
    .catch(() => { provisionsOf = null; });
}

// An article as compared (`Art. 13.4 b)` is `13.4B`), and its parts.
const keyOf = (a) => String(a).trim().replace(/^(article|art\.)/i, '').replace(/[\s()]/g, '').replace(/\.+$/, '').toUpperCase();
const partsOf = (a) => keyOf(a).match(/\d+|[A-Z]+/g) || [];

// Whether the edition lets the arbiter cite `article` for `power` (`time`
// or `result`): `null` when it does, else the nearest it has (the same
// leading numbers, then the closest number), as the server refuses it.
function refusedArticle(article, power) {
  const list = (provisionsOf?.list || []).filter((p) => p.power === power || p.power === 'both');
  if (!list.length || list.some((p) => keyOf(p.article) === keyOf(article))) return null;
  const want = partsOf(article);
  const score = (p) => {
    const own = partsOf(p.article);
    let shared = 0;
    while (shared < want.length && want[shared] === own[shared]) shared += 1;
    const [a, b] = [Number(want[shared]), Number(own[shared])];
    return [-shared, Number.isFinite(a) && Number.isFinite(b) ? Math.abs(a - b) : 1e9];
  };
  return list.map((p, i) => [score(p), i, p.article])
    .sort(([x, i], [y, j]) => x[0] - y[0] || x[1] - y[1] || i - j)
    .slice(0, 3).map(([, , a]) => a);
}

function articleRefused(article, power, where) {
  const nearest = refusedArticle(article, power);
  if (!nearest) return false;
  showError(where, g.t(`ui-article-not-for-${power}`, { article, nearest: nearest.join(', ') }));
  return true;
}

// a sensible resumption: tomorrow at 10:00, as the arbiter writes it
function defaultResumption() {
  const d = new Date(Date.now() + 86400000);
  const pad = (n) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} 10:00`;
}

export function showArbiter() {
  const panel = $('#arbiter-panel');
  panel.hidden = !isArbiter();
  if (panel.hidden) return;
  const t = g.t;
  const s = g.state;
  const done = over();
  const started = s.started;
  const adjourned = s.state === 'adjourned';
  const out = [];
  showAlerts();
  if (!done && !started) {
    out.push(button(t('ui-game-start'), () => g.act({ start: true }, { error: '#arbiter-error' }), { className: 'primary' }));
    for (const absent of ['white', 'black']) out.push(button(t('ui-start-absent', { side: side(absent) }), () => g.act({ start: { absent: [absent] } }, { error: '#arbiter-error' })));
  }
  if (!done && started && !adjourned) {
    if (s.running) out.push(button(t('ui-stop-clocks'), () => g.act({ stop_clocks: true }, { error: '#arbiter-error' })));
    else out.push(button(t('ui-restart-clocks'), () => g.act({ restart_clocks: true }, { error: '#arbiter-error' })));
  }
  // the players' calls, oldest first, each with its answer
  const calls = done ? [] : s.calls || [];
  $('#arbiter-calls').replaceChildren(...calls.map((c) => el('li', { className: 'call', textContent: callWords(t, c, side(c.side)) })));
  $('#arbiter-calls').hidden = calls.length === 0;
  for (const c of calls) out.push(button(t('ui-call-answer', { side: side(c.side) }), () => g.act({ answer_call: { side: c.side } }, { error: '#arbiter-error' }), { className: 'primary' }));
  // what the game waits for, and the rulings that answer it
  const question = awaited(s, t);
  $('#arbiter-question').textContent = question?.question || '';
  for (const choice of question?.choices || []) out.push(button(choice.label, () => g.act(choice.action, { error: '#arbiter-error' })));
  if (adjourned && !done) {
    const a = s.adjournment;
    if (a?.phase !== 'awaiting-seal') out.push(button(t('ui-resume'), resume, { className: 'primary' }));
    // what may go wrong at a resumption, out of the way of the usual
    const open = document.querySelector('#incidents')?.open || false;
    const incidents = el('details', { id: 'incidents', className: 'incidents' }, el('summary', { textContent: t('ui-game-incidents') }),
      el('div', { className: 'actions' },
        button(t('ui-envelope-lost'), () => g.act({ envelope_lost: true }, { error: '#arbiter-error' })),
        button(t('ui-unrestorable-position'), () => g.act({ unrestorable: 'position' }, { error: '#arbiter-error' })),
        button(t('ui-unrestorable-times'), () => g.act({ unrestorable: 'times' }, { error: '#arbiter-error' }))));
    incidents.open = open;
    out.push(incidents);
  }
  // the focus kept on the control that replaces the one it was on; a call
  // answered, a ruling made: on the next thing to do (restart the clocks)
  replaceControls($('#arbiter-actions'), out, () => $('#arbiter-actions button:not(:disabled)') || $('#arbiter-title'));
  showPresence();
  showOpen();
  showArticles();
  $('#adjourn-box').hidden = done || !started || adjourned;
  // a game whose sealed move could not be put in an envelope: said before
  // the adjournment, to the arbiter, never first to the player at the seal
  $('#adjourn-unsealable').hidden = s.sealable !== false;
  const at = $('#adjourn-at');
  if (!at.value && !at.dataset.touched) at.value = defaultResumption();
  for (const form of ['#adjust-form', '#result-form']) {
    for (const e of $(form).elements) e.disabled = done;
  }
}

export function arbiterForms() {
  // acknowledged in the console or another tab: cleared here too
  onAcknowledged((id) => {
    if (id === g.id && g.state) g.render();
  });
  $('#adjourn-at').oninput = (e) => (e.target.dataset.touched = '1');
  $('#adjourn-form').onsubmit = async (e) => {
    e.preventDefault();
    const t = g.t;
    const resumeAt = $('#adjourn-at').value.trim();
    const place = $('#adjourn-place').value.trim();
    if (!resumeAt || !place) {
      showError('#adjourn-error', t('ui-game-required-missing'));
      (resumeAt ? $('#adjourn-place') : $('#adjourn-at')).focus();
      return;
    }
    const answer = await g.act({ adjourn: { resume_at: resumeAt, place } }, { error: '#adjourn-error' });
    if (answer.accepted) $('#adjourn-box').open = false;
  };
  $('#adjust-form').onsubmit = async (e) => {
    e.preventDefault();
    const seconds = $('#adjust-seconds').value;
    const article = $('#adjust-article').value.trim();
    if (seconds === '' || !article) {
      showError('#adjust-error', g.t('ui-game-required-missing'));
      return;
    }
    if (articleRefused(article, 'time', '#adjust-error')) return;
    const s = $('#adjust-side').value;
    await g.act({ adjust_time: { [s]: Number(seconds), article } }, { error: '#adjust-error' });
  };
  $('#result-form').onsubmit = async (e) => {
    e.preventDefault();
    const article = $('#result-article').value.trim();
    if (!article) {
      showError('#result-error', g.t('ui-game-required-missing'));
      return;
    }
    if (articleRefused(article, 'result', '#result-error')) return;
    const result = $('#result-value').value;
    const ok = await confirmDialog({ title: g.t('ui-game-declare-confirm', { result }), text: g.t('ui-game-declare-consequence'), ok: g.t('ui-apply') });
    if (ok) await g.act({ declare_result: { result, article } }, { error: '#result-error' });
  };
  $('#open-now').onclick = () => openWith(async () => {
    const { secretKeyOfLink } = await import('/assets/envelope.js');
    return secretKeyOfLink(heldKey());
  });
  $('#open-key-form').onsubmit = async (e) => {
    e.preventDefault();
    const file = $('#open-key').files[0];
    if (!file) {
      showError('#open-error', g.t('ui-game-choose-key-file'));
      return;
    }
    await openWith(async () => {
      const { secretKeyOf } = await import('/assets/envelope.js');
      return secretKeyOf(await file.text());
    });
    $('#open-key').value = '';
  };
  // what `arbitre envelope open --json` printed, pasted whole; or the move
  // and the salt in their own fields
  $('#open-form').onsubmit = async (e) => {
    e.preventDefault();
    const text = $('#open-move').value.trim();
    let open = { move: text, salt: $('#open-salt').value.trim() };
    if (text.startsWith('{')) {
      try {
        const pasted = JSON.parse(text);
        open = { move: String(pasted.move ?? ''), salt: String(pasted.salt ?? '') };
      } catch {
        showError('#open-error', g.t('ui-open-hint'));
        return;
      }
    }
    if (!open.move) {
      showError('#open-error', g.t('ui-open-hint'));
      return;
    }
    const answer = await g.act({ open }, { error: '#open-error' });
    if (answer.accepted) $('#open-move').value = '';
  };
}

