ludothek story 1
game mops
title Mops Royal lernen
language de

chapter Dasselbe Plättchen für alle
position 9/9/9/9/4Wp4/9/9/9/9,9/9/9/9/4Wy4/9/9/9/9 ?PbPgPoPpPvPyBbBgBoBpBvByWbWgWoWvWyCbCgCoCpCvCyKbKgKoKpKvKyHgHoHpHvHy Hb p1 0,0
| Jeder besitzt dieselben 36 Plättchen: sechs Gegenstände (Mops, Knochen, Napf, Dose, Kissen, Haufen) in sechs Farben. Zu Beginn liegt bei jedem ein Startplättchen offen: bei Rot der pinke Napf, bei Blau der gelbe Napf. Rot ist Aufdecker: Seine übrigen Plättchen liegen verdeckt im Stapel, und in jeder Runde wird eines aufgedeckt. Jetzt ist es der blaue Haufen – alle legen genau dieses Plättchen an.

move f5
| Ein neues Plättchen muss mit einer Seite an ein eigenes Plättchen grenzen; über Eck reicht nicht. Rot legt den blauen Haufen neben den pinken Napf.
marks c:o:f5

move e4
then 9/9/9/9/4WpHb3/9/9/9/9,9/9/9/9/4Wy4/4Hb4/9/9/9 ?PbPgPoPpPvPyBbBgBoBpBvByWbWgWoWvWyCbCgCoCpCvCyKbKgKpKvKyHgHoHpHvHy Ko p1 0,0
| Blau nimmt seinen eigenen blauen Haufen aus dem Vorrat und legt ihn unter seinen gelben Napf. Haben alle angelegt, deckt der Aufdecker das nächste Plättchen auf: das orange Kissen.
marks c:o:e4

chapter Eine Kombination werten
position 9/9/4BpBo3/5Ko3/4WpHb3/9/9/9/9,9/9/9/9/3KoWyBo3/3BpHb4/9/9/9 ?PbPgPoPpPvPyBbBgBvByWbWgWoWvWyCbCgCoCvCyKbKgKpKvKyHgHoHpHvHy Cp p1 0,0
| Vier Runden später kommt die pinke Dose. Nach dem Anlegen darf man eine Kombination der eigenen Auslage werten: 3, 4 oder 5 offene Plättchen, alle in derselben Farbe oder alle mit demselben Gegenstand, in einer der 17 Formen des Spielplans, etwa Reihe, Winkel, Diagonale, L oder T. 3 Plättchen bringen 2 Punkte, 4 bringen 4, 5 bringen 7.
| Rot ist am Zug: Lege die pinke Dose so an, dass Rot werten kann.

move e6
| Richtig: Pinker Napf, pinke Dose und pinker Knochen liegen jetzt in einer Reihe, von e5 bis e7.
marks h:o:e5;h:o:e6;h:o:e7
task
hint Die pinken Plättchen von Rot liegen auf e5 und e7.

move e5,e6,e7!e6
| Rot wertet die Reihe: 2 Punkte und einen mehr, weil die pinke Dose eine Krone trägt. Danach muss ein markiertes Plättchen der Form umgedreht werden, bei einer Dreierreihe das mittlere. Ein umgedrehtes Plättchen bleibt liegen, zählt aber nie wieder.
marks c:o:e6

move c4
then 9/9/4BpBo3/4cpKo3/4WpHb3/9/9/9/9,9/9/9/9/3KoWyBo3/2CpBpHb4/9/9/9 ?PbPgPoPpPvPyBbBgBvByWbWoWvWyCbCgCoCvCyKbKgKpKvKyHgHoHpHvHy Wg p1 3,0
| Auch Blau legt seine pinke Dose an; eine Kombination ergibt sie bei Blau nicht. Man darf auch passen, statt zu werten, um auf eine größere Kombination zu warten – aber in jeder Runde wird höchstens eine Kombination gewertet.

chapter Fünf mal fünf
position 9/6Ky2/4BpBoHy2/4cpKoCy2/4WpHb3/4Wg4/9/9/9,9/9/3CyKy4/4hy4/2WgKoWyBo3/2CpBpHb4/9/9/9 ?PbPgPoPpPvBbBgBvByWbWoWvWyCbCgCoCvKbKgKpKvHgHoHpHv Py p1 3,3
| Runde 10 bringt den gelben Mops. Eine Auslage darf nie breiter oder höher als fünf Plättchen werden; am Ende ist sie ein volles Quadrat aus 5 × 5. Die Auslage von Rot reicht schon von Reihe 4 bis Reihe 8: In Reihe 3 und Reihe 9 darf nichts mehr hin. In der letzten Runde hat Rot bei der gelben Reihe g6–g8 gepasst und auf ein viertes gelbes Plättchen gehofft.
| Rot ist am Zug: Lege eine gerade Reihe aus vier gelben Plättchen.

move g5
| Genau: g5 bis g8, vier gelbe Plättchen in einer Reihe. Auf g9 wäre die Auslage sechs Plättchen hoch geworden.
marks h:o:g5;h:o:g6;h:o:g7;h:o:g8
task
hint Die Reihe kann nur nach unten wachsen: g9 liegt außerhalb des 5 × 5-Quadrats.

move g5,g6,g7,g8!g6
| Rot wertet die Viererreihe: 4 Punkte und einen für den gekrönten gelben Haufen auf g7. Eine Viererreihe hat zwei markierte Plättchen, die beiden mittleren; Rot dreht g6 um und behält die Krone offen für später.
marks c:o:g6

edit 9/3PoBgKpkyKb1/3wobpBoHyHv1/3CocpKocyKv1/3CvWpHbPyBy1/3WvwgPgppBb1/9/9/9,9/1BbCoByPppg3/1PocvCykyPy3/1WowvKbhyBg3/1KvWgKoWyBo3/1KpcpBpHbHv3/9/9/9 ?PbPvBvWbWyCbCgKgHgHoHp - - 21,16
| Vierzehn Runden später sind beide Auslagen volle 5 × 5-Quadrate, und das Spiel endet. Es gewinnt, wer die meisten Punkte hat: Rot, mit 21 zu 16. Bei Gleichstand gewänne, wer weniger umgedrehte Plättchen ausliegen hat.
