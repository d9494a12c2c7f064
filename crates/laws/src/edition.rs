//! Editions of the Laws of Chess as data.
//!
//! Each edition is one [`Edition`] value in its own module (`fide_1930`,
//! `fide_2001`, `fide_2005`, `fide_2023`), with the same fields in the same
//! order, each value carrying the article that gives it, as that edition
//! numbers it. A numeric difference between editions is a field; a procedural
//! difference is a policy enum interpreted in exactly one place of the engine.
//! `diff fide_2005.rs fide_2023.rs` tells what changed.

use core::{fmt, str::FromStr};

mod fide_1930;
mod fide_2001;
mod fide_2005;
mod fide_2023;
mod fide_online_2021;

/// An article as the edition in force numbers it (`"9.5b"`, `"6.10"`, `"9.6.2"`, `"21.7"`).
pub type Article = &'static str;

/// Identifier of an edition of the Laws.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum EditionId {
    /// FIDE rules of 1930 (art. 21 adjournment, art. 22 odds; otherwise as 2001).
    Fide1930,
    /// FIDE Laws in force from 1 July 2001.
    Fide2001,
    /// FIDE Laws in force from 1 July 2005.
    Fide2005,
    /// FIDE Laws in force from 1 January 2023.
    Fide2023,
    /// FIDE Online Chess Regulations (January 2021), on top of the 2023 Laws.
    FideOnline2021,
}

impl EditionId {
    /// Every edition, oldest first (the online regulations last: they
    /// stand on the 2023 Laws).
    pub const ALL: [EditionId; 5] = [
        EditionId::Fide1930,
        EditionId::Fide2001,
        EditionId::Fide2005,
        EditionId::Fide2023,
        EditionId::FideOnline2021,
    ];

    /// The identifier used in scenario files (`fide-2005`).
    pub fn code(self) -> &'static str {
        self.laws().code
    }

    /// The table of rule parameters of this edition.
    pub fn laws(self) -> &'static Edition {
        match self {
            EditionId::Fide1930 => &fide_1930::LAWS,
            EditionId::Fide2001 => &fide_2001::LAWS,
            EditionId::Fide2005 => &fide_2005::LAWS,
            EditionId::Fide2023 => &fide_2023::LAWS,
            EditionId::FideOnline2021 => &fide_online_2021::LAWS,
        }
    }
}

impl fmt::Display for EditionId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// A calendar day: when a text came into force, when a game was played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date {
    /// The year.
    pub year: u16,
    /// The month, 1 to 12.
    pub month: u8,
    /// The day of the month, 1 to 31.
    pub day: u8,
}

impl Date {
    /// Before any other.
    pub const EARLIEST: Date = Date::new(0, 1, 1);

    /// The day `year`-`month`-`day`.
    pub const fn new(year: u16, month: u8, day: u8) -> Date {
        Date { year, month, day }
    }
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

impl EditionId {
    /// The edition that judges a game played on `date`: of the tables
    /// chosen by date, the one whose `judges_games_from` is the latest not
    /// after it. `None` for a date before every such table (never: the
    /// oldest judges from [`Date::EARLIEST`]).
    pub fn judging(date: Date) -> Option<EditionId> {
        EditionId::ALL
            .into_iter()
            .filter_map(|e| e.laws().judges_games_from.map(|from| (from, e)))
            .filter(|(from, _)| *from <= date)
            .max_by_key(|(from, _)| *from)
            .map(|(_, e)| e)
    }
}

/// An edition code that names no known edition.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown edition `{0}` (expected one of fide-1930, fide-2001, fide-2005, fide-2023, fide-online-2021)"
)]
pub struct UnknownEdition(pub String);

impl FromStr for EditionId {
    type Err = UnknownEdition;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        EditionId::ALL
            .into_iter()
            .find(|e| e.code() == s)
            .ok_or_else(|| UnknownEdition(s.to_owned()))
    }
}

/// What happens to the claimant's own clock after an incorrect claim (9.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClaimantDeduction {
    /// No change to the claimant's time.
    None,
    /// Half the remaining time is taken, up to `cap_ms` (2001 9.5b).
    HalfUpTo {
        /// Most that may be taken.
        cap_ms: i64,
    },
    /// 2005 9.5b: more than `above_ms` left: half up to `cap_ms`; more than
    /// `floor_ms` up to `above_ms`: left with `floor_ms`; otherwise unchanged.
    Graduated {
        /// Above this, half the time is taken (2 minutes).
        above_ms: i64,
        /// Most that may be taken (3 minutes).
        cap_ms: i64,
        /// Time left to a claimant between `floor_ms` and `above_ms` (1 minute).
        floor_ms: i64,
    },
}

