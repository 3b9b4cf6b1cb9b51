ludothek story 1
game nummerus
title Learn Nummerus Zahlus
language en

chapter The star takes a chip
position 3,16,17/18,7,36,39,38/43,1,33,24,2,40,42/25,*,44,20,14,35,28/30,29,45,13,11/4,9,12,48,10,41,26/6,8,47,31,46,27,21/32,23,5,19,37/15,34,22 1 ./.
| The 48 number chips and the star lie shuffled on the 49 fields of this figure 8. You collect chains: runs of at least two numbers in a row, such as 17-18-19. Whoever holds the longest chain at the end wins. The player whose age is closest to 48 begins; here it is Red.
marks c:o:b6

move c5
| On your turn you move the star, never anything else: in one of the eight directions, straight or diagonal, to the first chip in that line. You take that chip, and the star stays on its field. At first every neighbour holds a chip, so the star only steps next door: Red takes 29.
| Blue next: take the chip that Red needs most.
marks a:o:b6-c5

move b5
| Yes. Red's 29 needs a 28 or a 30 to become a chain. The 28 on g6 is not in line with the star, but the 30 is, so Blue takes it away. Watching what your opponent needs is half the game.
task
hint Take what Red needs most: which numbers would join Red's 29? Only one of them lies in a straight line from the star.

move d5
| The star may cross empty fields, but it never turns on the way and never passes a chip. Red moves it to the right, over the empty c5, to 45. As the board empties, the star's paths grow longer.
marks a:o:b5-d5

chapter Long lines
position 46,18,32/6,24,44,.,./20,48,22,.,.,21,9/4,11,3,.,.,29,16/13,.,.,31,42/19,.,.,.,12,36,14/.,17,30,*,2,47,43/.,1,.,.,27/.,41,33 1 7,10,23,28,35,38-39,45/5,8,15,25-26,34,37,40
| Later in the game. The star on d3 can reach the ringed chips; straight up it crosses four empty fields. A line ends where the board ends: a6 and a4 are not in line, since there is no a5.
| Red holds 7, 10, 23, 28, 35, 38-39 and 45. Red to move: take a chip that gives Red a second chain.
marks c:o:d3

move d8
| Right: 44 goes with Red's 45. The 29 on f6 would have joined Red's 28 too, but it is not in a straight line from d3.
marks a:o:d3-d8
task
hint A second chain for Red: which ringed chip is one more or one less than one of Red's chips?

chapter The jump, and the end
position .,.,./.,.,.,.,./33,.,.,.,.,.,./.,.,.,.,.,.,./.,.,*,.,./.,.,.,.,.,.,./.,.,.,.,.,.,1/.,.,.,.,./.,.,. 1 2,4,6,8,10-13,15,17,19,24,26,28,30-32,35,37,39,43,45,47/3,5,7,9,14,16,18,20-23,25,27,29,34,36,38,40-42,44,46,48
| Two chips are left, and neither lies in a straight line from the star: then the star may jump to any chip. At the end the longest chains are compared first, then the second-longest, and so on. Red holds 10-13 and 30-32, Blue 20-23 and 40-42.
| Red to move: jump so that Red wins.
marks c:o:a7;c:o:g3

move a7
| Red jumps to 33: 30-33 is a second chain of four. With the 1, Red would have made 1-2, Blue would have taken 33 for its 34, and every chain would have tied: a draw.
marks c:o:a7
task
hint Which chip makes Red's second chain as long as the first?

move g3
| Blue jumps to the last chip, and the game ends with the board empty. Both longest chains have four chips; Red's second chain has four, Blue's only three: Red wins. Single chips count for nothing.
