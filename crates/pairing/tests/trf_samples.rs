//! Three invented tournaments of 11 players, as pairing programs write
//! them: a TRF-16 after 3 rounds (CRLF), a TRF(x) after 2 rounds with
//! JaVaFo's `XXR`, `XXC`, `XXS` (LF), and a TRF-26 after 3 rounds with 3/1/0
//! scoring, a bye for the next round and a prohibited pairing (CR, the
//! TRF's own ending).

use arbitre_pairing::{
    parse_pairs, round_boards, Colour, Points, ResultCode, RoundEntry, RoundError, RoundResult,
    Tournament, Version,
};

const TRF16: &str = include_str!("data/trf16-spring-open.trf");
const TRFX: &str = include_str!("data/trfx-spring-open-r2.trf");
const TRF26: &str = include_str!("data/trf26-spring-open.trf");

fn entry(
    start_rank: u32,
    opponent: Option<u32>,
    colour: Option<Colour>,
    code: ResultCode,
) -> RoundEntry {
    RoundEntry {
        start_rank,
        opponent,
        colour,
        code,
    }
}

fn game(white: u32, black: u32, w: ResultCode, b: ResultCode) -> [RoundEntry; 2] {
    [
        entry(white, Some(black), Some(Colour::White), w),
        entry(black, Some(white), Some(Colour::Black), b),
    ]
}

/// Round 4 of the spring open: five boards, 10 absent, 11 not in the pairs.
fn round_four() -> Vec<RoundEntry> {
    use ResultCode::*;
    let mut entries = Vec::new();
    entries.extend(game(1, 3, Win, Loss));
    entries.extend(game(4, 2, Draw, Draw));
    entries.extend(game(5, 6, ForfeitLoss, ForfeitWin));
    entries.extend(game(8, 9, DrawUnrated, DrawUnrated));
    entries.push(entry(7, None, None, PairingAllocatedBye));
    entries.push(entry(10, None, None, ZeroPointBye));
    entries
}

#[test]
fn trf16_reads_every_field() {
    let t = Tournament::parse(TRF16).unwrap();
    assert_eq!(t.version(), Version::Trf16);
    assert!(!t.is_extended());
    assert_eq!(t.name(), Some("Spring Open 2026"));
    assert_eq!(t.header("042"), Some("2026/04/10"));
    assert_eq!(t.players().len(), 11);
    assert_eq!(t.rounds_played(), 3);
    assert_eq!(t.total_rounds(), None);

    let moreau = t.player(4).unwrap();
    assert_eq!(moreau.line, 16);
    assert_eq!(moreau.name, "Moreau, Céline");
    assert_eq!(moreau.sex, Some('w'));
    assert_eq!(moreau.title.as_deref(), Some("WIM"));
    assert_eq!(moreau.rating, Some(2230));
    assert_eq!(moreau.federation.as_deref(), Some("FRA"));
    assert_eq!(moreau.fide_id, Some(36012345));
    assert_eq!(moreau.birth.as_deref(), Some("1995/12/03"));
    assert_eq!(moreau.points, Points(20));
    assert_eq!(moreau.rank, Some(4));
    assert_eq!(
        moreau.results[0],
        RoundResult {
            opponent: Some(9),
            colour: Some(Colour::Black),
            code: ResultCode::Win
        }
    );

    let quispe = t.player(10).unwrap();
    assert_eq!(
        (quispe.rating, quispe.fide_id, quispe.title.as_deref()),
        (None, None, None)
    );
    assert_eq!(quispe.results[0].code, ResultCode::ForfeitLoss);
    assert_eq!(
        quispe.results[2],
        RoundResult {
            opponent: None,
            colour: None,
            code: ResultCode::ZeroPointBye
        }
    );
    let petrov = t.player(9).unwrap();
    assert_eq!(petrov.results[1].code, ResultCode::PairingAllocatedBye);
    assert_eq!(petrov.results[2].code, ResultCode::LossUnrated);
}

#[test]
fn every_sample_writes_back_unchanged() {
    for text in [TRF16, TRFX, TRF26] {
        let t = Tournament::parse(text).unwrap();
        assert_eq!(t.to_string(), text);
    }
}

#[test]
fn every_sample_points_agree_with_its_scoring() {
    for text in [TRF16, TRFX, TRF26] {
        let t = Tournament::parse(text).unwrap();
        for p in t.players() {
            let sum: u32 = p.results.iter().map(|r| t.scoring().points(r).0).sum();
            assert_eq!(Points(sum), p.points, "player {}", p.start_rank);
        }
    }
}

