// The console's Rounds section: a round created from the pairing
// program's files (a TRF and the round's pairs, or a pairing PGN: pasted or
// read from a file) with `POST /api/rounds`, its creation answer kept for
// the round page (rounds.js), and the server's rounds with their pages.
import { readTimeControl } from './timecontrol.js';
import { keepCreated, roundName } from './rounds.js';
import { download } from './qr.js';

const $ = (sel) => document.querySelector(sel);

// The field a refusal's `path` names.
const FIELDS = { 'pairings.trf': 'r-trf', 'pairings.pairs': 'r-pairs', 'pairings.pgn': 'r-pgn', time_control: 'r-time-control', edition: 'r-edition', event: 'r-event', round: 'r-round', site: 'r-site', date: 'r-date', broadcast_delay: 'r-delay' };

// `tr()`: the console's translator now; `token()`: the organiser's token
// (empty when none was accepted); `needToken()`: says so and is true when
// there is none.
export function roundsSection({ tr, token, needToken }) {
  let rounds = [];
  let last = null;

  const source = () => document.querySelector('input[name="r-source"]:checked').value;
  const showSource = () => {
    $('.r-source-trf').hidden = source() !== 'trf';
    $('.r-source-pgn').hidden = source() !== 'pgn';
  };
  for (const radio of document.querySelectorAll('input[name="r-source"]')) radio.addEventListener('change', showSource);
  // a file chosen: its text in the field beside it, to read and correct
  for (const name of ['trf', 'pairs', 'pgn']) {
    $(`#r-${name}-file`).addEventListener('change', async (e) => {
      const file = e.target.files[0];
      if (file) $(`#r-${name}`).value = await file.text();
    });
  }
  if (!$('#r-time-control').value) $('#r-time-control').value = '90 min + 30 s';
  $('#r-edition').replaceChildren(...[...$('#edition').options].map((o) => new Option(o.text, o.value)));

  function error(message, field) {
    const el = $('#r-error');
    el.hidden = !message;
    el.textContent = message || '';
    for (const id of Object.values(FIELDS)) document.getElementById(id).removeAttribute('aria-invalid');
    if (field) {
      const input = document.getElementById(field);
      input.setAttribute('aria-invalid', 'true');
      input.setAttribute('aria-describedby', 'r-error');
      input.focus();
    }
  }

  function body() {
    const t = tr();
    const written = $('#r-time-control').value.trim();
    const reading = written ? readTimeControl(written) : { pgn: '' };
    const b = { edition: $('#r-edition').value, time_control: reading.pgn || written };
    const text = (id) => $(`#${id}`).value.trim();
    if (text('r-event')) b.event = text('r-event');
    if (text('r-site')) b.site = text('r-site');
    if (text('r-date')) b.date = text('r-date').replaceAll('-', '.');
    if (text('r-round')) b.round = Number(text('r-round'));
    b.broadcast_delay = Number(text('r-delay') || 0);
    if (source() === 'trf') {
      if (!text('r-trf')) return { missing: 'r-trf', message: t('ui-rounds-missing-trf') };
      if (!text('r-pairs')) return { missing: 'r-pairs', message: t('ui-rounds-missing-pairs') };
      b.pairings = { trf: $('#r-trf').value, pairs: $('#r-pairs').value };
    } else {
      if (!text('r-pgn')) return { missing: 'r-pgn', message: t('ui-rounds-missing-pgn') };
      b.pairings = { pgn: $('#r-pgn').value };
    }
    if (!written) return { missing: 'r-time-control', message: t('ui-console-field-required') };
    return { body: b };
  }

  async function create(e) {
    e.preventDefault();
    if (needToken()) return;
    const made = body();
    if (made.missing) {
      error(made.message, made.missing);
      return;
    }
    error('');
    const button = $('#round-create button[type=submit]');
    button.disabled = true;
    try {
      const response = await fetch(`/api/rounds?lang=${tr().lang}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token()}` },
        body: JSON.stringify(made.body),
      });
      const answer = await response.json().catch(() => null);
      if (!response.ok) {
        const path = answer?.error?.path || '';
        const field = FIELDS[path] || Object.entries(FIELDS).find(([p]) => path.startsWith(p))?.[1];
        error(answer?.error?.message || `HTTP ${response.status}`, field);
        return;
      }
      keepCreated(answer);
      last = answer;
      drawCreated();
      $('#r-created').focus();
      await refresh();
    } catch (err) {
      error(tr()('ui-console-server-down', { what: err.message }));
    } finally {
      button.disabled = false;
    }
  }

  function drawCreated() {
    const t = tr();
    $('#r-created').hidden = !last;
    if (!last) return;
    $('#r-created-title').textContent = t('ui-rounds-created', { n: last.round ?? '?', count: last.boards.length });
    $('#r-created-byes').textContent = last.byes?.length ? t('ui-round-byes-list', { what: last.byes.map((b) => b.name).join(', ') }) : '';
    $('#r-created-link').href = `/rounds/${encodeURIComponent(last.id)}`;
    $('#r-key-box').hidden = !last.arbiter_key_file;
  }

  // the round's key file, the only copy (the server keeps none)
  function saveKey() {
    if (!last?.arbiter_key_file) return;
    const file = last.arbiter_key_file;
    const text = typeof file === 'string' ? file : JSON.stringify(file, null, 2);
    download(`arbiter-round-${last.id}.key`, text, 'application/json');
  }

  function draw() {
    const t = tr();
    $('#rounds-none').hidden = rounds.length > 0;
    $('#rounds-list').replaceChildren(...rounds.map((r) => {
      const li = document.createElement('li');
      const a = document.createElement('a');
      a.href = `/rounds/${encodeURIComponent(r.id)}`;
      a.textContent = roundName(t, r);
      const about = document.createElement('span');
      about.className = 'small';
      about.textContent = ` · ${t('ui-rounds-boards-n', { count: r.boards })} · ${t(r.finished ? 'ui-rounds-finished' : 'ui-rounds-under-way')} · `;
      const hall = document.createElement('a');
      hall.href = `/rounds/${encodeURIComponent(r.id)}/hall`;
      hall.textContent = t('ui-round-hall');
      hall.setAttribute('aria-label', `${t('ui-round-hall')} — ${roundName(t, r)}`);
      li.append(a, about, hall);
      return li;
    }));
    drawCreated();
  }

  async function refresh() {
    try {
      const response = await fetch('/api/rounds');
      if (response.ok) rounds = (await response.json()).rounds || [];
    } catch {
      // the console's live status says when the server does not answer
    }
    draw();
  }

  $('#round-create').addEventListener('submit', create);
  $('#r-key-save').addEventListener('click', saveKey);
  return { draw, refresh };
}