/// Penalty for an incorrect claim of a draw under 9.2 or 9.3.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClaimPenalty {
    /// What is taken from the claimant.
    pub claimant: ClaimantDeduction,
    /// Time added to the opponent in standard, rapid and blitz games.
    pub opponent_bonus_ms: ByGameType<i64>,
    /// The article that imposes it, by game type.
    pub article: ByGameType<Article>,
}

/// One value per game type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ByGameType<T> {
    /// Standard play.
    pub standard: T,
    /// Rapid play.
    pub rapid: T,
    /// Blitz.
    pub blitz: T,
}

impl<T: Copy> ByGameType<T> {
    /// The value for one game type.
    pub fn get(&self, game_type: GameType) -> T {
        match game_type {
            GameType::Standard => self.standard,
            GameType::Rapid => self.rapid,
            GameType::Blitz => self.blitz,
        }
    }
}

/// Standard, rapid or blitz play, as an edition defines them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameType {
    /// Standard play.
    Standard,
    /// Rapid play (2005 Annex B, 2023 Appendix A).
    Rapid,
    /// Blitz (2005 Annex C, 2023 Appendix B).
    Blitz,
}

impl GameType {
    /// The code used in scenario files.
    pub fn code(self) -> &'static str {
        match self {
            GameType::Standard => "standard",
            GameType::Rapid => "rapid",
            GameType::Blitz => "blitz",
        }
    }

    /// Reads a scenario code.
    pub fn from_code(code: &str) -> Option<GameType> {
        match code {
            "standard" => Some(GameType::Standard),
            "rapid" => Some(GameType::Rapid),
            "blitz" => Some(GameType::Blitz),
            _ => None,
        }
    }
}

/// A bound on the time for 60 moves (base + 60 × increment) in milliseconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The time must be at most this (inclusive).
    AtMost(i64),
    /// The time must be less than this.
    Below(i64),
}

impl Bound {
    fn admits(self, ms: i64) -> bool {
        match self {
            Bound::AtMost(b) => ms <= b,
            Bound::Below(b) => ms < b,
        }
    }
}

/// How an edition classifies a time control.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameTypes {
    /// Blitz when the time for 60 moves is within this bound.
    pub blitz: Bound,
    /// Otherwise rapid when within this bound.
    pub rapid: Bound,
    /// The article defining blitz.
    pub blitz_article: Article,
    /// The article defining rapid.
    pub rapid_article: Article,
}

impl GameTypes {
    /// Classifies a time for 60 moves (base + 60 × increment), in milliseconds.
    pub fn classify(&self, ms_for_sixty_moves: i64) -> GameType {
        if self.blitz.admits(ms_for_sixty_moves) {
            GameType::Blitz
        } else if self.rapid.admits(ms_for_sixty_moves) {
            GameType::Rapid
        } else {
            GameType::Standard
        }
    }
}

/// Who sees that a flag has fallen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FlagPolicy {
    /// The arbiter sees a fall the moment it happens (standard play; 2023 everywhere).
    ArbiterSees {
        /// Article by which the arbiter signals it.
        article: Article,
    },
    /// A fall counts only on a valid claim by the opponent, whose own flag must
    /// still be up (2005 B7, B8); both flags down is a draw (B9).
    ClaimOnly {
        /// The article making the fall count only on a claim (B7).
        claim_only: Article,
        /// The article of a valid claim (B8).
        claim: Article,
        /// The article for both flags down (B9).
        both_flags: Article,
    },
}

/// Who acts on a completed illegal move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IllegalProcedure {
    /// The arbiter sees it and reinstates the position at once (7.4, 7.5).
    ArbiterActs,
    /// The playing zone accepts only legal moves: an illegal move is never
    /// made, and is refused with no penalty (online 3.3).
    Refused {
        /// The article (3.3).
        article: Article,
    },
    /// The move stands unless the opponent claims before moving; then the
    /// arbiter rules as in standard play (2005 B6). The arbiter also acts
    /// alone on an incomplete promotion or when both kings are in check.
    OnClaim {
        /// The article of the claim (B6).
        claim: Article,
    },
    /// The opponent may claim the win before moving, a draw if he cannot
    /// checkmate; once he has moved the move stands (C3).
    ClaimWins {
        /// The article (C3).
        claim: Article,
    },
}

