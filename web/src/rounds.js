// What the console's Rounds section and the round pages share: the
// creation answer of a round kept in this browser (localStorage
// `arbitre-round-<id>`: the seat tokens are only in the 201 answer), a
// player in words, a board's seat links, a state in words.

const KEY = (id) => `arbitre-round-${id}`;

// The creation answer, bar the arbiter's secret key file.
export function keepCreated(answer) {
  const { arbiter_key_file: _secret, ...kept } = answer;
  try {
    localStorage.setItem(KEY(answer.id), JSON.stringify(kept));
  } catch {
    // a full or forbidden storage: the links stay on the console's page
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
  return { white: link('white'), black: link('black'), arbiter: link('arbiter') };
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
