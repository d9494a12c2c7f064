# arbitre: what the arbiter's decisions say, in English.
# SPDX-License-Identifier: GPL-3.0-or-later
#
# One message a note (the id is `Note::code()`, stable: stored logs keep it),
# then the words the notes and the command line's reports are made of.
# fr.ftl has exactly the same ids. Standard Fluent only (selectors on
# arguments, message references): the same file is rendered by fluent-rs
# here and by @fluent/bundle in the browser.
#
# Arguments are those of `Note::args()`, passed as follows:
#   a side            the message side-white or side-black
#   a claim           the message claim-kind-<ClaimKind code>
#   a result          the message result-<name> (see below)
#   a termination     the message termination-<Termination code>
#   a duration        arbitre's time format: "1 h 30 min", "2 min 30.5 s"
#   a change of time  the same with its sign: "+2 min", "-1.5 s"
#   a moment          a reading of the arbiter's clock: "4:00:00"
#   a count           a number
#   a yes or no       the string "true" or "false"
#   a code, a text, a square, an article: the string itself

## Sides and actors

side-white = White
side-black = Black
actor-arbiter = Arbiter

## Notes: one message a decision

game-over = { $result }: { $termination }
game-over-because = { $result }: { ending-because }
dead-position = The game is drawn: checkmate cannot occur by any series of legal moves
flag-fell = { $side }'s flag has fallen
flag-fell-unclaimed = { $side }'s flag has fallen; it counts only on a valid claim
arbiter-must-rule-on-mate = The search could not establish whether { $side } can checkmate: the arbiter must rule
out-of-order = Event earlier than the previous one: ignored
time-out-of-range = Refused: { $what ->
        [t] the time of the event
        [set_clocks] a time to set the clocks to
        [adjust_time] a time adjustment
       *[other] the time `{ $what }`
    } is outside 0 to one year
history-move-after-end = Refused: { $move } was written after the game had ended
press-without-move = { $side } pressed the clock without making a move: penalised as an illegal move
offer-declined-by-touch = { $side } touched a piece: the draw offer is declined
touch-claim-right-lost = Refused: { $side } touched a piece and lost the right to claim touch-move
right-lost-by-touch = { $side } touched a piece and lost the right to claim a draw on this move
no-clock-to-restore = The game is played without a clock: no times to restore, the game goes on
sealed-move-not-played = Refused: { $side } cannot play on the board while a sealed move waits in its envelope
game-started = The arbiter starts the game: { $side }'s clock runs
absent-at-start = { $side } is not at the board at the start
neither-present = Neither player is at the board: { $side }'s clock runs, and he loses the time until he arrives
not-started = Refused: the arbiter has not started the game
clocks-stopped = The arbiter stops both clocks
clocks-restarted = The arbiter restarts the clock
clocks-stopped-by-arbiter = Refused: the arbiter has stopped the clocks
clocks-stopped-for-call = Refused: the clocks are stopped while { $side }'s call waits for the arbiter
arbiter-called = { $side } calls the arbiter and stops both clocks, as a player may only to seek the arbiter's assistance: they stay stopped until the arbiter restarts them
arbiter-called-clocks-run = { $side } calls the arbiter; the player has no clock to stop: the clocks keep running
call-answered = The arbiter answers { $side }'s call
call-already-pending = Refused: { $side } has already called the arbiter, and the call waits for his answer
no-call-to-answer = Refused: no player's call waits for an answer
time-adjusted = The arbiter adjusts the times: { side-white } { $white }, { side-black } { $black }
game-already-over = Refused: the game is over
awaiting-ruling = Refused: an arbiter's ruling is awaited
clocks-set = The arbiter sets the clocks: { side-white } { $white }, { side-black } { $black }
not-handled = Refused: { $action ->
        [move] making a move
        [press] pressing the clock
        [touch] touching a piece
        [offer_draw] offering a draw
        [accept_draw] accepting a draw
        [decline_draw] declining a draw
        [claim] claiming
        [resign] resigning
        [seal] sealing a move
        [open] opening an envelope
        [arrive] arriving
        [adjourn] adjourning the game
        [resume] resuming the game
        [ruling] ruling on a claim
        [envelope_lost] reporting the envelope lost
        [unrestorable] reporting what cannot be restored
        [set_clocks] setting the clocks
        [misrestored] reporting an incorrect restoration
        [start] starting the game
        [stop_clocks] stopping the clocks
        [restart_clocks] restarting the clocks
        [adjust_time] adjusting the times
        [declare_result] declaring a result
        [call_arbiter] calling the arbiter
        [answer_call] answering a call
       *[other] `{ $action }`
    } is not for whoever did it, or not at this moment
ambiguous-move = Refused: `{ $text }` designates { $candidates } legal moves
illegal-move-refused = Refused: `{ $text }` designates no legal move
unreadable-move = Refused: `{ $text }` cannot be read as a move
declared-move-due = Refused: the move declared in the claim, { $move }, must be played
clock-not-pressed = { $side } had not pressed the clock; it ran until the opponent moved
offer-declined-by-move = { $side } declines the draw offer by making a move
not-your-move = Refused: it is not { $side }'s move
nothing-to-press = Refused: { $side } has no move to complete
nothing-to-claim = Refused: { $side } has nothing to claim: a fallen flag and the draws end the game by themselves
no-touch-move = Refused: moves are made with a device; touching a piece binds { $side } to nothing
offer-already-pending = { $side }'s offer is already pending
offer-made = { $side } offers a draw (=)
offer-at-wrong-moment = { $side }'s offer is valid but was not made between making a move and pressing the clock
offer-lapsed-game-over = The draw offer lapses: the game is over
agreement-too-early = Refused: each player must have made at least one move
no-offer-to-answer = Refused: no draw offer by the opponent is pending
offer-declined = { $side } declines the draw offer
flag-not-fallen = Refused: { $side }'s flag has not fallen
flag-claim-valid = { $side }'s claim is valid: own flag up, the opponent's down
flag-claim-own-fallen = Refused: { $side }'s own flag has fallen
claim-without-the-move = Refused: only the player having the move may claim; { $side } does not have it
claim-examined = { $side } claims { $claim }; both clocks are stopped
declared-move-invalid = The declared move `{ $text }` designates no single legal move
right-lost = { $side } moved instead of claiming: that right was lost
not-physically-possible = Refused: `{ $text }` is not a move that can be made on the board
illegal-move-withdrawn = { $side } replaces the uncompleted illegal move
illegal-move-made = { $side } makes the illegal move { $text }
pawn-becomes-queen = { $side }'s pawn on the last rank was not replaced: it becomes a queen
arbiter-intervenes = The arbiter intervenes without a claim on { $side }'s illegal move
replacing-move-touched = { $side } must replace it with a move of the piece touched, if it has one
position-reinstated = The position before { $side }'s illegal move is reinstated
illegal-move-penalty = Illegal move number { $count } by { $offender }: { $bonus } added to the opponent
illegal-move-completed = { $unplayable ->
        [true] { $offender }'s illegal move is completed: it stands unless the opponent claims before moving; the position cannot be played on
       *[false] { $offender }'s illegal move is completed: it stands unless the opponent claims before moving
    }
