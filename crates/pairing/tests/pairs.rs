//! JaVaFo's pairs file against the TRF it pairs: every error names its
//! line.

use arbitre_pairing::{parse_pairs, Pairs, Tournament};

const TRF16: &str = include_str!("data/trf16-spring-open.trf");

fn pairs(text: &str) -> Result<Pairs, (usize, String)> {
    let t = Tournament::parse(TRF16).unwrap();
    parse_pairs(text, &t).map_err(|e| (e.line, e.to_string()))
}

#[test]
fn bbp_pairings_output_reads() {
    let p = pairs("6\n1 3\n4 2\n5 6\n8 9\n11 10\n7 0\n").unwrap();
    assert_eq!(p.boards, [(1, 3), (4, 2), (5, 6), (8, 9), (11, 10)]);
    assert_eq!(p.bye, Some(7));
}

#[test]
fn blanks_line_endings_and_a_bye_anywhere() {
    let p = pairs("  3 \r\n7 0\r\n 1   3\r\n4 2\r\n\r\n\r\n").unwrap();
    assert_eq!(p.boards, [(1, 3), (4, 2)]);
    assert_eq!(p.bye, Some(7));
    assert_eq!(
        pairs("0\n").unwrap(),
        Pairs {
            boards: vec![],
            bye: None
        }
    );
}

#[test]
fn each_fault_names_its_line() {
    let cases: [(&str, usize, &str); 12] = [
        (
            "",
            1,
            "line 1: expected the number of pairs (a whole number), found \"\"",
        ),
        (
            "two\n1 2\n",
            1,
            "line 1: expected the number of pairs (a whole number), found \"two\"",
        ),
        (
            "2\n1 3\n",
            1,
            "line 1: 2 pairs announced, but the file has 1",
        ),
        (
            "1\n1 3\n4 2\n",
            3,
            "line 3: more pairs than the 1 announced on line 1",
        ),
        (
            "2\n1 3\n4\n",
            3,
            "line 3: expected two start ranks \"WHITE BLACK\", found \"4\"",
        ),
        (
            "1\n1 3 5\n",
            2,
            "line 2: expected two start ranks \"WHITE BLACK\", found \"1 3 5\"",
        ),
        (
            "1\n1 x\n",
            2,
            "line 2: expected Black, or 0 for the bye (a start rank), found \"x\"",
        ),
        (
            "1\n-1 3\n",
            2,
            "line 2: expected White (a start rank), found \"-1\"",
        ),
        (
            "2\n1 3\n12 4\n",
            3,
            "line 3: no player of the TRF has start rank 12",
        ),
        (
            "2\n1 3\n3 4\n",
            3,
            "line 3: player 3 is already paired on line 2",
        ),
        (
            "1\n0 3\n",
            2,
            "line 2: expected White's start rank, found 0",
        ),
        (
            "3\n1 3\n7 0\n8 0\n",
            4,
            "line 4: a second pairing-allocated bye (player 7 has it)",
        ),
    ];
    for (text, line, message) in cases {
        assert_eq!(pairs(text), Err((line, message.to_owned())), "{text:?}");
    }
    assert_eq!(pairs("1\n5 5\n").unwrap_err().0, 2);
}

#[test]
fn carriage_returns_alone_end_lines_too() {
    assert_eq!(pairs("2\r1 3\r7 0\r").unwrap().bye, Some(7));
    assert_eq!(
        pairs("2\r1 3\r3 0\r").unwrap_err(),
        (3, "line 3: player 3 is already paired on line 2".to_owned())
    );
}