/// Rapid and blitz games without adequate supervision, where the edition
/// sets them apart (2023 A.5, and B.3 for blitz: one arbiter for more than
/// three rapid games, or more than one blitz game). The arbiter rules on
/// what is brought to him: an illegal move on the opponent's claim before
/// his next move (A.5.2), a flag on a claim (A.5.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unsupervised {
    /// Where the Competition Rules apply with adequate supervision (A.4).
    pub supervised: Article,
    /// Who acts on a completed illegal move.
    pub illegal: IllegalProcedure,
    /// Who sees a fall.
    pub flag: FlagPolicy,
}

/// Illegal moves: procedure and penalties.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IllegalMoves {
    /// Who acts, by game type.
    pub procedure: ByGameType<IllegalProcedure>,
    /// An illegal move made on the board.
    pub made: Article,
    /// The position before the irregularity is reinstated.
    pub reinstate: Article,
    /// Touch-move applies to the move replacing the illegal one.
    pub replacing_move: Article,
    /// Time added to the opponent for an illegal move that does not lose, by game type.
    pub bonus_ms: ByGameType<i64>,
    /// The article of that penalty, by game type.
    pub penalty: ByGameType<Article>,
    /// The completed illegal move, counted per player, that loses (3 in 2005, 2 in 2023).
    pub losing_count: u32,
    /// The article by which it loses.
    pub loss: Article,
    /// Whether that loss is a draw when the opponent cannot checkmate by any
    /// series of legal moves (2023 7.5.5; not in the 2001 and 2005 texts).
    pub loss_draw_if_cannot_mate: bool,
    /// Where pressing the clock without making a move counts as an illegal
    /// move (2023 7.5.3), the article.
    pub press_without_move: Option<Article>,
    /// Where a pawn left unpromoted on the last rank becomes a queen (2023 7.5.4),
    /// the article; otherwise such a move is an ordinary illegal move.
    pub unpromoted_pawn_becomes_queen: Option<Article>,
}

/// Quickplay finishes (2005 10.2 and Annex D; 2023 Guidelines III).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Quickplay {
    /// What a quickplay finish is (the last period, all moves in a finite time).
    pub definition: Article,
    /// The claim: the player with the move and less than `under_ms` left.
    pub claim: Article,
    /// Less time than this allows the claim.
    pub under_ms: i64,
    /// The arbiter declares a draw.
    pub draw: Article,
    /// The arbiter postpones: the opponent gets `bonus_ms`.
    pub postpone: Article,
    /// The arbiter rejects: the opponent gets `bonus_ms`.
    pub reject: Article,
    /// Time given to the opponent on postponement and rejection.
    pub bonus_ms: i64,
    /// Where no arbiter is present: the claim ends the game and is decided later.
    pub no_arbiter: Article,
    /// The article excluding the claim in blitz and with increment or delay.
    pub excluded: Article,
    /// Where the quickplay rules apply only if the event announced them
    /// beforehand (2023 III.2.1), the article; otherwise they are part of
    /// the Laws (2005 10.2) and the regulations cannot leave them out.
    pub announced: Option<Article>,
    /// Both flags down, no arbiter present: a draw (in the last period only,
    /// where `both_flags_continue` is set).
    pub both_flags: Article,
    /// Where both flags down before the last period let the game go on
    /// (2023 III.3.1.1), the article.
    pub both_flags_continue: Option<Article>,
    /// Where a quickplay claim counts as a draw offer (2005 9.1c), the article.
    pub claim_is_offer: Option<Article>,
}

/// Touch-move (art. 4) and the rapid/blitz claims of Annex B.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Touching {
    /// A touched piece must be moved or captured.
    pub touch_move: Article,
    /// Own pieces touched: the first that can be moved must be moved (4.3a, 4.3.1).
    pub own: Article,
    /// Opponent's pieces touched: the first that can be captured must be captured (4.3b, 4.3.2).
    pub theirs: Article,
    /// One of each colour: capture with that piece, else the first that can
    /// be moved or captured (4.3c, 4.3.3).
    pub both: Article,
    /// King then rook: castle on that side if legal (4.4a, 4.4.1).
    pub castle: Article,
    /// Rook then king: no castling on that side on this move (4.4b, 4.4.2).
    pub rook_then_king: Article,
    /// King (and rook) touched to castle, castling illegal: another king
    /// move, if the king has one (4.4c, 4.4.3).
    pub castling_illegal: Article,
    /// A player who deliberately touches a piece loses the right to claim
    /// against the opponent's breach of 4.3 or 4.4 (4.7, 4.8).
    pub claim_right_lost: Article,
    /// Where art. 4 applies only on a player's request, the article (2005 B5), by game type.
    pub on_request: ByGameType<Option<Article>>,
    /// Where claims about the initial position, board orientation and clock
    /// setting end after each player's third move, the article (B4), by game type.
    pub initial_claims_limit: ByGameType<Option<Article>>,
    /// An incorrect initial position cancels the game.
    pub initial_position: Article,
    /// A board placed wrongly: the position is transferred to a correct one.
    pub board_orientation: Article,
}

