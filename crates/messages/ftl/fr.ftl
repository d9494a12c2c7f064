# arbitre : ce que disent les décisions de l'arbitre, en français.
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Les mêmes identifiants que en.ftl (voir son en-tête pour les arguments).
# Le vocabulaire est celui du texte français des Règles du jeu d'échecs de la
# FIDE : trait, pendule, drapeau, nullité, réclamation fondée ou injustifiée,
# coup sous enveloppe, ajournement, reprise, fin de partie au K.O.
# Un camp est passé sans article (« Blancs », « Noirs ») : les messages
# écrivent « les Blancs », « des Blancs », « aux Blancs », verbe au pluriel.

## Camps et acteurs

side-white = Blancs
side-black = Noirs
actor-arbiter = Arbitre

## Notes : un message par décision

game-over = { $result } : { $termination }
game-over-because = { $result } : { ending-because }
dead-position = La partie est nulle : un mat ne peut se produire par aucune suite de coups légaux
flag-fell = Le drapeau des { $side } est tombé
flag-fell-unclaimed = Le drapeau des { $side } est tombé ; il ne compte que sur réclamation fondée
arbiter-must-rule-on-mate = La recherche n’a pas pu établir si les { $side } peuvent mater : l’arbitre doit trancher
out-of-order = Événement antérieur au précédent : ignoré
time-out-of-range = Refusé : { $what ->
        [t] l’heure de l’événement
        [set_clocks] un temps de réglage des pendules
        [adjust_time] une correction de temps
       *[other] le temps « { $what } »
    } sort de l’intervalle de 0 à un an
history-move-after-end = Refusé : { $move } a été noté après la fin de la partie
press-without-move = Les { $side } ont appuyé sur la pendule sans jouer : sanctionné comme un coup illégal
offer-declined-by-touch = Les { $side } ont touché une pièce : l’offre de nullité est rejetée
touch-claim-right-lost = Refusé : les { $side } ont touché une pièce et perdu le droit de réclamer l’application de la règle de la pièce touchée
right-lost-by-touch = Les { $side } ont touché une pièce et perdu le droit de réclamer la nullité pour ce coup
no-clock-to-restore = La partie se joue sans pendule : aucun temps à rétablir, la partie continue
sealed-move-not-played = Refusé : les { $side } ne peuvent pas jouer sur l’échiquier tant que le coup mis sous enveloppe n’a pas été joué
game-started = L’arbitre lance la partie : la pendule des { $side } tourne
absent-at-start = Les { $side } ne sont pas à l’échiquier au début de la partie
neither-present = Aucun joueur n’est à l’échiquier : la pendule des { $side } tourne, ils perdent le temps écoulé jusqu’à leur arrivée
not-started = Refusé : l’arbitre n’a pas lancé la partie
clocks-stopped = L’arbitre arrête les deux pendules
clocks-restarted = L’arbitre remet la pendule en marche
clocks-stopped-by-arbiter = Refusé : l’arbitre a arrêté les pendules
clocks-stopped-for-call = Refusé : les pendules sont arrêtées tant que l’appel des { $side } attend l’arbitre
arbiter-called = Les { $side } appellent l’arbitre et arrêtent les deux pendules, ce qu’un joueur ne peut faire que pour demander son assistance : elles restent arrêtées jusqu’à ce que l’arbitre les remette en marche
arbiter-called-clocks-run = Les { $side } appellent l’arbitre ; le joueur n’a pas de pendule à arrêter : les pendules continuent de tourner
call-answered = L’arbitre répond à l’appel des { $side }
call-already-pending = Refusé : les { $side } ont déjà appelé l’arbitre, et l’appel attend sa réponse
no-call-to-answer = Refusé : aucun appel de joueur n’attend de réponse
time-adjusted = L’arbitre corrige les temps : { side-white } { $white }, { side-black } { $black }
game-already-over = Refusé : la partie est terminée
awaiting-ruling = Refusé : une décision de l’arbitre est attendue
clocks-set = L’arbitre règle les pendules : { side-white } { $white }, { side-black } { $black }
not-handled = Refusé : { $action ->
        [move] jouer un coup
        [press] appuyer sur la pendule
        [touch] toucher une pièce
        [offer_draw] proposer la nullité
        [accept_draw] accepter la nullité
        [decline_draw] refuser la nullité
        [claim] réclamer
        [resign] abandonner
        [seal] mettre un coup sous enveloppe
        [open] ouvrir une enveloppe
        [arrive] arriver à l’échiquier
        [adjourn] ajourner la partie
        [resume] reprendre la partie
        [ruling] statuer sur une réclamation
        [envelope_lost] déclarer l’enveloppe perdue
        [unrestorable] déclarer ce qui ne peut être rétabli
        [set_clocks] régler les pendules
        [misrestored] signaler une partie mal reconstituée
        [start] lancer la partie
        [stop_clocks] arrêter les pendules
        [restart_clocks] remettre la pendule en marche
        [adjust_time] corriger les temps
        [declare_result] déclarer un résultat
        [call_arbiter] appeler l’arbitre
        [answer_call] répondre à un appel
       *[other] « { $action } »
    } ne revient pas à qui l’a fait, ou pas à ce moment
ambiguous-move = Refusé : « { $text } » désigne { $candidates } coups légaux
illegal-move-refused = Refusé : « { $text } » ne désigne aucun coup légal
unreadable-move = Refusé : « { $text } » ne peut être lu comme un coup
declared-move-due = Refusé : le coup déclaré lors de la réclamation, { $move }, doit être joué
clock-not-pressed = Les { $side } n’avaient pas appuyé sur la pendule ; elle a tourné jusqu’au coup adverse
offer-declined-by-move = Les { $side } rejettent l’offre de nullité en jouant un coup
not-your-move = Refusé : ce n’est pas aux { $side } de jouer
nothing-to-press = Refusé : les { $side } n’ont pas de coup à compléter
nothing-to-claim = Refusé : les { $side } n’ont rien à réclamer : la chute du drapeau et les nulles terminent la partie d’elles-mêmes
no-touch-move = Refusé : les coups se jouent avec un appareil ; toucher une pièce n’engage pas les { $side }
offer-already-pending = L’offre des { $side } est déjà en cours
offer-made = Les { $side } proposent la nullité (=)
offer-at-wrong-moment = L’offre des { $side } est valable mais n’a pas été faite entre le coup et l’appui sur la pendule
offer-lapsed-game-over = L’offre de nullité tombe : la partie est terminée
agreement-too-early = Refusé : chaque joueur doit avoir joué au moins un coup
no-offer-to-answer = Refusé : aucune offre de nullité de l’adversaire n’est en cours
offer-declined = Les { $side } rejettent l’offre de nullité
flag-not-fallen = Refusé : le drapeau des { $side } n’est pas tombé
flag-claim-valid = Réclamation fondée des { $side } : leur drapeau est debout, celui de l’adversaire est tombé
flag-claim-own-fallen = Refusé : le drapeau des { $side } est tombé lui aussi
claim-without-the-move = Refusé : seul le joueur ayant le trait peut réclamer ; les { $side } ne l’ont pas
claim-examined = Les { $side } réclament { $claim } ; les deux pendules sont arrêtées
declared-move-invalid = Le coup déclaré « { $text } » ne désigne pas un unique coup légal
right-lost = Les { $side } ont joué au lieu de réclamer : ce droit est perdu
not-physically-possible = Refusé : « { $text } » ne peut pas être joué sur l’échiquier
illegal-move-withdrawn = Les { $side } remplacent le coup illégal non complété
illegal-move-made = Les { $side } jouent le coup illégal { $text }
pawn-becomes-queen = Le pion des { $side } sur la dernière rangée n’a pas été remplacé : il devient une dame
arbiter-intervenes = L’arbitre intervient sans réclamation sur le coup illégal des { $side }
replacing-move-touched = Les { $side } doivent le remplacer par un coup de la pièce touchée, si elle en a un
position-reinstated = La position d’avant le coup illégal des { $side } est rétablie
illegal-move-penalty = Coup illégal n° { $count } des { $offender } : l’adversaire reçoit { $bonus } de plus
illegal-move-completed = { $unplayable ->
        [true] Le coup illégal des { $offender } est complété : il reste acquis sauf réclamation de l’adversaire avant son coup ; la position ne peut pas être jouée
       *[false] Le coup illégal des { $offender } est complété : il reste acquis sauf réclamation de l’adversaire avant son coup
    }
