//! What each decision says, in English and in French.

use shakmaty::Color;

use crate::{
    clock::Millis,
    event::ClaimKind,
    outcome::{GameResult, Outcome, Termination},
};

/// Language of explanations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Lang {
    /// English.
    #[default]
    En,
    /// French.
    Fr,
}

/// A decision and what it rests on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Note {
    /// The game ended.
    GameOver(Outcome),
    /// The dead-position rule (restated).
    DeadPosition,
    /// A flag fell and the arbiter saw it.
    FlagFell(Color),
    /// A flag fell; it counts only when claimed.
    FlagFellUnclaimed(Color),
    /// The full search could not tell whether this side can checkmate.
    ArbiterMustRuleOnMate(Color),
    /// An event earlier than the one before it.
    OutOfOrder,
    /// The game is already over.
    GameAlreadyOver,
    /// A ruling is awaited first.
    AwaitingRuling,
    /// The arbiter set the clocks.
    ClocksSet {
        /// White's time.
        white: Millis,
        /// Black's time.
        black: Millis,
    },
    /// This version of the engine does not examine that action.
    NotHandled(&'static str),
    /// A written move fits several legal moves.
    AmbiguousMove {
        /// The text.
        text: String,
        /// How many moves it fits.
        candidates: usize,
    },
    /// A written move designates no legal move.
    IllegalMoveRefused(String),
    /// A written move cannot be read.
    UnreadableMove(String),
    /// The move declared in an incorrect claim must be played.
    DeclaredMoveDue(String),
    /// The player moved without pressing the clock; his clock ran until the opponent moved.
    ClockNotPressed(Color),
    /// The opponent declined the offer by making a move.
    OfferDeclinedByMove(Color),
    /// A move out of turn.
    NotYourMove(Color),
    /// A press with no move to complete.
    NothingToPress(Color),
    /// A second offer while one is pending.
    OfferAlreadyPending(Color),
    /// A draw offer.
    OfferMade(Color),
    /// An offer at a moment other than between move and press: valid, but a breach.
    OfferAtWrongMoment(Color),
    /// The pending offer lapsed because the game ended.
    OfferLapsedGameOver,
    /// Agreement before each player made a move.
    AgreementTooEarly,
    /// Accept or decline with no offer pending.
    NoOfferToAnswer(Color),
    /// An offer declined.
    OfferDeclined(Color),
    /// A flag claim whose opponent's flag is up.
    FlagNotFallen(Color),
    /// A valid flag claim.
    FlagClaimValid(Color),
    /// A flag claim by a player whose own flag is down.
    FlagClaimOwnFallen(Color),
    /// A claim by the player without the move.
    ClaimWithoutTheMove(Color),
    /// A claim: both clocks stopped.
    ClaimExamined {
        /// Claimant.
        side: Color,
        /// What is claimed.
        kind: ClaimKind,
    },
    /// The declared move designates no single legal move.
    DeclaredMoveInvalid(String),
    /// The right to claim was lost by moving.
    RightLost(Color),
    /// An incorrect claim still counts as a draw offer.
    ClaimStandsAsOffer(Color),
    /// An incorrect claim and its penalty.
    ClaimIncorrect {
        /// Claimant.
        side: Color,
        /// Time taken from the claimant.
        taken: Millis,
        /// Time added to the opponent.
        bonus: Millis,
    },
}

fn side(c: Color, lang: Lang) -> &'static str {
    match (c, lang) {
        (Color::White, Lang::En) => "White",
        (Color::Black, Lang::En) => "Black",
        (Color::White, Lang::Fr) => "les Blancs",
        (Color::Black, Lang::Fr) => "les Noirs",
    }
}

