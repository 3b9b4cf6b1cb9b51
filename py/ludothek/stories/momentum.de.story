ludothek story 1
game momentum
title Momentum lernen
language de

chapter Ein Stein schiebt seine Nachbarn
position 7x7 ......./......./......./......./......./......./....... R 8,8 pie
| Rot und Blau haben je 8 Steine in der Hand. Abwechselnd setzt ihr einen Stein auf ein beliebiges leeres Feld; Rot beginnt. Wer am Ende des eigenen Zuges keinen Stein mehr in der Hand hat, gewinnt.

move d4
| Rot setzt auf d4. Ein neuer Stein schiebt in alle acht Richtungen, gerade und schräg – doch noch liegt kein Stein neben ihm, also bewegt sich nichts.
marks c:o:d4

move swap
| Die Kuchenregel: In ihrem allerersten Zug darf Blau den Stein von Rot übernehmen, statt selbst einen zu setzen. Der Stein auf d4 gehört jetzt Blau, Rot bekommt seinen zurück, und nichts wird geschoben. Rot eröffnet darum mit einem Stein, der weder zu stark noch zu schwach ist.

move c3
| Rot setzt auf c3. Der blaue Stein auf d4 liegt schräg daneben und wird auf dieser Linie ein Feld weitergeschoben, nach e5. Der gerade gesetzte Stein selbst bewegt sich nie.
| Jetzt spielst du Blau: Finde das eine Feld, auf dem ein einziger Stein beide Steine wegschiebt.
marks a:o:d4-e5;c:o:c3

move d4
| Richtig: d4 grenzt an beide. Der rote Stein rückt nach b2, der eigene blaue nach f6. Jeder Stein neben dem neuen wird von ihm weggeschoben, gleich welcher Farbe.
marks a:o:c3-b2;a:o:e5-f6
task
hint Ein Stein, der beide wegschiebt: Such das leere Feld, das an beide Steine grenzt.

chapter Reihen und der Rand des Bretts
position 7x7 ......./......./..B..../BRR.RRB/......./....B../....... R 4,4
| Oft ist der Nachbar deines Steins der erste einer Reihe: einer lückenlosen Linie von Steinen, gleich welcher Farbe. Dann bewegt sich nur der letzte Stein der Reihe, ein Feld nach außen. Ein Stein, der vom Brett geschoben wird, geht zurück in die Hand seines Besitzers – gegnerische Steine vom Brett zu schieben lohnt sich also.
| Rot ist am Zug: Schiebe mit einem einzigen Stein beide blauen Steine, a4 und g4, vom Brett.
marks c:o:a4;c:o:g4

move d4
| Genau: Beide Reihen werden von ihrem äußeren Ende her geschoben. a4 und g4 fallen vom Brett und gehen zurück an Blau, das wieder 6 Steine in der Hand hat. Die roten Steine der Reihen bleiben liegen; die Schräge schiebt c5 nach b6.
marks h:o:a4;h:o:g4;a:o:c5-b6
task
hint Setze deinen Stein zwischen die beiden Reihen, sodass jede in einem blauen Stein am Rand endet.

chapter Der letzte Stein
position 7x7 B.....B/.R...R./......./B.RBR.B/......./.R...R./B.....B B 2,1
| Du gewinnst, wenn deine Hand am Ende deines eigenen Zuges leer ist – nach allen Verschiebungen. Schiebt dein letzter Stein einen eigenen Stein vom Brett, kommt dieser zurück in deine Hand, und das Spiel geht weiter.
| Blau hat noch einen Stein: Setze ihn so, dass Blau gewinnt. Achte auf die blauen Steine am Rand.
marks c:o:a7;c:o:a4;c:o:a1;c:o:g7;c:o:g4;c:o:g1

move d5
| Blau gewinnt. d5 schiebt die roten Steine c4 und e4 zur Seite und sogar den eigenen d4 nach d3 – aber alle bleiben auf dem Brett. Ein Feld wie b5 oder b3 hätte a4 vom Brett geschoben, und Blau hätte wieder einen Stein in der Hand gehabt.
marks a:o:d4-d3;a:o:c4-b3;a:o:e4-f3
task best
hint Gewinne mit dem letzten Stein: Meide die Felder neben den blauen Steinen am Rand, die würden vom Brett geschoben.

chapter Sonderfelder
position 7x7 ......./......./......./..BRx../......./......./....... B 7,7
| Noch etwas für später: In der Variante Bumm, Boing, Zisch! gibt es Sonderfelder, auf die kein Stein gesetzt werden darf. Der dunkle, gestrichelte Kreis auf e4 ist ein Loch.

move b4
| Blau setzt auf b4. Die Reihe c4–d4 endet vor dem Loch, also fällt der rote Stein d4 hinein und geht zurück in die Hand von Rot, als wäre er vom Brett gefallen. Ein Dämpfer (schwarzes Quadrat) hält den letzten Stein auf, ein Puffer (graue Raute) lenkt den Schub in die Gegenrichtung zurück. Die Spielregeln erklären alle drei. Viel Spaß beim Spielen!
marks a:o:d4-e4