illegal-move-stands = L’adversaire a joué : le coup illégal des { $side } ne peut plus être corrigé
arbiter-acts-on-illegal-moves = Refusé : l’arbitre agit lui-même sur les coups illégaux
no-illegal-move-to-claim = Refusé : aucun coup illégal de l’adversaire ne peut être réclamé
illegal-claim-valid = La réclamation des { $side } pour coup illégal est fondée
touch-without-the-move = Refusé : les { $side } n’ont pas le trait
touch-empty-square = Refusé : aucune pièce en { $square }
touched = Les { $side } touchent la pièce en { $square }
touched-piece-must-move = Refusé : les { $side } doivent jouer ou prendre la pièce touchée
touch-move-not-enforced = Le coup des { $side } enfreint la règle de la pièce touchée ; l’article 4 ne s’applique qu’à la demande de l’adversaire
no-touch-breach = Refusé : aucun coup enfreignant la règle de la pièce touchée
touch-move-applied = Règle de la pièce touchée appliquée sur demande : le coup des { $side } est repris, la pièce touchée doit être jouée
too-late-after-three-moves = Refusé : plus de réclamation de ce genre après les trois premiers coups de chaque joueur
initial-position-correct = Refusé : la position initiale était correcte
king-queen-swapped = Roi et dame inversés dans la position initiale : la partie continue, ce roi ne peut pas roquer
board-transferred = La partie continue : la position est reportée sur un échiquier correctement placé
clock-setting-examined = L’arbitre vérifie le réglage des pendules et les règle au besoin
quickplay-excluded = Refusé : pas de telle réclamation en blitz, ni avec incrément ou délai
quickplay-not-announced = Refusé : les directives sur les fins de partie au temps n’ont pas été annoncées avant le tournoi
not-quickplay-finish = Refusé : la partie n’est pas dans sa fin de partie au K.O. (la dernière période)
quickplay-flag-fallen = Refusé : le drapeau des { $side } est déjà tombé
quickplay-too-much-time = Refusé : les { $side } ont deux minutes ou plus
quickplay-claim = Les { $side } réclament la nullité avec moins de deux minutes ; les pendules sont arrêtées, l’arbitre doit décider
quickplay-no-arbiter = Les { $side } réclament la nullité sans arbitre présent : la partie s’arrête ; la réclamation, la position finale et la feuille de partie sont soumises à un arbitre, dont la décision est définitive
ruling-after-flag = La décision avait été remise à plus tard : l’arbitre donne maintenant le résultat
nothing-to-rule = Refusé : aucune réclamation n’attend de décision
quickplay-postponed = L’arbitre remet sa décision à plus tard : l’adversaire reçoit { $bonus } de plus ; la partie continue
quickplay-rejected = L’arbitre rejette la réclamation : l’adversaire reçoit { $bonus } de plus ; la partie continue
both-flags-game-goes-on = Les deux drapeaux sont tombés avant la dernière période : la partie continue
odds-move-gives-check = Refusé : celui qui reçoit l’avantage ne peut rejouer si l’adversaire est en échec
not-adjourned = Refusé : la partie n’est pas ajournée
adjournment-out-of-turn = Refusé : pas à ce stade de l’ajournement
not-your-seal = Refusé : les { $side } n’ont pas de coup à mettre sous enveloppe
must-seal = Fin de la séance : les { $side }, qui ont le trait, doivent mettre leur coup sous enveloppe
early-adjournment = Les { $side } ajournent avant la fin de la séance : ajournement réputé à { $until } à l’horloge de l’arbitre, leur pendule tourne jusque-là
board-move-is-sealed = Les { $side } ont joué sur l’échiquier après l’ordre de mettre leur coup sous enveloppe : ce coup est le coup sous enveloppe
move-sealed = Les { $side } mettent leur coup sous enveloppe ; la pendule est arrêtée, la partie ajournée
game-adjourned = Refusé : la partie est ajournée
envelope-lost = L’enveloppe est perdue : la partie continuera à partir de la position et des temps de l’ajournement
resumed = Reprise : la position et les temps de l’ajournement sont rétablis
sealer-replays = Les { $side } jouent sur l’échiquier le coup qu’ils disent avoir mis sous enveloppe
envelope-opened = Le joueur qui doit répondre est présent : l’enveloppe est ouverte
replier-absent-clock-started = Les { $side }, qui doivent répondre, sont absents : leur pendule est mise en marche
reply-opened = Le joueur qui a mis son coup sous enveloppe est arrivé : la nouvelle enveloppe contenant la réponse est ouverte
envelope-to-open = La partie ne détient que l’engagement sur le coup sous enveloppe des { $side } : l’arbitre ouvre l’enveloppe
opening-mismatch = Refusé : le coup et le sel donnés ne correspondent pas à l’engagement : ce n’est pas le coup mis sous enveloppe
nothing-to-open = Refusé : aucune enveloppe n’attend d’être ouverte
envelope-awaits-arrival = Refusé : l’enveloppe est ouverte à l’arrivée des { $side } (qui répondent au coup sous enveloppe ; leur pendule tourne entre-temps) : enregistrez leur arrivée pour l’ouvrir
envelope-awaits-resumption = Refusé : l’enveloppe est ouverte à la reprise, pas avant
sealed-move-played = Le coup sous enveloppe des { $side }, { $text }, est joué
sealed-move-invalid = Le coup sous enveloppe des { $side }, « { $text } », est { $kind ->
        [ambiguous] ambigu
        [unreadable] faux : sa signification est impossible à établir
       *[illegal] illégal
    }
reply-sealed = Les { $side } mettent leur réponse dans une nouvelle enveloppe ; la pendule de l’absent est mise en marche
arbiter-sets-clocks = Les temps ne peuvent être rétablis : l’arbitre règle les pendules
moves-after-error-annulled = La partie a été mal reconstituée : les coups suivants sont annulés et la position juste rétablie
position-from-envelope = La position a été mal reconstituée : elle est rétablie telle que l’enveloppe la consigne
clock-error-corrected = Une erreur de pendule signalée avant le premier coup est rectifiée
clock-error-too-severe = L’arbitre corrige les pendules : les conséquences de l’erreur seraient trop graves
claim-stands-as-offer = La réclamation des { $side } vaut offre de nullité
claim-incorrect = Réclamation injustifiée des { $side } : le demandeur perd { $taken }, l’adversaire reçoit { $bonus } de plus ; la partie continue
claim-incorrect-time-added = Réclamation injustifiée des { $side } : l’adversaire reçoit { $bonus } de plus ; la partie continue

## Ce qui est réclamé (après « réclame »)

claim-kind-threefold = la nullité par triple répétition
claim-kind-fifty-moves = la nullité par la règle des 50 coups
claim-kind-flag = le gain au temps
claim-kind-illegal-move = pour un coup illégal
claim-kind-quickplay = la nullité en fin de partie au K.O.
claim-kind-touch-move = l’application de la règle de la pièce touchée
claim-kind-initial-position = pour une position initiale incorrecte
claim-kind-board-orientation = pour un échiquier mal orienté
claim-kind-clock-setting = pour un mauvais réglage des pendules

## Résultats

result-white-wins = Les Blancs gagnent
result-black-wins = Les Noirs gagnent
result-draw = Partie nulle
result-annulled = Partie annulée
result-white-by-forfeit = Les Blancs gagnent par forfait
result-black-by-forfeit = Les Noirs gagnent par forfait
result-both-lose = Les deux joueurs perdent

## Fins de partie

