//! Invariants of the TRF reader and writer over random tournaments: a file
//! reads and writes back byte for byte; a round written reads back as it was
//! given, with the points it is worth; no input makes a reader panic.

use arbitre_pairing::{
    parse_pairs, parse_pgn, Colour, Points, ResultCode, RoundEntry, RoundResult, Scoring,
    Tournament,
};
use proptest::prelude::*;

/// A small deterministic generator, so that one seed is one tournament.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

const SYLLABLES: [&str; 12] = [
    "ka", "ré", "ßo", "lin", "中", "ø", "van", "de", "ñu", "ah", "Öz", "mi",
];
const GAMES: [(char, char); 9] = [
    ('1', '0'),
    ('0', '1'),
    ('=', '='),
    ('+', '-'),
    ('-', '+'),
    ('-', '-'),
    ('W', 'L'),
    ('L', 'W'),
    ('D', 'D'),
];
const BYES: [char; 5] = ['U', 'H', 'F', 'Z', ' '];

/// One round of every player: the pairs of a shuffle, some absent.
fn random_round(rng: &mut Rng, n: u32) -> Vec<RoundResult> {
    let mut order: Vec<u32> = (1..=n).collect();
    for i in (1..order.len()).rev() {
        order.swap(i, rng.below(i + 1));
    }
    let mut cells = vec![RoundResult::UNPAIRED; n as usize];
    let present = order.len() - rng.below(3).min(order.len());
    for pair in order[..present].chunks(2) {
        match *pair {
            [w, b] => {
                let (wc, bc) = *rng.pick(&GAMES);
                let code = |c| ResultCode::from_char(c).unwrap();
                cells[w as usize - 1] = RoundResult {
                    opponent: Some(b),
                    colour: Some(Colour::White),
                    code: code(wc),
                };
                cells[b as usize - 1] = RoundResult {
                    opponent: Some(w),
                    colour: Some(Colour::Black),
                    code: code(bc),
                };
            }
            [p] => cells[p as usize - 1].code = ResultCode::PairingAllocatedBye,
            _ => {}
        }
    }
    for &p in &order[present..] {
        cells[p as usize - 1].code = ResultCode::from_char(*rng.pick(&BYES)).unwrap();
    }
    cells
}

struct Generated {
    text: String,
    cells: Vec<Vec<RoundResult>>,
    points: Vec<Points>,
}

/// A TRF of `n` players and `rounds` rounds, its lines ended by `ending`.
fn tournament(seed: u64, n: u32, rounds: usize, ending: &str) -> Generated {
    let mut rng = Rng(seed | 1);
    let mut rounds_cells: Vec<Vec<RoundResult>> =
        (0..rounds).map(|_| random_round(&mut rng, n)).collect();
    // a round where nobody is written at all is not a round of the file
    rounds_cells.retain(|r| r.iter().any(|c| *c != RoundResult::UNPAIRED));
    let scoring = Scoring::default();
    let mut lines = vec!["012 Random Open".to_owned(), "042 2026/01/01".to_owned()];
    if rng.below(2) == 0 {
        lines.push("XXR 9".to_owned());
    }
    let mut points = Vec::new();
    let mut cells = Vec::new();
    for p in 1..=n {
        let mine: Vec<RoundResult> = rounds_cells.iter().map(|r| r[p as usize - 1]).collect();
        let total = Points(mine.iter().map(|c| scoring.points(c).0).sum());
        let name: String = (0..1 + rng.below(5))
            .map(|_| *rng.pick(&SYLLABLES))
            .collect();
        let rating = if rng.below(4) == 0 {
            String::new()
        } else {
            (1000 + rng.below(1800)).to_string()
        };
        let title = *rng.pick(&["", "GM", "WIM", "f"]);
        let mut line = format!(
            "001 {p:>4} {}{title:>3} {name:<33} {rating:>4} {} {:>11} {:<10} {:>4} {:>4}",
            rng.pick(&['m', 'w', ' ']),
            rng.pick(&["FRA", "EST", "   "]),
            rng.below(99_999_999),
            rng.pick(&["1999/01/02", "", "1970"]),
            total.to_string(),
            p
        );
        for c in &mine {
            line.push_str("  ");
            line.push_str(&cell(c));
        }
        lines.push(line);
        points.push(total);
        cells.push(mine);
    }
    if rng.below(2) == 0 {
        lines.push("### end".to_owned());
    }
    let mut text = lines.join(ending);
    if rng.below(3) > 0 {
        text.push_str(ending);
    }
    Generated {
        text,
        cells,
        points,
    }
}

