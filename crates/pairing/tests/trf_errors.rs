//! Every kind of malformed TRF names its line, its column and what was
//! expected.

use arbitre_pairing::{Tournament, TrfError};

/// A `001` line with the fields in their columns; `rating` and `points` as
/// written (4 columns each), rounds as their 8 columns `OOOO C R`.
fn player(rank: u32, name: &str, rating: &str, points: &str, rounds: &[&str]) -> String {
    let mut line = format!(
        "001 {rank:>4} m    {name:<33} {rating:>4} EST {:>11} 2000/01/01 {points:>4} {rank:>4}",
        1000 + rank
    );
    for r in rounds {
        line.push_str("  ");
        line.push_str(r);
    }
    line
}

/// A tournament of three, one round played (1 beat 2, 3 had the bye), with
/// line `at` (from 1; the players are lines 2 to 4) replaced.
fn with_line(at: usize, replacement: &str) -> Result<Tournament, TrfError> {
    let mut lines = [
        "012 Error Open".to_owned(),
        player(1, "Aalto, Aino", "2100", "1.0", &["   2 w 1"]),
        player(2, "Berg, Bo", "2000", "0.0", &["   1 b 0"]),
        player(3, "Cruz, Caro", "1900", "1.0", &["0000 - U"]),
    ];
    lines[at - 1] = replacement.to_owned();
    Tournament::parse(&lines.join("\n"))
}

fn error(at: usize, replacement: &str) -> TrfError {
    with_line(at, replacement).expect_err(replacement)
}

fn column(at: usize, replacement: &str) -> (usize, Option<usize>) {
    let e = error(at, replacement);
    (e.line, e.column)
}

#[test]
fn the_base_reads() {
    assert!(with_line(1, "012 Error Open").is_ok());
}

#[test]
fn a_rating_with_a_letter() {
    let e = error(3, &player(2, "Berg, Bo", "2x00", "0.0", &["   1 b 0"]));
    assert_eq!(
        e.to_string(),
        "line 3, column 49: expected a rating (digits), found \"2x00\""
    );
}

#[test]
fn a_start_rank_missing_or_zero() {
    let line = player(2, "Berg, Bo", "2000", "0.0", &["   1 b 0"]);
    assert_eq!(column(3, &line.replacen("   2", "    ", 1)), (3, Some(5)));
    assert_eq!(column(3, &line.replacen("   2", "   0", 1)), (3, Some(5)));
    assert_eq!(column(3, &line.replacen("   2", "  2a", 1)), (3, Some(5)));
}

#[test]
fn a_line_that_stops_before_its_points() {
    let line = player(2, "Berg, Bo", "2000", "0.0", &[]);
    let e = error(3, &line[..70]);
    assert_eq!((e.line, e.column), (3, Some(71)));
    assert!(e.message.contains("column 84"), "{e}");
    assert_eq!(column(3, "001"), (3, Some(4)));
}

#[test]
fn points_that_are_not_points() {
    let e = error(2, &player(1, "Aalto, Aino", "2100", "1,0", &["   2 w 1"]));
    assert_eq!(
        e.to_string(),
        "line 2, column 81: expected points (e.g. 3.5), found \" 1,0\""
    );
    assert_eq!(
        column(2, &player(1, "Aalto, Aino", "2100", "", &["   2 w 1"])),
        (2, Some(81))
    );
}

#[test]
fn a_fide_id_with_a_letter() {
    let line = player(1, "Aalto, Aino", "2100", "1.0", &["   2 w 1"]).replacen("1001", "10O1", 1);
    assert_eq!(column(2, &line), (2, Some(58)));
}

#[test]
fn a_sex_that_is_a_digit() {
    let line = player(1, "Aalto, Aino", "2100", "1.0", &["   2 w 1"]).replacen(" m ", " 1 ", 1);
    assert_eq!(column(2, &line), (2, Some(10)));
}

#[test]
fn columns_shifted_by_a_long_name() {
    let long = "Aalto-Virtanen, Aino Marjatta Eveliina";
    let line = player(1, long, "2100", "1.0", &["   2 w 1"]);
    let e = error(2, &line);
    assert_eq!(e.column, Some(48));
    assert!(e.message.contains("between the name and the rating"), "{e}");
}