termination-checkmate = échec et mat
termination-resignation = abandon
termination-stalemate = pat
termination-dead-position = position morte : aucune suite de coups légaux ne peut mener au mat
termination-agreement = accord mutuel
termination-threefold-repetition = triple répétition, réclamée à bon droit
termination-fifty-moves = 50 coups sans mouvement de pion ni prise, réclamés à bon droit
termination-fivefold-repetition = la même position pour la cinquième fois
termination-seventy-five-moves = 75 coups de chaque joueur sans mouvement de pion ni prise
termination-time-forfeit = chute du drapeau
termination-time-forfeit-draw = chute du drapeau, mais l’adversaire ne peut mater par aucune suite de coups légaux
termination-both-flags = les deux drapeaux sont tombés
termination-illegal-move = coup illégal
termination-illegal-move-draw = coup illégal, mais le demandeur ne peut pas mater
termination-sealed-move-invalid = le coup sous enveloppe est ambigu, faux ou illégal
termination-late-for-resumption = retard à la reprise
termination-quickplay-finish = décision de l’arbitre en fin de partie au K.O.
termination-annulled = la partie est annulée
termination-late-arrival = un joueur est arrivé après le délai de forfait
termination-arbiter-decision = décision de l’arbitre

## Ce que la seule fin de partie ne dit pas (les circonstances d'un
## résultat ; référencé par game-over-because et report-result-because,
report-annulled = partie annulée
## dont il lit les arguments)

ending-because = { $circumstance ->
        [opponent-cannot-mate] { $termination }, mais l’adversaire ne peut mater par aucune suite de coups légaux
        [position-unrestorable] la position à l’ajournement ne peut pas être rétablie
        [times-unrestorable] les temps utilisés à l’ajournement ne peuvent pas être rétablis
        [misrestored] la partie a été mal reconstituée et la position à la reprise est inconnue
        [initial-position-incorrect] la position initiale des pièces était incorrecte
       *[other] { $termination }
    }

## États d'une partie, types de partie

state-playing = la partie continue
state-adjourned = partie ajournée
state-awaiting-ruling = en attente de la décision de l’arbitre
state-finished = partie terminée
game-type-standard = partie standard
game-type-rapid = partie rapide
game-type-blitz = blitz

## Genres de décision (libellés des codes de DecisionKind)

kind-result = résultat
kind-dead-position = position morte
kind-flag = drapeau
kind-ruling-needed = décision requise
kind-clocks-set = pendules réglées
kind-offer = offre
kind-adjournment = ajournement
kind-resumption = reprise
kind-sealed-move-invalid = coup sous enveloppe non valable
kind-refused = refus
kind-illegal-move = coup illégal
kind-reinstated = position rétablie
kind-claim-valid = réclamation fondée
kind-touch-move = pièce touchée
kind-penalty = sanction
kind-illegal-move-stands = coup illégal acquis
kind-ruling = décision
kind-claim = réclamation
kind-breach = infraction
kind-offer-lapsed = offre caduque
kind-start = début
kind-clocks = pendules
kind-time-adjusted = temps corrigés
kind-right-lost = droit perdu
kind-clock = pendule
kind-claim-incorrect = réclamation injustifiée
kind-call = appel

## Événements : qui, puis quoi

event = { $actor } : { $action }
event-move = { $text }
event-move-unpressed = { $text } (sans appuyer sur la pendule)
event-press = appuie sur la pendule
event-touch = touche la pièce en { $square }
event-offer-draw = propose la nullité
event-accept-draw = accepte la nullité
event-decline-draw = refuse la nullité
event-claim = réclame { $claim }
event-claim-declared = réclame { $claim } (coup déclaré { $text })
event-resign = abandonne
event-seal = met son coup sous enveloppe
event-open = ouvre l’enveloppe : { $text }
event-arrive = arrive à l’échiquier
event-adjourn = ajourne la partie (reprise : { $resume_at }, { $place })
event-resume = reprend la partie
event-ruling = { $judgment ->
        [draw] déclare la partie nulle
        [postpone] remet sa décision à plus tard
       *[reject] rejette la réclamation
    }
event-envelope-lost = constate la perte de l’enveloppe
event-unrestorable = { $what ->
        [position] constate que la position ne peut être rétablie
       *[times] constate que les temps ne peuvent être rétablis
    }
event-misrestored = constate que la partie a été mal reconstituée
event-start = lance la partie
event-start-absent = lance la partie (les { $side } sont absents)
event-start-both-absent = lance la partie (les deux joueurs sont absents)
event-stop-clocks = arrête les pendules
event-restart-clocks = remet la pendule en marche
event-call-arbiter = appelle l’arbitre
event-answer-call = répond aux appels
event-answer-call-side = répond à l’appel des { $side }
event-adjust-time = corrige les temps : { side-white } { $white }, { side-black } { $black } (art. { $article })
event-declare-result = déclare le résultat : { $result } (art. { $article })
event-set-clocks = règle les pendules : { side-white } { $white }, { side-black } { $black }


## arbitre analyze (analyze-…)

analyze-can-mate = { $side ->
        [white] les Blancs peuvent
       *[black] les Noirs peuvent
    } mater : { $verdict ->
        [yes] oui
        [no] non
       *[unknown] inconnu
    }
analyze-already-mate = (déjà mat)
analyze-dead = position morte : { $dead ->
        [yes] oui
        [no] non
       *[unknown] inconnu
    }  ({ $micros } µs)
analyze-dead-nodes = position morte : { $dead ->
        [yes] oui
        [no] non
       *[unknown] inconnu
    }  ({ $nodes } nœuds, { $micros } µs)
analyze-error = erreur : { $error }
analyze-invalid-inputs = { $count ->
        [one] { $count } entrée n’est pas une position légale
       *[other] { $count } entrées ne sont pas des positions légales
    }

## Les positions qui ne peuvent être posées (fen-… : les défauts d'une FEN)

fen-illegal = position illégale
fen-illegal-because = position illégale : { $problems }
fen-empty-board = l’échiquier est vide
fen-missing-king = un camp n’a pas de roi
fen-too-many-kings = un camp a plus d’un roi
fen-pawns-on-backrank = un pion se trouve sur la première ou la dernière rangée
fen-castling-rights = les droits de roque ne correspondent pas aux rois et aux tours sur leurs cases
fen-en-passant-square = la case de prise en passant n’est pas celle qu’un pion vient de franchir
fen-opposite-check = le camp qui n’a pas le trait est en échec
fen-impossible-check = l’échec ne peut pas résulter d’un coup légal
fen-too-much-material = il y a plus de pièces qu’une partie ne peut en avoir
fen-variant = ce n’est pas une position d’échecs orthodoxes
fen-malformed-fen = FEN mal formée : { $part ->
        [board] la partie échiquier (huit rangées de pièces et de chiffres séparées par /) est illisible
        [turn] le trait n’est ni w ni b
        [castling] la partie roques est illisible
        [en-passant] la case de prise en passant est illisible
        [halfmove-clock] le compteur de demi-coups n’est pas un nombre
        [fullmoves] le numéro de coup n’est pas un nombre à partir de 1
       *[other] ce n’est pas une position écrite en FEN
    }

## Les éditions par leur nom (edition-<code>)

edition-fide-1930 = Règlement de la FIDE de 1930
edition-fide-2001 = Règles du jeu d’échecs de la FIDE 2001
edition-fide-2005 = Règles du jeu d’échecs de la FIDE 2005
edition-fide-2023 = Règles du jeu d’échecs de la FIDE 2023
edition-fide-online-2021 = Règlement FIDE des échecs en ligne 2021

## Le rapport texte de `arbitre replay`

report-header = { $edition } · cadence { $control } · { $game_type }
report-header-untimed = { $edition } · partie jouée sans pendule · { $game_type }
report-decision = [{ $article }] { $kind } : { $message }
report-scoresheet = Feuille de partie : { $moves }
report-result = Résultat : { $result } ({ $termination }, art. { $article })
report-result-because = Résultat : { $result } ({ ending-because }, art. { $article })
report-result-pending = Résultat : * ({ $state })
report-clocks = Pendules : { side-white } { $white }, { side-black } { $black }

## Ce que le serveur enregistre de lui-même (arbitre serve)