fn cell(c: &RoundResult) -> String {
    let opponent = c.opponent.map_or("0000".to_owned(), |o| format!("{o:>4}"));
    let colour = match c.colour {
        Some(Colour::White) => 'w',
        Some(Colour::Black) => 'b',
        None => '-',
    };
    format!("{opponent} {colour} {}", c.code.as_char())
}

fn ending() -> impl Strategy<Value = &'static str> {
    prop_oneof![Just("\r\n"), Just("\n"), Just("\r")]
}

proptest! {
    #[test]
    fn a_trf_reads_and_writes_back_unchanged(seed: u64, n in 1u32..16, rounds in 0usize..6, ending in ending()) {
        let g = tournament(seed, n, rounds, ending);
        let t = Tournament::parse(&g.text).map_err(|e| TestCaseError::fail(format!("{e}\n{}", g.text)))?;
        prop_assert_eq!(t.to_string(), g.text.clone());
        prop_assert_eq!(t.players().len(), n as usize);
        prop_assert_eq!(t.rounds_played(), g.cells[0].len());
        for (p, record) in t.players().iter().enumerate() {
            prop_assert_eq!(&record.results, &g.cells[p]);
            prop_assert_eq!(record.points, g.points[p]);
        }
    }

    #[test]
    fn a_round_written_reads_back(seed: u64, n in 1u32..16, rounds in 0usize..5, ending in ending(), again: bool) {
        let g = tournament(seed, n, rounds, ending);
        let t = Tournament::parse(&g.text).unwrap();
        let played = t.rounds_played();
        let round = if again && played > 0 { played } else { played + 1 };
        let new = random_round(&mut Rng(seed.rotate_left(17) | 1), n);
        // a player with an empty column is left out: not paired
        let entries: Vec<RoundEntry> = new
            .iter()
            .zip(1..)
            .filter(|(c, _)| **c != RoundResult::UNPAIRED)
            .map(|(c, start_rank)| RoundEntry { start_rank, opponent: c.opponent, colour: c.colour, code: c.code })
            .collect();
        let written = t.with_round(round, &entries).unwrap();
        let back = Tournament::parse(&written).map_err(|e| TestCaseError::fail(format!("{e}\n{written}")))?;
        prop_assert_eq!(back.rounds_played(), round);
        let scoring = Scoring::default();
        for (p, record) in back.players().iter().enumerate() {
            prop_assert_eq!(record.results[round - 1], new[p]);
            let before: u32 = g.cells[p].iter().take(round - 1).map(|c| scoring.points(c).0).sum();
            prop_assert_eq!(record.points, Points(before + scoring.points(&new[p]).0));
            for r in 0..round - 1 {
                prop_assert_eq!(record.results[r], g.cells[p][r]);
            }
        }
        // only player lines change
        let lines = |s: &str| s.split(ending).map(str::to_owned).collect::<Vec<_>>();
        let (a, b) = (lines(&g.text), lines(&written));
        prop_assert_eq!(a.len(), b.len());
        for (x, y) in a.iter().zip(&b) {
            if !x.starts_with("001") {
                prop_assert_eq!(x, y);
            }
        }
    }

    #[test]
    fn parse_never_panics_on_any_string(text in any::<String>()) {
        let _ = Tournament::parse(&text);
    }

    #[test]
    fn parse_never_panics_on_any_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        let _ = Tournament::parse(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn parse_never_panics_on_a_damaged_trf(seed: u64, n in 1u32..8, rounds in 0usize..4,
            damage in proptest::collection::vec((any::<prop::sample::Index>(), any::<char>()), 1..6)) {
        let g = tournament(seed, n, rounds, "\n");
        let mut chars: Vec<char> = g.text.chars().collect();
        for (at, c) in damage {
            let i = at.index(chars.len() + 1);
            if i < chars.len() && c != '\u{0}' { chars[i] = c } else { chars.truncate(i) }
        }
        let text: String = chars.into_iter().collect();
        if let Ok(t) = Tournament::parse(&text) {
            prop_assert_eq!(t.to_string(), text.clone());
            let next = t.rounds_played() + 1;
            if let Ok(written) = t.with_round(next, &[]) {
                let back = Tournament::parse(&written).map_err(|e| TestCaseError::fail(format!("{e}\n{written}")))?;
                prop_assert_eq!(back.rounds_played(), next);
            }
            let _ = parse_pairs(&text, &t);
        }
    }

    #[test]
    fn pairs_and_pgn_never_panic(text in any::<String>(), pairs in "[0-9 \n\r-]{0,40}") {
        let t = Tournament::parse(&tournament(7, 6, 1, "\n").text).unwrap();
        let _ = parse_pairs(&text, &t);
        let _ = parse_pairs(&pairs, &t);
        let _ = parse_pgn(&text);
    }
}
