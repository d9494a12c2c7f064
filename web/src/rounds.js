// What the console's Rounds section and the round pages share: the
// creation answer of a round kept in this browser (localStorage
// `arbitre-round-<id>`: the seat tokens are only in the 201 answer), a
// player in words, a board's seat links, a state in words.

const KEY = (id) => `arbitre-round-${id}`;

// The creation answer, bar the arbiter's secret key file; the key itself,
// when the server made it for the round (the only copy), kept for each
// board as the console keeps a game's (`arbitre-key-<game>`): the arbiter's
// page opened from this browser opens the board's envelopes with it.
export function keepCreated(answer) {
  const { arbiter_key_file: file, ...kept } = answer;
  try {
    localStorage.setItem(KEY(answer.id), JSON.stringify(kept));
    const secret = file?.hpke_secret_key;
    if (secret) {
      const key = secret.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
      for (const b of answer.boards || []) localStorage.setItem(`arbitre-key-${b.game}`, key);
    }
  } catch {
    // a full or forbidden storage: the links stay on the console's page
  }
}

// The arbiter's key of a board kept in this browser, if any.
function boardKey(board) {
  try {
    return localStorage.getItem(`arbitre-key-${board.game}`);
  } catch {
    return null;
  }
}

export function created(id) {
  try {
    return JSON.parse(localStorage.getItem(KEY(id)) || 'null');
  } catch {
    return null;
  }
}

// "GM Lindqvist, Arvo (2540)"
export function playerWords(p) {
  if (!p) return '–';
  const rating = p.rating ? ` (${p.rating})` : '';
  return `${p.title ? `${p.title} ` : ''}${p.name}${rating}`;
}

// A board's links by seat, as absolute addresses.
export function seatLinks(board) {
  const link = (seat) => new URL(`/games/${encodeURIComponent(board.game)}#seat=${encodeURIComponent(board.tokens[seat])}`, location.origin).href;
  const key = boardKey(board);
  // the arbiter's link carries the key of the envelopes (his sheet only)
  const arbiter = key ? `${link('arbiter')}&key=${encodeURIComponent(key)}` : link('arbiter');
  return { white: link('white'), black: link('black'), arbiter };
}

// A board's state as the round lists it (playing, adjourned,
// awaiting-ruling, finished, unavailable), in words.
export function stateWords(t, state) {
  const known = ['playing', 'adjourned', 'awaiting-ruling', 'finished'];
  return t(`ui-round-state-${known.includes(state) ? state : 'unavailable'}`);
}

// A round's name: "Spring Open 2026 — round 4".
export function roundName(t, round) {
  return t('ui-round-name', { what: round.event || '?', n: round.round ?? '?' });
}