server-shutdown = Arrêt du serveur : les pendules sont arrêtées.
server-outage = Panne du serveur : les pendules sont arrêtées pendant la panne ; rien n’en est décidé.
server-restart = Le serveur a redémarré : les pendules repartent.
server-outage-over = Panne du serveur ({ $duration }) : les pendules ont été arrêtées pendant la panne ; rien n’en a été décidé.
server-shutdown-over = Arrêt du serveur ({ $duration }) : les pendules ont été arrêtées jusqu’à son redémarrage ; rien n’en a été décidé.
server-white-disconnected = Les Blancs sont déconnectés ; leur pendule tourne. L’arbitre décide : arrêter les pendules, ajouter du temps ou prononcer un résultat.
server-black-disconnected = Les Noirs sont déconnectés ; leur pendule tourne. L’arbitre décide : arrêter les pendules, ajouter du temps ou prononcer un résultat.
server-white-reconnected = Les Blancs sont de nouveau connectés.
server-black-reconnected = Les Noirs sont de nouveau connectés.

## Les pages (web/) : l’échiquier des joueurs, la vue des spectateurs, la console de l’arbitre

ui-language = Langue
ui-flip = Retourner l’échiquier
ui-you-play = Vous jouez les { $side }
ui-spectator = Spectateur
ui-arbiter = Arbitre
ui-to-move = Trait aux { $side }
ui-clock-running = en marche
ui-flag-fallen = Le drapeau des { $side } est tombé
ui-flag-to-claim = Le drapeau des { $side } est tombé : il ne compte que s’il est réclamé
ui-scoresheet = Feuille de partie
ui-decisions = Décisions
ui-type-move = Écrire un coup
ui-type-move-hint = Dans la notation du tournoi, par exemple { $example }
ui-play = Jouer
ui-resign = Abandonner
ui-resign-confirm = Abandonner la partie ?
ui-offer-draw = Proposer nulle avec mon prochain coup
ui-offer-draw-now = Proposer nulle
ui-accept-draw = Accepter la nulle
ui-decline-draw = Refuser la nulle
ui-why-not-your-move = Ce n’est pas votre trait
ui-why-game-over = La partie est terminée
ui-why-not-a-player = Réservé aux joueurs
ui-why-no-offer = Aucune proposition de nulle en cours
ui-why-offer-pending = Votre proposition est en cours
ui-why-offer-procedure = { $article } : la nulle se propose entre le coup joué et la pression sur la pendule ; cochez avant de jouer, ou appuyez sur la pendule séparément
ui-promote-to = Promouvoir en
ui-connected = En direct
ui-reconnecting = Reconnexion…
ui-refused = Refusé
ui-opponent-moved = Les { $side } ont joué { $move }
ui-result = Résultat : { $result }
ui-seal = Mettre le coup sous enveloppe
ui-seal-hint = L’arbitre a ajourné la partie : écrivez votre coup sous enveloppe ; personne ne le voit avant l’ouverture de l’enveloppe
ui-seal-confirm = Mettre { $move } sous enveloppe ? Il ne pourra plus être changé.
ui-console = Console de l’arbitre
ui-token = Jeton de l’organisateur ou de l’arbitre
ui-token-save = Ouvrir
ui-games = Parties
ui-new-game = Nouvelle partie
ui-edition = Règles
ui-time-control = Cadence
ui-white-player = Blancs
ui-black-player = Noirs
ui-event = Tournoi
ui-round = Ronde
ui-board = Table
ui-create = Créer
ui-links = Liens des places
ui-link-white = Lien des Blancs
ui-link-black = Lien des Noirs
ui-link-arbiter = Lien de l’arbitre
ui-copy = Copier
ui-start = Lancer la pendule
ui-stop-clocks = Arrêter les pendules
ui-restart-clocks = Remettre la pendule en marche
ui-call-arbiter = Appeler l’arbitre
ui-call-stopped = Les { $side } ont appelé l’arbitre à { $time } : les pendules sont arrêtées
ui-call-running = Les { $side } ont appelé l’arbitre à { $time } : les pendules continuent de tourner
ui-call-you-stopped = Vous avez appelé l’arbitre à { $time } : les pendules sont arrêtées
ui-call-you-running = Vous avez appelé l’arbitre à { $time } : les pendules continuent de tourner
ui-hall-called = Les { $side } ont appelé l’arbitre
ui-call-answer = Répondre à l’appel des { $side }
ui-why-call-pending = Votre appel attend la réponse de l’arbitre
ui-calls = Appels à l’arbitre
ui-calls-none = Aucun appel n’attend l’arbitre
ui-round-call = Les { $side } appellent l’arbitre
ui-waiting = { $count ->
        [one] une chose attend l’arbitre
       *[other] { $count } choses attendent l’arbitre
    }
ui-no-games = Aucune partie
ui-tampered = altérée
ui-tampered-why = Une ligne enregistrée de cette partie a été changée dans la base de données par un autre que le serveur : elle n’est pas servie avant l’examen de l’arbitre ({ $what }).
ui-moves = Coups
ui-state = État
ui-players = Joueurs
ui-pgn = PGN
ui-claim-intended-hint = Pour une réclamation sur le coup que vous comptez jouer (9.2, 9.3), écrivez-le d’abord dans le champ du coup : il est annoncé, pas joué
ui-at-board = Je suis à l’échiquier
ui-seal-button = Sceller
ui-arbiter-actions = L’arbitre
ui-adjust-time = Corriger le temps
ui-seconds = Secondes (+ ajoute, − retire)
ui-article = Article
ui-apply = Appliquer
ui-declare-result = Prononcer un résultat
ui-article-not-for-time = L’article { $article } de cette édition ne permet pas à l’arbitre d’ajouter ou de retirer du temps ; les plus proches qui le permettent : { $nearest }
ui-article-not-for-result = L’article { $article } de cette édition ne permet pas à l’arbitre de déclarer un résultat ; les plus proches qui le permettent : { $nearest }
ui-adjourn = Ajourner
ui-resume-at = Reprise
ui-place = Lieu
ui-resume = Reprendre la partie
ui-ruling = Statuer sur la réclamation : { $what }
ui-ruling-draw = Nulle
ui-ruling-postpone = Différer
ui-ruling-reject = Rejeter
ui-envelope-lost = L’enveloppe est perdue
ui-unrestorable-position = La position ne peut être rétablie
ui-unrestorable-times = Les temps ne peuvent être rétablis
ui-open-envelope = Ouvrir l’enveloppe
ui-open-hint = Ce qu’affiche l’ouverture de l’enveloppe en ligne de commande avec --json (ou le coup, et le sel à côté)
ui-salt = Sel
ui-start-absent = Lancer, les { $side } absents
ui-claim-button = Réclamer
ui-start-round = Lancer la ronde
ui-adjourn-all = Ajourner toutes les parties
ui-pgn-all = PGN de toutes les parties
ui-clocks = Pendules
ui-envelope = L’enveloppe (A2)
ui-envelope-sealer = Coup scellé par
ui-envelope-move-number = Numéro du coup
ui-envelope-time-used = Temps utilisé
ui-press = Appuyer sur la pendule
ui-why-press = { $article } : on appuie sur la pendule une fois son coup joué
ui-press-separately = Appuyer sur la pendule séparément
ui-open-with-key = Ouvrir avec mon fichier de clé
ui-open-key-file = Le fichier de clé de l’arbitre (`arbiter.key`)
ui-open-key-private = Le fichier de clé est lu par cette page seulement : il n’est jamais envoyé
ui-open-needs-secure = L’ouverture avec le fichier de clé demande la page en https ou sur cet ordinateur ; collez plutôt ce qu’affiche `arbitre envelope open --json`
ui-key-file-bad = Ce n’est pas un fichier de clé d’arbitre (`arbiter.key`, de `arbitre keygen`)
ui-envelope-malformed = L’enveloppe est mal formée
ui-envelope-altered = La signature de l’enveloppe ne tient pas : elle a été modifiée ; ne l’ouvrez pas, gardez-la pour l’appel
ui-envelope-other-signer = L’enveloppe est intacte mais signée par une autre clé que celle de ce serveur
ui-envelope-wrong-key = Cette clé n’ouvre pas cette enveloppe : elle a été scellée pour la clé d’un autre arbitre
ui-envelope-undecryptable = L’enveloppe ne se déchiffre pas avec cette clé
ui-question-quickplay-claim = { $article } : les { $side } réclament la nulle (fin de partie au temps)
ui-question-quickplay-at-flag = { $article } : le drapeau des { $side } est tombé, la réclamation des { $claimant } ayant été différée
ui-question-quickplay-referred = { $article } : les { $side } ont réclamé la nulle en l’absence d’arbitre ; la réclamation vous est soumise
ui-ruling-flag-decides = Le drapeau décide
ui-question-mate = Les { $side } peuvent-ils encore mater par une suite de coups légaux ? La recherche n’a pas pu le dire
ui-mate-yes = Oui : les { $side } gagnent
ui-mate-no = Non : partie nulle
ui-question-open-envelope = L’enveloppe scellée par les { $side } attend d’être ouverte avec la clé de l’arbitre
ui-pending = En attente de l’arbitre
ui-nothing-pending = Rien n’attend l’arbitre
ui-nothing-else-pending = Rien d’autre n’attend l’arbitre
ui-open-as-arbiter = Ouvrir la partie en tant qu’arbitre
ui-qr = Code QR du lien, pour un téléphone à l’échiquier
ui-period = Période { $n } sur { $count } : { $what }
ui-period-moves = { $moves } coups en { $time }
ui-period-rest = le reste de la partie en { $time }
ui-increment = +{ $seconds } s par coup
ui-delay = un délai de { $seconds } s par coup
ui-bronstein = un délai Bronstein de { $seconds } s par coup
ui-to-control = { $side } : { $count ->
        [one] un coup
       *[other] { $count } coups
    } avant le contrôle

