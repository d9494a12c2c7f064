//! Adjourned games: the sealed move, the envelope, resumption (1930 art. 21,
//! 2001/2005 Annex A, 2023 Guidelines I).

use shakmaty::{Chess, Color, Position};

use super::{odds, offers::Offer, snapshot::Snapshot, Game};
use crate::{
    clock::{Instant, Millis},
    dead,
    edition::Article,
    event::{Action, Actor, Sealed, Unrestorable},
    explain::Note,
    notation::{read_move, Reading},
    outcome::{Circumstance, GameResult, Outcome, Termination},
    seal::{Commitment, Salt},
};

/// Where an adjournment stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Phase {
    /// The arbiter adjourned; the player with the move must seal.
    AwaitingSeal,
    /// The move is sealed; the game waits for its resumption.
    Sealed,
    /// Resumed; `opened` tells whether the envelope has been opened.
    Resumed { opened: bool },
}

/// An adjournment in progress or past.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Adjourned {
    pub phase: Phase,
    pub sealer: Color,
    /// The move as written for the envelope, or only the commitment to it
    /// (never shown before it is opened).
    pub sealed: Option<Sealed>,
    pub resume_at: String,
    pub place: String,
    /// Arbiter time until which an early adjourner's clock runs (A1b).
    pub early_until: Option<Instant>,
    pub envelope_lost: bool,
    /// The replier's answer sealed in a fresh envelope while the sealer is absent (A9c).
    pub reply: Option<Sealed>,
    /// An envelope the Laws say to open, of which the game holds only the
    /// commitment: the arbiter opens it (an `open` event).
    pub opening: Option<Opening>,
    /// When the game was resumed, and when a player absent by then loses.
    pub resumed_at: Option<Instant>,
    pub deadline: Option<Instant>,
    /// Moves on the record when play resumed (A12: before the first move).
    pub moves_at_resumption: usize,
    /// The record right after resumption, for 1930 21.8.
    pub resumed: Option<Snapshot>,
}

/// Where an adjournment stands, as a server or a page shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AdjournmentPhase {
    /// The arbiter adjourned; `sealer`, who has the move, must seal (A1a).
    AwaitingSeal {
        /// The player with the move.
        sealer: Color,
    },
    /// The move is sealed; the game waits for its resumption.
    Sealed {
        /// Who sealed.
        sealer: Color,
    },
    /// Resumed; `opened`: the sealed move is on the board.
    Resumed {
        /// Who sealed.
        sealer: Color,
        /// Whether the envelope has been opened and its move played.
        opened: bool,
    },
}

/// An envelope to be opened by the arbiter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Opening {
    /// What the move must open.
    pub commitment: Commitment,
    /// The replier's fresh envelope (A9c), rather than the sealer's.
    pub reply: bool,
    /// The article under which it is opened and the move made.
    pub article: Article,
}

/// What the envelope shows (A2, 21.4, I.2): never the sealed move.
#[derive(Clone, Debug, PartialEq)]
pub struct EnvelopeView {
    /// The players' names.
    pub players: [Option<String>; 2],
    /// The position at adjournment (before the sealed move).
    pub position: Chess,
    /// Time used by White and Black, in milliseconds.
    pub time_used: [Millis; 2],
    /// Remaining time of White and Black, in milliseconds.
    pub remaining: [Millis; 2],
    /// Who sealed.
    pub sealer: Color,
    /// The number of the sealed move.
    pub move_number: u32,
    /// Who made a draw offer still pending, if any.
    pub draw_offer: Option<Color>,
    /// Date and time of resumption.
    pub resume_at: String,
    /// Place of resumption.
    pub place: String,
}

impl Game {
    /// Whether the game is adjourned, waiting for resumption.
    pub(super) fn is_adjourned(&self) -> bool {
        self.adjourned
            .as_ref()
            .is_some_and(|a| a.phase == Phase::Sealed)
    }

