// The game page's small pieces: buttons, the errors beside the control that
// caused them (said once, cleared by the next success), and a confirmation
// dialog with its own fields.
import { g } from './game-context.js';

export const $ = (sel) => document.querySelector(sel);

export function el(tag, props = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (k === 'dataset') Object.assign(e.dataset, v);
    else if (k in e && !k.startsWith('aria')) e[k] = v;
    else e.setAttribute(k, v);
  }
  e.append(...children.filter((c) => c !== null && c !== undefined));
  return e;
}

// A button; disabled ones say why in their description (title).
export function button(label, onClick, { enabled = true, why = '', describedBy, className } = {}) {
  const b = el('button', { type: 'button', textContent: label });
  b.disabled = !enabled;
  if (!enabled && why) b.title = why;
  if (describedBy) b.setAttribute('aria-describedby', describedBy);
  if (className) b.className = className;
  b.onclick = onClick;
  return b;
}

// The controls of `box` drawn again (each state draws them anew): the
// focus, when it was on one of them, goes to the one that replaces it (the
// same `data-focus` key, id or words) when it may hold it (not disabled),
// else to `fallback` — never to the page's body.
export function replaceControls(box, controls, fallback) {
  const active = document.activeElement;
  const had = active && active !== box && box.contains(active) ? focusKey(active) : null;
  box.replaceChildren(...controls);
  if (had === null) return;
  const able = (e) => !e.disabled && !e.closest('[hidden]') && (e.tabIndex >= 0 || e.hasAttribute('tabindex'));
  const same = [...box.querySelectorAll('button, summary, input, select, a[href], [tabindex]')].find((e) => focusKey(e) === had && able(e));
  if (same) same.focus({ preventScroll: true });
  else (typeof fallback === 'function' ? fallback() : fallback)?.focus();
}

const focusKey = (e) => e.dataset.focus || e.id || e.textContent.trim();

// Errors: each shown in the element beside the control that caused it;
// all cleared when an action of this page succeeds.
export function showError(where, text) {
  const target = typeof where === 'string' ? $(where) : where;
  if (!target) return;
  target.textContent = text;
  target.hidden = !text;
}

export function clearErrors() {
  for (const e of document.querySelectorAll('.error')) {
    if (e.dataset.sticky === '1') continue;
    e.textContent = '';
  }
}

// What a refusal says: the decisions' messages with their articles, once
// ("Refused" is said by the message itself when it starts so).
export function refusal(answer) {
  const t = g.t;
  const why = (answer.decisions || []).map((d) => `${d.message}${d.article ? ` (${d.article})` : ''}`).join(' · ');
  const word = t('ui-refused');
  if (!why) return word;
  if (why.toLowerCase().startsWith(word.toLowerCase())) return why;
  return t('ui-game-refused', { why });
}

// A confirmation: title, text, the confirm button's label, optional fields
// (elements placed in the dialog, read by `read()`), `validate()` → an error
// or ''. Resolves to read()'s value (or true), or null when cancelled.
export function confirmDialog({ title, text, ok, fields = [], read = () => true, validate = () => '', onOpen }) {
  const dialog = $('#confirm');
  $('#confirm-title').textContent = title;
  $('#confirm-text').textContent = text;
  $('#confirm-fields').replaceChildren(...fields);
  $('#confirm-error').textContent = '';
  $('#confirm-ok').textContent = ok;
  return new Promise((resolve) => {
    const form = $('#confirm-form');
    form.onsubmit = (e) => {
      if (e.submitter?.value !== 'ok') return;
      const problem = validate();
      if (problem) {
        e.preventDefault();
        $('#confirm-error').textContent = problem;
        return;
      }
    };
    dialog.onclose = () => {
      resolve(dialog.returnValue === 'ok' ? read() : null);
      dialog.returnValue = '';
    };
    dialog.showModal();
    onOpen?.();
    const first = dialog.querySelector('#confirm-fields select, #confirm-fields input');
    (first || $('#confirm-ok')).focus();
  });
}
