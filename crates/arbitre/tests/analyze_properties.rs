//! The inputs of the `analyze_fen` fuzz target (fuzz/), in the test suite:
//! any text, and real FENs with one character changed, are analysed or
//! refused without a panic; a bounded search stays within its budget.

use arbitre::analyze::analyze;
use proptest::prelude::*;

const FENS: [&str; 4] = [
    "5b2/p7/Pp3k2/1Pp1pBp1/2P1P1P1/5K2/8/8 w - - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "8/8/4k3/1p1p1p1p/1P1P1P1P/4K3/8/8 b - - 0 1",
    "4k3/8/8/8/8/8/8/4KB2 w - - 0 1",
];

fn check(text: &str) -> Result<(), TestCaseError> {
    if let Ok(a) = analyze(text, false, Some(500)) {
        prop_assert!(
            a.nodes().is_some_and(|n| n <= 1_000),
            "{text}: {:?}",
            a.nodes()
        );
    }
    let _ = analyze(text, true, None);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]
    #[test]
    fn any_text_is_analysed_or_refused(text in "\\PC{0,90}") {
        check(&text)?;
    }

    #[test]
    fn damaged_fens_are_analysed_or_refused(
        which in 0..FENS.len(),
        at in any::<prop::sample::Index>(),
        c in prop::sample::select(" /12345678pnbrqkPNBRQKwb-0x".chars().collect::<Vec<_>>()),
    ) {
        let mut chars: Vec<char> = FENS[which].chars().collect();
        let i = at.index(chars.len());
        chars[i] = c;
        check(&chars.into_iter().collect::<String>())?;
    }
}
