//! A pairs file of any bytes against a TRF of twelve: never panics, and
//! pairs that read give one board a pair, each player once.
#![no_main]
use arbitre_pairing::{parse_pairs, round_boards, Tournament};
use libfuzzer_sys::fuzz_target;

fn tournament() -> Tournament {
    let lines: Vec<String> = (1..=12)
        .map(|p| {
            format!(
                "001 {p:>4} m    {:<33} {:>4} EST {:>11} 2000/01/01  0.0 {p:>4}",
                format!("Player {p}"),
                2000 + p,
                1000 + p
            )
        })
        .collect();
    Tournament::parse(&lines.join("\n")).expect("the fixed TRF reads")
}

fuzz_target!(|data: &[u8]| {
    let t = tournament();
    let Ok(pairs) = parse_pairs(&String::from_utf8_lossy(data), &t) else {
        return;
    };
    let round = round_boards(&t, &pairs);
    assert_eq!(round.boards.len(), pairs.boards.len());
    assert_eq!(
        round.boards.len() * 2 + round.byes.len() + round.unpaired.len(),
        12
    );
});