## arbitre envelope show / open (cli-envelope-…)

cli-envelope-title = Enveloppe de coup secret ({ $format })
cli-envelope-laws = Règles : { $edition } (art. { $article })
cli-envelope-laws-unknown = Règles : { $edition }
cli-envelope-player = { $side } : { $name }
cli-envelope-not-recorded = (non noté)
cli-envelope-position = Position à l’ajournement : { $fen }
cli-envelope-time-used = Temps utilisé : { side-white } { $white }, { side-black } { $black }
cli-envelope-time-remaining = Temps restant : { side-white } { $white }, { side-black } { $black }
cli-envelope-sealed-by = Coup secret des { $side }, coup { $number }
cli-envelope-draw-offer = Proposition de nullité en suspens : { $offer ->
        [white] les { side-white } ont proposé la nullité avant l’ajournement
        [black] les { side-black } ont proposé la nullité avant l’ajournement
       *[none] aucune
    }
cli-envelope-resumption = Reprise : { $at }, { $place }
cli-envelope-commitment = Empreinte (SHA-256) : { $hex }
cli-envelope-sealed-to = Chiffrée pour (clé publique X25519) : { $hex }
cli-envelope-signed-by = Signée par (clé de vérification Ed25519) : { $hex }
cli-envelope-signature-named = Signature : valide pour la clé de vérification nommée dans l’enveloppe (l’enveloppe n’a pas été modifiée depuis que cette clé l’a signée ; vérifiez que c’est celle du scelleur avec --pub DIR)
cli-envelope-signature-pub = Signature : valide pour la clé de vérification de l’arbitre { $path } ; chiffrée pour sa clé publique
cli-envelope-move-white = { $number }. { $move } ({ side-white })
cli-envelope-move-black = { $number }… { $move } ({ side-black })

## arbitre audit (audit-…) : les constats, le rapport texte, son bilan, les erreurs

audit-unreadable = partie illisible à l’octet { $offset }, ligne { $line } : { $why }
audit-unterminated = { $what ->
        [tag] balise non fermée
       *[comment] commentaire non fermé
    }
audit-variant = la variante « { $variant } » ne se joue pas selon les Règles du jeu d’échecs
audit-stray = « { $token } » à l’octet { $offset }, ligne { $line }, n’est ni un coup, ni un numéro de coup, ni un commentaire, ni un NAG, ni une variante, ni un résultat : la partie est examinée jusque-là ({ $plies } { $plies ->
        [one] demi-coup
       *[other] demi-coups
    })
audit-fen-tag = balise FEN « { $fen } » : { $why }
audit-edition-no-date = pas de date : partie jugée selon le texte le plus récent modélisé (« { $name } »)
audit-edition-partial-date = la date « { $date } » est incomplète : partie jugée selon le texte en vigueur à son premier jour possible (« { $name } »)
audit-edition-older = partie jouée avant l’entrée en vigueur du texte qui la juge (« { $name } », { $from }) : c’est le texte modélisé le plus proche
audit-automatic-end-name = { $end ->
        [fivefold] une quintuple répétition
        [seventy-five] la règle des 75 coups
       *[dead] une position morte
    }
audit-start-over = la position de la balise FEN met déjà fin à la partie par { $end ->
        [checkmate] le mat
        [stalemate] le pat
       *[other] { audit-automatic-end-name }
    } ({ $result }) avant son premier coup ; { $plies ->
        [one] { $plies } demi-coup a été écrit
       *[other] { $plies } demi-coups ont été écrits
    } après elle et le résultat noté est { $recorded }
audit-illegal-move = { $number }{ $turn ->
        [white] .
       *[black] ...
    } { $move } n’est pas un coup légal ici ({ $refusal ->
        [ambiguous] notation ambiguë
       *[illegal] aucun coup légal ne s’écrit ainsi
    }) ; la partie est examinée jusqu’à lui
audit-clock-increase = la pendule des { $side } passe de { $from } à { $to } en un coup, { $excess } de plus que ce que donne la cadence { $control } ; { $why }
audit-time-added = cela correspond au temps ajouté pour { $cause ->
        [illegal] un coup illégal de l’adversaire ({ $illegal })
        [claim] une réclamation injustifiée de l’adversaire ({ $claim })
       *[both] un coup illégal de l’adversaire ({ $illegal }) ou une réclamation injustifiée de l’adversaire ({ $claim })
    }
audit-time-unexplained = ce n’est pas une durée que donnent les Règles (une pendule corrigée par un arbitre, ou une erreur de lecture de la retransmission)
audit-clock-emt = la pendule des { $side } indique { $clock } après un coup censé avoir pris { $emt } à partir de { $from } : { $expected } attendu
audit-clock-zero = la pendule des { $side } indique { $clock } après ce coup, incrément compris : le drapeau était tombé et la partie a continué
audit-truncated = le texte des coups s’arrête sans résultat (1-0, 0-1, 1/2-1/2 ou *) : la partie est peut-être incomplète
audit-automatic-end-went-on = { audit-automatic-end-name } a mis fin à la partie par la nullité au demi-coup { $ply } ; { $more ->
        [one] { $more } demi-coup de plus a été joué
       *[other] { $more } demi-coups de plus ont été joués
    } et le résultat noté est { $recorded }
audit-automatic-end = { audit-automatic-end-name } a mis fin à la partie par la nullité au demi-coup { $ply } ; le résultat noté est { $recorded }
audit-how = { $how ->
        [abandonment] par abandon
       *[time] au temps
    }
audit-flag-cannot-mate = les { $side } se voient attribuer le gain { audit-how } ({ $recorded }), mais les { $side } ne peuvent mater par aucune suite de coups légaux{ $dead ->
        [yes] {" "}(la position est morte)
       *[no] {""}
    } : la partie est nulle
audit-mate-undecided-win = les { $side } se voient attribuer le gain { audit-how } ; la recherche n’a pu établir, dans ses limites, si les { $side } pouvaient mater : un arbitre doit trancher
audit-flag-draw-could-mate = nulle au temps, mais les { $flagged } (dont la pendule tournait) ont perdu au temps : les { $side } pouvaient mater (p. ex. { $line })
audit-mate-undecided-draw = nulle au temps ; la recherche n’a pu établir, dans ses limites, si les { $side } pouvaient mater : un arbitre doit trancher
audit-result-vs-board = { $end ->
        [checkmate] le mat
        [stalemate] le pat
       *[dead] une position morte
    } sur l’échiquier au demi-coup { $ply } a fixé le résultat { $result } ; le résultat noté est { $recorded }{ $more ->
        [0] {""}
        [one] {" "}({ $more } demi-coup de plus a été joué)
       *[other] {" "}({ $more } demi-coups de plus ont été joués)
    }
audit-claim-fifty = { $moves } coups de chaque joueur sans prise ni mouvement de pion
audit-claim-after = { $went_on ->
        [yes] la partie a continué
       *[no] le résultat est { $recorded }
    }