    /// The envelope's clear part while the game is adjourned.
    pub fn envelope(&self) -> Option<EnvelopeView> {
        let a = self
            .adjourned
            .as_ref()
            .filter(|a| a.phase == Phase::Sealed)?;
        let used = |c: Color| self.clock.totals(c).used;
        Some(EnvelopeView {
            players: [self.players.white.clone(), self.players.black.clone()],
            position: self.position.clone(),
            time_used: [used(Color::White), used(Color::Black)],
            remaining: [
                self.clock.remaining(Color::White),
                self.clock.remaining(Color::Black),
            ],
            sealer: a.sealer,
            move_number: self.position.fullmoves().get(),
            draw_offer: self.offer.map(|o| o.by),
            resume_at: a.resume_at.clone(),
            place: a.place.clone(),
        })
    }

    /// Who sealed a move still in its envelope, if one is.
    pub(super) fn sealer_of_pending_move(&self) -> Option<Color> {
        self.adjourned
            .as_ref()
            .filter(|a| a.sealed.is_some())
            .map(|a| a.sealer)
    }

    /// The sealed move as written, for the arbiter who must put it in a real
    /// envelope, when the event that sealed it carried it (a game that holds
    /// only the commitment has none). Nobody else sees it before it is opened.
    pub fn sealed_move(&self) -> Option<&str> {
        self.adjourned
            .as_ref()
            .filter(|a| a.phase == Phase::Sealed)?
            .sealed
            .as_ref()?
            .text()
    }

    /// Where the adjournment stands, if the game was adjourned.
    pub fn adjournment(&self) -> Option<AdjournmentPhase> {
        let a = self.adjourned.as_ref()?;
        let sealer = a.sealer;
        Some(match a.phase {
            Phase::AwaitingSeal => AdjournmentPhase::AwaitingSeal { sealer },
            Phase::Sealed => AdjournmentPhase::Sealed { sealer },
            Phase::Resumed { opened } => AdjournmentPhase::Resumed { sealer, opened },
        })
    }

    /// Who sealed the move whose envelope the arbiter must open now, if one
    /// waits (the game holds only its commitment).
    pub(super) fn pending_opening(&self) -> Option<Color> {
        let a = self.adjourned.as_ref()?;
        let o = a.opening?;
        Some(if o.reply { !a.sealer } else { a.sealer })
    }

    /// The moments of an adjournment that time reaching `t` passes: the
    /// session's end, at which an early adjourner's clock stops (A1b), if
    /// reached; the lateness deadline, if passed (a player forfeits only
    /// when he is *more* than the allowed time late: A10, I.10, 6.7.1).
    pub(super) fn adjournment_moments(&self, t: Instant) -> [Option<Instant>; 2] {
        let Some(a) = self.adjourned.as_ref() else {
            return [None, None];
        };
        [
            a.early_until.filter(|&u| u <= t),
            a.deadline.filter(|&d| d < t),
        ]
    }

    /// Time has reached `t`, one of [`Game::adjournment_moments`]: an early
    /// adjourner's clock stops at the session's end; past the deadline, an
    /// absent player loses (decided at the deadline).
    pub(super) fn adjournment_time(&mut self, t: Instant) {
        let Some(a) = self.adjourned.as_mut() else {
            return;
        };
        if let Some(until) = a.early_until.filter(|&u| u <= t) {
            a.early_until = None;
            self.clock.stop(until);
        }
        let Some(deadline) = a.deadline.filter(|&d| d <= t) else {
            return;
        };
        a.deadline = None;
        let late: Vec<Color> = Color::ALL
            .into_iter()
            .filter(|c| !*self.present.get(*c))
            .collect();
        if late.is_empty() || self.outcome.is_some() {
            return;
        }
        // A10 / I.10: "the game is lost by the player who arrives late": each
        // of them, so both lose when neither came
        let result = match late.as_slice() {
            [one] => GameResult::win(!*one),
            _ => GameResult::BothLose,
        };
        let article = self.laws.adjournment.late;
        self.clock.stop(deadline);
        self.now = self.now.max(deadline);
        self.finish(
            deadline,
            None,
            Outcome::new(result, Termination::LateForResumption, article),
        );
    }

