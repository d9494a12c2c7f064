// Time controls as arbiters write them, read into PGN's `TimeControl`
// (seconds; periods separated by ":"; `moves/seconds`, `+increment`,
// `dDELAY`, `bDELAY`; `-` for no clock) — the syntax the server takes.
//
//   "90+30", "90 min + 30 s", "1 h 30 + 30 s"          → 5400+30
//   "3+2", "15+10", "G/60", "game in 60", "60 KO"      → 180+2, 900+10, 3600, 3600
//   "40 moves in 2 h, then 1 h", "40/120+60"           → 40/7200:3600
//   "40 coups en 90 min puis 30 min + 30 s par coup"   → 40/5400+30:1800+30
//   "G/90; d5", "90 min, délai de 5 s", "90 min Bronstein 10 s" → 5400d5, 5400b10
//   "5400+30", "40/7200:3600", "300" (already PGN)      → as written
//
// A number written without a unit is minutes for a period's time and
// seconds for an increment or a delay, as arbiters write them ("90+30"); a
// number of 180 or more with no unit and no other words is PGN's seconds
// ("5400+30", "300+3") — the reading is always shown before creation.
//
// An increment written once applies to every period, from move 1 (the
// FIDE wording "… with 30 seconds added per move starting from move 1");
// write one per period to differ.

/** `{pgn, periods}` for `text`, or `{error}` (`empty`, `unreadable`). */
export function readTimeControl(input) {
  const text = normalise(input);
  if (!text) return { error: 'empty' };
  if (text === '-' || /^(no clock|sans pendule|none|aucune)$/.test(text)) return { pgn: '-', periods: [] };
  const pgn = readPgn(text);
  if (pgn) return pgn;
  const periods = readWords(text);
  if (!periods) return { error: 'unreadable' };
  return { pgn: toPgn(periods), periods };
}

/** PGN `TimeControl` for `periods` ([{moves, seconds, bonus, kind}]). */
export function toPgn(periods) {
  if (!periods.length) return '-';
  return periods
    .map((p) => `${p.moves ? `${p.moves}/` : ''}${p.seconds}${p.bonus ? `${p.kind || '+'}${p.bonus}` : ''}`)
    .join(':');
}

/** The periods of a PGN `TimeControl` (as the server writes it), or null. */
export function parsePgn(pgn) {
  if (pgn === '-') return [];
  const periods = [];
  for (const part of String(pgn).split(':')) {
    const m = part.match(/^(?:(\d+)\/)?(\d+)(?:([+db])(\d+))?$/);
    if (!m) return null;
    periods.push({ moves: m[1] ? Number(m[1]) : 0, seconds: Number(m[2]), bonus: m[4] ? Number(m[4]) : 0, kind: m[3] || '+' });
  }
  return periods;
}

// ------------------------------------------------------------------ reading

