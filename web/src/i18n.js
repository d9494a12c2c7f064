// The pages' words: the same Fluent catalogue as the command line and the
// server (crates/messages/ftl/{en,fr}.ftl, served at /assets/ftl/), rendered
// by @fluent/bundle. The language is the browser's, or the one chosen with
// the switch (remembered in localStorage).
import { FluentBundle, FluentResource } from '@fluent/bundle';

export const LANGUAGES = ['en', 'fr'];
const KEY = 'arbitre-lang';

export function chosenLanguage() {
  const saved = localStorage.getItem(KEY);
  if (LANGUAGES.includes(saved)) return saved;
  const asked = (navigator.languages || [navigator.language || 'en']).map((l) => l.slice(0, 2).toLowerCase());
  return asked.find((l) => LANGUAGES.includes(l)) || 'en';
}

export function rememberLanguage(lang) {
  localStorage.setItem(KEY, lang);
}

// A translator for `lang`: t(id, args) → the message, or the id itself when
// the catalogue has none (visible, never thrown).
export async function translator(lang) {
  const response = await fetch(`/assets/ftl/${lang}.ftl`);
  if (!response.ok) throw new Error(`the catalogue ${lang}: ${response.status}`);
  const bundle = new FluentBundle(lang, { useIsolating: false });
  const errors = bundle.addResource(new FluentResource(await response.text()));
  if (errors.length) throw new Error(`the catalogue ${lang}: ${errors[0]}`);
  const t = (id, args) => {
    const message = bundle.getMessage(id);
    if (!message || !message.value) return id;
    return bundle.formatPattern(message.value, args);
  };
  t.lang = lang;
  return t;
}

// Fills every element marked data-i18n (its text), data-i18n-title (its
// tooltip), data-i18n-placeholder and data-i18n-label (aria-label).
export function translate(root, t) {
  document.documentElement.lang = t.lang;
  for (const el of root.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll('[data-i18n-title]')) el.title = t(el.dataset.i18nTitle);
  for (const el of root.querySelectorAll('[data-i18n-placeholder]')) el.placeholder = t(el.dataset.i18nPlaceholder);
  for (const el of root.querySelectorAll('[data-i18n-label]')) el.setAttribute('aria-label', t(el.dataset.i18nLabel));
}

// The language switch: a <select> that reloads the words when changed.
export function languageSwitch(select, current, onChange) {
  select.replaceChildren(...LANGUAGES.map((l) => new Option(l.toUpperCase(), l, l === current, l === current)));
  select.addEventListener('change', () => {
    rememberLanguage(select.value);
    onChange(select.value);
  });
}
