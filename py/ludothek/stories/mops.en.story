ludothek story 1
game mops
title Learn Mops Royal
language en

chapter The same tile for everyone
position 9/9/9/9/4Wp4/9/9/9/9,9/9/9/9/4Wy4/9/9/9/9 ?PbPgPoPpPvPyBbBgBoBpBvByWbWgWoWvWyCbCgCoCpCvCyKbKgKoKpKvKyHgHoHpHvHy Hb p1 0,0
| Everybody owns the same 36 tiles: six motifs (pug, bone, bowl, can, cushion, heap) in six colours. Each player starts with one tile face up: Red the pink bowl, Blue the yellow bowl. Red is the caller: Red's other tiles lie face down in a pile, and each round one is revealed. Now it is the blue heap, and everybody places that same tile.

move f5
| A new tile must touch one of your tiles along a side; touching at a corner is not enough. Red lays the blue heap beside the pink bowl.
marks c:o:f5

move e4
then 9/9/9/9/4WpHb3/9/9/9/9,9/9/9/9/4Wy4/4Hb4/9/9/9 ?PbPgPoPpPvPyBbBgBoBpBvByWbWgWoWvWyCbCgCoCpCvCyKbKgKpKvKyHgHoHpHvHy Ko p1 0,0
| Blue takes its own blue heap from its set and lays it under its yellow bowl. Once everybody has placed, the caller reveals the next tile: the orange cushion.
marks c:o:e4

chapter Score a combination
position 9/9/4BpBo3/5Ko3/4WpHb3/9/9/9/9,9/9/9/9/3KoWyBo3/3BpHb4/9/9/9 ?PbPgPoPpPvPyBbBgBvByWbWgWoWvWyCbCgCoCvCyKbKgKpKvKyHgHoHpHvHy Cp p1 0,0
| Four rounds later the pink can comes. After placing, you may score one combination of your layout: 3, 4 or 5 face-up tiles, all of one colour or all of one motif, in one of the 17 shapes of the score board, such as a line, a corner, a diagonal, an L or a T. 3 tiles score 2 points, 4 score 4, 5 score 7.
| Red to move: place the pink can so that Red can score.

move e6
| Right: the pink bowl, the pink can and the pink bone now stand in a line, e5 to e7.
marks h:o:e5;h:o:e6;h:o:e7
task
hint Red's pink tiles lie on e5 and e7.

move e5,e6,e7!e6
| Red scores the line: 2 points, and 1 more because the pink can carries a crown. Then one marked tile of the shape must be turned face down: in a line of three, the middle one. A face-down tile stays in the layout but never scores again.
marks c:o:e6

move c4
then 9/9/4BpBo3/4cpKo3/4WpHb3/9/9/9/9,9/9/9/9/3KoWyBo3/2CpBpHb4/9/9/9 ?PbPgPoPpPvPyBbBgBvByWbWoWvWyCbCgCoCvCyKbKgKpKvKyHgHoHpHvHy Wg p1 3,0
| Blue lays its pink can too; it makes no combination for Blue. You may also pass instead of scoring, to wait for a bigger combination, but only one combination scores in each round.

chapter Five by five
position 9/6Ky2/4BpBoHy2/4cpKoCy2/4WpHb3/4Wg4/9/9/9,9/9/3CyKy4/4hy4/2WgKoWyBo3/2CpBpHb4/9/9/9 ?PbPgPoPpPvBbBgBvByWbWoWvWyCbCgCoCvKbKgKpKvHgHoHpHv Py p1 3,3
| Round 10, the yellow pug. A layout may never be more than five tiles wide or tall, so in the end it is a full 5x5 square. Red's layout already reaches from row 4 to row 8: nothing may go on row 3 or row 9. Last round Red passed on the yellow line g6-g8, hoping for a fourth yellow tile.
| Red to move: make a straight line of four yellow tiles.

move g5
| Yes: g5 to g8, four yellow tiles in a line. On g9 the layout would have grown six tiles tall.
marks h:o:g5;h:o:g6;h:o:g7;h:o:g8
task
hint The line can only grow downwards: g9 is beyond the 5x5 square.

move g5,g6,g7,g8!g6
| Red scores the line of four: 4 points, plus 1 for the crowned yellow heap on g7. A line of four has two marked tiles, the middle ones; Red turns g6 face down and keeps the crown face up for later.
marks c:o:g6

edit 9/3PoBgKpkyKb1/3wobpBoHyHv1/3CocpKocyKv1/3CvWpHbPyBy1/3WvwgPgppBb1/9/9/9,9/1BbCoByPppg3/1PocvCykyPy3/1WowvKbhyBg3/1KvWgKoWyBo3/1KpcpBpHbHv3/9/9/9 ?PbPvBvWbWyCbCgKgHgHoHp - - 21,16
| Fourteen rounds later both layouts are full 5x5 squares, and the game ends. The most points win: Red, 21 to 16. On a tie, whoever has fewer face-down tiles would win.