illegal-move-stands = The opponent moved: { $side }'s illegal move can no longer be corrected
arbiter-acts-on-illegal-moves = Refused: the arbiter acts on illegal moves himself
no-illegal-move-to-claim = Refused: no illegal move of the opponent is open to a claim
illegal-claim-valid = { $side }'s claim of an illegal move is valid
touch-without-the-move = Refused: { $side } does not have the move
touch-empty-square = Refused: no piece on { $square }
touched = { $side } touches the piece on { $square }
touched-piece-must-move = Refused: { $side } must move or capture the piece touched
touch-move-not-enforced = { $side }'s move breaks touch-move; art. 4 applies only if the opponent asks
no-touch-breach = Refused: no move breaking touch-move to correct
touch-move-applied = Touch-move applied on request: { $side }'s move is taken back and the piece touched must be moved
too-late-after-three-moves = Refused: no such claim once each player has completed three moves
initial-position-correct = Refused: the initial position was correct
king-queen-swapped = King and queen were swapped in the initial position: the game goes on, that king may not castle
board-transferred = The game goes on: the position is transferred to a correctly placed board
clock-setting-examined = The arbiter examines the clock setting and sets the clocks if needed
quickplay-excluded = Refused: no such claim in blitz, or with an increment or a delay
quickplay-not-announced = Refused: the guidelines for quickplay finishes were not announced before the event
not-quickplay-finish = Refused: the game is not in its quickplay finish (the last period)
quickplay-flag-fallen = Refused: { $side }'s flag has already fallen
quickplay-too-much-time = Refused: { $side } has two minutes or more
quickplay-claim = { $side } claims a draw with less than two minutes; the clocks are stopped and the arbiter must decide
quickplay-no-arbiter = { $side } claims a draw with no arbiter present: the game ends; the claim, the final position and the scoresheet go to an arbiter, whose decision is final
ruling-after-flag = The claim was postponed: the arbiter now declares the result
nothing-to-rule = Refused: no claim awaits a ruling
quickplay-postponed = The arbiter postpones his decision: { $bonus } added to the opponent; the game goes on
quickplay-rejected = The arbiter rejects the claim: { $bonus } added to the opponent; the game goes on
both-flags-game-goes-on = Both flags have fallen before the last period: the game goes on
odds-move-gives-check = Refused: the receiver of odds cannot move again with the giver in check
not-adjourned = Refused: the game is not adjourned
adjournment-out-of-turn = Refused: not at this stage of the adjournment
not-your-seal = Refused: { $side } has no move to seal
must-seal = The session ends: { $side }, having the move, must seal it
early-adjournment = { $side } adjourns before the session's end: deemed adjourned at { $until } on the arbiter's clock, his clock runs until then
board-move-is-sealed = { $side } moved on the board after being told to seal: that move is the sealed move
move-sealed = { $side } seals the move; the clock is stopped and the game adjourned
game-adjourned = Refused: the game is adjourned
envelope-lost = The envelope is lost: the game will go on from the adjourned position and times
resumed = Play resumes: the adjourned position and the times are restored
sealer-replays = { $side } makes on the board the move he says he sealed
envelope-opened = The player who must reply is present: the envelope is opened
replier-absent-clock-started = { $side }, who must reply, is absent: his clock is started
reply-opened = The sealer has arrived: the fresh envelope with the reply is opened
envelope-to-open = The game holds only the commitment to { $side }'s sealed move: the arbiter opens the envelope
opening-mismatch = Refused: the move and salt given do not open the commitment: this is not the move that was sealed
nothing-to-open = Refused: no envelope is waiting to be opened
envelope-awaits-arrival = Refused: the envelope is opened when { $side } arrives (the player who replies to the sealed move; his clock runs meanwhile): record his arrival to open it
envelope-awaits-resumption = Refused: the envelope is opened at the resumption, not before
sealed-move-played = { $side }'s sealed move { $text } is played
sealed-move-invalid = { $side }'s sealed move `{ $text }` is { $kind ->
        [ambiguous] ambiguous
        [unreadable] false: its meaning cannot be established
       *[illegal] illegal
    }
reply-sealed = { $side } seals his reply in a fresh envelope; the absent opponent's clock is started
arbiter-sets-clocks = The times cannot be restored: the arbiter sets the clocks
moves-after-error-annulled = The game was restored incorrectly: the moves since are annulled and the right position restored
position-from-envelope = The position was set up wrongly: it is set up again as the envelope records it
clock-error-corrected = A clock error pointed out before the first move is corrected
clock-error-too-severe = The arbiter corrects the clocks: the consequences of the error would be too severe
claim-stands-as-offer = { $side }'s claim counts as a draw offer
claim-incorrect = { $side }'s claim is incorrect: { $taken } taken from the claimant, { $bonus } added to the opponent; the game continues
claim-incorrect-time-added = { $side }'s claim is incorrect: { $bonus } added to the opponent; the game continues

## What is claimed (after "claims")

claim-kind-threefold = a draw by threefold repetition
claim-kind-fifty-moves = a draw by the fifty-move rule
claim-kind-flag = a win on time
claim-kind-illegal-move = an illegal move
claim-kind-quickplay = a draw in the quickplay finish
claim-kind-touch-move = the application of touch-move
claim-kind-initial-position = an incorrect initial position
claim-kind-board-orientation = a wrongly placed board
claim-kind-clock-setting = a wrong clock setting

## Results (names: white-wins, black-wins, draw, annulled, white-by-forfeit, black-by-forfeit, both-lose)

result-white-wins = White wins
result-black-wins = Black wins
result-draw = Drawn
result-annulled = Annulled
result-white-by-forfeit = White wins by forfeit
result-black-by-forfeit = Black wins by forfeit
result-both-lose = Both players lose

## How a game ends

