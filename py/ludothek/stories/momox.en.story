ludothek story 1
game momox
title Learn Momox
language en

chapter Lift a bowl, walk, take a tile
position 0,8 -,- R key t1 y0 ?????? -
| Collect the four number tiles of your colour. Red starts on its corner, top left, Blue on the next corner clockwise. Beside every corner lies one tile of each colour: seen from your start, clockwise, your 4, your 3, your 2, and your 1 at home. Six chips, 1 to 6, lie face down on the circles in the middle; bowls cover all but the centre, the open circle.

move k3
then 6,8 -,- R key t1 y1 ???6?? 3
| On your turn you lift any bowl and turn it over the open circle. The circle you uncovered is now the open one, and its chip turns face up. Red lifts the bowl from circle 3: a 6. Red walks 6 fields clockwise and lands on a yellow field: Red may lift another bowl and walk on.

move k2
then 8,8 -,- R tile t1 y1 ??2??? 32
| Red lifts the bowl from circle 2: a 2. The 6 is covered again, so the same number never comes twice in a row. Red lands exactly on Blue's corner, where Red's 4 lies: only a walk that ends exactly on a corner gets its tile, and walking past gives nothing.
| Red may take the 4 or leave it there: take it.

move take
| The first tile you take counts as your ones, the second as your tens, then hundreds and thousands: 4321 is the best number. Red has 4 so far. A tile that would come too early may be left, to be taken later on another exact landing.
task
hint Tap the red tile beside the corner.

move k1
then 8,13 4,- R key t3 y0 ?5???? 321
marks c:o:16
| Blue lifts the bowl from circle 1 and walks 5 fields. The field is not yellow, so Blue's turn ends.
| Red's 3 lies on the next corner, eight fields ahead. So far everyone has seen the 6 under circle 3 and the 2 under circle 2. Which bowl gets Red there this turn?

move k3
then 14,13 4,- R key t3 y1 ???6?? 213
| Right: 6 + 2 = 8. The 6 takes Red to a yellow field, so Red may go on with the 2.
task
hint To the green corner in this turn: the field six fields ahead is yellow.

move k2
then 16,13 4,- R tile t3 y1 ??2??? 132
| The 2 takes Red exactly onto the green corner.

move take
| Red takes its 3. It is the second tile, so it becomes the tens: Red's number is 34.

chapter Three yellow fields
position 11,22 134,4 R key t9 y2 ?5???? 50231
| Some turns later Red has collected 134, Blue the 4. In this turn Red has already landed on yellow twice, last on the first yellow field after Blue's corner. Whoever lands on yellow three times in one turn may reshuffle the chips at its end. Everyone has seen: the 3 under the centre bowl, the 2 under circle 2, the 6 under circle 3, the 4 under circle 5; the 5 lies open.
| Red to move: walk to a third yellow field.

move k0
then 14,22 134,4 R key t9 y3 3????? 52310
| Yes: the 3 takes Red to the next yellow field, the third of this turn. Yellow fields lie three and six fields after each corner.
task
hint A third yellow field: they lie three and six fields after each corner, and Red stands on the first of the two.

move stay
| On a yellow field you may also stay instead of lifting another bowl: Red ends its turn on this yellow field. With three yellow fields in this turn, Red may now reshuffle the chips, or keep them.

move shuffle
| Red reshuffles: all chips face down, mixed, and laid out again with the centre open. Everything the players remembered is gone. The first player to take all four tiles ends the game and wins; over several rounds, everyone scores the number their tiles form.