    /// An event while the game is being adjourned or is adjourned. Returns
    /// whether it was handled here.
    pub(super) fn on_adjournment_event(
        &mut self,
        t: Instant,
        index: usize,
        by: Actor,
        action: &Action,
    ) -> bool {
        let ev = Some(index);
        let adj = self.laws.adjournment;
        let Some(phase) = self.adjourned.as_ref().map(|a| a.phase) else {
            return match (by, action) {
                (Actor::Arbiter, Action::Adjourn { resume_at, place }) => {
                    self.on_adjourn(t, index, resume_at, place);
                    true
                }
                (Actor::Player(c), Action::Seal(text)) => {
                    self.on_early_seal(t, index, c, text);
                    true
                }
                (Actor::Arbiter, Action::Resume | Action::EnvelopeLost | Action::Misrestored) => {
                    self.decide(t, ev, adj.seal, Note::NotAdjourned);
                    true
                }
                (Actor::Arbiter, Action::Open { .. }) => {
                    self.decide(t, ev, None, Note::NothingToOpen);
                    true
                }
                (Actor::Arbiter, Action::Unrestorable(_)) => {
                    self.decide(t, ev, adj.restore, Note::NotAdjourned);
                    true
                }
                _ => false,
            };
        };
        let reply_pending = self.adjourned.as_ref().is_some_and(|a| a.reply.is_some());
        let board_action = matches!(
            action,
            Action::Move { .. } | Action::Press | Action::Touch(_) | Action::Claim { .. }
        );
        match (phase, by, action) {
            // the sealed move is not on the board yet (A7, A9b), or the
            // replier's sealed reply waits for the sealer (A9c): nothing is
            // played on the board meanwhile
            (Phase::Resumed { opened: false }, Actor::Player(c), _) if board_action => {
                self.decide(t, ev, adj.open_when_present, Note::SealedMoveNotPlayed(c));
                true
            }
            (Phase::Resumed { .. }, Actor::Player(c), _) if board_action && reply_pending => {
                self.decide(t, ev, adj.sealer_absent, Note::SealedMoveNotPlayed(c));
                true
            }
            // a resumed game may be adjourned again at the end of the session
            (
                Phase::Resumed { opened: true },
                Actor::Arbiter,
                Action::Adjourn { resume_at, place },
            ) if !reply_pending => {
                self.on_adjourn(t, index, resume_at, place);
                true
            }
            (Phase::AwaitingSeal, Actor::Player(c), Action::Seal(text)) => {
                self.seal(t, index, c, text, false);
                true
            }
            (Phase::AwaitingSeal, Actor::Player(c), Action::Move { text, .. })
                if c == self.position.turn() =>
            {
                // A1a: a move made on the board after being told to seal is the sealed move
                self.seal(t, index, c, &Sealed::from(text.as_str()), true);
                true
            }
            (Phase::Resumed { .. }, Actor::Arbiter, Action::Open { text, salt }) => {
                self.on_open(t, index, text, salt);
                true
            }
            (Phase::Sealed, _, _) => {
                self.while_adjourned(t, index, by, action);
                true
            }
            (Phase::Resumed { .. }, Actor::Player(c), Action::Seal(text)) => {
                self.seal_reply(t, index, c, text);
                true
            }
            (Phase::Resumed { .. }, Actor::Player(c), Action::Arrive) => {
                self.on_arrival(t, index, c);
                true
            }
            (Phase::Resumed { .. }, Actor::Arbiter, Action::Misrestored) => {
                self.on_misrestored(t, index);
                true
            }
            (Phase::Resumed { .. }, Actor::Arbiter, Action::Unrestorable(what)) => {
                self.on_unrestorable(t, index, *what);
                true
            }
            (Phase::Resumed { .. }, Actor::Arbiter, Action::SetClocks { white, black }) => {
                let before_first = self
                    .adjourned
                    .as_ref()
                    .is_some_and(|a| self.moves.len() <= a.moves_at_resumption);
                self.clock.set(Color::White, *white);
                self.clock.set(Color::Black, *black);
                let note = if before_first {
                    Note::ClockErrorCorrected
                } else {
                    Note::ClockErrorTooSevere
                };
                self.decide(t, ev, adj.clock_errors, note);
                true
            }
            (_, Actor::Arbiter, Action::Adjourn { .. } | Action::Resume | Action::EnvelopeLost) => {
                self.decide(t, ev, adj.seal, Note::AdjournmentOutOfTurn);
                true
            }
            _ => false,
        }
    }

