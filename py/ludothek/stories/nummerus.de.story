ludothek story 1
game nummerus
title Nummerus Zahlus lernen
language de

chapter Der Stern holt einen Chip
position 3,16,17/18,7,36,39,38/43,1,33,24,2,40,42/25,*,44,20,14,35,28/30,29,45,13,11/4,9,12,48,10,41,26/6,8,47,31,46,27,21/32,23,5,19,37/15,34,22 1 ./.
| Die 48 Zahlenchips und der Stern liegen gemischt auf den 49 Feldern dieser Acht. Gesammelt werden Ketten: mindestens zwei aufeinanderfolgende Zahlen, etwa 17–18–19. Wer am Ende die längste Kette besitzt, gewinnt. Es beginnt, wer vom Alter her der 48 am nächsten ist – hier Rot.
marks c:o:b6

move c5
| Wer am Zug ist, bewegt nur den Stern: in eine der acht Richtungen, gerade oder schräg, bis zum ersten Chip in dieser Linie. Diesen Chip nimmt man sich, und der Stern bleibt auf seinem Feld. Anfangs liegt auf jedem Nachbarfeld ein Chip, der Stern kommt also nur ein Feld weit: Rot nimmt die 29.
| Jetzt Blau: Nimm den Chip, den Rot am dringendsten braucht.
marks a:o:b6-c5

move b5
| Genau. Die 29 von Rot braucht eine 28 oder eine 30, um eine Kette zu werden. Die 28 auf g6 liegt nicht in Linie mit dem Stern, die 30 aber schon – also schnappt Blau sie weg. Im Blick zu behalten, was der Gegner braucht, ist das halbe Spiel.
task
hint Nimm, was Rot am dringendsten braucht: Welche Zahlen passen an die 29 von Rot? Nur eine davon liegt in gerader Linie vom Stern aus.

move d5
| Der Stern darf über leere Felder ziehen, aber unterwegs weder abbiegen noch über einen Chip hinweg. Rot zieht ihn nach rechts, über das leere c5, bis zur 45. Je leerer der Plan wird, desto weiter werden die Wege des Sterns.
marks a:o:b5-d5

chapter Lange Wege
position 46,18,32/6,24,44,.,./20,48,22,.,.,21,9/4,11,3,.,.,29,16/13,.,.,31,42/19,.,.,.,12,36,14/.,17,30,*,2,47,43/.,1,.,.,27/.,41,33 1 7,10,23,28,35,38-39,45/5,8,15,25-26,34,37,40
| Später im Spiel. Der Stern auf d3 erreicht die umrandeten Chips; nach oben zieht er über vier leere Felder. Eine Linie endet am Rand des Plans: a6 und a4 liegen nicht in Linie, denn ein Feld a5 gibt es nicht.
| Rot besitzt 7, 10, 23, 28, 35, 38–39 und 45 und ist am Zug: Nimm einen Chip, der Rot eine zweite Kette bringt.
marks c:o:d3

move d8
| Richtig: Die 44 passt an die 45 von Rot. Auch die 29 auf f6 würde an die 28 von Rot passen, aber sie liegt nicht in gerader Linie von d3 aus.
marks a:o:d3-d8
task
hint Eine zweite Kette für Rot: Welcher umrandete Chip ist um eins größer oder kleiner als ein Chip von Rot?

chapter Der Sprung und das Ende
position .,.,./.,.,.,.,./33,.,.,.,.,.,./.,.,.,.,.,.,./.,.,*,.,./.,.,.,.,.,.,./.,.,.,.,.,.,1/.,.,.,.,./.,.,. 1 2,4,6,8,10-13,15,17,19,24,26,28,30-32,35,37,39,43,45,47/3,5,7,9,14,16,18,20-23,25,27,29,34,36,38,40-42,44,46,48
| Noch zwei Chips liegen auf dem Plan, und keiner in gerader Linie zum Stern: Dann darf der Stern auf einen beliebigen Chip springen. Am Ende werden zuerst die längsten Ketten verglichen, dann die zweitlängsten und so weiter. Rot besitzt 10–13 und 30–32, Blau 20–23 und 40–42.
| Rot ist am Zug: Springe so, dass Rot gewinnt.
marks c:o:a7;c:o:g3

move a7
| Rot springt zur 33: 30–33 ist eine zweite Kette aus vier Chips. Mit der 1 hätte Rot nur 1–2 bekommen, Blau hätte die 33 an seine 34 gelegt, und alle Ketten wären gleich lang gewesen: unentschieden.
marks c:o:a7
task
hint Welcher Chip macht die zweite Kette von Rot so lang wie die erste?

move g3
| Blau springt zum letzten Chip, und mit dem leeren Plan endet das Spiel. Beide längsten Ketten haben vier Chips; die zweite Kette von Rot hat vier, die von Blau nur drei: Rot gewinnt. Einzelne Chips zählen nichts.