termination-checkmate = checkmate
termination-resignation = resignation
termination-stalemate = stalemate
termination-dead-position = dead position: no series of legal moves can lead to checkmate
termination-agreement = agreement
termination-threefold-repetition = threefold repetition, correctly claimed
termination-fifty-moves = fifty moves without pawn move or capture, correctly claimed
termination-fivefold-repetition = the same position for the fifth time
termination-seventy-five-moves = seventy-five moves by each player without pawn move or capture
termination-time-forfeit = the flag fell
termination-time-forfeit-draw = the flag fell, but the opponent cannot checkmate by any series of legal moves
termination-both-flags = both flags fell
termination-illegal-move = illegal move
termination-illegal-move-draw = illegal move, but the claimant cannot checkmate
termination-sealed-move-invalid = the sealed move is ambiguous, false or illegal
termination-late-for-resumption = late for the resumption
termination-quickplay-finish = the arbiter's decision in the quickplay finish
termination-annulled = the game is annulled
termination-late-arrival = a player arrived after the default time
termination-arbiter-decision = the arbiter's decision

## What a termination alone does not say (the circumstance of an outcome;
## referenced by game-over-because and report-result-because, whose
report-annulled = annulled
## arguments it reads)

ending-because = { $circumstance ->
        [opponent-cannot-mate] { $termination }, but the opponent cannot checkmate by any series of legal moves
        [position-unrestorable] the position at the adjournment cannot be re-established
        [times-unrestorable] the times used at the adjournment cannot be re-established
        [misrestored] the game was restored incorrectly and the position at the resumption is not known
        [initial-position-incorrect] the initial position of the pieces was incorrect
       *[other] { $termination }
    }

## States of a game, game types

state-playing = the game goes on
state-adjourned = adjourned
state-awaiting-ruling = awaiting the arbiter's ruling
state-finished = finished
game-type-standard = standard
game-type-rapid = rapid
game-type-blitz = blitz

## Kinds of decision (labels of DecisionKind codes)

kind-result = result
kind-dead-position = dead position
kind-flag = flag
kind-ruling-needed = ruling needed
kind-clocks-set = clocks set
kind-offer = offer
kind-adjournment = adjournment
kind-resumption = resumption
kind-sealed-move-invalid = sealed move invalid
kind-refused = refused
kind-illegal-move = illegal move
kind-reinstated = reinstated
kind-claim-valid = claim valid
kind-touch-move = touch-move
kind-penalty = penalty
kind-illegal-move-stands = illegal move stands
kind-ruling = ruling
kind-claim = claim
kind-breach = breach
kind-offer-lapsed = offer lapsed
kind-start = start
kind-clocks = clocks
kind-time-adjusted = time adjusted
kind-right-lost = right lost
kind-clock = clock
kind-claim-incorrect = claim incorrect
kind-call = call

## Events: who, then what

event = { $actor }: { $action }
event-move = { $text }
event-move-unpressed = { $text } (clock not pressed)
event-press = presses the clock
event-touch = touches the piece on { $square }
event-offer-draw = offers a draw
event-accept-draw = accepts the draw
event-decline-draw = declines the draw
event-claim = claims { $claim }
event-claim-declared = claims { $claim } (declared move { $text })
event-resign = resigns
event-seal = seals a move
event-open = opens the envelope: { $text }
event-arrive = arrives
event-adjourn = adjourns the game (resumption: { $resume_at }, { $place })
event-resume = resumes the game
event-ruling = { $judgment ->
        [draw] declares the game drawn
        [postpone] postpones the decision
       *[reject] rejects the claim
    }
event-envelope-lost = reports the envelope lost
event-unrestorable = { $what ->
        [position] reports that the position cannot be restored
       *[times] reports that the times cannot be restored
    }
event-misrestored = reports that the game was restored incorrectly
event-start = starts the game
event-start-absent = starts the game ({ $side } absent)
event-start-both-absent = starts the game (both players absent)
event-stop-clocks = stops the clocks
event-restart-clocks = restarts the clock
event-call-arbiter = calls the arbiter
event-answer-call = answers the calls
event-answer-call-side = answers { $side }'s call
event-adjust-time = adjusts the times: { side-white } { $white }, { side-black } { $black } (art. { $article })
event-declare-result = declares the result: { $result } (art. { $article })
event-set-clocks = sets the clocks: { side-white } { $white }, { side-black } { $black }


## arbitre analyze (analyze-…)

analyze-can-mate = { $side } can mate: { $verdict ->
        [yes] yes
        [no] no
       *[unknown] unknown
    }
analyze-already-mate = (already checkmate)
analyze-dead = dead: { $dead ->
        [yes] yes
        [no] no
       *[unknown] unknown
    }  ({ $micros } µs)
analyze-dead-nodes = dead: { $dead ->
        [yes] yes
        [no] no
       *[unknown] unknown
    }  ({ $nodes } nodes, { $micros } µs)
analyze-error = error: { $error }
analyze-invalid-inputs = { $count } input(s) not a legal position

## Positions that cannot be set up (fen-…: a FEN's problems)

fen-illegal = not a legal position
fen-illegal-because = not a legal position: { $problems }
fen-empty-board = the board is empty
fen-missing-king = a side has no king
fen-too-many-kings = a side has more than one king
fen-pawns-on-backrank = a pawn stands on the first or the last rank
fen-castling-rights = the castling rights do not match the kings and rooks on their squares
fen-en-passant-square = the en passant square is not one a pawn has just passed
fen-opposite-check = the side not to move is in check
fen-impossible-check = the check cannot have come from a legal move
fen-too-much-material = there are more pieces than a game can have
fen-variant = not a position of standard chess
fen-malformed-fen = malformed FEN: { $part ->
        [board] the board part (eight ranks of pieces and digits, separated by /) cannot be read
        [turn] the side to move is neither w nor b
        [castling] the castling part cannot be read
        [en-passant] the en passant square cannot be read
        [halfmove-clock] the halfmove clock is not a number
        [fullmoves] the move number is not a number from 1
       *[other] it is not a position written in FEN
    }

## The editions by their names (edition-<code>)

edition-fide-1930 = FIDE Rules of 1930
edition-fide-2001 = FIDE Laws of Chess 2001
edition-fide-2005 = FIDE Laws of Chess 2005
edition-fide-2023 = FIDE Laws of Chess 2023
edition-fide-online-2021 = FIDE Online Chess Regulations 2021

## The text report of `arbitre replay`

report-header = { $edition } · time control { $control } · { $game_type }
report-header-untimed = { $edition } · played without a clock · { $game_type }
report-decision = [{ $article }] { $kind }: { $message }
report-scoresheet = Scoresheet: { $moves }
report-result = Result: { $result } ({ $termination }, art. { $article })
report-result-because = Result: { $result } ({ ending-because }, art. { $article })
report-result-pending = Result: * ({ $state })
report-clocks = Clocks: { side-white } { $white }, { side-black } { $black }

## What the server records by itself (arbitre serve)