    fn on_adjourn(&mut self, t: Instant, index: usize, resume_at: &str, place: &str) {
        let ev = Some(index);
        // the session ends: the adjournment procedure takes over the clocks
        // the arbiter had stopped, and the player with the move uses his own
        // time to seal (A1a)
        if let Some(Some(side)) = self.interrupted.take() {
            self.clock.resume(side, t);
            // a clock the arbiter set to zero meanwhile shows its flag now
            self.advance_clocks(t);
            if self.outcome.is_some() || self.awaiting.is_some() {
                return;
            }
        }
        // a move made and not pressed is completed; an illegal move not yet
        // completed is taken back: the player with the move seals instead
        self.complete_pending_press(t, ev);
        if self.outcome.is_some() || self.awaiting.is_some() {
            return;
        }
        self.withdraw_uncompleted(t, ev);
        let sealer = self.position.turn();
        self.adjourned = Some(Box::new(Adjourned {
            phase: Phase::AwaitingSeal,
            sealer,
            sealed: None,
            opening: None,
            resume_at: resume_at.to_owned(),
            place: place.to_owned(),
            early_until: None,
            envelope_lost: false,
            reply: None,
            resumed_at: None,
            deadline: None,
            moves_at_resumption: 0,
            resumed: None,
        }));
        self.decide(
            t,
            Some(index),
            self.laws.adjournment.must_seal,
            Note::MustSeal(sealer),
        );
    }

    /// A seal with no adjournment: an early adjournment (A1b) if a session
    /// end is known and not reached, by the player with the move.
    fn on_early_seal(&mut self, t: Instant, index: usize, c: Color, text: &Sealed) {
        let adj = self.laws.adjournment;
        let Some(end) = self.session_end.filter(|&e| t < e) else {
            self.decide(t, Some(index), adj.seal, Note::NotAdjourned);
            return;
        };
        if c != self.position.turn() || self.turn.unpressed.is_some() {
            self.decide(t, Some(index), adj.seal, Note::NotYourSeal(c));
            return;
        }
        self.on_adjourn(t, index, "", "");
        if let Some(a) = self.adjourned.as_mut() {
            a.early_until = Some(end);
        }
        self.decide(
            t,
            Some(index),
            adj.early,
            Note::EarlyAdjournment {
                side: c,
                until: end,
            },
        );
        self.seal(t, index, c, text, false);
    }

    fn seal(&mut self, t: Instant, index: usize, c: Color, text: &Sealed, on_board: bool) {
        let ev = Some(index);
        let adj = self.laws.adjournment;
        let Some(a) = self.adjourned.as_mut() else {
            return;
        };
        if c != a.sealer {
            self.decide(t, ev, adj.seal, Note::NotYourSeal(c));
            return;
        }
        a.sealed = Some(text.clone());
        a.phase = Phase::Sealed;
        self.interrupted = None;
        let early = a.early_until.is_some();
        if !early {
            self.clock.stop(t);
        }
        self.present = shakmaty::ByColor::new_with(|_| false);
        self.turn.unpressed = None;
        self.turn.touch = None;
        if on_board {
            self.decide(t, ev, adj.seal, Note::BoardMoveIsSealed(c));
        }
        // the sealer stops his clock once the envelope is sealed (A1a, 21.2)
        self.decide(t, ev, adj.seal, Note::MoveSealed(c));
    }

