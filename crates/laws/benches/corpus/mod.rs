//! The real-game corpus shared by the replay bench and the memory example.
//!
//! Games are read from `../shared/corpus/pgn` (relative to the workspace
//! root) or from the folder named by `ARBITRE_CORPUS`, never from the repo.
//! Every game is pre-parsed into its starting position and its mainline SAN
//! moves, so that each replay (bare or engine) does the same SAN → `Move`
//! conversion with shakmaty.

#![allow(dead_code)] // each target uses part of it

use std::{
    fs::File,
    io::{self, BufReader},
    ops::ControlFlow,
    path::{Path, PathBuf},
};

use arbitre_laws::{game::DeadCheck, EditionId, Game, Instant, Setup, TimeControl};
use pgn_reader::{RawTag, Reader, SanPlus, Skip, Visitor};
use shakmaty::{fen::Fen, san::San, CastlingMode, Chess, Position};

/// One game: where it starts and its mainline moves.
pub struct CorpusGame {
    pub start: Chess,
    pub sans: Vec<San>,
}

/// The games, with the files they came from.
pub struct Corpus {
    pub root: PathBuf,
    pub files: Vec<PathBuf>,
    pub games: Vec<CorpusGame>,
    /// Games dropped because their FEN or a move could not be read or played.
    pub dropped: usize,
}

impl Corpus {
    pub fn plies(&self) -> u64 {
        self.games.iter().map(|g| g.sans.len() as u64).sum()
    }
}

/// Where the corpus is: `ARBITRE_CORPUS`, else `../shared/corpus/pgn` from the
/// workspace root.
pub fn root() -> PathBuf {
    match std::env::var_os("ARBITRE_CORPUS") {
        Some(dir) => PathBuf::from(dir),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus/pgn"),
    }
}

/// Loads every `*.pgn` under the corpus root, or says why it cannot.
pub fn load() -> Result<Corpus, String> {
    let root = root();
    if !root.is_dir() {
        return Err(format!(
            "corpus folder {} not found (set ARBITRE_CORPUS to a folder of .pgn files)",
            root.display()
        ));
    }
    let mut files = Vec::new();
    collect_pgn(&root, &mut files).map_err(|e| format!("{}: {e}", root.display()))?;
    files.sort();
    if files.is_empty() {
        return Err(format!("no .pgn file under {}", root.display()));
    }
    let mut games = Vec::new();
    let mut dropped = 0;
    for file in &files {
        let f = File::open(file).map_err(|e| format!("{}: {e}", file.display()))?;
        let mut reader = Reader::new(BufReader::with_capacity(1 << 16, f));
        let mut visitor = Collect;
        while let Some(game) = reader
            .read_game(&mut visitor)
            .map_err(|e| format!("{}: {e}", file.display()))?
        {
            match game.and_then(legal) {
                Some(g) => games.push(g),
                None => dropped += 1,
            }
        }
    }
    Ok(Corpus {
        root,
        files,
        games,
        dropped,
    })
}

fn collect_pgn(dir: &Path, out: &mut Vec<PathBuf>) -> io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            collect_pgn(&path, out)?;
        } else if path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("pgn"))
        {
            out.push(path);
        }
    }
    Ok(())
}

/// Keeps a game only if its whole mainline replays legally.
fn legal(g: CorpusGame) -> Option<CorpusGame> {
    let mut pos = g.start.clone();
    for san in &g.sans {
        let m = san.to_move(&pos).ok()?;
        pos.play_unchecked(m);
    }
    Some(g)
}

struct Collect;

impl Visitor for Collect {
    /// The FEN start, `Err` if the FEN tag was unreadable.
    type Tags = Result<Option<Chess>, ()>;
    type Movetext = Option<CorpusGame>;
    type Output = Option<CorpusGame>;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue(Ok(None))
    }

    fn tag(
        &mut self,
        tags: &mut Self::Tags,
        name: &[u8],
        value: RawTag<'_>,
    ) -> ControlFlow<Self::Output> {
        if name == b"FEN" {
            *tags = Fen::from_ascii(value.as_bytes())
                .ok()
                .and_then(|fen| fen.into_position(CastlingMode::Standard).ok())
                .map(Some)
                .ok_or(());
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Self::Output, Self::Movetext> {
        match tags {
            Ok(start) => ControlFlow::Continue(Some(CorpusGame {
                start: start.unwrap_or_default(),
                sans: Vec::with_capacity(128),
            })),
            Err(()) => ControlFlow::Continue(None),
        }
    }

    fn san(
        &mut self,
        movetext: &mut Self::Movetext,
        san_plus: SanPlus,
    ) -> ControlFlow<Self::Output> {
        if let Some(g) = movetext {
            g.sans.push(san_plus.san);
        }
        ControlFlow::Continue(())
    }

    fn begin_variation(
        &mut self,
        _movetext: &mut Self::Movetext,
    ) -> ControlFlow<Self::Output, Skip> {
        ControlFlow::Continue(Skip(true))
    }

    fn end_game(&mut self, movetext: Self::Movetext) -> Self::Output {
        movetext.map(|mut g| {
            g.sans.shrink_to_fit();
            g
        })
    }
}

/// The engine setup every engine variant uses: FIDE 2023, 90 min + 30 s.
pub fn setup(start: &Chess, dead_check: DeadCheck) -> Setup {
    let mut setup = Setup::new(EditionId::Fide2023);
    setup.start = start.clone();
    setup.dead_check = dead_check;
    setup.time_control = "5400+30".parse::<TimeControl>().expect("time control");
    setup
}

/// Replays a game through the engine, one ply a second, stopping when the
/// game ends. Returns the game and the plies it accepted.
pub fn replay(g: &CorpusGame, dead_check: DeadCheck) -> (Game, usize) {
    let mut game = Game::new(setup(&g.start, dead_check)).expect("setup");
    let mut played = 0;
    for (i, san) in g.sans.iter().enumerate() {
        if game.outcome().is_some() {
            break;
        }
        // decoding the SAN in the position is the engine's legality check,
        // the same work the bare replay does with `San::to_move`
        game.play_san(i, Instant((i as i64 + 1) * 1000), san);
        played += 1;
    }
    (game, played)
}

/// Cuts each game to the plies every engine variant plays (an engine ends a
/// game at a dead position, 75 moves or fivefold, where players may go on),
/// so that all replays see the very same moves. `EveryMove` tests the most
/// and so ends first. Returns the plies cut.
pub fn truncate_to_engine(corpus: &mut Corpus) -> u64 {
    let mut cut = 0;
    for g in &mut corpus.games {
        let keep = replay(g, DeadCheck::EveryMove).1;
        cut += (g.sans.len() - keep) as u64;
        g.sans.truncate(keep);
    }
    cut
}