audit-claimable-on-the-board = les { $side }, ayant le trait, pouvaient réclamer la nullité avant { $number } : { $kind ->
        [threefold] la même position se présente pour la { $repetitions ->
            [3] troisième
            [4] quatrième
            [5] cinquième
           *[other] { $repetitions }e
        } fois
       *[fifty] { audit-claim-fifty }
    } ; { audit-claim-after }
audit-claimable-by-writing = les { $side } pouvaient réclamer la nullité en inscrivant { $number } { $move } sur leur feuille de partie ({ $kind ->
        [threefold] ce coup ferait se présenter la même position pour la troisième fois
       *[fifty] { audit-claim-fifty }
    }) ; { $played ->
        [it] ils l’ont joué
        [other] ils ont joué { $played_move } à la place
       *[none] ils ne l’ont pas fait
    }, et { audit-claim-after }
audit-headline = partie { $game } ({ $file }, octet { $offset }, ligne { $line }) : { $tags }, jugée selon « { $name } »
audit-row-ply = demi-coup { $ply }
audit-note = note : { $message }
audit-summary-auto = == bilan de l’audit (chaque partie selon les Règles de sa date) ==
audit-summary-auto-editions = == bilan de l’audit (chaque partie selon les Règles de sa date : { $editions }) ==
audit-summary-fixed = == bilan de l’audit (« { $name } ») ==
audit-summary-games = { $games ->
        [one] { $games } partie
       *[other] { $games } parties
    } ({ $plies ->
        [one] { $plies } demi-coup
       *[other] { $plies } demi-coups
    }, { $bytes ->
        [one] { $bytes } octet
       *[other] { $bytes } octets
    }) { $files ->
        [one] d’un fichier
       *[other] de { $files } fichiers
    } en { $secs } s ({ $rate } parties/s)
audit-summary-findings = { $games ->
        [one] { $games } partie
       *[other] { $games } parties
    } avec des constats, { $findings ->
        [one] { $findings } constat
       *[other] { $findings } constats
    }
audit-summary-kind = { $games } partie(s) { $findings } constat(s)
audit-summary-notes = { $notes ->
        [one] { $notes } note
       *[other] { $notes } notes
    } sur les enregistrements de { $games ->
        [one] { $games } partie
       *[other] { $games } parties
    }, qui ne sont pas des infractions aux Règles (listées avec --notes) :
audit-summary-kind-notes = { $games } partie(s) { $findings } note(s)
audit-summary-worst = exemples les plus graves :
audit-summary-example = partie { $game } ({ $file }, octet { $offset }) : { $tags } : { $message }
audit-error = erreur : { $error }
audit-progress = { $games } parties, { $rate } parties/s
audit-game-unreadable = { $file } : partie { $game } : { $message }
audit-stdin-twice = « - » (l’entrée standard) est donné deux fois
audit-no-workers = impossible de démarrer { $jobs } fil(s) de travail : { $error }
audit-cannot-write = impossible d’écrire la sortie : { $error }
audit-reader-stopped = le fil de lecture s’est arrêté de façon inattendue
audit-file-cannot-open = { $file } : ouverture impossible : { $error }
audit-file-cannot-read = { $file } : lecture impossible : { $error }
audit-file-directory = { $file } : c’est un dossier, pas un fichier PGN
audit-file-utf16 = { $file } : pas un fichier PGN tel qu’il est lu ici : texte UTF-16{ $bom ->
        [no] {" "}sans indicateur d’ordre des octets
       *[yes] {""}
    } ; convertissez-le en UTF-8 (p. ex. `iconv -f UTF-16 -t UTF-8`)
audit-file-binary = { $file } : pas un fichier PGN : des données binaires (un octet nul à l’octet { $at }) ; un PGN est du texte
audit-file-no-games = { $file } : aucune partie trouvée ({ $bytes } octets, ni balise ni coup)
audit-file-read-error = { $file } : erreur de lecture vers l’octet { $at } : { $error }

## The game page (issue 27): ids ui-game-…

ui-game-situation = Situation de la partie
ui-game-situation-not-started = La partie n’a pas commencé : l’arbitre met les pendules en marche
ui-game-situation-your-move = À vous de jouer ({ $side })
ui-game-situation-offer = Les { $side } proposent nulle
ui-game-situation-offer-to-you = Les { $side } vous proposent nulle : acceptez, refusez, ou jouez votre coup
ui-game-situation-you-seal = Ajournée : écrivez votre coup sous enveloppe
ui-game-situation-sealing = Ajournée : les { $side } écrivent le coup sous enveloppe
ui-game-situation-sealed = Ajournée, coup sous enveloppe : reprise { $at }, { $place }
ui-game-situation-awaiting = En attente de l’arbitre : { $what }
ui-game-situation-called = Les pendules sont arrêtées pendant l’appel à l’arbitre
ui-game-situation-answered = L’arbitre a répondu à l’appel : les pendules restent arrêtées jusqu’à ce qu’il les remette en marche
ui-game-situation-stopped = Les pendules sont arrêtées jusqu’à ce que l’arbitre les remette en marche
ui-game-refused = Refusé : { $why }
ui-game-not-sent = Non envoyé : le serveur ne répond pas ; réessayez quand la page est en direct
ui-game-not-live = Hors ligne : reconnexion…
ui-game-clock-of = Pendule des { $side }
ui-game-clock-running = en marche
ui-game-clock-stopped = arrêtée
ui-game-clock-not-live = pas en direct
ui-game-flag-you-may-claim = Le drapeau des { $side } est tombé : il ne compte que si vous le réclamez ({ $article }) ; appuyez sur « Réclamer » et choisissez « le gain au temps »
ui-game-your-move = Votre coup
ui-game-move-pending = Envoi de { $move }…
ui-game-move-lost = Votre coup { $move } n’est pas parvenu au serveur : il n’est pas joué et l’échiquier est comme avant ; rejouez-le quand la page est en direct
ui-game-move-illegal = { $move } n’est pas un coup légal dans cette position
ui-game-move-unreadable = « { $move } » ne se lit pas comme un coup ; écrivez-le comme sur la feuille de partie, par exemple { $example }, e4, O-O, ou les cases de départ et d’arrivée : e2e4
ui-game-move-ambiguous = « { $move } » peut être { $candidates } : précisez lequel
ui-game-move-number = No
ui-game-steps = Positions de la partie
ui-game-step-first = Position de départ
ui-game-step-back = Coup précédent
ui-game-step-next = Coup suivant
ui-game-step-last = Retour à la partie
ui-game-viewing = Position après { $move } : appuyez sur Fin ou « Retour à la partie » pour revenir
ui-game-viewing-start = Position de départ : appuyez sur Fin ou « Retour à la partie » pour revenir
ui-game-board-grid = Échiquier : flèches pour aller de case en case, Entrée pour prendre une pièce puis choisir sa case
ui-game-board-keys = Sur l’échiquier : Tab jusqu’aux cases, flèches pour se déplacer, Entrée ou Espace pour prendre la pièce, puis sa case ; Échap la repose. Ailleurs, ←/→ parcourent les coups.
ui-game-empty = vide
ui-game-picked = prise
ui-game-destination = case possible
ui-game-picked-say = { $square } prise : choisissez sa case
ui-game-not-destination = { $square } n’est pas une case où cette pièce peut aller
ui-game-cannot-move = La pièce en { $square } ne peut pas jouer maintenant
ui-game-nothing-to-pick = Rien à prendre en { $square }
ui-game-piece-white-king = roi blanc
ui-game-piece-white-queen = dame blanche
ui-game-piece-white-rook = tour blanche
ui-game-piece-white-bishop = fou blanc
ui-game-piece-white-knight = cavalier blanc
ui-game-piece-white-pawn = pion blanc
ui-game-piece-black-king = roi noir
ui-game-piece-black-queen = dame noire
ui-game-piece-black-rook = tour noire
ui-game-piece-black-bishop = fou noir
ui-game-piece-black-knight = cavalier noir
ui-game-piece-black-pawn = pion noir
ui-game-queen = Dame
ui-game-rook = Tour
ui-game-bishop = Fou
ui-game-knight = Cavalier
ui-game-cancel = Annuler
ui-game-arrive-help = Signale à l’arbitre que vous êtes à l’échiquier : avant le début, pendant un ajournement et à la reprise (un joueur absent peut alors perdre la partie)
ui-game-sealed-move = Coup sous enveloppe
ui-game-seal-the-move = Mettre le coup sous enveloppe
ui-game-seal-empty = Écrivez le coup que vous mettez sous enveloppe
ui-game-seal-consequence = Il ne pourra plus être changé, et personne ne le voit avant que l’arbitre ouvre l’enveloppe à la reprise.
ui-game-resign-consequence = La partie se termine : les { $side } gagnent.
ui-game-claim-title = Réclamer
ui-game-claim-text = Les deux pendules sont arrêtées pendant que l’arbitre examine la réclamation.
ui-game-claim-what = Ce que vous réclamez
ui-game-claim-intended = Le coup que vous comptez jouer (écrit, pas joué), si la réclamation porte sur lui
ui-game-confirm-claim = Confirmer la réclamation
ui-game-claim-right = Si la réclamation est fondée, la partie est nulle ({ $article }).
ui-game-claim-penalty = Si elle ne l’est pas, { $bonus } sont ajoutées à la pendule des { $side } ({ $article }) et la partie continue.
ui-game-claim-penalty-taken = Si elle ne l’est pas, { $taken } sont retirées de votre pendule et { $bonus } ajoutées à celle des { $side } ({ $article }), et la partie continue.
ui-game-claim-examined = L’arbitre examine la réclamation ({ $article }).
ui-game-claim-consequence-flag = Si le drapeau des { $side } est tombé, vous gagnez, ou la partie est nulle si vous ne pouvez mater par aucune suite de coups légaux ({ $article }).
ui-game-claim-consequence-illegal-move = L’arbitre examine le dernier coup des { $side } ({ $article }).
ui-game-claim-consequence-quickplay = L’arbitre statue : nulle, décision différée, ou réclamation rejetée ({ $article }).
ui-game-claim-consequence-touch-move = L’arbitre examine si les { $side } doivent jouer ou prendre la pièce touchée ({ $article }).
ui-game-claim-owed = Votre réclamation n’est pas retenue : vous devez maintenant jouer le coup écrit, { $move } ({ $article })
ui-game-start = Commencer la partie
ui-game-alerts = Ce que le serveur a fait de lui-même
ui-game-acknowledge = Pris connaissance
ui-game-acknowledged = vu
ui-game-presence = À l’échiquier
ui-game-presence-line = { $who } : { $what }
ui-game-present = présent
ui-game-not-present = présence non constatée
ui-game-record-present-white = Constater la présence des Blancs
ui-game-record-present-black = Constater la présence des Noirs
ui-game-and = {" "}et{" "}
ui-game-resume-absent-title = { $count ->
        [one] Présence non constatée : { $who }. Reprendre la partie ?
       *[other] Présences non constatées : { $who }. Reprendre la partie ?
    }