/// Adjourned games (1930 art. 21; 2001/2005 Annex A; 2023 Guidelines I).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Adjournment {
    /// At the end of the session the arbiter requires the player with the
    /// move to seal it.
    pub must_seal: Article,
    /// The player with the move seals; sealing stops his clock only.
    pub seal: Article,
    /// Adjourning before the session's end counts as adjourning at its end.
    pub early: Article,
    /// What the envelope carries.
    pub envelope: Article,
    /// A draw offer made after the opponent sealed stays valid.
    pub offer_after_seal: Article,
    /// Position and clocks restored before resumption.
    pub restore: Article,
    /// Agreement or resignation before resumption ends the game.
    pub before_resumption: Article,
    /// The envelope is opened only with the replier present.
    pub open_when_present: Article,
    /// The sealed move is ambiguous: the sealer loses.
    pub ambiguous: Article,
    /// The sealed move cannot be read.
    pub unreadable: Article,
    /// The sealed move is illegal.
    pub illegal: Article,
    /// The replier is present at resumption.
    pub replier_present: Article,
    /// The replier is absent at resumption.
    pub replier_absent: Article,
    /// The sealer is absent: the replier may seal his reply.
    pub sealer_absent: Article,
    /// Arriving late for resumption loses.
    pub late: Article,
    /// The lateness allowed, by this edition's text; `None`: the regulations'
    /// default time, zero if they set none (2023 6.7.1).
    pub late_limit_ms: Option<i64>,
    /// Whether the regulations may set another lateness (2005 A10).
    pub late_limit_by_regulations: bool,
    /// The late sealer's sealed move mates: he wins.
    pub late_sealed_mate: Article,
    /// The late sealer's sealed move stalemates or leaves a dead position: draw.
    pub late_sealed_draw: Article,
    /// The envelope is lost.
    pub lost: Article,
    /// The position cannot be restored: the game is annulled.
    pub position_unrestorable: Article,
    /// Where unrestorable times also annul the game (1930 21.7), the article.
    pub times_unrestorable_annuls: Option<Article>,
    /// Clock errors noticed before the first move after resumption.
    pub clock_errors: Article,
    /// The session on the arbiter's clock.
    pub session: Article,
    /// Where a game restored incorrectly is put right (1930 21.8), the article.
    pub misrestored: Option<Article>,
}

/// The arbiter's live actions: starting the game, lateness at the start,
/// interrupting it, and the articles he may cite for a time adjustment or a
/// declared result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Live {
    /// The clock of the player with the move is started at the start.
    pub start: Article,
    /// A player arriving after the default time at the start loses.
    pub late: Article,
    /// The lateness allowed at the start by this edition's text; `None`: the
    /// regulations' default time, zero if they set none (2023 6.7.1).
    pub late_limit_ms: Option<i64>,
    /// Whether the regulations may set another lateness.
    pub late_limit_by_regulations: bool,
    /// The arbiter interrupts the game: both clocks stop.
    pub interrupt: Article,
    /// The arbiter restarts the game.
    pub restart: Article,
    /// Where neither player is present at the start and White loses the
    /// time until he arrives (2005 6.6, 2023 6.7.2), the article.
    pub neither_present: Option<Article>,
    /// What a player's call of the arbiter (`call_arbiter`) does to the clocks.
    pub call: CallPolicy,
}

/// What a player's call of the arbiter does to the clocks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CallPolicy {
    /// The player may stop both clocks, but only to seek the arbiter's
    /// assistance (2005 6.13b, 2023 6.11.2): the call stops them, and they
    /// stay stopped until the arbiter restarts them.
    StopsClocks {
        /// The article giving the right.
        article: Article,
    },
    /// The player has no clock to stop (online play: the platform's clock
    /// runs): the call is recorded and the clocks keep running.
    ClocksRun {
        /// The article on the arbiter's role, where the edition has one.
        article: Option<Article>,
    },
}