server-shutdown = The server shut down: the clocks are stopped.
server-outage = Server outage: the clocks are stopped for the time the server was down; nothing is decided by it.
server-restart = The server restarted: the clocks run again.
server-outage-over = Server outage ({ $duration }): the clocks were stopped while the server was down; nothing was decided by it.
server-shutdown-over = The server was stopped ({ $duration }): the clocks were stopped until it restarted; nothing was decided by it.
server-white-disconnected = White disconnected; White's clock is running. The arbiter decides: stop the clocks, add time or declare a result.
server-black-disconnected = Black disconnected; Black's clock is running. The arbiter decides: stop the clocks, add time or declare a result.
server-white-reconnected = White is connected again.
server-black-reconnected = Black is connected again.

## The pages (web/): the players' board, the spectators' view, the arbiter's console

ui-language = Language
ui-flip = Flip the board
ui-you-play = You play { $side }
ui-spectator = Spectator
ui-arbiter = Arbiter
ui-to-move = { $side } to move
ui-clock-running = running
ui-flag-fallen = { $side }'s flag has fallen
ui-flag-to-claim = { $side }'s flag has fallen: it counts only if claimed
ui-scoresheet = Scoresheet
ui-decisions = Decisions
ui-type-move = Type a move
ui-type-move-hint = In the event's notation, e.g. { $example }
ui-play = Play
ui-resign = Resign
ui-resign-confirm = Resign the game?
ui-offer-draw = Offer a draw with my next move
ui-offer-draw-now = Offer a draw
ui-accept-draw = Accept the draw
ui-decline-draw = Decline the draw
ui-why-not-your-move = Not your move
ui-why-game-over = The game is over
ui-why-not-a-player = Only a player may do this
ui-why-no-offer = No draw offer is pending
ui-why-offer-pending = Your offer is pending
ui-why-offer-procedure = { $article }: a draw is offered between making a move and pressing the clock; tick it before your move, or press the clock separately
ui-promote-to = Promote to
ui-connected = Live
ui-reconnecting = Reconnecting…
ui-refused = Refused
ui-opponent-moved = { $side } played { $move }
ui-result = Result: { $result }
ui-seal = Seal your move
ui-seal-hint = The arbiter has adjourned the game: write your sealed move; it is shown to no one until the envelope is opened
ui-seal-confirm = Seal { $move }? It cannot be changed.
ui-console = Arbiter's console
ui-token = Organiser's or arbiter's token
ui-token-save = Open
ui-games = Games
ui-new-game = New game
ui-edition = Rules
ui-time-control = Time control
ui-white-player = White
ui-black-player = Black
ui-event = Event
ui-round = Round
ui-board = Board
ui-create = Create
ui-links = Seat links
ui-link-white = White's link
ui-link-black = Black's link
ui-link-arbiter = Arbiter's link
ui-copy = Copy
ui-start = Start the clock
ui-stop-clocks = Stop the clocks
ui-restart-clocks = Restart the clocks
ui-call-arbiter = Call the arbiter
ui-call-stopped = { $side } called the arbiter at { $time }: the clocks are stopped
ui-call-running = { $side } called the arbiter at { $time }: the clocks keep running
ui-call-you-stopped = You called the arbiter at { $time }: the clocks are stopped
ui-call-you-running = You called the arbiter at { $time }: the clocks keep running
ui-hall-called = { $side } called the arbiter
ui-call-answer = Answer { $side }'s call
ui-why-call-pending = Your call waits for the arbiter's answer
ui-calls = Calls to the arbiter
ui-calls-none = No call waits for the arbiter
ui-round-call = { $side } calls the arbiter
ui-waiting = { $count ->
        [one] one thing waits for the arbiter
       *[other] { $count } things wait for the arbiter
    }
ui-no-games = No game yet
ui-tampered = altered
ui-tampered-why = A stored row of this game was changed in the database by someone else than the server: it is not served until the arbiter has examined it ({ $what }).
ui-moves = Moves
ui-state = State
ui-players = Players
ui-pgn = PGN
ui-claim-intended-hint = For a claim on the move you intend to play (9.2, 9.3), write it in the move field first: it is declared, not played
ui-at-board = I am at the board
ui-seal-button = Seal
ui-arbiter-actions = The arbiter
ui-adjust-time = Adjust the time
ui-seconds = Seconds (+ adds, − removes)
ui-article = Article
ui-apply = Apply
ui-declare-result = Declare a result
ui-article-not-for-time = { $article } is not an article of this edition under which the arbiter adds or removes time; the nearest that are: { $nearest }
ui-article-not-for-result = { $article } is not an article of this edition under which the arbiter declares a result; the nearest that are: { $nearest }
ui-adjourn = Adjourn
ui-resume-at = Resumption
ui-place = Place
ui-resume = Resume the game
ui-ruling = Rule on the claim: { $what }
ui-ruling-draw = Draw
ui-ruling-postpone = Postpone
ui-ruling-reject = Reject
ui-envelope-lost = The envelope is lost
ui-unrestorable-position = The position cannot be restored
ui-unrestorable-times = The times cannot be restored
ui-open-envelope = Open the envelope
ui-open-hint = What `arbitre envelope open --json` printed (or the move, and the salt beside it)
ui-salt = Salt
ui-start-absent = Start, { $side } absent
ui-claim-button = Claim
ui-start-round = Start the round
ui-adjourn-all = Adjourn every game
ui-pgn-all = PGN of every game
ui-clocks = Clocks
ui-envelope = The envelope (A2)
ui-envelope-sealer = Sealed by
ui-envelope-move-number = Move number
ui-envelope-time-used = Time used
ui-press = Press the clock
ui-why-press = { $article }: the clock is pressed once your move is made
ui-press-separately = Press the clock separately
ui-open-with-key = Open with my key file
ui-open-key-file = The arbiter's key file (`arbiter.key`)
ui-open-key-private = The key file is read by this page only: it is never sent
ui-open-needs-secure = Opening with the key file needs the page over https or on this computer; paste what `arbitre envelope open --json` printed instead
ui-key-file-bad = This is not an arbiter's key file (`arbiter.key`, from `arbitre keygen`)
ui-envelope-malformed = The envelope is malformed
ui-envelope-altered = The envelope's signature does not hold: it was altered; do not open it, keep it for the appeal
ui-envelope-other-signer = The envelope is intact but was signed by another key than this server's
ui-envelope-wrong-key = This key does not open this envelope: it was sealed to another arbiter's key
ui-envelope-undecryptable = The envelope cannot be decrypted with this key
ui-question-quickplay-claim = { $article }: { $side } claims a draw (quickplay finish)
ui-question-quickplay-at-flag = { $article }: { $side }'s flag has fallen while { $claimant }'s claim was postponed
ui-question-quickplay-referred = { $article }: { $side } claimed a draw with no arbiter present; the claim is referred to you
ui-ruling-flag-decides = The flag decides
ui-question-mate = Can { $side } still checkmate by some series of legal moves? The search could not tell
ui-mate-yes = Yes: { $side } wins
ui-mate-no = No: drawn
ui-question-open-envelope = The envelope sealed by { $side } waits to be opened with the arbiter's key
ui-pending = Waiting for the arbiter
ui-nothing-pending = Nothing waits for the arbiter
ui-nothing-else-pending = Nothing else waits for the arbiter
ui-open-as-arbiter = Open the game as arbiter
ui-qr = QR code of the link, for a phone at the board
ui-period = Period { $n } of { $count }: { $what }
ui-period-moves = { $moves } moves in { $time }
ui-period-rest = the rest of the game in { $time }
ui-increment = +{ $seconds } s a move
ui-delay = a delay of { $seconds } s a move
ui-bronstein = a Bronstein delay of { $seconds } s a move
ui-to-control = { $side }: { $count ->
        [one] one move
       *[other] { $count } moves
    } to the time control