#[test]
fn a_colour_or_a_result_that_is_not_one() {
    assert_eq!(
        column(2, &player(1, "Aalto, Aino", "2100", "1.0", &["   2 x 1"])),
        (2, Some(97))
    );
    assert_eq!(
        column(2, &player(1, "Aalto, Aino", "2100", "1.0", &["   2 W 1"])),
        (2, Some(97))
    );
    let e = error(2, &player(1, "Aalto, Aino", "2100", "1.0", &["   2 w Q"]));
    assert_eq!(
        e.to_string(),
        "line 2, column 99: expected a result (1 = 0 + - W D L H F U Z or a blank), found \"Q\""
    );
    // round 2's colour is at column 107
    let e = error(
        4,
        &player(3, "Cruz, Caro", "1900", "1.0", &["0000 - U", "0000 ? Z"]),
    );
    assert_eq!((e.line, e.column), (4, Some(107)));
}

#[test]
fn an_opponent_that_is_not_a_number() {
    assert_eq!(
        column(2, &player(1, "Aalto, Aino", "2100", "1.0", &["  x2 w 1"])),
        (2, Some(92))
    );
}

#[test]
fn round_columns_out_of_step() {
    let line = player(1, "Aalto, Aino", "2100", "1.0", &["   2 w 1"]) + "x";
    let e = error(2, &line);
    assert_eq!(e.column, Some(100));
    assert!(e.message.contains("between two rounds"), "{e}");
}

#[test]
fn an_opponent_who_is_not_a_player() {
    let e = error(4, &player(3, "Cruz, Caro", "1900", "1.0", &["   9 w 1"]));
    assert_eq!(
        e.to_string(),
        "line 4, column 92: round 1: no player has start rank 9"
    );
}

#[test]
fn an_opponent_who_is_the_player() {
    let e = error(4, &player(3, "Cruz, Caro", "1900", "1.0", &["   3 w 1"]));
    assert_eq!((e.line, e.column), (4, Some(92)));
}

#[test]
fn a_game_only_one_side_names() {
    let e = error(3, &player(2, "Berg, Bo", "2000", "0.0", &["   1 w 0"]));
    assert_eq!((e.line, e.column), (2, Some(92)));
    assert!(e.message.contains("line 3 of player 2"), "{e}");
}

#[test]
fn a_start_rank_twice() {
    let e = error(4, &player(2, "Cruz, Caro", "1900", "1.0", &["0000 - U"]));
    assert_eq!(
        e.to_string(),
        "line 4, column 5: start rank 2 is already the player of line 3"
    );
}

#[test]
fn a_colour_without_an_opponent_and_a_bye_with_one() {
    let e = error(4, &player(3, "Cruz, Caro", "1900", "1.0", &["0000 w U"]));
    assert_eq!((e.line, e.column), (4, Some(97)));
    let e = error(4, &player(3, "Cruz, Caro", "1900", "1.0", &["0000 - 1"]));
    assert_eq!((e.line, e.column), (4, Some(99)));
    let e = error(2, &player(1, "Aalto, Aino", "2100", "1.0", &["   2 w U"]));
    assert_eq!((e.line, e.column), (2, Some(99)));
    let e = error(2, &player(1, "Aalto, Aino", "2100", "1.0", &["   2 - 1"]));
    assert_eq!((e.line, e.column), (2, Some(97)));
}

#[test]
fn records_that_do_not_read() {
    assert_eq!(column(1, "XXR five"), (1, Some(5)));
    assert_eq!(column(1, "142 0"), (1, Some(5)));
    assert_eq!(column(1, "XXS WW=1 QQ=2"), (1, Some(10)));
    assert_eq!(column(1, "XXS PAB"), (1, Some(5)));
    assert_eq!(column(1, "XXS PAB=x"), (1, Some(5)));
    assert_eq!(column(1, "162  Q 1.0"), (1, Some(6)));
    assert_eq!(column(1, "162  W 1,0"), (1, Some(7)));
    assert_eq!(column(1, "162  W 1.0 x  D 0.5"), (1, Some(12)));
}

#[test]
fn a_file_without_players() {
    for text in ["", "\n\n", "012 Empty Open\r\n", "\u{feff}"] {
        let e = Tournament::parse(text).unwrap_err();
        assert_eq!((e.line, e.column), (1, None));
        assert_eq!(
            e.to_string(),
            "line 1: expected at least one player line (001); the file has none"
        );
    }
}

#[test]
fn non_ascii_counts_as_one_column() {
    // é and ü are two bytes each, one column each: the fields stay in place
    let t = with_line(3, &player(2, "Bérgü, Bö", "2000", "0.0", &["   1 b 0"])).unwrap();
    assert_eq!(t.player(2).unwrap().name, "Bérgü, Bö");
    assert_eq!(t.player(2).unwrap().rating, Some(2000));
    // and a character of a wider script in a number is an error, not a panic
    assert_eq!(
        column(3, &player(2, "Berg, Bo", "20五0", "0.0", &["   1 b 0"])),
        (3, Some(49))
    );
}