impl CallPolicy {
    /// The article a call cites, if any.
    pub fn article(self) -> Option<Article> {
        match self {
            CallPolicy::StopsClocks { article } => Some(article),
            CallPolicy::ClocksRun { article } => article,
        }
    }
}

/// What an arbiter may do citing an article.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Power {
    /// Impose a result: a loss, a draw, both players losing, a game annulled.
    Result,
    /// Add or remove time: a penalty, extra time, clocks set by his judgement.
    Time,
    /// Either: a list of penalties, or an article that gives both.
    Both,
}

impl Power {
    /// Whether an article with this power may be cited for `wanted`.
    pub fn allows(self, wanted: Power) -> bool {
        self == Power::Both || self == wanted
    }
}

/// An article of an edition under which the arbiter imposes a result, a
/// penalty or extra time, as that edition numbers it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Provision {
    /// The article (`"12.9.2"`, `"13.5"`, `"III.5.3"`).
    pub article: Article,
    /// What the arbiter may do under it.
    pub power: Power,
    /// What it says, in a few words (English).
    pub gist: &'static str,
}

/// An article an arbiter cited that the edition does not let him cite for
/// that ruling: the nearest ones that it does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotCitable {
    /// Whether the edition lets the arbiter cite the article for the other
    /// ruling (a result where time was wanted, or the reverse).
    pub exists: bool,
    /// The nearest articles of the edition that may be cited for the ruling.
    pub nearest: Vec<Article>,
}

/// One edition of the Laws: every parameter the engine needs, with its article.
#[derive(Debug, PartialEq, Eq)]
pub struct Edition {
    /// Identifier.
    pub id: EditionId,
    /// Code used in scenario files.
    pub code: &'static str,
    /// Which text the table encodes (see `docs/laws/`).
    pub source: &'static str,
    /// The day the text came into force.
    pub in_force_from: Date,
    /// For a game judged by its date (`arbitre audit --edition auto`): the
    /// first day from which this table is the nearest modelled text of the
    /// Laws then in force; `None`: never chosen by a date.
    pub judges_games_from: Option<Date>,
    /// The players move alternately.
    pub alternation: Article,
    /// When a move is legal.
    pub legal_move: Article,
    /// How moves are written (an ambiguous written move designates no move).
    pub notation: Article,
    /// Checkmate wins.
    pub checkmate: Article,
    /// Resignation loses.
    pub resignation: Article,
    /// Where resignation is a draw when the resigning player's opponent cannot
    /// checkmate by any series of legal moves, the article that says so.
    pub resignation_draw_if_cannot_mate: Option<Article>,
    /// Stalemate draws.
    pub stalemate: Article,
    /// Dead position draws at once.
    pub dead_position: Article,
    /// A second article restating the dead-position draw, if any (2001/2005 9.6).
    pub dead_position_also: Option<Article>,
    /// Agreement draws.
    pub agreement: Article,
    /// Whether an agreement needs at least one move by each player (2023 5.2.3).
    pub agreement_needs_a_move_each: bool,
    /// Pressing the clock completes a move.
    pub clock_press: Article,
    /// Where making the move stops the mover's clock and starts the
    /// opponent's by itself (online 4.2), the article: a move is always
    /// completed, and a press alone is refused.
    pub move_stops_clock: Option<Article>,
    /// Where Art. 4 of the Laws gives way to moves made with a device
    /// (online 3.2: no touch-move), the article cited when a touch is refused.
    pub moves_by_device: Option<Article>,
    /// Offering a draw.
    pub draw_offer: Article,
    /// Where touching a piece with the intention of moving or capturing it
    /// rejects a pending draw offer (2023 9.1.2.1), the article.
    pub offer_rejected_by_touch: Option<Article>,
    /// The article an offer made at the wrong moment breaches.
    pub draw_offer_breach: Article,
    /// Where a draw offer is correct at any moment (online 5.3: by any
    /// method, at any time), the article; otherwise only between the move
    /// and the press.
    pub offer_any_moment: Option<Article>,
    /// Where a claim under 9.2 or 9.3 counts as a draw offer, the article saying so.
    pub claim_is_offer: Option<Article>,
    /// The threefold claim, by the player having the move.
    pub threefold: Article,
    /// The fifty-move claim, by the player having the move.
    pub fifty: Article,
    /// Threefold repetition, claimed with a written, intended move.
    pub threefold_intended: Article,
    /// Threefold repetition, claimed when the position has just appeared.
    pub threefold_appeared: Article,
    /// Fifty moves, claimed with a written, intended move.
    pub fifty_intended: Article,
    /// Fifty moves completed.
    pub fifty_completed: Article,
    /// Moves without pawn move or capture for the fifty-move claim, per player.
    pub fifty_moves: u32,
    /// A player who moves without claiming loses the right for that move.
    pub claim_right_lost: Article,
    /// Where touching a piece as in 4.3 already loses the right to claim
    /// under 9.2 or 9.3 on that move (2023 9.4), the article.
    pub touch_loses_claim_right: Option<Article>,
    /// Claiming stops both clocks.
    pub claim_stops_clocks: Article,
    /// Penalty for an incorrect claim.
    pub claim_penalty: ClaimPenalty,
    /// Where nothing is claimed (online: a flag loses and the draws come by
    /// themselves, 4.4 and 5.4), the article cited when a claim is refused
    /// (a draw claim cites its automatic draw's article).
    pub no_claims: Option<Article>,
    /// Where the third occurrence of a position draws with no claim
    /// (online 5.4.1), the article.
    pub threefold_automatic: Option<Article>,
    /// Where `fifty_moves` moves by each player with no pawn move and no
    /// capture draw with no claim (online 5.4.4), the article.
    pub fifty_automatic: Option<Article>,
    /// Automatic draw on the fifth occurrence of a position, if the edition has it.
    pub fivefold: Option<Article>,
    /// Automatic draw after this many moves by each player without pawn move or
    /// capture, if the edition has it.
    pub seventy_five: Option<(Article, u32)>,
    /// Flag fall loses, unless the opponent cannot checkmate (then a draw).
    pub flag_fall: Article,
    /// The arbiter sets the clocks by his best judgment (an irregularity, a correction).
    pub clock_correction: Article,
    /// Who sees a fall, by game type.
    pub flag_policy: ByGameType<FlagPolicy>,
    /// Rapid and blitz definitions.
    pub game_types: GameTypes,
    /// Odds games (1930 art. 22), if the edition has them.
    pub odds: Option<Article>,
    /// Illegal moves.
    pub illegal_moves: IllegalMoves,
    /// Rapid and blitz without adequate supervision, if the edition sets
    /// them apart (the regulations say which applies: 2023 A.6, B.4).
    pub unsupervised: Option<Unsupervised>,
    /// Quickplay finishes.
    pub quickplay: Quickplay,
    /// Touch-move and the initial-position claims.
    pub touching: Touching,
    /// Adjourned games.
    pub adjournment: Adjournment,
    /// The arbiter's live actions.
    pub live: Live,
    /// Every article under which the arbiter may impose a result, a penalty
    /// or extra time (`declare_result`, `adjust_time`), by this edition's
    /// numbering: its own table, after the one of the text it stands on
    /// (1930 on 2001's, the online regulations on 2023's). Read them with
    /// [`Edition::provisions`].
    pub provision_tables: &'static [&'static [Provision]],
}

