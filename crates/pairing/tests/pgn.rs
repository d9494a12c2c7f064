//! The PGN of a round, as pairing programs export it for e-boards.

use arbitre_pairing::{parse_pgn, Player};

const ROUND_5: &str = r#"[Event "Spring Open 2026"]
[Site "Tallinn"]
[Date "2026.04.14"]
[Round "5.1"]
[White "Lindqvist, Arvo"]
[Black "Okafor, Ada"]
[Result "*"]
[WhiteFideId "54100234"]
[BlackFideId "8500112"]
[WhiteTitle "GM"]
[BlackTitle "IM"]
[WhiteElo "2540"]
[BlackElo "2410"]

*

[Event "Spring Open 2026"]
[Round "5.2"]
[White "Moreau, Céline"]
[Black "Tanaka, Rei"]
[Result "*"]
[WhiteElo "2230"]
[BlackElo "2080"]
[BlackTitle "-"]

*
"#;

#[test]
fn a_round_of_two_boards() {
    let r = parse_pgn(ROUND_5).unwrap();
    assert_eq!(r.round, Some(5));
    assert_eq!(r.boards.len(), 2);
    let b = &r.boards[0];
    assert_eq!(b.board, 1);
    assert_eq!(
        b.white,
        Player {
            name: "Lindqvist, Arvo".into(),
            fide_id: Some(54100234),
            title: Some("GM".into()),
            rating: Some(2540),
            federation: None,
            start_rank: None,
        }
    );
    assert_eq!(b.black.title.as_deref(), Some("IM"));
    assert_eq!(r.boards[1].white.name, "Moreau, Céline");
    assert_eq!(r.boards[1].black.title, None);
    assert_eq!(r.boards[1].white.fide_id, None);
}

#[test]
fn boards_from_the_board_tag_or_the_order() {
    let text = "[Round \"3\"]\n[Board \"2\"]\n[White \"A\"]\n[Black \"B\"]\n*\n\n[Round \"3\"]\n[Board \"1\"]\n[White \"C\"]\n[Black \"D\"]\n*\n";
    let r = parse_pgn(text).unwrap();
    assert_eq!(r.round, Some(3));
    assert_eq!(r.boards[0].white.name, "C");
    assert_eq!(r.boards[1].board, 2);
    let text = "[White \"A\"]\n[Black \"B\"]\n\n*\n[White \"C\"]\n[Black \"D\"]\n\n*\n";
    let r = parse_pgn(text).unwrap();
    assert_eq!(r.round, None);
    assert_eq!((r.boards[0].board, r.boards[1].board), (1, 2));
    assert_eq!(r.boards[1].white.name, "C");
}

#[test]
fn each_fault_names_its_line() {
    let cases: [(&str, usize, &str); 10] = [
        ("", 1, "expected at least one game"),
        ("1. e4 *\n", 1, "expected a game's tags"),
        ("[White \"A\"]\n[Round \"5\"]\n*\n", 1, "expected a Black tag"),
        ("[White \"A\"]\n[Black \"B\"]\n[Round \"five\"]\n*\n", 3, "expected Round as \"5\" or \"5.3\""),
        ("[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n1-0\n", 1, "expected the result *"),
        ("[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n*\n", 3, "expected Result \"*\""),
        ("[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 *\n", 1, "no moves; this one has 2"),
        ("[White \"A\"]\n[Black \"B\"]\n[WhiteElo \"23OO\"]\n*\n", 3, "expected a rating (digits), found \"23OO\""),
        ("[White \"A\"]\n[Black \"B\"]\n[Round \"4.1\"]\n*\n\n[White \"C\"]\n[Black \"D\"]\n[Round \"4.1\"]\n*\n", 8, "board 1 is already the game on line 1"),
        ("[White \"A\"]\n[Black \"B\"]\n[Round \"4.1\"]\n*\n\n[White \"C\"]\n[Black \"D\"]\n[Round \"5.2\"]\n*\n", 8, "round 5, but the game on line 1 is of round 4"),
    ];
    for (text, line, message) in cases {
        let e = parse_pgn(text).unwrap_err();
        assert_eq!(e.line, line, "{text:?}: {e}");
        assert!(e.message.contains(message), "{text:?}: {e}");
    }
    let e =
        parse_pgn("[White \"A\"]\n[Black \"B\"]\n[Round \"4.2\"]\n[Board \"3\"]\n*\n").unwrap_err();
    assert_eq!(
        e.to_string(),
        "line 4: Board \"3\" and Round's board 2 disagree"
    );
}

#[test]
fn carriage_returns_alone_end_lines_too() {
    let text = "[White \"A\"]\r[Black \"B\"]\r[Round \"2.1\"]\r*\r\r[White \"C\"]\r[Black \"D\"]\r[Round \"two\"]\r*\r";
    assert_eq!(parse_pgn(text).unwrap_err().line, 8);
}

#[test]
fn a_player_needs_only_a_name() {
    let p: Player = serde_json::from_str(r#"{"name": "Okafor, Ada"}"#).unwrap();
    assert_eq!(
        (p.name.as_str(), p.rating, p.start_rank),
        ("Okafor, Ada", None, None)
    );
}