## arbitre envelope show / open (cli-envelope-…)

cli-envelope-title = Sealed-move envelope ({ $format })
cli-envelope-laws = Laws: { $edition } (art. { $article })
cli-envelope-laws-unknown = Laws: { $edition }
cli-envelope-player = { $side }: { $name }
cli-envelope-not-recorded = (not recorded)
cli-envelope-position = Position at adjournment: { $fen }
cli-envelope-time-used = Time used: { side-white } { $white }, { side-black } { $black }
cli-envelope-time-remaining = Time remaining: { side-white } { $white }, { side-black } { $black }
cli-envelope-sealed-by = Sealed by: { $side }, move { $number }
cli-envelope-draw-offer = Pending draw offer: { $offer ->
        [white] { side-white } offered a draw before the adjournment
        [black] { side-black } offered a draw before the adjournment
       *[none] none
    }
cli-envelope-resumption = Resumption: { $at }, { $place }
cli-envelope-commitment = Commitment (SHA-256): { $hex }
cli-envelope-sealed-to = Sealed to (X25519 public key): { $hex }
cli-envelope-signed-by = Signed by (Ed25519 verifying key): { $hex }
cli-envelope-signature-named = Signature: valid against the verifying key named in the envelope (this shows the envelope is unaltered since that key signed it; check that it is the sealer's with --pub DIR)
cli-envelope-signature-pub = Signature: valid against the arbiter's verifying key { $path }; sealed to its public key
cli-envelope-move-white = { $number }. { $move } ({ side-white })
cli-envelope-move-black = { $number }… { $move } ({ side-black })

## arbitre audit (audit-…): the findings, the text report, its summary, the errors

audit-unreadable = game not readable at byte { $offset }, line { $line }: { $why }
audit-unterminated = { $what ->
        [tag] unterminated tag
       *[comment] unterminated comment
    }
audit-variant = variant `{ $variant }` is not played under the Laws of Chess
audit-stray = `{ $token }` at byte { $offset }, line { $line } is neither a move, a move number, a comment, a NAG, a variation nor a result: the game is audited up to it ({ $plies } { $plies ->
        [one] ply
       *[other] plies
    })
audit-fen-tag = FEN tag `{ $fen }`: { $why }
audit-edition-no-date = no date: judged under { $code }, the latest Laws modelled
audit-edition-partial-date = the date `{ $date }` is partial: judged under { $code }, the Laws in force on its first possible day
audit-edition-older = played before { $code } came into force ({ $from }): judged under it, the nearest modelled text
audit-automatic-end-name = { $end ->
        [fivefold] a fivefold repetition
        [seventy-five] the 75-move rule
       *[dead] a dead position
    }
audit-start-over = the position of the FEN tag is already { $end ->
        [checkmate] a checkmate
        [stalemate] a stalemate
       *[other] { audit-automatic-end-name }
    }: the game was over ({ $result }) before its first move; { $plies ->
        [one] { $plies } ply was
       *[other] { $plies } plies were
    } written after it and the recorded result is { $recorded }
audit-illegal-move = { $number }{ $turn ->
        [white] .
       *[black] ...
    } { $move } is not a legal move here ({ $refusal ->
        [ambiguous] ambiguous san
       *[illegal] illegal san
    }); the game is audited up to it
audit-clock-increase = { $side }'s clock goes from { $from } to { $to } over one move, { $excess } more than the time control { $control } gives; { $why }
audit-time-added = consistent with the time added for { $cause ->
        [illegal] an illegal move by the opponent ({ $illegal })
        [claim] an incorrect claim by the opponent ({ $claim })
       *[both] an illegal move by the opponent ({ $illegal }) or an incorrect claim by the opponent ({ $claim })
    }
audit-time-unexplained = not an amount the Laws give (a clock set right by an arbiter, or a misread by the relay)
audit-clock-emt = { $side }'s clock reads { $clock } after a move said to take { $emt } from { $from }: { $expected } expected
audit-clock-zero = { $side }'s clock shows { $clock } after this move, increment included: the flag had fallen and the game went on
audit-truncated = the movetext ends without a result (1-0, 0-1, 1/2-1/2 or *): the game may be cut short
audit-automatic-end-went-on = { audit-automatic-end-name } ended the game as a draw at ply { $ply }; { $more ->
        [one] { $more } more ply was
       *[other] { $more } more plies were
    } played and the recorded result is { $recorded }
audit-automatic-end = { audit-automatic-end-name } ended the game as a draw at ply { $ply }; the recorded result is { $recorded }
audit-how = { $how ->
        [abandonment] by abandonment
       *[time] on time
    }
audit-flag-cannot-mate = { $side } is given the win { audit-how } ({ $recorded }), but { $side } cannot checkmate by any series of legal moves{ $dead ->
        [yes] {" "}(the position is dead)
       *[no] {""}
    }: the game is drawn
audit-mate-undecided-win = { $side } is given the win { audit-how }; whether { $side } could checkmate is undecided within the search limits: an arbiter must rule
audit-flag-draw-could-mate = drawn on time, but { $flagged } (whose clock ran) lost on time: { $side } could checkmate (e.g. { $line })
audit-mate-undecided-draw = drawn on time; whether { $side } could checkmate is undecided within the search limits: an arbiter must rule
audit-result-vs-board = { $end ->
        [checkmate] checkmate
        [stalemate] stalemate
       *[dead] a dead position
    } on the board at ply { $ply } ended the game { $result }; the recorded result is { $recorded }{ $more ->
        [0] {""}
        [one] {" "}({ $more } more ply was played)
       *[other] {" "}({ $more } more plies were played)
    }
audit-claim-fifty = { $moves } moves by each player without a capture or a pawn move
audit-claim-after = { $went_on ->
        [yes] the game went on
       *[no] the result is { $recorded }
    }
audit-claimable-on-the-board = { $side }, having the move, could have claimed a draw before { $number }: { $kind ->
        [threefold] the same position stands for the { $repetitions ->
            [3] third
            [4] fourth
            [5] fifth
           *[other] { $repetitions }th
        } time
       *[fifty] { audit-claim-fifty }
    }; { audit-claim-after }
audit-claimable-by-writing = { $side } could have claimed a draw by writing { $number } { $move } on his scoresheet ({ $kind ->
        [threefold] it would make the same position stand for the third time
       *[fifty] { audit-claim-fifty }
    }); { $played ->
        [it] he played it
        [other] he played { $played_move } instead
       *[none] he did not
    }, and { audit-claim-after }
audit-headline = game { $game } ({ $file }, byte { $offset }, line { $line }): { $tags }, judged under { $code }
audit-row-ply = ply { $ply }
audit-note = note: { $message }
audit-summary-auto = == audit summary (each game under the Laws of its date) ==
audit-summary-auto-editions = == audit summary (each game under the Laws of its date: { $editions }) ==
audit-summary-fixed = == audit summary ({ $code }) ==
audit-summary-games = { $games } games ({ $plies } plies, { $bytes } bytes) from { $files } file(s) in { $secs } s ({ $rate } games/s)
audit-summary-findings = { $games } game(s) with findings, { $findings } finding(s)
audit-summary-kind = { $games } game(s) { $findings } finding(s)
audit-summary-notes = { $notes } note(s) about the records in { $games } game(s), not violations of the Laws (listed with --notes):
audit-summary-kind-notes = { $games } game(s) { $findings } note(s)
audit-summary-worst = worst examples:
audit-summary-example = game { $game } ({ $file }, byte { $offset }): { $tags } : { $message }
audit-error = error: { $error }
audit-progress = { $games } games, { $rate } games/s
audit-game-unreadable = { $file }: game { $game }: { $message }
audit-stdin-twice = `-` (standard input) given twice
audit-no-workers = cannot start { $jobs } worker thread(s): { $error }
audit-cannot-write = cannot write the output: { $error }
audit-reader-stopped = the reader thread stopped unexpectedly
audit-file-cannot-open = { $file }: cannot open: { $error }
audit-file-cannot-read = { $file }: cannot read: { $error }
audit-file-directory = { $file }: is a directory, not a PGN file
audit-file-utf16 = { $file }: not a PGN file as read here: UTF-16 text{ $bom ->
        [no] {" "}without a byte-order mark
       *[yes] {""}
    }; convert it to UTF-8 (e.g. `iconv -f UTF-16 -t UTF-8`)
audit-file-binary = { $file }: not a PGN file: binary data (a zero byte at byte { $at }); PGN is text
audit-file-no-games = { $file }: no games found ({ $bytes } bytes, no tag or move)
audit-file-read-error = { $file }: read error near byte { $at }: { $error }

## The game page (issue 27): ids ui-game-…

ui-game-situation = Game situation
ui-game-situation-not-started = The game has not started: the arbiter starts the clocks
ui-game-situation-your-move = Your move ({ $side })
ui-game-situation-offer = { $side } offers a draw
ui-game-situation-offer-to-you = { $side } offers you a draw: accept or decline it, or make your move
ui-game-situation-you-seal = Adjourned: write your sealed move
ui-game-situation-sealing = Adjourned: { $side } writes the sealed move
ui-game-situation-sealed = Adjourned and sealed: resumption { $at }, { $place }
ui-game-situation-awaiting = Awaiting the arbiter: { $what }
ui-game-situation-called = The clocks are stopped while the arbiter is called
ui-game-situation-answered = The call is answered: the clocks stay stopped until the arbiter restarts them
ui-game-situation-stopped = The clocks are stopped until the arbiter restarts them
ui-game-refused = Refused: { $why }
ui-game-not-sent = Not sent: the server cannot be reached; try again when the page is live
ui-game-not-live = Not live: reconnecting…
ui-game-clock-of = { $side }'s clock
ui-game-clock-running = running
ui-game-clock-stopped = stopped
ui-game-clock-not-live = not live
ui-game-flag-you-may-claim = { $side }'s flag has fallen: it counts only if you claim it ({ $article }): press “Claim” and choose “a win on time”
ui-game-your-move = Your move
ui-game-move-pending = Sending { $move }…
ui-game-move-lost = Your move { $move } did not reach the server: it is not played and the board is as before; play it again when the page is live
ui-game-move-illegal = { $move } is not a legal move in this position
ui-game-move-unreadable = “{ $move }” cannot be read as a move; write it as on a scoresheet, e.g. { $example }, e4, O-O, or from and to squares: e2e4
ui-game-move-ambiguous = “{ $move }” could be { $candidates }: write which
ui-game-move-number = No.
ui-game-steps = Positions of the game
ui-game-step-first = Starting position
ui-game-step-back = Previous move
ui-game-step-next = Next move
ui-game-step-last = Back to the game
ui-game-viewing = Position after { $move }: press End or “Back to the game” to return
ui-game-viewing-start = Starting position: press End or “Back to the game” to return
ui-game-board-grid = Board: arrows to move between squares, Enter to pick a piece and then its square
ui-game-board-keys = On the board: Tab to the squares, arrows to move, Enter or Space to pick the piece, then its square; Escape lets it go. ←/→ elsewhere step through the moves.
ui-game-empty = empty
ui-game-picked = picked
ui-game-destination = possible destination
ui-game-picked-say = { $square } picked: choose its square
ui-game-not-destination = { $square } is not a square this piece can go to
ui-game-cannot-move = The piece on { $square } cannot move now
ui-game-nothing-to-pick = Nothing to pick on { $square }
ui-game-piece-white-king = White king
ui-game-piece-white-queen = White queen
ui-game-piece-white-rook = White rook
ui-game-piece-white-bishop = White bishop
ui-game-piece-white-knight = White knight
ui-game-piece-white-pawn = White pawn
ui-game-piece-black-king = Black king
ui-game-piece-black-queen = Black queen
ui-game-piece-black-rook = Black rook
ui-game-piece-black-bishop = Black bishop
ui-game-piece-black-knight = Black knight
ui-game-piece-black-pawn = Black pawn
ui-game-queen = Queen
ui-game-rook = Rook
ui-game-bishop = Bishop
ui-game-knight = Knight
ui-game-cancel = Cancel
ui-game-arrive-help = Tells the arbiter you are at the board: before the start, during an adjournment and at the resumption (a player absent then may lose the game)
ui-game-sealed-move = Sealed move
ui-game-seal-the-move = Seal the move
ui-game-seal-empty = Write the move you seal
ui-game-seal-consequence = It cannot be changed, and no one sees it before the arbiter opens the envelope at the resumption.
ui-game-resign-consequence = The game ends: { $side } wins.
ui-game-claim-title = Claim
ui-game-claim-text = Both clocks stop while the arbiter examines the claim.
ui-game-claim-what = What you claim
ui-game-claim-intended = The move you intend to play (written, not played), if the claim is about it
ui-game-confirm-claim = Confirm the claim
ui-game-claim-right = If the claim is correct the game is drawn ({ $article }).
ui-game-claim-penalty = If it is incorrect, { $bonus } are added to { $side }'s clock ({ $article }) and the game continues.
ui-game-claim-penalty-taken = If it is incorrect, { $taken } are taken from your clock and { $bonus } added to { $side }'s ({ $article }), and the game continues.
ui-game-claim-examined = The arbiter examines the claim ({ $article }).
ui-game-claim-consequence-flag = If { $side }'s flag has fallen you win, or the game is drawn if you cannot checkmate by any series of legal moves ({ $article }).
ui-game-claim-consequence-illegal-move = The arbiter examines { $side }'s last move ({ $article }).
ui-game-claim-consequence-quickplay = The arbiter rules: a draw, a decision postponed, or the claim rejected ({ $article }).
ui-game-claim-consequence-touch-move = The arbiter examines whether { $side } must move or take the piece touched ({ $article }).
ui-game-claim-owed = Your claim was not upheld: you must now play the move you wrote, { $move } ({ $article })
ui-game-start = Start the game
ui-game-alerts = What the server did by itself
ui-game-acknowledge = Acknowledge
ui-game-acknowledged = acknowledged
ui-game-presence = At the board
ui-game-presence-line = { $who }: { $what }
ui-game-present = present
ui-game-not-present = not recorded present
ui-game-record-present-white = Record White present
ui-game-record-present-black = Record Black present
ui-game-and = {" "}and{" "}
ui-game-resume-absent-title = { $count ->
        [one] { $who } is not recorded present. Resume the game?
       *[other] { $who } are not recorded present. Resume the game?
    }
ui-game-resume-absent-text = { $count ->
        [one] The absent player's clock starts at the resumption: if he does not arrive within the default time of the regulations, he loses the game. He can report his arrival from his page, or you can record it.
       *[other] The clock of the player to move starts at the resumption: a player who does not arrive within the default time of the regulations loses the game. Each can report his arrival from his page, or you can record it.
    }
ui-game-resume-anyway = Resume anyway
ui-game-key-held = This page holds the arbiter's key of this game (from the arbiter's link): the envelope opens here, the key never leaves the page.
ui-game-open-with-file = Open with this key file
ui-game-open-with-printed = Open with what was printed
ui-game-choose-key-file = Choose the key file first
ui-game-adjourn-the-game = Adjourn the game
ui-game-resumption-time = Resumption time
ui-game-required-note = Fields marked * are required.
ui-game-required-missing = Fill in the fields marked *
ui-game-side = Side
ui-game-result = Result
ui-game-declare-confirm = Declare the result { $result }?
ui-game-declare-consequence = The game ends with this result, recorded with the article given.
ui-game-not-sealable = This game cannot be sealed: the server has no arbiter's key for it. Adjourned, its player with the move could not put his move in an envelope; create the game with an arbiter's key (from the console, or with `arbiter_key`), or start the server with `--arbiter-key`.
ui-game-absent = absent
ui-game-incidents = If the envelope or the adjourned position cannot be had