impl Edition {
    /// Every article under which the arbiter may impose a result, a penalty
    /// or extra time, in the order of its tables.
    pub fn provisions(&self) -> impl Iterator<Item = &'static Provision> + '_ {
        self.provision_tables.iter().flat_map(|t| t.iter())
    }

    /// The article of this edition an arbiter cites by `text` to impose a
    /// result or to add or remove time (`wanted`): one of the edition's
    /// provisions with that power. Written as arbiters write it:
    /// `Art. 13.4b`, `13.4 b)`, `12.9.` and `iii.5.2` all name their article.
    pub fn cited_article(&self, text: &str, wanted: Power) -> Result<Article, NotCitable> {
        let key = article_key(text);
        let found = self.provisions().find(|p| article_key(p.article) == key);
        match found {
            Some(p) if p.power.allows(wanted) => Ok(p.article),
            found => Err(NotCitable {
                exists: found.is_some(),
                nearest: self.nearest(&key, wanted),
            }),
        }
    }

    /// Up to three provisions for `wanted`, nearest to `key`: those sharing
    /// the longest leading part of its numbering, then the closest number.
    fn nearest(&self, key: &str, wanted: Power) -> Vec<Article> {
        let target = segments(key);
        let mut scored: Vec<(usize, u64, usize, Article)> = self
            .provisions()
            .enumerate()
            .filter(|(_, p)| p.power.allows(wanted))
            .map(|(i, p)| {
                let own = segments(&article_key(p.article));
                let shared = target.iter().zip(&own).take_while(|(a, b)| a == b).count();
                let distance = match (target.get(shared), own.get(shared)) {
                    (Some(Segment::Number(a)), Some(Segment::Number(b))) => a.abs_diff(*b),
                    (None, None) => 0,
                    _ => u64::MAX / 2,
                };
                (usize::MAX - shared, distance, i, p.article)
            })
            .collect();
        scored.sort();
        scored.into_iter().take(3).map(|(.., a)| a).collect()
    }
}