fn cap(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

fn secs(ms: Millis) -> String {
    if ms % 1000 == 0 {
        format!("{} s", ms / 1000)
    } else {
        format!("{:.3} s", ms as f64 / 1000.0)
    }
}

fn claim(kind: ClaimKind, lang: Lang) -> &'static str {
    match (kind, lang) {
        (ClaimKind::Threefold, Lang::En) => "a draw by threefold repetition",
        (ClaimKind::FiftyMoves, Lang::En) => "a draw by the fifty-move rule",
        (ClaimKind::Flag, Lang::En) => "a win on time",
        (ClaimKind::IllegalMove, Lang::En) => "an illegal move",
        (ClaimKind::Quickplay, Lang::En) => "a draw in the quickplay finish",
        (ClaimKind::Threefold, Lang::Fr) => "la nullité par triple répétition",
        (ClaimKind::FiftyMoves, Lang::Fr) => "la nullité par la règle des 50 coups",
        (ClaimKind::Flag, Lang::Fr) => "le gain au temps",
        (ClaimKind::IllegalMove, Lang::Fr) => "un coup illégal",
        (ClaimKind::Quickplay, Lang::Fr) => "la nullité en fin de partie au K.O.",
    }
}

fn termination(t: Termination, lang: Lang) -> &'static str {
    use Termination::*;
    match lang {
        Lang::En => match t {
            Checkmate => "checkmate",
            Resignation => "resignation",
            Stalemate => "stalemate",
            DeadPosition => "dead position: no series of legal moves can lead to checkmate",
            Agreement => "agreement",
            ThreefoldRepetition => "threefold repetition, correctly claimed",
            FiftyMoves => "fifty moves without pawn move or capture, correctly claimed",
            FivefoldRepetition => "the same position for the fifth time",
            SeventyFiveMoves => "seventy-five moves by each player without pawn move or capture",
            TimeForfeit => "the flag fell",
            TimeForfeitDraw => {
                "the flag fell, but the opponent cannot checkmate by any series of legal moves"
            }
            BothFlags => "both flags fell",
            IllegalMove => "illegal move",
            IllegalMoveDraw => "illegal move, but the claimant cannot checkmate",
            SealedMoveInvalid => "the sealed move is ambiguous, false or illegal",
            LateForResumption => "late for the resumption",
            QuickplayFinish => "the arbiter's decision in the quickplay finish",
            Annulled => "the game is annulled",
        },
        Lang::Fr => match t {
            Checkmate => "échec et mat",
            Resignation => "abandon",
            Stalemate => "pat",
            DeadPosition => "position morte : aucune suite de coups légaux ne peut mener au mat",
            Agreement => "accord mutuel",
            ThreefoldRepetition => "triple répétition, réclamée à bon droit",
            FiftyMoves => "50 coups sans mouvement de pion ni prise, réclamés à bon droit",
            FivefoldRepetition => "la même position pour la cinquième fois",
            SeventyFiveMoves => "75 coups de chaque joueur sans mouvement de pion ni prise",
            TimeForfeit => "chute du drapeau",
            TimeForfeitDraw => {
                "chute du drapeau, mais l'adversaire ne peut mater par aucune suite de coups légaux"
            }
            BothFlags => "les deux drapeaux sont tombés",
            IllegalMove => "coup illégal",
            IllegalMoveDraw => "coup illégal, mais le demandeur ne peut pas mater",
            SealedMoveInvalid => "le coup sous enveloppe est ambigu, faux ou illégal",
            LateForResumption => "retard à la reprise",
            QuickplayFinish => "décision de l'arbitre en fin de partie au K.O.",
            Annulled => "la partie est annulée",
        },
    }
}

fn result(r: GameResult, lang: Lang) -> String {
    match (r, lang) {
        (GameResult::WhiteWins, Lang::En) => "White wins".into(),
        (GameResult::BlackWins, Lang::En) => "Black wins".into(),
        (GameResult::Draw, Lang::En) => "Drawn".into(),
        (GameResult::Annulled, Lang::En) => "Annulled".into(),
        (GameResult::WhiteWins, Lang::Fr) => "Les Blancs gagnent".into(),
        (GameResult::BlackWins, Lang::Fr) => "Les Noirs gagnent".into(),
        (GameResult::Draw, Lang::Fr) => "Partie nulle".into(),
        (GameResult::Annulled, Lang::Fr) => "Partie annulée".into(),
    }
}