    fn while_adjourned(&mut self, t: Instant, index: usize, by: Actor, action: &Action) {
        let ev = Some(index);
        let laws = self.laws;
        let adj = laws.adjournment;
        match (by, action) {
            (Actor::Player(c), Action::Arrive) => *self.present.get_mut(c) = true,
            (Actor::Player(c), Action::OfferDraw) => {
                if self.offer.is_some_and(|o| o.by != c) {
                    // two offers meet: the second accepts the first (A6)
                    self.accept(t, index, c, adj.before_resumption);
                    return;
                }
                self.offer = Some(Offer {
                    by: c,
                    mark_next: false,
                });
                self.decide(t, ev, adj.offer_after_seal, Note::OfferMade(c));
            }
            (Actor::Player(c), Action::AcceptDraw) => {
                self.accept(t, index, c, adj.before_resumption)
            }
            (Actor::Player(c), Action::DeclineDraw) => match self.offer {
                Some(o) if o.by != c => {
                    self.offer = None;
                    self.decide(t, ev, laws.draw_offer, Note::OfferDeclined(c));
                }
                _ => self.decide(t, ev, laws.draw_offer, Note::NoOfferToAnswer(c)),
            },
            (Actor::Player(c), Action::Resign) => self.resign(t, index, c, adj.before_resumption),
            (Actor::Arbiter, Action::Resume) => self.on_resume(t, index),
            (Actor::Arbiter, Action::Open { .. }) => {
                self.decide(t, ev, adj.restore, Note::EnvelopeAwaitsResumption)
            }
            (Actor::Arbiter, Action::EnvelopeLost) => {
                if let Some(a) = self.adjourned.as_mut() {
                    a.envelope_lost = true;
                }
                self.decide(t, ev, adj.lost, Note::EnvelopeLost);
            }
            (Actor::Arbiter, Action::Unrestorable(what)) => self.on_unrestorable(t, index, *what),
            (Actor::Arbiter, Action::SetClocks { white, black }) => {
                self.clock.set(Color::White, *white);
                self.clock.set(Color::Black, *black);
                self.decide(
                    t,
                    ev,
                    adj.lost,
                    Note::ClocksSet {
                        white: *white,
                        black: *black,
                    },
                );
            }
            (Actor::Player(c), _) => self.decide(t, ev, adj.seal, Note::GameAdjourned(c)),
            (Actor::Arbiter, _) => {
                self.decide(t, ev, adj.seal, Note::GameAdjourned(self.position.turn()))
            }
        }
    }

    fn late_limit(&self) -> Millis {
        let adj = self.laws.adjournment;
        match (
            self.regulations.late_limit_ms,
            adj.late_limit_by_regulations,
        ) {
            (Some(limit), true) => limit,
            _ => adj.late_limit_ms.unwrap_or(0),
        }
    }

    fn on_resume(&mut self, t: Instant, index: usize) {
        let ev = Some(index);
        let adj = self.laws.adjournment;
        let limit = self.late_limit();
        let Some(a) = self.adjourned.as_mut() else {
            return;
        };
        a.phase = Phase::Resumed { opened: false };
        a.resumed_at = Some(t);
        a.deadline = Some(t.plus(limit));
        let sealer = a.sealer;
        let lost = a.envelope_lost;
        self.decide(t, ev, adj.restore, Note::Resumed);
        if lost {
            // A11a: the sealer makes on the board the move he says he sealed
            if let Some(a) = self.adjourned.as_mut() {
                a.phase = Phase::Resumed { opened: true };
                a.sealed = None;
                a.moves_at_resumption = self.moves.len();
            }
            self.decide(t, ev, adj.lost, Note::SealerReplays(sealer));
            self.clock.start(sealer, t);
        } else if *self.present.get(!sealer) {
            self.decide(t, ev, adj.replier_present, Note::EnvelopeOpened);
            self.open_envelope(t, ev, adj.replier_present);
            if self.outcome.is_none() && self.pending_opening().is_none() {
                // the player who must now move (the replier, or the sealer
                // still in his odds series)
                let side = self.position.turn();
                self.clock.start(side, t);
            }
        } else {
            self.decide(
                t,
                ev,
                adj.replier_absent,
                Note::ReplierAbsentClockStarted(!sealer),
            );
            self.clock.start(!sealer, t);
        }
    }

