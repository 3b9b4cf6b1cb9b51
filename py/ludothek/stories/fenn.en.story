ludothek story 1
game fenn
title Learn Fenn
language en

chapter Three dice on nine fields
position b0:5 r10:5 k6 b
| Fenn is played with three of Miwin's dice, each with its own numbers: blue 1 2 5 6 7 9, red 1 3 4 5 8 9, black 2 3 4 6 7 8. Blue and red start beside the strip with a 5 on top; blue must reach field 9, red field 1. The black die was rolled until it showed a 4 or a 6: with a 6 blue begins, with a 4 red.

move 2:7
| A step: move your die one or two fields, forward or back, and turn any new number of it up. Blue steps onto field 2 and turns 7 up. Once on the strip, a die never leaves it.
marks h:o:2

move 8:3
| The numbers on top close fields. Black's number closes its field to both players; red's closes its field to blue, blue's to red; and nobody may land where the other die stands. Your own number never closes anything for you. Red steps to 8 and turns 3 up: now field 3 is closed to blue, and 6 to both.
marks h:r:3;h:r:6

move 4:6
| Blue steps to 4 and turns 6 up, the same number as the black die: a Pasch. After a Pasch you may turn the black die to any other of its numbers, closing another field to both, or leave it as it is.
marks h:o:4

move k7
| Blue turns the black die to 7. Red on 8 finds 7 closed by black and 6 closed by blue's 6: red's only way is back to 9. Only the field you land on must be open; a step of two may jump over closed fields and over the other die.
marks h:r:7;h:r:6;a:o:8-9

chapter Shut out, then run
position b1:6 r2:4 k4 b
| Near the end of another game. Blue on field 1 can only step to 3, jumping over red on field 2.
| Blue to move: choose the number for field 3 that leaves red no step at all.
marks c:o:3

move 3:1
| Right: blue's 1 closes field 1 to red. Red's other ways lead to 3, where blue now stands, and to 4, closed by black. A player who cannot step passes.
marks h:r:1;h:r:3;h:r:4
task
hint Leave red no step: red could go to 1, 3 or 4. Which of them can blue's new number on field 3 close?

move pass
| Red passes. Now the extra step: if your new number is the number of the field you stand on, you may step again, with a new number again. In one turn you may never come back to the field where the turn began.
| Blue to move: start a run that wins this very turn.

move 5:5
| A 5 on field 5: an extra step. Field 3, where the turn began, is barred now, and field 4 is closed.
marks c:o:5
task best
hint Win this turn with extra steps: land on a field and turn its own number up.

move 7:7
| A 7 on field 7: one more extra step. Field 8 is open, and so is field 9.
marks c:o:7
task best
hint Again a field with its own number, nearer to 9.

move 9:1
| Blue reaches field 9 and wins at once. If neither die gets through, watch for repetition: the same position at the start of a turn for the third time is a draw. With perfect play, Fenn is a draw.
marks a:o:7-9
