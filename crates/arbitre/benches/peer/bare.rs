//! The audit benchmark's peer: a bare pgn-reader + shakmaty replay that only
//! hashes each position (no laws bookkeeping). Shared by the `bare_replay`
//! example and the `audit` criterion bench.

use std::ops::ControlFlow;

use pgn_reader::{RawTag, SanPlus, Skip, Visitor};
use shakmaty::{fen::Fen, zobrist::Zobrist64, CastlingMode, Chess, EnPassantMode, Position};

/// Games, plies and a checksum of the positions replayed.
#[derive(Default)]
pub struct Bare {
    pub games: u64,
    pub plies: u64,
    pub checksum: u64,
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