impl Note {
    /// A short code for the kind of decision (`move`, `refused`, `breach`, …).
    pub fn decision(&self) -> &'static str {
        use Note::*;
        match self {
            GameOver(_) => "result",
            DeadPosition => "dead-position",
            FlagFell(_) | FlagFellUnclaimed(_) => "flag",
            ArbiterMustRuleOnMate(_) => "ruling-needed",
            ClocksSet { .. } => "clocks-set",
            OfferMade(_) | ClaimStandsAsOffer(_) => "offer",
            OfferAtWrongMoment(_) => "breach",
            OfferDeclined(_) | OfferDeclinedByMove(_) | OfferLapsedGameOver => "offer-lapsed",
            ClockNotPressed(_) => "clock",
            ClaimExamined { .. } => "claim",
            FlagClaimValid(_) => "claim-valid",
            ClaimIncorrect { .. } => "penalty",
            RightLost(_) => "right-lost",
            DeclaredMoveInvalid(_) => "claim-incorrect",
            OutOfOrder
            | GameAlreadyOver
            | AwaitingRuling
            | NotHandled(_)
            | AmbiguousMove { .. }
            | IllegalMoveRefused(_)
            | UnreadableMove(_)
            | DeclaredMoveDue(_)
            | NotYourMove(_)
            | NothingToPress(_)
            | OfferAlreadyPending(_)
            | AgreementTooEarly
            | NoOfferToAnswer(_)
            | FlagNotFallen(_)
            | FlagClaimOwnFallen(_)
            | ClaimWithoutTheMove(_) => "refused",
        }
    }

    /// One line saying what was decided and why.
    pub fn text(&self, lang: Lang) -> String {
        use Note::*;
        let fr = lang == Lang::Fr;
        match self {
            GameOver(o) => format!(
                "{}: {}",
                result(o.result, lang),
                termination(o.termination, lang)
            ),
            DeadPosition => {
                if fr {
                    "La partie est nulle : un mat ne peut se produire par aucune suite de coups légaux".into()
                } else {
                    "The game is drawn: checkmate cannot occur by any series of legal moves".into()
                }
            }
            FlagFell(c) => {
                if fr {
                    format!(
                        "Le drapeau des {} est tombé",
                        if *c == Color::White {
                            "Blancs"
                        } else {
                            "Noirs"
                        }
                    )
                } else {
                    format!("{}'s flag has fallen", side(*c, lang))
                }
            }
            FlagFellUnclaimed(c) => {
                if fr {
                    format!(
                        "Le drapeau des {} est tombé ; il ne compte que sur réclamation fondée",
                        if *c == Color::White {
                            "Blancs"
                        } else {
                            "Noirs"
                        }
                    )
                } else {
                    format!(
                        "{}'s flag has fallen; it counts only on a valid claim",
                        side(*c, lang)
                    )
                }
            }
            ArbiterMustRuleOnMate(c) => {
                if fr {
                    format!("La recherche n'a pas pu établir si {} peuvent mater : l'arbitre doit trancher", side(*c, lang))
                } else {
                    format!("The search could not establish whether {} can checkmate: the arbiter must rule", side(*c, lang))
                }
            }
            OutOfOrder => {
                if fr {
                    "Événement antérieur au précédent : ignoré".into()
                } else {
                    "Event earlier than the previous one: ignored".into()
                }
            }
            GameAlreadyOver => {
                if fr {
                    "Refusé : la partie est terminée".into()
                } else {
                    "Refused: the game is over".into()
                }
            }
            AwaitingRuling => {
                if fr {
                    "Refusé : une décision de l'arbitre est attendue".into()
                } else {
                    "Refused: an arbiter's ruling is awaited".into()
                }
            }
            ClocksSet { white, black } => {
                if fr {
                    format!(
                        "L'arbitre règle les pendules : Blancs {}, Noirs {}",
                        secs(*white),
                        secs(*black)
                    )
                } else {
                    format!(
                        "The arbiter sets the clocks: White {}, Black {}",
                        secs(*white),
                        secs(*black)
                    )
                }
            }
            NotHandled(what) => {
                if fr {
                    format!("Refusé : « {what} » n'est pas examiné par cette version de l'arbitre")
                } else {
                    format!("Refused: `{what}` is not examined by this version of the arbiter")
                }
            }
            AmbiguousMove { text, candidates } => {
                if fr {
                    format!("Refusé : « {text} » désigne {candidates} coups légaux")
                } else {
                    format!("Refused: `{text}` designates {candidates} legal moves")
                }
            }
            IllegalMoveRefused(text) => {
                if fr {
                    format!("Refusé : « {text} » ne désigne aucun coup légal")
                } else {
                    format!("Refused: `{text}` designates no legal move")
                }
            }
            UnreadableMove(text) => {
                if fr {
                    format!("Refusé : « {text} » ne peut être lu comme un coup")
                } else {
                    format!("Refused: `{text}` cannot be read as a move")
                }
            }
            DeclaredMoveDue(san) => {
                if fr {
                    format!(
                        "Refusé : le coup déclaré lors de la réclamation, {san}, doit être joué"
                    )
                } else {
                    format!("Refused: the move declared in the claim, {san}, must be played")
                }
            }
            ClockNotPressed(c) => {
                if fr {
                    format!("{} n'avaient pas appuyé sur la pendule ; elle a tourné jusqu'au coup adverse", cap(side(*c, lang)))
                } else {
                    format!(
                        "{} had not pressed the clock; it ran until the opponent moved",
                        side(*c, lang)
                    )
                }
            }
            OfferDeclinedByMove(c) => {
                if fr {
                    format!(
                        "{} déclinent l'offre de nullité en jouant un coup",
                        cap(side(*c, lang))
                    )
                } else {
                    format!(
                        "{} declines the draw offer by making a move",
                        side(*c, lang)
                    )
                }
            }
            NotYourMove(c) => {
                if fr {
                    format!(
                        "Refusé : ce n'est pas aux {} de jouer",
                        if *c == Color::White {
                            "Blancs"
                        } else {
                            "Noirs"
                        }
                    )
                } else {
                    format!("Refused: it is not {}'s move", side(*c, lang))
                }
            }
            NothingToPress(c) => {
                if fr {
                    format!("Refusé : {} n'ont pas de coup à compléter", side(*c, lang))
                } else {
                    format!("Refused: {} has no move to complete", side(*c, lang))
                }
            }
            OfferAlreadyPending(c) => {
                if fr {
                    format!(
                        "L'offre des {} est déjà en cours",
                        if *c == Color::White {
                            "Blancs"
                        } else {
                            "Noirs"
                        }
                    )
                } else {
                    format!("{}'s offer is already pending", side(*c, lang))
                }
            }
            OfferMade(c) => {
                if fr {
                    format!("{} proposent la nullité (=)", cap(side(*c, lang)))
                } else {
                    format!("{} offers a draw (=)", side(*c, lang))
                }
            }
            OfferAtWrongMoment(c) => {
                if fr {
                    format!("L'offre des {} est valable mais n'a pas été faite entre le coup et l'appui sur la pendule", if *c == Color::White { "Blancs" } else { "Noirs" })
                } else {
                    format!("{}'s offer is valid but was not made between making a move and pressing the clock", side(*c, lang))
                }
            }
            OfferLapsedGameOver => {
                if fr {
                    "L'offre de nullité tombe : la partie est terminée".into()
                } else {
                    "The draw offer lapses: the game is over".into()
                }
            }
            AgreementTooEarly => {
                if fr {
                    "Refusé : chaque joueur doit avoir joué au moins un coup".into()
                } else {
                    "Refused: each player must have made at least one move".into()
                }
            }
            NoOfferToAnswer(_) => {
                if fr {
                    "Refusé : aucune offre de nullité de l'adversaire n'est en cours".into()
                } else {
                    "Refused: no draw offer by the opponent is pending".into()
                }
            }
            OfferDeclined(c) => {
                if fr {
                    format!("{} déclinent l'offre de nullité", cap(side(*c, lang)))
                } else {
                    format!("{} declines the draw offer", side(*c, lang))
                }
            }
            FlagNotFallen(c) => {
                if fr {
                    format!(
                        "Refusé : le drapeau des {} n'est pas tombé",
                        if *c == Color::White {
                            "Blancs"
                        } else {
                            "Noirs"
                        }
                    )
                } else {
                    format!("Refused: {}'s flag has not fallen", side(*c, lang))
                }
            }
            FlagClaimValid(c) => {
                if fr {
                    format!("Réclamation fondée des {} : leur drapeau est debout, celui de l'adversaire est tombé", if *c == Color::White { "Blancs" } else { "Noirs" })
                } else {
                    format!(
                        "{}'s claim is valid: own flag up, the opponent's down",
                        side(*c, lang)
                    )
                }
            }
            FlagClaimOwnFallen(c) => {
                if fr {
                    format!(
                        "Refusé : le drapeau des {} est tombé lui aussi",
                        if *c == Color::White {
                            "Blancs"
                        } else {
                            "Noirs"
                        }
                    )
                } else {
                    format!("Refused: {}'s own flag has fallen", side(*c, lang))
                }
            }
            ClaimWithoutTheMove(c) => {
                if fr {
                    format!(
                        "Refusé : seul le joueur ayant le trait peut réclamer ; {} ne l'ont pas",
                        side(*c, lang)
                    )
                } else {
                    format!(
                        "Refused: only the player having the move may claim; {} does not have it",
                        side(*c, lang)
                    )
                }
            }
            ClaimExamined { side: c, kind } => {
                if fr {
                    format!(
                        "{} réclament {} ; les deux pendules sont arrêtées",
                        cap(side(*c, lang)),
                        claim(*kind, lang)
                    )
                } else {
                    format!(
                        "{} claims {}; both clocks are stopped",
                        side(*c, lang),
                        claim(*kind, lang)
                    )
                }
            }
            DeclaredMoveInvalid(text) => {
                if fr {
                    format!("Le coup déclaré « {text} » ne désigne pas un unique coup légal")
                } else {
                    format!("The declared move `{text}` designates no single legal move")
                }
            }
            RightLost(c) => {
                if fr {
                    format!(
                        "{} ont joué au lieu de réclamer : ce droit est perdu",
                        cap(side(*c, lang))
                    )
                } else {
                    format!(
                        "{} moved instead of claiming: that right was lost",
                        side(*c, lang)
                    )
                }
            }
            ClaimStandsAsOffer(c) => {
                if fr {
                    format!(
                        "La réclamation des {} vaut offre de nullité",
                        if *c == Color::White {
                            "Blancs"
                        } else {
                            "Noirs"
                        }
                    )
                } else {
                    format!("{}'s claim counts as a draw offer", side(*c, lang))
                }
            }
            ClaimIncorrect {
                side: c,
                taken,
                bonus,
            } => {
                if fr {
                    format!("Réclamation injustifiée des {} : {} retirées au demandeur, {} ajoutées à l'adversaire ; la partie continue", if *c == Color::White { "Blancs" } else { "Noirs" }, secs(*taken), secs(*bonus))
                } else {
                    format!("{}'s claim is incorrect: {} taken from the claimant, {} added to the opponent; the game continues", side(*c, lang), secs(*taken), secs(*bonus))
                }
            }
        }
    }
}
