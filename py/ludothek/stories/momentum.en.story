ludothek story 1
game momentum
title Learn Momentum
language en

chapter A stone pushes its neighbours
position 7x7 ......./......./......./......./......./......./....... R 8,8 pie
| Red and Blue each hold 8 stones. In turn you place one stone from your hand on any empty cell; Red begins. Whoever has no stone left in hand at the end of their own turn wins.

move d4
| Red places on d4. A new stone pushes in all eight directions, straight and diagonal, but no stone lies next to it yet, so nothing moves.
marks c:o:d4

move swap
| The pie rule: on their very first turn, Blue may take over Red's stone instead of placing one. The stone on d4 is now Blue's, Red gets its stone back, and nothing is pushed. So Red opens with a stone that is neither too strong nor too weak.

move c3
| Red places on c3. Blue's stone on d4 lies next to it, diagonally, and is pushed one cell further along that line, to e5. The stone just placed never moves.
| Now you play Blue: find the one cell where a single stone pushes both stones.
marks a:o:d4-e5;c:o:c3

move d4
| Right: d4 touches both. Red's stone goes to b2 and Blue's own stone to f6. Every stone next to the new one is pushed away from it, whatever its colour.
marks a:o:c3-b2;a:o:e5-f6
task
hint One stone that pushes both stones: look for the empty cell that touches both.

chapter Runs, and the edge of the board
position 7x7 ......./......./..B..../BRR.RRB/......./....B../....... R 4,4
| Often the stone next to yours is the first of a run: an unbroken line of stones of any colour. Then only the last stone of the run moves, one cell outward. A stone pushed off the board goes back to its owner's hand, so pushing your opponent's stones off is good for you.
| Red to move: push both blue stones, a4 and g4, off the board with one stone.
marks c:o:a4;c:o:g4

move d4
| Yes: both runs are pushed from their far ends. a4 and g4 leave the board and go back to Blue, who now holds 6 stones again. The red stones of the runs stay where they are; the diagonal pushes c5 to b6.
marks h:o:a4;h:o:g4;a:o:c5-b6
task
hint Place your stone between the two runs, so that each of them ends in a blue stone at the edge.

chapter The last stone
position 7x7 B.....B/.R...R./......./B.RBR.B/......./.R...R./B.....B B 2,1
| You win when your hand is empty at the end of your own turn, after all pushes. If your last stone pushes one of your own stones off the board, it comes back to your hand and the game goes on.
| Blue has one stone left: place it so that Blue wins. Mind the blue stones at the edges.
marks c:o:a7;c:o:a4;c:o:a1;c:o:g7;c:o:g4;c:o:g1

move d5
| Blue wins. d5 pushes Red's c4 and e4 aside and even Blue's own d4 down to d3, but every stone stays on the board. A cell such as b5 or b3 would have pushed a4 off, and Blue would have had a stone in hand again.
marks a:o:d4-d3;a:o:c4-b3;a:o:e4-f3
task best
hint Win with the last stone: stay away from the cells next to Blue's stones at the edges, which would be pushed off.

chapter Special cells
position 7x7 ......./......./......./..BRx../......./......./....... B 7,7
| One more thing, for later: in the variant Bumm, Boing, Zisch! some cells are special, and no stone may be placed on them. The dark, dashed circle on e4 is a hole.

move b4
| Blue places on b4. The run c4-d4 ends in front of the hole, so Red's d4 falls in and goes back to Red's hand, as if pushed off the board. A damper (a black square) stops the last stone; a buffer (a grey diamond) bounces the push back the other way. The rules page explains all three. Enjoy the game!
marks a:o:d4-e4