function normalise(input) {
  return String(input ?? '')
    .toLowerCase()
    .normalize('NFC')
    .replace(/[\u00a0\u202f\u2009]/g, ' ')
    .replace(/[’‘`]/g, "'")
    .replace(/[″“”]|''/g, '"')
    .replace(/′/g, "'")
    .replace(/[–—]/g, '-')
    .replace(/\s+/g, ' ')
    .trim();
}

// "5400+30", "40/7200:3600", "300", and the arbiters' short forms that look
// like it: "90+30", "3+2", "40/120+60" (40 moves in 120 min, then 60 min).
function readPgn(text) {
  const compact = text.replace(/\s*([+/:db])\s*/g, '$1');
  if (!/^(?:\d+\/)?\d+(?:[+db]\d+)?(?::(?:\d+\/)?\d+(?:[+db]\d+)?)*$/.test(compact)) return null;
  const periods = parsePgn(compact);
  const seconds = compact.includes(':') || periods.some((p) => p.seconds >= 180);
  if (seconds) return { pgn: toPgn(periods), periods };
  // minutes: "90+30" (an increment in seconds), "40/120+60" (a second period in minutes)
  if (periods.length === 1 && periods[0].moves && periods[0].kind === '+' && periods[0].bonus) {
    const [p] = periods;
    const out = [{ moves: p.moves, seconds: p.seconds * 60, bonus: 0, kind: '+' }, { moves: 0, seconds: p.bonus * 60, bonus: 0, kind: '+' }];
    return { pgn: toPgn(out), periods: out };
  }
  const out = periods.map((p) => ({ ...p, seconds: p.seconds * 60 }));
  return { pgn: toPgn(out), periods: out };
}

const SEPARATORS = /\s*(?:;|,|\bthen\b|\bpuis\b|\bfollowed by\b|\bsuivie? de\b|\bsuivis? de\b|\bet ensuite\b|\band\b(?= \d+ ?(?:h|minutes?|min|mn|m|')\b))\s*/;
const FROM_MOVE_ONE = /\b(?:(?:starting )?from (?:move (?:1|one)|the (?:first|1st) move)|(?:dès|des|à partir du|a partir du) (?:le )?(?:premier|1er) coup|à partir du coup 1|a partir du coup 1|from move 1|for the whole game|pour toute la partie)\b/g;
const REST = /\b(?:for the rest of the game|rest of the game|pour le reste de la partie|le reste de la partie|pour finir|sudden death|ko|k\.o\.?|to finish|for all remaining moves|for all moves|pour tous les coups)\b/g;
const PER_MOVE = /\b(?:per move|a move|each move|par coup|par coups|\/move|\/coup|added|ajoutées?|de plus|increment|incrément|increments?|inc|bonus|fischer)\b/g;

function readWords(text) {
  let t = ` ${text} `.replace(FROM_MOVE_ONE, ' ').replace(REST, ' ');
  // US forms: "G/60", "G60", "SD/30", "game in 60", "partie en 60 min"
  t = t.replace(/\b(?:g|sd|game|partie)\s*(?:\/|in |en )?\s*(?=\d)/g, ' ');
  // an increment or a delay written apart: "inc 30", "incrément de 30 s", "délai de 5 s", "d5", "bronstein 10"
  t = t.replace(/\b(?:with |avec )?(?:an |un )?(?:addition|additional|ajout|extra)\s*(?:of |de )?(\d+)\s*(?:seconds?|secondes?|secs|sec|s|")/g, ' +$1 s ');
  t = t.replace(/\b(?:inc|increment|incrément|bonus|fischer)\s*(?:de |of )?(\d+)\s*(?:seconds?|secondes?|secs|sec|s|")?/g, ' +$1 s ');
  t = t.replace(/\b(?:(?:an?|une?) )?(?:(?:delay|délai|delai) )?bronstein\s*(?:delay\s*)?(?:de |of )?(\d+)\s*(?:seconds?|secondes?|secs|sec|s|")?/g, ' b$1 ');
  t = t.replace(/\b(?:(?:an?|une?) )?(?:delay|délai|delai|us delay|simple delay)\s*(?:de |of )?(\d+)\s*(?:seconds?|secondes?|secs|sec|s|")?/g, ' d$1 ');
  t = t.replace(/\bbronstein\s*(?:delay\s*|de |of )?(\d+)\s*(?:seconds?|secondes?|secs|sec|s|")?/g, ' b$1 ');
  t = t.replace(/(\d+)\s*(?:seconds?|secondes?|secs|sec|s|")?\s*(?:bronstein)\b/g, ' b$1 ');
  t = t.replace(/(\d+)\s*(?:seconds?|secondes?|secs|sec|s|")?\s*(?:delay|de délai|de delai)\b/g, ' d$1 ');
  t = t.replace(/\s*;?\s*\bd\s*(\d+)\b/g, ' d$1 ');
  t = t.replace(/\+\s*(?=[db]\d)/g, ' ');
  t = t.replace(/(?<!\+\s*)\b(\d+)\s*(?:seconds?|secondes?|secs|sec|s|")\s*(?:added|ajoutées?|per move|par coup|a move|each move|increment|incrément)/g, ' +$1 s ');
  t = t.replace(PER_MOVE, ' ').replace(/\s+/g, ' ');
  // "+ 30 min" (a time, never an increment) starts another period
  t = t.replace(/\+\s*(?=\d+\s*(?:heures?|hours?|hrs?|h|minutes?|mins|min|mn|m|')(?![a-z]))/g, ', ');
  const chunks = t.split(SEPARATORS).map((c) => c.trim()).filter((c) => c && c !== '+');
  if (!chunks.length) return null;
  const periods = [];
  let shared = null; // an increment or a delay written on its own: every period's
  for (const chunk of chunks) {
    const p = readPeriod(chunk, periods.length > 0);
    if (!p) return null;
    if (p.onlyBonus) {
      if (shared) return null;
      shared = p;
    } else if (p.next) {
      periods.push(p.first, p.next);
    } else {
      periods.push(p);
    }
  }
  if (!periods.length) return null;
  // an increment written once, on one period: from move 1, in every period
  const withBonus = periods.filter((p) => p.bonus);
  if (!shared && withBonus.length === 1 && periods.length > 1 && withBonus[0] === periods[periods.length - 1]) shared = withBonus[0];
  if (shared) for (const p of periods) if (!p.bonus) Object.assign(p, { bonus: shared.bonus, kind: shared.kind });
  if (periods.some((p) => p.seconds <= 0 || p.seconds > 24 * 3600 || p.bonus > 3600 || p.moves > 500)) return null;
  return periods.map(({ moves, seconds, bonus, kind }) => ({ moves: moves || 0, seconds, bonus: bonus || 0, kind: kind || '+' }));
}

const HOURS = "(?:heures?|hours?|hrs?|h)";
const MINUTES = "(?:minutes?|mins|min|mn|m|')";
const SECONDS = '(?:seconds?|secondes?|secs|sec|s|")';

// One period: "40 moves in 2 h", "90 min for 40 moves", "40/120", "1 h 30 + 30 s",
// "90+30", "30 min", "+30 s" (an increment alone), "d5".
function readPeriod(chunk, later) {
  let c = ` ${chunk} `;
  let moves = 0;
  let bonus = 0;
  let kind = '+';
  // "40 moves", "40 coups", "40 mv"
  c = c.replace(/(\d+)\s*(?:moves?|coups?|mv|cps)\b/, (_, n) => {
    moves = Number(n);
    return ' ';
  });
  // "40/120", "40/2h" (a moves count before a slash)
  const slash = c.match(/^\s*(\d+)\s*\/\s*(?=\d)/);
  if (slash && !moves) {
    moves = Number(slash[1]);
    c = c.slice(slash[0].length);
  }
  c = c.replace(/\b(?:in|en|for|pour|dans|with|avec|de|of|the|les|le|la)\b/g, ' ');
  // "+ 30 s", "+30", "d5", "b10"
  const increment = c.match(/\+\s*(\d+)\s*(?:seconds?|secondes?|secs|sec|s|")?(?![a-z\d])/);
  if (increment) {
    bonus = Number(increment[1]);
    c = c.replace(increment[0], ' ');
  }
  const delay = c.match(/(?:^|\s)([db])(\d+)(?![a-z\d])/);
  if (delay) {
    if (bonus) return null;
    kind = delay[1];
    bonus = Number(delay[2]);
    c = c.replace(delay[0], ' ');
  }
  // "2 h", "1 h 30", "1h30", "90 min", "90'", "30 s", "1:30:00" is not taken
  let seconds = 0;
  let unitless = null;
  c = c.replace(new RegExp(`(\\d+)\\s*${HOURS}\\s*(\\d+)?\\s*(?:${MINUTES})?(?![a-z])`, 'g'), (_, h, m) => {
    seconds += Number(h) * 3600 + (m ? Number(m) * 60 : 0);
    return ' ';
  });
  c = c.replace(new RegExp(`(\\d+)\\s*${MINUTES}(?![a-z])`, 'g'), (_, m) => {
    seconds += Number(m) * 60;
    return ' ';
  });
  c = c.replace(new RegExp(`(\\d+)\\s*${SECONDS}(?![a-z])`, 'g'), (_, s) => {
    if (seconds || !later) {
      seconds += Number(s);
      return ' ';
    }
    return _;
  });
  // a bare number: minutes; "90 30" is not read
  const rest = c.trim();
  if (rest) {
    const bare = rest.match(/^(\d+)$/);
    if (!bare || seconds) return null;
    unitless = Number(bare[1]);
    seconds = unitless * 60;
  }
  if (!seconds) {
    if (bonus && !moves) return { onlyBonus: true, bonus, kind };
    return null;
  }
  return { moves, seconds, bonus, kind };
}

// ------------------------------------------------------------------ saying

/** Words for a duration: "2 h", "1 h 30 min", "90 min" (under 2 h, as arbiters say), "30 s". */
export function duration(seconds, t) {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const parts = [];
  if (h && (m === 0 || h >= 2) ) parts.push(t('ui-console-tc-hours', { n: h }));
  else if (h) return [t('ui-console-tc-minutes-n', { n: h * 60 + m }), s ? t('ui-console-tc-seconds', { n: s }) : ''].filter(Boolean).join(' ');
  if (m) parts.push(t('ui-console-tc-minutes-n', { n: m }));
  if (s) parts.push(t('ui-console-tc-seconds', { n: s }));
  return parts.join(' ');
}

/** The periods in words: "40 moves in 2 h, then 1 h for the rest of the game; 30 s per move from move 1". */
export function describe(periods, t) {
  if (!periods.length) return t('ui-console-tc-no-clock');
  const parts = periods.map((p, i) => {
    const time = duration(p.seconds, t);
    if (p.moves) return t('ui-console-tc-moves-in', { moves: p.moves, time });
    return i === 0 ? time : t('ui-console-tc-rest', { time });
  });
  let text = parts.join(`${t('ui-console-tc-then')} `);
  const bonuses = new Set(periods.map((p) => `${p.kind}${p.bonus}`));
  const bonusWords = (p) => (p.bonus ? t(`ui-console-tc-${p.kind === 'd' ? 'delay' : p.kind === 'b' ? 'bronstein' : 'increment'}`, { seconds: p.bonus }) : '');
  if (bonuses.size === 1) {
    const words = bonusWords(periods[0]);
    if (words) text += ` + ${words}${periods.length > 1 || periods[0].moves ? t('ui-console-tc-from-move-one') : ''}`;
  } else {
    text = periods.map((p, i) => `${parts[i]}${p.bonus ? ` + ${bonusWords(p)}` : ''}`).join(`${t('ui-console-tc-then')} `);
  }
  return text;
}
