"""Momox's words for position text the engine refuses: each rule games/momox_position.py raises
(`PositionError.rule`) and the sentence a player or a rules author reads who pasted or edited such
a text, formatted with the error's params and the colour words the view derives from its seats
(`MomoxView.move_error_words_from`: `seat` -> {colour}, `turn_seat` -> {turn_colour},
`first_seat` -> {first_colour}).

Its own module because the view (render/momox.py) is long enough; it sets
`position_error_texts` from this table.
"""

from __future__ import annotations

from ..i18n import N_

POSITION_ERROR_TEXTS: dict[str, str] = {
    "token-count": N_(
        "A position has 8 parts separated by single spaces: the figures, the tiles, the player to move, the phase, "
        "the turn, the yellow fields, the chips and the uncovered circles; when several rounds are played, 2 more follow: "
        "the round and the results. This text has {count}."
    ),
    "figure-count": N_("The position begins with the field of each player's figure, separated by commas, such as 0,8: 2 to 4 figures, one for each player."),
    "figure-field": N_("Each figure's field is a number from 0 to {last}, such as 0,8 (without leading zeros)."),
    "tile-seats": N_("The tiles must be given for each of the {players} players, separated by commas (- for a player without tiles)."),
    "tiles": N_("{colour}'s tiles are written as the number they form, such as 34 when the 4 was taken first, each digit 1 to 4 at most once, or - for none."),
    "phase": N_("The phase must be key (lift a bowl), tile (take or leave the tile), shuffle (reshuffle or keep the chips) or over."),
    "turn": N_("The turn in this round is written t and its number, from t1."),
    "yellows": N_("The yellow fields landed on in this turn are written y and their number, such as y0."),
    "chips": N_("The chips must be the six values 1 to 6, each once, on circles 0 to 5 in order, such as 352614; ? stands for a covered chip."),
    "chips-hidden": N_("This position must give every chip's value: ? for a covered chip is not accepted here."),
    "uncovered": N_("The uncovered circles are listed by their numbers 0 to 5 in the order they were uncovered, each at most once, or - for none."),
    "centre-uncovered-first": N_(
        "The centre circle 0 cannot be the only uncovered circle: its chip turns face up only after another circle has been uncovered."
    ),
    "rounds": N_("The round is written r, its number, / and the number of rounds, such as r2/3."),
    "round-range": N_("There is no round {round} of {rounds}: the round is written only when 2 to {max_rounds} rounds are played, and it must be one of them."),
    "result-row": N_(
        "Each finished round in the results lists {players} numbers, one for each player, separated by commas, each formed of the tiles 1 to 4 (0 for none)."
    ),
    "result-finisher": N_("In each finished round exactly one player has all four tiles: the one who ended it."),
    "result-count": N_("The results do not fit round {round}: give the numbers of every finished round and no others, or - before the first round ends."),
    "over-to-move": N_("Once the game is over, nobody is to move: write - for the player to move."),
    "over-finisher": N_("When the game is over, exactly one player holds all four tiles: the one who ended the round."),
    "over-before-last-round": N_("The game ends only after its last round, and round {round} of {rounds} is not the last."),
    "over-yellows": N_("Once the game is over, the yellow fields are y0."),
    "over-results": N_("The last round's numbers in the results must be the numbers the tiles on the board form."),
    "to-move": N_("The player to move is written as the letter of their colour: {letters}."),
    "four-tiles-in-play": N_("{colour} holds all four tiles and so has ended the round: the phase must be over."),
    "nothing-uncovered": N_("In phase {phase} with y{yellows} a bowl has been lifted in this turn, so at least one chip must lie face up."),
    "no-tile-beside": N_("In phase tile, {colour}'s figure must stand on a corner beside which a tile of its colour still lies."),
    "yellows-off-yellow": N_(
        "With y{yellows}, {colour}'s figure must stand on a yellow field: a turn goes on after yellow fields only while the figure stands on one."
    ),
    "shuffle-yellows": N_(
        "The phase shuffle needs y{needed} or more: the chips may be reshuffled only after landing on yellow fields {needed} times in one turn."
    ),
    "turn-seat": N_("In round {round}, {first_colour} plays turn 1, so turn {turn} is {turn_colour}'s, not {colour}'s."),
}
