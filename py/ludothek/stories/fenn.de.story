ludothek story 1
game fenn
title Fenn lernen
language de

chapter Drei Würfel auf neun Feldern
position b0:5 r10:5 k6 b
| Gespielt wird mit drei Miwin'schen Würfeln, jeder mit eigenen Zahlen: Blau 1 2 5 6 7 9, Rot 1 3 4 5 8 9, Schwarz 2 3 4 6 7 8. Blau und Rot liegen zu Beginn mit der Fünf oben neben der Leiste; Blau muss Feld 9 erreichen, Rot Feld 1. Mit Schwarz wurde gewürfelt, bis eine Vier oder Sechs fiel: Bei einer Sechs beginnt Blau, bei einer Vier Rot.

move 2:7
| Ein Zug: Der eigene Würfel geht ein oder zwei Felder vor oder zurück, und eine neue Zahl kommt nach oben, frei gewählt. Blau zieht auf Feld 2 und legt die 7 nach oben. Wer einmal auf der Leiste steht, verlässt sie nicht mehr.
marks h:o:2

move 8:3
| Die Zahlen oben sperren Felder. Die schwarze Zahl sperrt ihr Feld für beide; die rote Zahl sperrt ihr Feld für Blau, die blaue für Rot; und niemand darf auf das Feld des anderen Würfels. Die eigene Zahl sperrt für einen selbst nichts. Rot zieht auf 8 und legt die 3 nach oben: Jetzt ist Feld 3 für Blau gesperrt und Feld 6 für beide.
marks h:r:3;h:r:6

move 4:6
| Blau zieht auf 4 und legt die 6 nach oben – dieselbe Zahl wie beim schwarzen Würfel: ein Pasch. Nach einem Pasch darf man den schwarzen Würfel auf eine beliebige andere seiner Zahlen drehen und damit ein anderes Feld für beide sperren, oder ihn liegen lassen.
marks h:o:4

move k7
| Blau dreht Schwarz auf 7. Für Rot auf Feld 8 ist jetzt Feld 7 gesperrt (Schwarz zeigt 7) und Feld 6 auch (Blau zeigt 6): Rot bleibt nur der Weg zurück auf 9. Nur das Zielfeld muss offen sein; wer zwei Felder weit zieht, darf über gesperrte Felder und über den anderen Würfel springen.
marks h:r:7;h:r:6;a:o:8-9

chapter Eingesperrt – und dann los
position b1:6 r2:4 k4 b
| Kurz vor Schluss einer anderen Partie. Blau auf Feld 1 kann nur nach 3 und springt dabei über Rot auf Feld 2.
| Blau ist am Zug: Wähle für Feld 3 die Zahl, nach der Rot gar nicht mehr ziehen kann.
marks c:o:3

move 3:1
| Richtig: Die blaue 1 sperrt Feld 1 für Rot. Die übrigen Wege von Rot führen auf 3, wo jetzt Blau steht, und auf 4, das Schwarz sperrt. Wer nicht ziehen kann, setzt aus.
marks h:r:1;h:r:3;h:r:4
task
hint Lass Rot keinen Zug: Rot könnte auf 1, 3 oder 4. Welches dieser Felder kann die neue blaue Zahl auf Feld 3 sperren?

move pass
| Rot setzt aus. Jetzt der Zusatzzug: Stimmt die neue Zahl mit der Nummer des Feldes überein, auf dem der Würfel steht, darf man noch einmal ziehen, wieder mit einer neuen Zahl. Nur auf das Feld, auf dem der Zug begann, darf man im selben Zug nicht zurück.
| Blau ist am Zug: Beginne einen Lauf, der noch in diesem Zug gewinnt.

move 5:5
| Eine 5 auf Feld 5: ein Zusatzzug. Feld 3, wo der Zug begann, ist jetzt tabu, und Feld 4 ist gesperrt.
marks c:o:5
task best
hint Gewinne noch in diesem Zug mit Zusatzzügen: Lande auf einem Feld und lege seine eigene Nummer nach oben.

move 7:7
| Eine 7 auf Feld 7: noch ein Zusatzzug. Feld 8 ist offen und Feld 9 auch.
marks c:o:7
task best
hint Wieder ein Feld mit seiner eigenen Nummer, näher an der 9.

move 9:1
| Blau erreicht Feld 9 und gewinnt sofort. Kommt keiner durch, gilt: Dieselbe Stellung zum dritten Mal zu Beginn eines Zuges ist remis. Bei perfektem Spiel endet Fenn remis.
marks a:o:7-9