/// An article as compared: without `Art.`/`article`, spaces, brackets and
/// a final point, letters in upper case (`art. 13.4 b)` → `13.4B`).
fn article_key(text: &str) -> String {
    let t = text.trim();
    let t = ["article", "art."]
        .iter()
        .find_map(|p| {
            t.get(..p.len())
                .filter(|head| head.eq_ignore_ascii_case(p))
                .and_then(|_| t.get(p.len()..))
        })
        .unwrap_or(t);
    t.chars()
        .filter(|c| !c.is_whitespace() && !matches!(c, '(' | ')'))
        .collect::<String>()
        .trim_end_matches('.')
        .to_uppercase()
}

/// One part of an article's numbering.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Segment {
    Number(u64),
    Word(String),
}

/// `13.4B` → 13, 4, B; `III.5.2` → III, 5, 2.
fn segments(key: &str) -> Vec<Segment> {
    let mut out = Vec::new();
    let mut chars = key.chars().peekable();
    while let Some(&c) = chars.peek() {
        if c.is_ascii_digit() {
            let mut n: u64 = 0;
            while let Some(d) = chars.peek().and_then(|c| c.to_digit(10)) {
                n = n.saturating_mul(10).saturating_add(u64::from(d));
                chars.next();
            }
            out.push(Segment::Number(n));
        } else if c.is_alphabetic() {
            let mut w = String::new();
            while let Some(&c) = chars.peek().filter(|c| c.is_alphabetic()) {
                w.push(c);
                chars.next();
            }
            out.push(Segment::Word(w));
        } else {
            chars.next();
        }
    }
    out
}