## The console (issue 27): ids ui-console-…
ui-console-alerts = { $count ->
    [one] the server's alert, above
   *[other] the server's { $count } alerts, above
}
ui-console-token-arbiter = This token is the arbiter's of one game: open that game's arbiter's link; the console needs the organiser's token
ui-console-token-unchecked = The server did not answer: the token could not be checked; try again
ui-console-skip = Skip to the round
ui-console-token-hint = The organiser's token: printed by `arbitre serve` at its first start, or the one given with `--organiser-token`
ui-console-token-checking = Checking the token…
ui-console-token-ok = Token accepted: this console acts as the organiser and as the arbiter of every game
ui-console-token-wrong = This server does not know this token: check it and paste it again
ui-console-token-seat = This token is a seat's, for one game: open that game's link instead; the console needs the organiser's token
ui-console-token-empty = Paste the organiser's token
ui-console-token-needed = Open the console with the organiser's token first
ui-console-token-forget = Forget the token
ui-console-token-forgotten = Token forgotten in this browser
ui-console-required = required
ui-console-optional = optional
ui-console-tc-presets = Usual time controls
ui-console-tc-classical = Classical
ui-console-tc-rapid = Rapid
ui-console-tc-blitz = Blitz
ui-console-tc-preset = Time control { $what }
ui-console-tc-written = Time control, as written
ui-console-tc-hint = For example: 90 min + 30 s, 90+30, 40 moves in 2 h then 1 h, G/60, 3+2
ui-console-tc-minutes = Minutes
ui-console-tc-increment-field = Seconds added per move
ui-console-tc-simple = Or in minutes and seconds
ui-console-tc-reads = Reads as
ui-console-tc-pgn = PGN TimeControl
ui-console-tc-type = Game type
ui-console-tc-empty = Write the time control, or choose one above
ui-console-tc-unreadable = “{ $what }” cannot be read as a time control: write for example “90 min + 30 s” or “40 moves in 2 h, then 1 h”
ui-console-tc-hours = { $n } h
ui-console-tc-minutes-n = { $n } min
ui-console-tc-seconds = { $n } s
ui-console-tc-moves-in = { $moves } moves in { $time }
ui-console-tc-rest = { $time } for the rest of the game
ui-console-tc-then = , then
ui-console-tc-increment = { $seconds } s per move
ui-console-tc-delay = a delay of { $seconds } s per move
ui-console-tc-bronstein = a Bronstein delay of { $seconds } s per move
ui-console-tc-from-move-one = {" "}from move 1
ui-console-tc-no-clock = no clock
ui-console-create = Create the game
ui-console-creating = Creating the game…
ui-console-fix-form = The game is not created: correct the field marked below
ui-console-created = Game created: { $what }
ui-console-copy = Copy { $what }
ui-console-copied = Copied: { $what }
ui-console-copy-failed = The link could not be copied: select it and copy it by hand
ui-console-print = Print the sheet of links
ui-console-sheet-hint = Print this sheet, or show each QR code to the phone at its board
ui-console-key-title = The key to this game's envelopes
ui-console-key-only-copy = The arbiter's link holds the only copy of the key that opens this game's sealed envelopes: the server does not keep it. Keep the arbiter's link or save the key before you leave this page; without it no envelope of this game can be opened.
ui-console-key-kept = The key is also kept in this browser: the arbiter's page opened from here opens the envelope in one click.
ui-console-key-save = Save the arbiter's key
ui-console-warnings = To know before the game
ui-console-round = The round
ui-console-live = Live
ui-console-not-live = Not live: reconnecting…
ui-console-updated = Updated at { $time }
ui-console-col-board = Board
ui-console-col-players = Players
ui-console-col-state = State
ui-console-col-clocks = Clocks
ui-console-col-waits = Waits for the arbiter
ui-console-col-links = Links
ui-console-not-started = not started
ui-console-to-move = { $side } to move
ui-console-move-number = move { $n }
ui-console-moves = { $n ->
        [one] { $n } move
       *[other] { $n } moves
    }