#[test]
fn trfx_reads_its_extensions() {
    let t = Tournament::parse(TRFX).unwrap();
    assert_eq!(t.version(), Version::Trf16);
    assert!(t.is_extended());
    assert_eq!(t.total_rounds(), Some(5));
    assert_eq!(t.header("XXC"), Some("white1"));
    assert_eq!(t.scoring().pairing_allocated_bye, Points(5));
    assert_eq!(t.rounds_played(), 2);
}

#[test]
fn trf26_is_detected_and_scored_3_1_0() {
    let t = Tournament::parse(TRF26).unwrap();
    assert_eq!(t.version(), Version::Trf26);
    assert_eq!(t.total_rounds(), Some(5));
    assert_eq!(t.scoring().white_win, Points(30));
    assert_eq!(t.scoring().pairing_allocated_bye, Points(30));
    assert_eq!(t.scoring().half_point_bye, Points(10));
    assert_eq!(t.player(1).unwrap().points, Points(70));
    // the national rating record and the TRF-26 records are kept as records
    let codes: Vec<_> = t.records().iter().map(|r| r.code.as_str()).collect();
    assert!(codes.contains(&"FRA") && codes.contains(&"240") && codes.contains(&"260"));
    // forced, the version is the caller's
    assert_eq!(
        Tournament::parse_as(TRF26, Version::Trf16)
            .unwrap()
            .version(),
        Version::Trf16
    );
}

#[test]
fn round_four_fills_its_column_and_the_points_only() {
    let t = Tournament::parse(TRF16).unwrap();
    let written = t.with_round(4, &round_four()).unwrap();
    let before: Vec<&str> = TRF16.split("\r\n").collect();
    let after: Vec<&str> = written.split("\r\n").collect();
    assert_eq!(before.len(), after.len());
    for (b, a) in before.iter().zip(&after) {
        if !b.starts_with("001") {
            assert_eq!(a, b);
            continue;
        }
        // the same up to the points, between the points and round 4, and
        // round 4 is new
        let (b, a): (Vec<char>, Vec<char>) = (b.chars().collect(), a.chars().collect());
        assert_eq!(a[..80], b[..80]);
        assert_eq!(a[84..b.len()], b[84..]);
        assert!(a[b.len()..121].iter().all(|&c| c == ' '));
        assert_eq!(a.len(), 129);
    }
    assert_eq!(
        after[12],
        "001    1 m GM Lindqvist, Arvo                   2540 EST    54100234 1990/04/11  3.5    1     6 w 1     4 b =     2 w 1     3 w 1"
    );
    // not in the entries: not paired, a blank result
    assert!(after[22].ends_with("1.0   10  0000 - U     2 b 0     5 w 0  0000 -  "));

    let again = Tournament::parse(&written).unwrap();
    assert_eq!(again.rounds_played(), 4);
    let points = |rank| again.player(rank).unwrap().points;
    assert_eq!(points(1), Points(35));
    assert_eq!(points(5), Points(20));
    assert_eq!(points(6), Points(30));
    assert_eq!(points(7), Points(20));
    assert_eq!(points(8), Points(25));
    assert_eq!(points(10), Points(0));
    assert_eq!(points(11), Points(10));
    for e in round_four() {
        let r = again.player(e.start_rank).unwrap().results[3];
        assert_eq!(
            (r.opponent, r.colour, r.code),
            (e.opponent, e.colour, e.code)
        );
    }
}

#[test]
fn writing_a_round_again_replaces_its_points() {
    let t = Tournament::parse(TRF16).unwrap();
    // round 3 again, with 1-2 now a draw: 1 loses half a point, 2 gains one
    let mut entries: Vec<RoundEntry> = Vec::new();
    for p in t.players() {
        let r = p.results[2];
        entries.push(entry(p.start_rank, r.opponent, r.colour, r.code));
    }
    entries[0].code = ResultCode::Draw;
    entries[1].code = ResultCode::Draw;
    let again = Tournament::parse(&t.with_round(3, &entries).unwrap()).unwrap();
    assert_eq!(again.player(1).unwrap().points, Points(20));
    assert_eq!(again.player(2).unwrap().points, Points(25));
    assert_eq!(again.rounds_played(), 3);
}

