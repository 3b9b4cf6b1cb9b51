ludothek story 1
game mops
title Learn Mops Royal
language en

chapter The same tile for everyone
position 9/9/9/9/4Wp4/9/9/9/9,9/9/9/9/4Wy4/9/9/9/9 ?PbPgPoPpPvPyBbBgBoBpBvByWbWgWoWvWyCbCgCoCpCvCyKbKgKoKpKvKyHgHoHpHvHy Hb p1 0,0
| Everybody owns the same 36 tiles: six motifs (pug, bone, bowl, can, cushion, heap) in six colours. Each player starts with one tile face up: Red the pink bowl, Blue the yellow bowl. Red is the caller: Red's other tiles lie face down in a pile, and each round one is revealed. Now it is the blue heap, and everybody places that same tile.

move f5
| A new tile must touch one of your tiles along a side; touching at a corner is not enough. Red lays the blue heap beside the pink bowl, on f5. Now Blue places the same tile, and the board always shows the layout of the player to move: here Blue's, with its yellow bowl (circled).
marks c:o:e5

move e4
then 9/9/9/9/4WpHb3/9/9/9/9,9/9/9/9/4Wy4/4Hb4/9/9/9 ?PbPgPoPpPvPyBbBgBoBpBvByWbWgWoWvWyCbCgCoCpCvCyKbKgKpKvKyHgHoHpHvHy Ko p1 0,0
| Blue takes its own blue heap from its set and lays it under its yellow bowl, on e4. Once everybody has placed, the caller reveals the next tile: the orange cushion. Red is to move again, so the board shows Red's layout, with the blue heap on f5 (circled).
marks c:o:f5

chapter Score a combination
position 9/9/9/3Hy1Ky3/3KoWpHb3/9/9/9/9,9/9/9/9/3KoWyKy3/3HyHb4/9/9/9 ?PbPgPoPpPvPyBbBgBoBpBvByWbWgWoWvCbCgCoCpCvCyKbKgKpKvHgHoHpHv Wy p1 0,0
| Three rounds later the yellow bowl comes. After placing, you may score one combination of your layout: 3, 4 or 5 face-up tiles, all of one colour or all of one motif, in one of the 17 shapes of the score board, such as a line, a corner, a diagonal, an L or a T. 3 tiles score 2 points, 4 score 4, 5 score 7.
| Red to move: place the yellow bowl so that Red can score.

move e6
| Right: the yellow heap, the yellow bowl and the yellow cushion now stand in a line, d6 to f6. Blue sits this round out: the yellow bowl is its start tile, already in its layout.
marks h:o:d6;h:o:e6;h:o:f6
task
hint Score with the yellow bowl: Red's yellow tiles lie on d6 and f6.

move d6,e6,f6!e6
then 9/9/9/3HywyKy3/3KoWpHb3/9/9/9/9,9/9/9/9/3KoWyKy3/3HyHb4/9/9/9 ?PbPgPoPpPvPyBgBoBpBvByWbWgWoWvCbCgCoCpCvCyKbKgKpKvHgHoHpHv Bb p1 3,0
| Red scores the line: 2 points, and 1 more because the yellow heap carries a crown. Then one marked tile of the shape is turned face down, in a line of three the middle one: it stays in the layout but never scores again. You may also pass, to wait for a bigger combination; only one combination scores in a round.
marks c:o:e6

chapter Five by five
position 9/6Pv2/6Po2/3HywyKyPb2/3KoWpHb3/4Bb4/9/9/9,9/9/9/3PvPb4/2PoKoWyKy3/3HyHbBb3/9/9/9 ?PgPyBgBoBpBvByWbWgWoWvCbCgCoCpCvCyKbKgKpKvHgHoHpHv Pp p1 3,0
| Round 10, the pink pug. A layout may never be more than five tiles wide or tall, so in the end it is a full 5x5 square. Red's layout already reaches from row 4 to row 8: nothing may go on row 3 or row 9. Last round Red passed on the pug line g6-g8, hoping for a fourth pug.
| Red to move: make a straight line of four pugs.

move g5
| Yes: g5 to g8, four pugs in a line, which Red now scores for 4 points; a line of four has two marked tiles, the middle ones, to choose from. On g9 the layout would have grown six tiles tall.
marks h:o:g5;h:o:g6;h:o:g7;h:o:g8
task
hint A straight line of four pugs: it can only grow downwards, since g9 is beyond the 5x5 square.

edit 9/3KvCvhvPvwv1/3HgcpCyPoBv1/3HywyKypbPy1/3KoWpHbPpBp1/3KpBbBgWbWo1/9/9/9,9/9/2HgwvBvbgBp2/2ppPvPbKpcp2/2poKoWykyCy2/2WohyHbbbPy2/2KvhvCvWbHp2/9/9 ?PgBoByWgCbCgCoKbKgHo - - 15,25
| Fourteen rounds later both layouts are full 5x5 squares, and the game ends. Most points wins: Blue, 25 to 15. On a tie, whoever has fewer face-down tiles would win.
