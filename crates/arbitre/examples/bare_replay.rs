//! The audit benchmark's peer: a bare pgn-reader + shakmaty replay of PGN
//! files that only hashes each position (no laws bookkeeping). Prints games,
//! plies, seconds and plies/s. Usage: `cargo run --release --example
//! bare_replay -- FILE...`
use std::{fs::File, io::BufReader, ops::ControlFlow, time::Instant};

use pgn_reader::{RawTag, Reader, SanPlus, Skip, Visitor};
use shakmaty::{fen::Fen, zobrist::Zobrist64, CastlingMode, Chess, EnPassantMode, Position};

#[derive(Default)]
struct Bare {
    games: u64,
    plies: u64,
    checksum: u64,
}

impl Visitor for Bare {
    type Tags = Option<Chess>;
    type Movetext = Chess;
    type Output = ();

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        self.games += 1;
        ControlFlow::Continue(None)
    }

    fn tag(
        &mut self,
        tags: &mut Self::Tags,
        name: &[u8],
        value: RawTag<'_>,
    ) -> ControlFlow<Self::Output> {
        if name == b"FEN" {
            if let Ok(pos) = Fen::from_ascii(value.as_bytes())
                .map_err(|_| ())
                .and_then(|f| f.into_position(CastlingMode::Standard).map_err(|_| ()))
            {
                *tags = Some(pos);
            }
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Self::Output, Self::Movetext> {
        ControlFlow::Continue(tags.unwrap_or_default())
    }

    fn begin_variation(&mut self, _: &mut Self::Movetext) -> ControlFlow<Self::Output, Skip> {
        ControlFlow::Continue(Skip(true))
    }

    fn san(&mut self, pos: &mut Self::Movetext, san: SanPlus) -> ControlFlow<Self::Output> {
        match san.san.to_move(pos) {
            Ok(m) => {
                pos.play_unchecked(m);
                self.plies += 1;
                self.checksum ^= pos.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0;
                ControlFlow::Continue(())
            }
            Err(_) => ControlFlow::Break(()),
        }
    }

    fn end_game(&mut self, _: Self::Movetext) -> Self::Output {}
}

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