    fn on_arrival(&mut self, t: Instant, index: usize, c: Color) {
        let ev = Some(index);
        let adj = self.laws.adjournment;
        *self.present.get_mut(c) = true;
        let Some(a) = self.adjourned.as_ref() else {
            return;
        };
        let (sealer, phase) = (a.sealer, a.phase);
        let opening = self.adjourned.as_ref().is_some_and(|a| a.opening.is_some());
        if c == !sealer && phase == (Phase::Resumed { opened: false }) && !opening {
            // A9b: the envelope is opened on the replier's arrival; his clock runs on
            self.decide(t, ev, adj.replier_absent, Note::EnvelopeOpened);
            self.open_envelope(t, ev, adj.replier_absent);
        } else if c == sealer {
            let reply = self
                .adjourned
                .as_mut()
                .filter(|a| a.opening.is_none())
                .and_then(|a| a.reply.take());
            match reply {
                // A9c: the fresh envelope is opened on the sealer's arrival
                Some(Sealed::Text(text)) => {
                    self.decide(t, ev, adj.sealer_absent, Note::ReplyOpened);
                    self.play_sealed(t, ev, !sealer, &text.0, adj.sealer_absent);
                }
                Some(Sealed::Committed(commitment)) => {
                    self.decide(t, ev, adj.sealer_absent, Note::ReplyOpened);
                    if let Some(a) = self.adjourned.as_mut() {
                        a.reply = Some(Sealed::Committed(commitment));
                        a.opening = Some(Opening {
                            commitment,
                            reply: true,
                            article: adj.sealer_absent,
                        });
                    }
                    self.decide(t, ev, adj.sealer_absent, Note::EnvelopeToOpen(!sealer));
                }
                None => {}
            }
        }
    }

    /// Opens the envelope: the sealed move is judged as written (A8) and
    /// played. When the game holds only the commitment, the arbiter must
    /// open it: the game waits for his `open` event.
    fn open_envelope(&mut self, t: Instant, ev: Option<usize>, article: Article) {
        let Some(a) = self.adjourned.as_mut() else {
            return;
        };
        let sealer = a.sealer;
        let text = match a.sealed.take() {
            Some(Sealed::Text(text)) => text,
            Some(Sealed::Committed(commitment)) => {
                a.sealed = Some(Sealed::Committed(commitment));
                a.opening = Some(Opening {
                    commitment,
                    reply: false,
                    article,
                });
                self.decide(t, ev, article, Note::EnvelopeToOpen(sealer));
                return;
            }
            None => {
                a.phase = Phase::Resumed { opened: true };
                return;
            }
        };
        a.phase = Phase::Resumed { opened: true };
        self.play_sealed(t, ev, sealer, &text.0, article);
        self.after_opening();
    }

    /// The record as it stands once the sealed move is on the board: the
    /// moves before the first of the resumption (A12), and the position a
    /// misrestored game goes back to (1930 21.8).
    fn after_opening(&mut self) {
        if let Some(a) = self.adjourned.as_mut() {
            a.moves_at_resumption = self.moves.len();
            a.resumed = None;
        }
        if self.outcome.is_none() {
            let snap = self.snapshot();
            if let Some(a) = self.adjourned.as_mut() {
                a.resumed = Some(snap);
            }
        }
    }

    /// The arbiter opens the envelope the game waits for: the move and its
    /// salt must open the commitment; the move is then judged (A8) and
    /// played as if the envelope had been opened in the game's presence.
    fn on_open(&mut self, t: Instant, index: usize, text: &str, salt: &Salt) {
        let ev = Some(index);
        let Some((opening, sealer)) = self
            .adjourned
            .as_ref()
            .and_then(|a| a.opening.map(|o| (o, a.sealer)))
        else {
            // an envelope that waits for its moment: said so, with whom
            let adj = self.laws.adjournment;
            let waiting = self.adjourned.as_ref().and_then(|a| {
                (a.sealed.is_some() && a.phase == (Phase::Resumed { opened: false }))
                    .then_some(!a.sealer)
            });
            match waiting {
                Some(replier) => self.decide(
                    t,
                    ev,
                    adj.replier_absent,
                    Note::EnvelopeAwaitsArrival(replier),
                ),
                None => self.decide(t, ev, None, Note::NothingToOpen),
            }
            return;
        };
        if !opening.commitment.opens(salt, text) {
            self.decide(t, ev, opening.article, Note::OpeningMismatch);
            return;
        }
        if let Some(a) = self.adjourned.as_mut() {
            a.opening = None;
            if opening.reply {
                a.reply = None;
            } else {
                a.sealed = None;
                a.phase = Phase::Resumed { opened: true };
            }
        }
        let by = if opening.reply { !sealer } else { sealer };
        self.play_sealed(t, ev, by, text, opening.article);
        if !opening.reply {
            self.after_opening();
        }
        // the player who must now move, if no clock runs yet (the replier
        // was present: nothing ran while the envelope waited)
        if self.outcome.is_none() && self.awaiting.is_none() && self.clock.running().is_none() {
            let side = self.position.turn();
            match self.interrupted {
                // the arbiter has stopped the clocks: they stay stopped, and
                // the restart starts the clock of the player now to move
                Some(_) => self.interrupted = Some(Some(side)),
                None => self.clock.start(side, t),
            }
        }
    }

