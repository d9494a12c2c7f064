//! A live game's memory: what a server holds per game must stay small
//! (issue 12: under 16 KiB per live game, the owner's task and channels
//! included, measured by `bench/`). Here, the heap a `LiveGame` holds after
//! a long game, counted exactly by a counting allocator: it must not grow
//! with the log, which the store keeps.

use std::alloc::System;

use arbitre_laws::{Actor, Instant, Language};
use arbitre_record::{request::EventRequest, SetupRecord};
use arbitre_server::live::LiveGame;
use cap::Cap;
use shakmaty::Color;

#[global_allocator]
static ALLOCATOR: Cap<System> = Cap::new(System, usize::MAX);

/// Karpov–Kasparov, 1985, game 16: 40 moves.
const MOVES: &str =
    "e4 c5 Nf3 e6 d4 cxd4 Nxd4 Nc6 Nb5 d6 c4 Nf6 N1c3 a6 Na3 d5 cxd5 exd5 exd5 Nb4 \
Be2 Bc5 O-O O-O Bf3 Bf5 Bg5 Re8 Qd2 b5 Rad1 Nd3 Nab1 h6 Bh4 b4 Na4 Bd6 Bg3 Rc8 \
b3 g5 Bxd6 Qxd6 g3 Nd7 Bg2 Qf6 a3 a5 axb4 axb4 Qa2 Bg6 d6 g4 Qd2 Kg7 f3 Qxd6 \
fxg4 Qd4+ Kh1 Nf6 Rf4 Ne4 Qxd3 Nf2+ Rxf2 Bxd3 Rfd2 Qe3 Rxd3 Rc1 Nb2 Qf2 Nd2 Rxd1+ \
Nxd1 Re1+";

fn play(n: u64) -> LiveGame {
    let setup: SetupRecord = serde_json::from_value(serde_json::json!({
        "edition": "fide-2023", "time_control": "40/5400+30:1800+30",
        "players": {"white": "Karpov", "black": "Kasparov"}
    }))
    .unwrap();
    let mut g = LiveGame::create(setup, Language::En).unwrap();
    let req = |body: String| EventRequest::parse(&body).unwrap();
    g.submit(
        Actor::Arbiter,
        req(r#"{"start": true}"#.into()),
        Instant(0),
        None,
    )
    .unwrap();
    g.release();
    for (i, san) in MOVES.split_whitespace().enumerate() {
        let side = if i % 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        let body = format!(r#"{{"move": "{san}", "client_id": "g{n}-m{i}"}}"#);
        let (answer, entry) = g
            .submit(
                Actor::Player(side),
                req(body),
                Instant(1000 * (i as i64 + 1)),
                None,
            )
            .unwrap();
        assert!(answer.accepted, "{san}: {:?}", answer.decisions);
        assert!(entry.is_some());
        // the owner releases each entry once the store has it, and answers
        // with the state (which keeps the scoresheet written so far)
        g.release();
        std::hint::black_box(g.state(Instant(1000 * (i as i64 + 1))));
    }
    g
}

#[test]
fn a_live_game_holds_a_few_kib_whatever_the_length_of_its_log() {
    // warm up what is allocated once (message catalogues, tables)
    drop(play(0));
    let before = ALLOCATOR.allocated() as isize;
    let games: Vec<LiveGame> = (1..=50).map(play).collect();
    let after = ALLOCATOR.allocated() as isize;
    let per_game = (after - before) / games.len() as isize;
    assert_eq!(games[0].game().moves().len(), 80);
    eprintln!("heap held per live game after 80 half-moves: {per_game} bytes");
    assert!(
        per_game < 12 * 1024,
        "a live game holds {per_game} bytes of heap after 80 half-moves"
    );
    // the log is not held: the next entry still gets its place
    assert_eq!(
        games[0].last_seq(),
        Some(80),
        "the start and 80 moves: seq 0 to 80"
    );
}
