//! Real games to replay: the mainline SAN of each game of a PGN corpus
//! (plain, gzip or zstd, recognised by their magic bytes), read with
//! pgn-reader and checked with shakmaty. Only games from the standard
//! position (no `FEN`, no variant) with enough legal moves are kept; a game
//! is cut where the Laws would end it by themselves (checkmate, stalemate,
//! insufficient material, 75 moves) so that no move is sent after the end.

use std::{
    fs::File,
    io::{self, BufReader, Read},
    ops::ControlFlow,
    path::{Path, PathBuf},
};

use pgn_reader::{RawTag, Reader, SanPlus, Visitor};
use shakmaty::{Chess, Position};

/// A game to replay.
#[derive(Debug)]
pub struct Record {
    /// Its moves, in SAN as written (with `+`/`#`).
    pub moves: Vec<String>,
    /// Whether its last move ends the game under the Laws (no resignation
    /// needed after it).
    pub ends: bool,
}

struct Collect {
    standard: bool,
}

impl Visitor for Collect {
    type Tags = ();
    type Movetext = Vec<SanPlus>;
    type Output = Option<Vec<SanPlus>>;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        self.standard = true;
        ControlFlow::Continue(())
    }

    fn tag(&mut self, (): &mut (), name: &[u8], value: RawTag<'_>) -> ControlFlow<Self::Output> {
        let variant = name == b"Variant" && !value.decode().eq_ignore_ascii_case(b"standard");
        if name == b"FEN" || name == b"SetUp" || variant {
            self.standard = false;
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, (): ()) -> ControlFlow<Self::Output, Self::Movetext> {
        if self.standard {
            ControlFlow::Continue(Vec::with_capacity(100))
        } else {
            ControlFlow::Break(None)
        }
    }

    fn san(&mut self, moves: &mut Self::Movetext, san: SanPlus) -> ControlFlow<Self::Output> {
        moves.push(san);
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, moves: Self::Movetext) -> Self::Output {
        Some(moves)
    }
}

/// The moves as played, legal, cut where the game ends by itself.
fn check(moves: &[SanPlus]) -> Option<Record> {
    let mut pos = Chess::default();
    let mut out = Vec::with_capacity(moves.len());
    for san in moves {
        let m = san.san.to_move(&pos).ok()?;
        out.push(san.to_string());
        pos.play_unchecked(m);
        if pos.is_game_over() || pos.halfmoves() >= 150 {
            return Some(Record {
                moves: out,
                ends: true,
            });
        }
    }
    Some(Record {
        moves: out,
        ends: false,
    })
}

fn files(dir: &Path, out: &mut Vec<PathBuf>) -> io::Result<()> {
    if dir.is_file() {
        out.push(dir.to_path_buf());
        return Ok(());
    }
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            files(&path, out)?;
        } else {
            let name = path.to_string_lossy();
            if name.ends_with(".pgn") || name.ends_with(".pgn.gz") || name.ends_with(".pgn.zst") {
                out.push(path);
            }
        }
    }
    Ok(())
}

fn open(path: &Path) -> io::Result<Box<dyn Read>> {
    let mut file = BufReader::new(File::open(path)?);
    let mut magic = [0u8; 4];
    let n = {
        use std::io::BufRead;
        let buf = file.fill_buf()?;
        let n = buf.len().min(4);
        magic[..n].copy_from_slice(&buf[..n]);
        n
    };
    Ok(if n >= 2 && magic[..2] == [0x1f, 0x8b] {
        Box::new(flate2::read::MultiGzDecoder::new(file))
    } else if n == 4 && magic == [0x28, 0xb5, 0x2f, 0xfd] {
        Box::new(zstd::Decoder::with_buffer(file)?)
    } else {
        Box::new(file)
    })
}

/// Up to `max` games of at least `min_plies` plies from the files under
/// `dir`, in file-name order.
pub fn load(dir: &Path, max: usize, min_plies: usize) -> io::Result<Vec<Record>> {
    let mut paths = Vec::new();
    files(dir, &mut paths)?;
    paths.sort();
    let mut games = Vec::new();
    let mut visitor = Collect { standard: true };
    for path in paths {
        let mut reader = Reader::new(open(&path)?);
        while games.len() < max {
            match reader.read_game(&mut visitor) {
                Ok(Some(Some(moves))) => {
                    if let Some(record) = check(&moves) {
                        if record.moves.len() >= min_plies {
                            games.push(record);
                        }
                    }
                }
                Ok(Some(None)) => {}
                Ok(None) => break,
                Err(e) => {
                    eprintln!("{}: {e}; the rest of the file is skipped", path.display());
                    break;
                }
            }
        }
        if games.len() >= max {
            break;
        }
    }
    Ok(games)
}