    /// Plays a move taken out of an envelope, or rules on it (A8).
    /// `played` is the article under which the envelope was opened and the
    /// move is made (A9a, A9b, A9c).
    fn play_sealed(
        &mut self,
        t: Instant,
        ev: Option<usize>,
        by: Color,
        text: &str,
        played: Article,
    ) {
        let adj = self.laws.adjournment;
        let reading = match read_move(&self.position, text, self.notation) {
            // an odds receiver's series (1930 22.2): the move must leave him
            // a position in which he can move again
            Reading::Move(m) if self.odds.is_some_and(|o| o.receiver == by && o.left > 1) => {
                let mut after = self.position.clone();
                after.play_unchecked(m);
                if odds::same_side_again(&after).is_some() {
                    Reading::Move(m)
                } else {
                    Reading::Illegal { uci: None }
                }
            }
            other => other,
        };
        // the sealed move takes a king an illegal move of the opponent's
        // left in check: no move, the claim that it was illegal (B6, C3)
        if let Reading::Illegal { uci: Some(u) } = &reading {
            let takes_king = u
                .parse::<shakmaty::uci::UciMove>()
                .ok()
                .and_then(|m| match m {
                    shakmaty::uci::UciMove::Normal { to, .. } => self.position.board().role_at(to),
                    _ => None,
                })
                == Some(shakmaty::Role::King);
            if takes_king && self.standing.as_ref().is_some_and(|st| st.by != by) {
                self.claim_illegal(t, ev.unwrap_or_default(), by);
                return;
            }
        }
        let (article, kind) = match reading {
            Reading::Move(m) => {
                let offer = self.offer;
                let series = self.odds.is_some_and(|o| o.receiver == by && o.left > 1);
                self.play(m);
                self.offer = offer;
                if series {
                    let mut after = self.position.clone();
                    if let Some(again) = odds::same_side_again(&after) {
                        after = again;
                    }
                    self.set_position(after);
                    if let Some(o) = self.odds.as_mut() {
                        o.left -= 1;
                    }
                    if self.ending_after_move().is_some() {
                        // the series ends with the game: the move is complete
                        self.clock.count_moves(by, 1);
                    }
                } else {
                    let count = self.moves_counted(by);
                    self.clock.complete_move(by, count);
                }
                self.decide(
                    t,
                    ev,
                    played,
                    Note::SealedMovePlayed {
                        side: by,
                        text: text.to_owned(),
                    },
                );
                if let Some(outcome) = self.ending_after_move() {
                    self.end_by_move(t, ev, outcome);
                }
                return;
            }
            Reading::Ambiguous(_) => (adj.ambiguous, "ambiguous"),
            Reading::Unreadable => (adj.unreadable, "unreadable"),
            Reading::Illegal { .. } => (adj.illegal, "illegal"),
        };
        self.decide(
            t,
            ev,
            article,
            Note::SealedMoveInvalid {
                side: by,
                text: text.to_owned(),
                kind,
            },
        );
        // the sealer loses, except where the position is dead or his
        // opponent cannot checkmate (A8: "sauf dans les cas ... 6.10 et 9.6")
        if dead::is_dead_fast(self.judged_position()) {
            self.finish(
                t,
                ev,
                Outcome::new(GameResult::Draw, Termination::SealedMoveInvalid, article),
            );
        } else {
            self.lose_unless_no_mate(
                t,
                ev,
                by,
                Termination::SealedMoveInvalid,
                Termination::SealedMoveInvalid,
                article,
            );
        }
    }

