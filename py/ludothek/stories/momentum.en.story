ludothek story 1
game momentum
title Learn Momentum
language en

chapter Place a stone, push the rest
position 7x7 ......./......./......./......./......./......./....... R 8,8 pie
| Each player starts with a hand of stones (8 each on this board). Whoever has no stone left in hand at the end of their own turn wins.

move d4
| Red places a stone on any empty cell. Nothing lies next to it yet, so nothing moves.
marks c:o:d4

move swap
| The pie rule: on their first turn Blue may take Red's stone over instead of placing one. It is now Blue's, and Red's stone went back to Red's hand.

move c3
| Red places diagonally next to Blue's stone. That stone is pushed one cell away, along the same line.
marks a:o:d4-e5
task
hint Place next to Blue's stone: it moves away from your new one.