ui-console-adjourned-to-seal = adjourned: { $side } to seal
ui-console-adjourned-sealed = adjourned, move sealed
ui-console-resumed = resumed
ui-console-present = present: { $what }
ui-console-nobody = nobody
ui-console-finished = finished: { $result }
ui-console-altered = altered in the database
ui-console-clock = { $side }: { $time }
ui-console-clock-running = { $side }: { $time }, running
ui-console-nothing = nothing
ui-console-not-sealable = cannot be sealed
ui-console-open-board = Open board { $n } as arbiter
ui-console-open-round-board = Open round { $round }, board { $n } as arbiter
ui-console-spectate = Spectator's view
ui-console-no-links = Seat links: only in the browser that created the game
ui-console-start-none = Every game is already started
ui-console-started = { $count ->
        [one] { $count } game started
       *[other] { $count } games started
    }
ui-console-adjourn-title = Adjourn every game being played
ui-console-adjourn-explain = { $count ->
        [one] { $count } game being played will be adjourned: its player with the move seals his next move in an envelope.
       *[other] { $count } games being played will be adjourned: in each, the player with the move seals his next move in an envelope.
    }
ui-console-resume-at = Resumption time
ui-console-place = Place
ui-console-adjourn-n = { $count ->
        [one] Adjourn 1 game
       *[other] Adjourn { $count } games
    }