ui-game-resume-absent-text = { $count ->
        [one] La pendule du joueur absent part à la reprise : s’il n’arrive pas dans le délai de forfait du règlement, il perd la partie. Il peut signaler son arrivée depuis sa page, ou vous pouvez la constater.
       *[other] La pendule du joueur au trait part à la reprise : un joueur qui n’arrive pas dans le délai de forfait du règlement perd la partie. Chacun peut signaler son arrivée depuis sa page, ou vous pouvez la constater.
    }
ui-game-resume-anyway = Reprendre quand même
ui-game-key-held = Cette page détient la clé de l’arbitre pour cette partie (venue du lien de l’arbitre) : l’enveloppe s’ouvre ici, la clé ne quitte jamais la page.
ui-game-open-with-file = Ouvrir avec ce fichier de clé
ui-game-open-with-printed = Ouvrir avec ce qui a été affiché
ui-game-choose-key-file = Choisissez d’abord le fichier de clé
ui-game-adjourn-the-game = Ajourner la partie
ui-game-resumption-time = Heure de reprise
ui-game-required-note = Les champs marqués * sont obligatoires.
ui-game-required-missing = Remplissez les champs marqués *
ui-game-side = Camp
ui-game-result = Résultat
ui-game-declare-confirm = Prononcer le résultat { $result } ?
ui-game-declare-consequence = La partie se termine sur ce résultat, inscrit avec l’article donné.
ui-game-not-sealable = Cette partie ne peut pas être mise sous enveloppe : le serveur n’a pas de clé d’arbitre pour elle. Ajournée, son joueur au trait ne pourrait pas mettre son coup sous enveloppe ; créez la partie avec une clé d’arbitre (depuis la console, ou avec `arbiter_key`), ou lancez le serveur avec `--arbiter-key`.
ui-game-absent = absent
ui-game-incidents = Si l’enveloppe ou la position ajournée manquent

## The console (issue 27): ids ui-console-…
ui-console-alerts = { $count ->
    [one] l’alerte du serveur, ci-dessus
   *[other] les { $count } alertes du serveur, ci-dessus
}
ui-console-token-arbiter = Ce jeton est celui de l’arbitre d’une seule partie : ouvrez plutôt le lien de l’arbitre de cette partie ; la console demande le jeton de l’organisateur
ui-console-token-unchecked = Le serveur n’a pas répondu : le jeton n’a pas pu être vérifié ; réessayez
ui-console-skip = Aller à la ronde
ui-console-token-hint = Le jeton de l’organisateur : affiché par `arbitre serve` à son premier lancement, ou celui donné avec `--organiser-token`
ui-console-token-checking = Vérification du jeton…
ui-console-token-ok = Jeton accepté : cette console agit en organisateur et en arbitre de chaque partie
ui-console-token-wrong = Ce serveur ne connaît pas ce jeton : vérifiez-le et collez-le de nouveau
ui-console-token-seat = Ce jeton est celui d’une place, pour une seule partie : ouvrez plutôt le lien de cette partie ; la console demande le jeton de l’organisateur
ui-console-token-empty = Collez le jeton de l’organisateur
ui-console-token-needed = Ouvrez d’abord la console avec le jeton de l’organisateur
ui-console-token-forget = Oublier le jeton
ui-console-token-forgotten = Jeton oublié dans ce navigateur
ui-console-required = obligatoire
ui-console-optional = facultatif
ui-console-tc-presets = Cadences usuelles
ui-console-tc-classical = Classique
ui-console-tc-rapid = Rapide
ui-console-tc-blitz = Blitz
ui-console-tc-preset = Cadence { $what }
ui-console-tc-written = Cadence, telle qu’on l’écrit
ui-console-tc-hint = Par exemple : 90 min + 30 s, 90+30, 40 coups en 2 h puis 1 h, G/60, 3+2
ui-console-tc-minutes = Minutes
ui-console-tc-increment-field = Secondes ajoutées par coup
ui-console-tc-simple = Ou en minutes et secondes
ui-console-tc-reads = Se lit
ui-console-tc-pgn = TimeControl du PGN
ui-console-tc-type = Type de partie
ui-console-tc-empty = Écrivez la cadence, ou choisissez-en une ci-dessus
ui-console-tc-unreadable = « { $what } » ne se lit pas comme une cadence : écrivez par exemple « 90 min + 30 s » ou « 40 coups en 2 h puis 1 h »
ui-console-tc-hours = { $n } h
ui-console-tc-minutes-n = { $n } min
ui-console-tc-seconds = { $n } s
ui-console-tc-moves-in = { $moves } coups en { $time }
ui-console-tc-rest = { $time } pour le reste de la partie
ui-console-tc-then = , puis
ui-console-tc-increment = { $seconds } s par coup
ui-console-tc-delay = un délai de { $seconds } s par coup
ui-console-tc-bronstein = un délai Bronstein de { $seconds } s par coup
ui-console-tc-from-move-one = {" "}dès le premier coup
ui-console-tc-no-clock = sans pendule
ui-console-create = Créer la partie
ui-console-creating = Création de la partie…
ui-console-fix-form = La partie n’est pas créée : corrigez le champ signalé ci-dessous
ui-console-created = Partie créée : { $what }
ui-console-copy = Copier le { $what }
ui-console-copied = Copié : { $what }
ui-console-copy-failed = Le lien n’a pas pu être copié : sélectionnez-le et copiez-le à la main
ui-console-print = Imprimer la feuille des liens
ui-console-sheet-hint = Imprimez cette feuille, ou présentez chaque code QR au téléphone de sa table
ui-console-key-title = La clé des enveloppes de cette partie
ui-console-key-only-copy = Le lien de l’arbitre contient la seule copie de la clé qui ouvre les enveloppes scellées de cette partie : le serveur ne la garde pas. Gardez le lien de l’arbitre ou enregistrez la clé avant de quitter cette page ; sans elle, aucune enveloppe de cette partie ne peut être ouverte.
ui-console-key-kept = La clé est aussi gardée dans ce navigateur : la page de l’arbitre ouverte d’ici ouvre l’enveloppe en un clic.
ui-console-key-save = Enregistrer la clé de l’arbitre
ui-console-warnings = À savoir avant la partie
ui-console-round = La ronde
ui-console-live = En direct
ui-console-not-live = Pas en direct : reconnexion…
ui-console-updated = Mis à jour à { $time }
ui-console-col-board = Table
ui-console-col-players = Joueurs
ui-console-col-state = État
ui-console-col-clocks = Pendules
ui-console-col-waits = Attend l’arbitre
ui-console-col-links = Liens
ui-console-not-started = pas commencée
ui-console-to-move = Trait aux { $side }
ui-console-move-number = coup { $n }
ui-console-moves = { $n ->
        [one] { $n } coup
       *[other] { $n } coups
    }
