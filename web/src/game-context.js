// The game page's shared state: one object the page's modules read (the
// translator, the game's state as the server last gave it, the seat) and
// the page's actions they call (set by game.js).
export const g = {
  id: decodeURIComponent(location.pathname.split('/')[2] || ''),
  token: null, // the seat's token, from the fragment
  t: (id) => id, // the translator (i18n.js)
  lang: 'en',
  state: null, // GET /api/games/{id}
  seat: null, // 'white' | 'black' | 'arbiter' | 'spectator' (null until the stream says)
  received: performance.now(), // when the clocks of `state` were read
  live: false, // the stream is connected
  act: async () => ({ accepted: false }), // game.js: an action of this seat
  refresh: async () => {},
  render: () => {},
};

export const side = (code) => (code ? g.t(`side-${code}`) : '');
export const isPlayer = () => g.seat === 'white' || g.seat === 'black';
export const isArbiter = () => g.seat === 'arbiter';
export const opponent = () => (g.seat === 'white' ? 'black' : 'white');
export const over = () => !!g.state && g.state.result !== '*';
export const anyMoment = () => g.state?.edition === 'fide-online-2021';
// the article of the game's edition for `what` (state.articles)
export const articleOf = (what) => g.state?.articles?.[what] || '';
