//! The audit benchmark's peer: a bare pgn-reader + shakmaty replay of PGN
//! files that only hashes each position (no laws bookkeeping). Prints games,
//! plies, seconds and plies/s. Usage: `cargo run --release --example
//! bare_replay -- FILE...`
use std::{fs::File, io::BufReader, time::Instant};

use pgn_reader::Reader;

#[path = "../benches/peer/bare.rs"]
mod bare;
use bare::Bare;

fn main() -> std::io::Result<()> {
    let start = Instant::now();
    let mut bare = Bare::default();
    for path in std::env::args().skip(1) {
        let mut reader = Reader::new(BufReader::new(File::open(&path)?));
        while reader.read_game(&mut bare)?.is_some() {}
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "bare replay: {} games, {} plies, {:.3} s, {:.0} plies/s (checksum {:x})",
        bare.games,
        bare.plies,
        secs,
        bare.plies as f64 / secs,
        bare.checksum
    );
    Ok(())
}