    /// A9c: the replier, the sealer being absent, seals his reply.
    fn seal_reply(&mut self, t: Instant, index: usize, c: Color, text: &Sealed) {
        let ev = Some(index);
        let adj = self.laws.adjournment;
        let Some(a) = self.adjourned.as_ref() else {
            return;
        };
        let allowed = c == !a.sealer
            && a.phase == (Phase::Resumed { opened: true })
            && !*self.present.get(a.sealer)
            && self.position.turn() == c
            && a.reply.is_none();
        if !allowed {
            self.decide(t, ev, adj.sealer_absent, Note::NotYourSeal(c));
            return;
        }
        let sealer = a.sealer;
        if let Some(a) = self.adjourned.as_mut() {
            a.reply = Some(text.clone());
        }
        self.clock.stop(t);
        self.clock.start(sealer, t);
        self.decide(t, ev, adj.sealer_absent, Note::ReplySealed(c));
    }

    fn on_unrestorable(&mut self, t: Instant, index: usize, what: Unrestorable) {
        let ev = Some(index);
        let adj = self.laws.adjournment;
        match (what, adj.times_unrestorable_annuls) {
            (Unrestorable::Position, _) => self.finish(
                t,
                ev,
                Outcome::new(
                    GameResult::Annulled,
                    Termination::Annulled,
                    adj.position_unrestorable,
                )
                .because(Circumstance::PositionUnrestorable),
            ),
            // 21.7: "dans le cas d'une partie jouée à la pendule"
            (Unrestorable::Times, Some(article)) if !self.clock.is_untimed() => self.finish(
                t,
                ev,
                Outcome::new(GameResult::Annulled, Termination::Annulled, article)
                    .because(Circumstance::TimesUnrestorable),
            ),
            (Unrestorable::Times, Some(article)) => {
                self.decide(t, ev, article, Note::NoClockToRestore)
            }
            (Unrestorable::Times, None) => self.decide(t, ev, adj.lost, Note::ArbiterSetsClocks),
        }
    }

    /// 1930 21.8: the game was restored incorrectly; the moves since the
    /// resumption are annulled and the right position restored.
    fn on_misrestored(&mut self, t: Instant, index: usize) {
        let ev = Some(index);
        let adj = self.laws.adjournment;
        let Some(article) = adj.misrestored else {
            self.decide(
                t,
                ev,
                adj.restore,
                Note::NotHandled(crate::event::ActionKind::Misrestored),
            );
            return;
        };
        let Some((snap, lost)) = self
            .adjourned
            .as_ref()
            .map(|a| (a.resumed.clone(), a.envelope_lost))
        else {
            self.decide(t, ev, article, Note::NotAdjourned);
            return;
        };
        match snap {
            // without the envelope, the right position is not known
            _ if lost => self.finish(
                t,
                ev,
                Outcome::new(GameResult::Annulled, Termination::Annulled, article)
                    .because(Circumstance::Misrestored),
            ),
            Some(snap) => {
                self.clock.stop(t);
                self.reinstate(&snap, t);
                // a reply sealed since the resumption is annulled with the rest
                if let Some(a) = self.adjourned.as_mut() {
                    a.reply = None;
                }
                self.decide(t, ev, article, Note::MovesAfterErrorAnnulled);
                let side = self.position.turn();
                match self.interrupted {
                    // the clocks the arbiter stopped stay stopped
                    Some(_) => self.interrupted = Some(Some(side)),
                    None => self.clock.start(side, t),
                }
            }
            // the sealed move not yet on the board: nothing was played on
            // the wrong position, which is set up as the envelope records it
            None => self.decide(t, ev, article, Note::PositionFromEnvelope),
        }
    }
}
