ludothek story 1
game momox
title Momox lernen
language de

chapter Schüsselchen heben, ziehen, Plättchen nehmen
position 0,8 -,- R key t1 y0 ?????? -
| Gesammelt werden die vier Zahlenplättchen der eigenen Farbe. Rot beginnt auf seiner Ecke oben links, Blau auf der nächsten Ecke im Uhrzeigersinn. Neben jeder Ecke liegt ein Plättchen jeder Farbe: von der eigenen Startecke aus im Uhrzeigersinn die eigene 4, die 3, die 2 und zu Hause die 1. Sechs Marken von 1 bis 6 liegen verdeckt auf den Kreisen in der Mitte; Schüsselchen decken alle ab außer dem mittleren, dem offenen Kreis.

move k3
then 6,8 -,- R key t1 y1 ???6?? 3
| Wer am Zug ist, hebt ein beliebiges Schüsselchen ab und stülpt es über den offenen Kreis. Der frei gewordene Kreis ist jetzt der offene, und seine Marke wird umgedreht. Rot hebt das Schüsselchen von Kreis 3: eine 6. Rot zieht sechs Felder im Uhrzeigersinn und landet auf einem gelben Feld: Rot darf noch ein Schüsselchen heben und weiterziehen.

move k2
then 8,8 -,- R tile t1 y1 ??2??? 32
| Rot hebt das Schüsselchen von Kreis 2: eine 2. Die 6 ist wieder zugedeckt, dieselbe Zahl kommt also nie zweimal hintereinander. Rot landet genau auf der blauen Ecke, wo die rote 4 liegt: Ein Plättchen bekommt nur, wer genau auf seiner Ecke stehen bleibt; wer vorbeizieht, geht leer aus.
| Rot darf die 4 nehmen oder liegen lassen: Nimm sie.

move take
| Das erste Plättchen zählt als Einer, das zweite als Zehner, dann kommen Hunderter und Tausender: 4321 ist die beste Zahl. Rot hat bisher 4. Ein Plättchen, das zu früh käme, darf man liegen lassen und später bei einer weiteren genauen Landung nehmen.
task
hint Tippe auf das rote Plättchen neben der Ecke.

move k1
then 8,13 4,- R key t3 y0 ?5???? 321
marks c:o:16
| Blau hebt das Schüsselchen von Kreis 1 und zieht fünf Felder. Das Feld ist nicht gelb, also endet der Zug von Blau.
| Die rote 3 liegt an der nächsten Ecke, acht Felder weiter. Bisher haben alle die 6 unter Kreis 3 und die 2 unter Kreis 2 gesehen. Welches Schüsselchen bringt Rot noch in diesem Zug dorthin?

move k3
then 14,13 4,- R key t3 y1 ???6?? 213
| Richtig: 6 + 2 = 8. Die 6 bringt Rot auf ein gelbes Feld, also darf Rot mit der 2 weiterziehen.
task
hint Noch in diesem Zug zur grünen Ecke: Das Feld sechs Felder weiter ist gelb.

move k2
then 16,13 4,- R tile t3 y1 ??2??? 132
| Die 2 bringt Rot genau auf die grüne Ecke.

move take
| Rot nimmt seine 3. Sie ist das zweite Plättchen und wird zum Zehner: Rot hat jetzt 34.

chapter Dreimal Gelb
position 11,22 134,4 R key t9 y2 ?5???? 50231
| Einige Züge später hat Rot schon 134 beisammen, Blau die 4. In diesem Zug ist Rot bereits zweimal auf Gelb gelandet, zuletzt auf dem ersten gelben Feld hinter der blauen Ecke. Wer in einem Zug dreimal auf Gelb landet, darf am Ende des Zuges die Marken neu mischen. Alle haben gesehen: die 3 unter dem mittleren Schüsselchen, die 2 unter Kreis 2, die 6 unter Kreis 3, die 4 unter Kreis 5; die 5 liegt offen.
| Rot ist am Zug: Ziehe auf ein drittes gelbes Feld.

move k0
then 14,22 134,4 R key t9 y3 3????? 52310
| Genau: Die 3 bringt Rot auf das nächste gelbe Feld, das dritte in diesem Zug. Gelbe Felder liegen drei und sechs Felder hinter jeder Ecke.
task
hint Ein drittes gelbes Feld: Sie liegen drei und sechs Felder hinter jeder Ecke, und Rot steht auf dem ersten der beiden.

move stay
| Auf einem gelben Feld darf man auch stehen bleiben, statt noch ein Schüsselchen zu heben: Rot beendet seinen Zug auf diesem gelben Feld. Nach dreimal Gelb in diesem Zug darf Rot jetzt die Marken neu mischen oder liegen lassen.

move shuffle
| Rot mischt neu: Alle Marken werden umgedreht, gemischt und wieder ausgelegt, mit der Mitte als offenem Kreis. Was sich alle gemerkt haben, ist dahin. Wer zuerst alle vier Plättchen hat, beendet das Spiel und gewinnt; über mehrere Runden bekommt jeder die Zahl, die seine Plättchen bilden.