/// Every edition's table.
pub fn all() -> [&'static Edition; 5] {
    EditionId::ALL.map(EditionId::laws)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game is judged by the table of the Laws in force on its day:
    /// 2001's for the oldest games, 2005's from 1 July 2005, 2023's from 1
    /// July 2014 (fivefold, 75 moves); 1930 and the online regulations are
    /// never chosen by a date.
    #[test]
    fn a_date_chooses_the_laws_in_force() {
        let on = |y, m, d| EditionId::judging(Date::new(y, m, d));
        assert_eq!(on(1886, 1, 11), Some(EditionId::Fide2001));
        assert_eq!(on(2001, 7, 1), Some(EditionId::Fide2001));
        assert_eq!(on(2005, 6, 30), Some(EditionId::Fide2001));
        assert_eq!(on(2005, 7, 1), Some(EditionId::Fide2005));
        assert_eq!(on(2014, 6, 30), Some(EditionId::Fide2005));
        assert_eq!(on(2014, 7, 1), Some(EditionId::Fide2023));
        assert_eq!(on(2026, 11, 25), Some(EditionId::Fide2023));
        for e in EditionId::ALL {
            match e.laws().judges_games_from {
                Some(from) => assert_eq!(EditionId::judging(from), Some(e), "{e}"),
                None => assert!(
                    [EditionId::Fide1930, EditionId::FideOnline2021].contains(&e),
                    "{e}"
                ),
            }
            assert!(e
                .laws()
                .judges_games_from
                .is_none_or(|from| from <= e.laws().in_force_from));
        }
    }

    /// Every article the engine itself cites for a result or a time it
    /// imposes is one the arbiter may cite for the same: the table of
    /// provisions and the fields cannot drift apart.
    #[test]
    fn the_engines_rulings_are_provisions() {
        for laws in all() {
            let results = [
                laws.flag_fall,
                laws.illegal_moves.loss,
                laws.quickplay.draw,
                laws.quickplay.no_arbiter,
                laws.quickplay.both_flags,
                laws.live.late,
                laws.adjournment.late,
                laws.adjournment.position_unrestorable,
            ];
            let times = [
                laws.clock_correction,
                laws.quickplay.postpone,
                laws.quickplay.reject,
                laws.adjournment.lost,
                laws.adjournment.clock_errors,
            ]
            .into_iter()
            .chain(
                [GameType::Standard, GameType::Rapid, GameType::Blitz]
                    .map(|g| laws.illegal_moves.penalty.get(g)),
            )
            .chain(
                [GameType::Standard, GameType::Rapid, GameType::Blitz]
                    .map(|g| laws.claim_penalty.article.get(g)),
            );
            // where illegal moves are refused (online 3.3), none is penalised
            let refused = matches!(
                laws.illegal_moves.procedure.standard,
                IllegalProcedure::Refused { .. }
            );
            let penalised = |a: &&str| !(refused && *a == laws.illegal_moves.loss);
            let missing: Vec<&str> = results
                .into_iter()
                .filter(penalised)
                .filter(|a| laws.cited_article(a, Power::Result).is_err())
                .chain(
                    times
                        .filter(penalised)
                        .filter(|a| laws.cited_article(a, Power::Time).is_err()),
                )
                .collect();
            assert!(missing.is_empty(), "{}: {missing:?}", laws.code);
            let mut seen: Vec<&str> = laws.provisions().map(|p| p.article).collect();
            seen.sort_unstable();
            let n = seen.len();
            seen.dedup();
            assert_eq!(seen.len(), n, "{}: an article twice", laws.code);
            assert!(laws.provisions().all(|p| !p.gist.is_empty()));
        }
    }

    /// The examples of issue 28: each edition's own numbers, written as
    /// arbiters write them; what an edition does not have is refused with
    /// its nearest articles.
    #[test]
    fn an_arbiter_cites_the_editions_own_articles() {
        let y2005 = EditionId::Fide2005.laws();
        let y2023 = EditionId::Fide2023.laws();
        assert_eq!(y2023.cited_article("11.8", Power::Result), Ok("11.8"));
        assert_eq!(y2023.cited_article("12.5", Power::Time), Ok("12.5"));
        assert_eq!(y2023.cited_article("12.9.2", Power::Time), Ok("12.9.2"));
        assert_eq!(y2005.cited_article("13.5", Power::Time), Ok("13.5"));
        assert_eq!(
            y2005.cited_article("Art. 13.4 b)", Power::Time),
            Ok("13.4b")
        );
        assert_eq!(
            y2005.cited_article("article 13.4D.", Power::Result),
            Ok("13.4d")
        );
        // 2023 has no 13.5: its extra time for a disturbance is 12.5
        let refused = y2023.cited_article("13.5", Power::Time).unwrap_err();
        assert!(!refused.exists);
        assert!(refused.nearest.contains(&"12.5"), "{refused:?}");
        // 2005 has no 12.9.x penalties: its list is 13.4
        let refused = y2005.cited_article("12.9.2", Power::Time).unwrap_err();
        assert!(refused.nearest.contains(&"13.4"), "{refused:?}");
        // an article for the other ruling
        let refused = y2023.cited_article("12.5", Power::Result).unwrap_err();
        assert!(refused.exists);
        assert!(!refused.nearest.is_empty() && refused.nearest.len() <= 3);
        for laws in all() {
            for p in laws.provisions() {
                for n in laws.cited_article("99.99", p.power).unwrap_err().nearest {
                    assert!(laws.cited_article(n, p.power).is_ok());
                }
            }
            assert!(laws.cited_article("", Power::Result).is_err());
            assert!(laws.cited_article("Art.", Power::Time).is_err());
        }
    }

    #[test]
    fn codes_round_trip() {
        for id in EditionId::ALL {
            assert_eq!(id.code().parse::<EditionId>(), Ok(id));
            assert_eq!(id.laws().id, id);
        }
        assert!("fide-1999".parse::<EditionId>().is_err());
    }

    #[test]
    fn game_type_bounds_2005_are_inclusive_and_2023_exclusive() {
        let min = 60_000;
        let t2005 = EditionId::Fide2005.laws().game_types;
        assert_eq!(t2005.classify(15 * min - 1000), GameType::Blitz);
        assert_eq!(t2005.classify(15 * min), GameType::Rapid);
        assert_eq!(t2005.classify(60 * min), GameType::Rapid);
        assert_eq!(t2005.classify(60 * min + 1000), GameType::Standard);
        let t2023 = EditionId::Fide2023.laws().game_types;
        assert_eq!(t2023.classify(10 * min), GameType::Blitz);
        assert_eq!(t2023.classify(10 * min + 1000), GameType::Rapid);
        assert_eq!(t2023.classify(60 * min - 1000), GameType::Rapid);
        assert_eq!(t2023.classify(60 * min), GameType::Standard);
    }
}