#[test]
fn trf26_round_keeps_cr_endings_and_scores_the_pab_as_3() {
    let t = Tournament::parse(TRF26).unwrap();
    let written = t.with_round(4, &round_four()).unwrap();
    assert!(!written.contains('\n'));
    let again = Tournament::parse(&written).unwrap();
    assert_eq!(again.version(), Version::Trf26);
    assert_eq!(again.player(7).unwrap().points, Points(60));
    // a draw in a game of less than one move is a draw: 1 point in 3/1/0
    assert_eq!(again.player(8).unwrap().points, Points(60));
}

#[test]
fn trfx_pab_is_worth_half() {
    let t = Tournament::parse(TRFX).unwrap();
    let mut entries = round_four();
    entries.retain(|e| e.start_rank != 7);
    entries.push(entry(11, None, None, ResultCode::PairingAllocatedBye));
    let again = Tournament::parse(&t.with_round(3, &entries).unwrap()).unwrap();
    assert_eq!(again.player(11).unwrap().points, Points(10));
    assert!(again
        .to_string()
        .ends_with("XXR 5\nXXC white1\nXXS PAB=.5\n"));
}

#[test]
fn a_round_that_does_not_hold_is_refused() {
    let t = Tournament::parse(TRF16).unwrap();
    assert_eq!(
        t.with_round(6, &[]),
        Err(RoundError::Round {
            round: 6,
            played: 3
        })
    );
    assert_eq!(
        t.with_round(0, &[]),
        Err(RoundError::Round {
            round: 0,
            played: 3
        })
    );
    let mut e = round_four();
    e.push(entry(12, None, None, ResultCode::ZeroPointBye));
    assert_eq!(t.with_round(4, &e), Err(RoundError::UnknownPlayer(12)));
    let mut e = round_four();
    e.push(entry(10, None, None, ResultCode::HalfPointBye));
    assert_eq!(t.with_round(4, &e), Err(RoundError::Twice(10)));
    let mut e = round_four();
    e[1].colour = Some(Colour::White);
    assert_eq!(
        t.with_round(4, &e),
        Err(RoundError::Unmatched {
            player: 1,
            opponent: 3
        })
    );
    let mut e = round_four();
    e.retain(|x| x.start_rank != 3);
    assert_eq!(
        t.with_round(4, &e),
        Err(RoundError::Unmatched {
            player: 1,
            opponent: 3
        })
    );
    let e = [entry(
        11,
        None,
        Some(Colour::White),
        ResultCode::PairingAllocatedBye,
    )];
    assert!(matches!(
        t.with_round(4, &e),
        Err(RoundError::Entry { player: 11, .. })
    ));
    let e = game(1, 3, ResultCode::PairingAllocatedBye, ResultCode::Loss);
    assert!(matches!(
        t.with_round(4, &e),
        Err(RoundError::Entry { player: 1, .. })
    ));
}

#[test]
fn the_boards_of_round_four_from_the_pairs() {
    let t = Tournament::parse(TRF16).unwrap();
    let pairs = parse_pairs("5\r\n1 3\r\n4 2\r\n5 6\r\n8 9\r\n7 0\r\n", &t).unwrap();
    let round = round_boards(&t, &pairs);
    assert_eq!(round.boards.len(), 4);
    assert_eq!(round.boards[1].board, 2);
    assert_eq!(round.boards[1].white.name, "Moreau, Céline");
    assert_eq!(round.boards[1].white.title.as_deref(), Some("WIM"));
    assert_eq!(round.boards[1].black.start_rank, Some(2));
    assert_eq!(round.byes.len(), 1);
    assert_eq!(round.byes[0].name, "Silva, João");
    let unpaired: Vec<u32> = round.unpaired.iter().map(|b| b.start_rank).collect();
    assert_eq!(unpaired, [10, 11]);
    // unrated, no FIDE id: none, not 0
    let pairs = parse_pairs("1\n10 11\n", &t).unwrap();
    let board = &round_boards(&t, &pairs).boards[0];
    assert_eq!((board.white.rating, board.white.fide_id), (None, None));
    let json = serde_json::to_value(&board.black).unwrap();
    assert_eq!(
        json,
        serde_json::json!({"name": "Ahmadi, Sara", "fide_id": null, "title": null, "rating": 1700, "federation": "AFG", "start_rank": 11})
    );
}