ui-console-cancel = Cancel
ui-console-adjourn-none = No game is being played: there is nothing to adjourn
ui-console-adjourned = { $count ->
        [one] { $count } game adjourned
       *[other] { $count } games adjourned
    }
ui-console-unsealable-warning = { $count ->
        [one] { $count } game cannot be sealed (no arbiter's key): its player cannot put his move in an envelope
       *[other] { $count } games cannot be sealed (no arbiter's key): their players cannot put their moves in an envelope
    }
ui-console-default-place = Playing hall
ui-console-field-required = This field is required
ui-console-pgn-none = No game to export yet
ui-console-server-down = The server does not answer ({ $what }); the console tries again
ui-console-refused = Refused: { $what }
ui-console-board-n = Board { $n }
ui-console-round-board = Round { $round } · Board { $n }
ui-console-round-n = Round { $n }
ui-console-count-games = { $count ->
        [one] { $count } game
       *[other] { $count } games
    }
ui-console-count-playing = { $count } being played
ui-console-count-waiting = { $count } waiting for the arbiter
ui-console-created-hint = Hand each player his link (or its QR code); keep the arbiter's.
ui-rounds = Rounds
ui-rounds-new = New round
ui-rounds-source = The pairings
ui-rounds-source-trf = A TRF file and the round's pairs
ui-rounds-source-pgn = A pairing PGN
ui-rounds-paste-hint = Paste the text exported by the pairing program, or choose its file.
ui-rounds-trf = Tournament file (TRF)
ui-rounds-trf-file = TRF file
ui-rounds-pairs = The round's pairs (JaVaFo form)
ui-rounds-pairs-file = Pairs file
ui-rounds-pgn = Pairing PGN
ui-rounds-pgn-file = PGN file
ui-rounds-delay = Broadcast delay (seconds)
ui-rounds-site = Site
ui-rounds-date = Date
ui-rounds-create = Create the round
ui-rounds-open = Open the round page
ui-rounds-key-title = The key to this round's envelopes
ui-rounds-key-only-copy = The server made one key for the envelopes of every board of this round, and keeps no copy: it is kept in this browser (the boards' arbiter links on the round page carry it) and nowhere else. Save it before you leave this page; without it no envelope of this round can be opened.
ui-rounds-list = The rounds of this server
ui-rounds-none = No round yet
ui-rounds-missing-trf = Paste the tournament file or choose it
ui-rounds-missing-pairs = Paste the round's pairs or choose their file
ui-rounds-missing-pgn = Paste the pairing PGN or choose its file
ui-rounds-created = Round { $n } created: { $count ->
        [one] { $count } board
       *[other] { $count } boards
    }
ui-rounds-finished = finished
ui-rounds-under-way = under way
ui-round-name = { $what } — round { $n }
ui-round-page = Round
ui-round-skip = Skip to the boards
ui-round-boards = The boards
ui-round-col-result = Result
ui-round-col-moves = Moves
ui-round-state-playing = being played
ui-round-state-adjourned = adjourned
ui-round-state-awaiting-ruling = waiting for the arbiter
ui-round-state-finished = finished
ui-round-state-unavailable = unavailable
ui-round-byes-list = Byes: { $what }
ui-round-delay = Broadcast delayed by { $seconds } s
ui-round-pgn = Download the PGN
ui-round-trf = Download the TRF
ui-round-trf-token = The TRF needs the organiser's token: open it in the console first
ui-round-trf-saved = TRF downloaded
ui-round-hall = Hall display
ui-round-act = The whole round
ui-round-start = Start every board
ui-round-stop = Stop every clock
ui-round-restart = Restart every clock
ui-round-adjourn = Adjourn every game
ui-round-acted = { $count ->
    [0] Nothing to do: every board is finished.
    [one] Done on one board.
   *[other] Done on { $count } boards.
}
ui-round-acted-refused = Refused on board(s) { $what }: see each board's game.
ui-round-print = Print the sheets, one per board
ui-round-no-links = The seat links are kept by the browser that created the round: open this page there to print them.
ui-round-unknown = This round does not exist on this server
ui-round-moves-n = { $count ->
        [one] { $count } move
       *[other] { $count } moves
    }
ui-rounds-boards-n = { $count ->
        [one] { $count } board
       *[other] { $count } boards
    }