ui-console-adjourned-to-seal = ajournée : les { $side } mettent sous enveloppe
ui-console-adjourned-sealed = ajournée, coup sous enveloppe
ui-console-resumed = reprise
ui-console-present = présents : { $what }
ui-console-nobody = personne
ui-console-finished = terminée : { $result }
ui-console-altered = altérée dans la base de données
ui-console-clock = { $side } : { $time }
ui-console-clock-running = { $side } : { $time }, en marche
ui-console-nothing = rien
ui-console-not-sealable = ne peut être mise sous enveloppe
ui-console-open-board = Ouvrir la table { $n } en tant qu’arbitre
ui-console-open-round-board = Ouvrir la ronde { $round }, table { $n } en tant qu’arbitre
ui-console-spectate = Vue des spectateurs
ui-console-no-links = Liens des places : seulement dans le navigateur qui a créé la partie
ui-console-start-none = Toutes les parties sont déjà lancées
ui-console-started = { $count ->
        [one] { $count } partie lancée
       *[other] { $count } parties lancées
    }
ui-console-adjourn-title = Ajourner toutes les parties en cours
ui-console-adjourn-explain = { $count ->
        [one] { $count } partie en cours sera ajournée : le joueur au trait met son prochain coup sous enveloppe.
       *[other] { $count } parties en cours seront ajournées : dans chacune, le joueur au trait met son prochain coup sous enveloppe.
    }
ui-console-resume-at = Heure de reprise
ui-console-place = Lieu
ui-console-adjourn-n = { $count ->
        [one] Ajourner 1 partie
       *[other] Ajourner { $count } parties
    }
ui-console-cancel = Annuler
ui-console-adjourn-none = Aucune partie n’est en cours : rien à ajourner
ui-console-adjourned = { $count ->
        [one] { $count } partie ajournée
       *[other] { $count } parties ajournées
    }
ui-console-unsealable-warning = { $count ->
        [one] { $count } partie ne peut être mise sous enveloppe (pas de clé d’arbitre) : son joueur ne peut pas sceller son coup
       *[other] { $count } parties ne peuvent être mises sous enveloppe (pas de clé d’arbitre) : leurs joueurs ne peuvent pas sceller leur coup
    }
ui-console-default-place = Salle de jeu
ui-console-field-required = Ce champ est obligatoire
ui-console-pgn-none = Aucune partie à exporter
ui-console-server-down = Le serveur ne répond pas ({ $what }) ; la console réessaie
ui-console-refused = Refusé : { $what }
ui-console-board-n = Table { $n }
ui-console-round-board = Ronde { $round } · Table { $n }
ui-console-round-n = Ronde { $n }
ui-console-count-games = { $count ->
        [one] { $count } partie
       *[other] { $count } parties
    }
ui-console-count-playing = { $count } en cours
ui-console-count-waiting = { $count } en attente de l’arbitre
ui-console-created-hint = Donnez à chaque joueur son lien (ou son code QR) ; gardez celui de l’arbitre.
ui-rounds = Rondes
ui-rounds-new = Nouvelle ronde
ui-rounds-source = Les appariements
ui-rounds-source-trf = Un fichier TRF et les appariements de la ronde
ui-rounds-source-pgn = Un PGN d’appariements
ui-rounds-paste-hint = Collez le texte exporté par le logiciel d’appariement, ou choisissez son fichier.
ui-rounds-trf = Fichier du tournoi (TRF)
ui-rounds-trf-file = Fichier TRF
ui-rounds-pairs = Appariements de la ronde (forme JaVaFo)
ui-rounds-pairs-file = Fichier des appariements
ui-rounds-pgn = PGN d’appariements
ui-rounds-pgn-file = Fichier PGN
ui-rounds-delay = Délai de retransmission (secondes)
ui-rounds-site = Lieu
ui-rounds-date = Date
ui-rounds-create = Créer la ronde
ui-rounds-open = Ouvrir la page de la ronde
ui-rounds-key-title = La clé des enveloppes de cette ronde
ui-rounds-key-only-copy = Le serveur a créé une clé pour les enveloppes de tous les échiquiers de cette ronde et n’en garde aucune copie : elle est gardée dans ce navigateur (les liens de l’arbitre de la page de la ronde la contiennent), nulle part ailleurs. Enregistrez-la avant de quitter cette page ; sans elle, aucune enveloppe de cette ronde ne peut être ouverte.
ui-rounds-list = Les rondes de ce serveur
ui-rounds-none = Aucune ronde pour l’instant
ui-rounds-missing-trf = Collez le fichier du tournoi ou choisissez-le
ui-rounds-missing-pairs = Collez les appariements de la ronde ou choisissez leur fichier
ui-rounds-missing-pgn = Collez le PGN d’appariements ou choisissez son fichier
ui-rounds-created = Ronde { $n } créée : { $count ->
        [one] { $count } échiquier
       *[other] { $count } échiquiers
    }
ui-rounds-finished = terminée
ui-rounds-under-way = en cours
ui-round-name = { $what } — ronde { $n }
ui-round-page = Ronde
ui-round-skip = Aller aux échiquiers
ui-round-boards = Les échiquiers
ui-round-col-result = Résultat
ui-round-col-moves = Coups
ui-round-state-playing = en cours
ui-round-state-adjourned = ajournée
ui-round-state-awaiting-ruling = attend l’arbitre
ui-round-state-finished = terminée
ui-round-state-unavailable = indisponible
ui-round-byes-list = Exempts : { $what }
ui-round-delay = Retransmission différée de { $seconds } s
ui-round-pgn = Télécharger le PGN
ui-round-trf = Télécharger le TRF
ui-round-trf-token = Le TRF demande le jeton de l’organisateur : ouvrez-le d’abord dans la console
ui-round-trf-saved = TRF téléchargé
ui-round-hall = Affichage de salle
ui-round-act = Toute la ronde
ui-round-start = Lancer tous les échiquiers
ui-round-stop = Arrêter toutes les pendules
ui-round-restart = Redémarrer toutes les pendules
ui-round-adjourn = Ajourner toutes les parties
ui-round-acted = { $count ->
    [0] Rien à faire : tous les échiquiers sont terminés.
    [one] Fait sur un échiquier.
   *[other] Fait sur { $count } échiquiers.
}
ui-round-acted-refused = Refusé sur le(s) échiquier(s) { $what } : voyez la partie de chacun.
ui-round-print = Imprimer les feuilles, une par échiquier
ui-round-no-links = Les liens des places sont gardés par le navigateur qui a créé la ronde : ouvrez cette page dans celui-ci pour les imprimer.
ui-round-unknown = Cette ronde n’existe pas sur ce serveur
ui-round-moves-n = { $count ->
        [one] { $count } coup
       *[other] { $count } coups
    }
ui-rounds-boards-n = { $count ->
        [one] { $count } échiquier
       *[other] { $count } échiquiers
    }
