ludothek story 1
game mops
title Mops Royal lernen
language de

chapter Dasselbe Plättchen für alle
position 9/9/9/9/4Wp4/9/9/9/9,9/9/9/9/4Wy4/9/9/9/9 ?PbPgPoPpPvPyBbBgBoBpBvByWbWgWoWvWyCbCgCoCpCvCyKbKgKoKpKvKyHgHoHpHvHy Hb p1 0,0
| Jeder besitzt dieselben 36 Plättchen: sechs Gegenstände (Mops, Knochen, Napf, Dose, Kissen, Haufen) in sechs Farben. Zu Beginn liegt bei jedem ein Startplättchen offen: bei Rot der pinke Napf, bei Blau der gelbe Napf. Rot ist Aufdecker: Seine übrigen Plättchen liegen verdeckt im Stapel, und in jeder Runde wird eines aufgedeckt. Jetzt ist es der blaue Haufen – alle legen genau dieses Plättchen an.

move f5
| Ein neues Plättchen muss mit einer Seite an ein eigenes Plättchen grenzen; über Eck reicht nicht. Rot legt den blauen Haufen neben den pinken Napf, auf f5. Jetzt legt Blau dasselbe Plättchen an, und das Brett zeigt immer die Auslage dessen, der am Zug ist: hier die von Blau, mit dem gelben Napf (umkreist).
marks c:o:e5

move e4
then 9/9/9/9/4WpHb3/9/9/9/9,9/9/9/9/4Wy4/4Hb4/9/9/9 ?PbPgPoPpPvPyBbBgBoBpBvByWbWgWoWvWyCbCgCoCpCvCyKbKgKpKvKyHgHoHpHvHy Ko p1 0,0
| Blau nimmt seinen eigenen blauen Haufen aus dem Vorrat und legt ihn unter seinen gelben Napf, auf e4. Haben alle angelegt, deckt der Aufdecker das nächste Plättchen auf: das orange Kissen. Rot ist wieder am Zug, also zeigt das Brett die Auslage von Rot, mit dem blauen Haufen auf f5 (umkreist).
marks c:o:f5

chapter Eine Kombination werten
position 9/9/9/3Hy1Ky3/3KoWpHb3/9/9/9/9,9/9/9/9/3KoWyKy3/3HyHb4/9/9/9 ?PbPgPoPpPvPyBbBgBoBpBvByWbWgWoWvCbCgCoCpCvCyKbKgKpKvHgHoHpHv Wy p1 0,0
| Drei Runden später kommt der gelbe Napf. Nach dem Anlegen darf man eine Kombination der eigenen Auslage werten: 3, 4 oder 5 offene Plättchen, alle in derselben Farbe oder alle mit demselben Gegenstand, in einer der 17 Formen des Spielplans, etwa Reihe, Winkel, Diagonale, L oder T. 3 Plättchen bringen 2 Punkte, 4 bringen 4, 5 bringen 7.
| Rot ist am Zug: Lege den gelben Napf so an, dass Rot werten kann.

move e6
| Richtig: Gelber Haufen, gelber Napf und gelbes Kissen liegen jetzt in einer Reihe, von d6 bis f6. Blau setzt diese Runde aus: Der gelbe Napf ist sein Startplättchen und liegt schon in seiner Auslage.
marks h:o:d6;h:o:e6;h:o:f6
task
hint Werte mit dem gelben Napf: Die gelben Plättchen von Rot liegen auf d6 und f6.

move d6,e6,f6!e6
then 9/9/9/3HywyKy3/3KoWpHb3/9/9/9/9,9/9/9/9/3KoWyKy3/3HyHb4/9/9/9 ?PbPgPoPpPvPyBgBoBpBvByWbWgWoWvCbCgCoCpCvCyKbKgKpKvHgHoHpHv Bb p1 3,0
| Rot wertet die Reihe: 2 Punkte und einen mehr, weil der gelbe Haufen eine Krone trägt. Danach wird ein markiertes Plättchen der Form umgedreht, bei einer Dreierreihe das mittlere: Es bleibt liegen, zählt aber nie wieder. Man darf auch passen und auf eine größere Kombination warten; pro Runde wird höchstens eine Kombination gewertet.
marks c:o:e6

chapter Fünf mal fünf
position 9/6Pv2/6Po2/3HywyKyPb2/3KoWpHb3/4Bb4/9/9/9,9/9/9/3PvPb4/2PoKoWyKy3/3HyHbBb3/9/9/9 ?PgPyBgBoBpBvByWbWgWoWvCbCgCoCpCvCyKbKgKpKvHgHoHpHv Pp p1 3,0
| Runde 10 bringt den pinken Mops. Eine Auslage darf nie breiter oder höher als fünf Plättchen werden; am Ende ist sie ein volles Quadrat aus 5 × 5. Die Auslage von Rot reicht schon von Zeile 4 bis Zeile 8: In Zeile 3 und Zeile 9 darf nichts mehr hin. In der letzten Runde hat Rot bei der Mopsreihe g6–g8 gepasst und auf einen vierten Mops gehofft.
| Rot ist am Zug: Lege eine gerade Reihe aus vier Möpsen.

move g5
| Genau: g5 bis g8, vier Möpse in einer Reihe, die Rot jetzt für 4 Punkte wertet; eine Viererreihe hat zwei markierte Plättchen, die beiden mittleren, zur Wahl. Auf g9 wäre die Auslage sechs Plättchen hoch geworden.
marks h:o:g5;h:o:g6;h:o:g7;h:o:g8
task
hint Eine gerade Reihe aus vier Möpsen: Sie kann nur nach unten wachsen, denn g9 liegt außerhalb des 5 × 5-Quadrats.

edit 9/3KvCvhvPvwv1/3HgcpCyPoBv1/3HywyKypbPy1/3KoWpHbPpBp1/3KpBbBgWbWo1/9/9/9,9/9/2HgwvBvbgBp2/2ppPvPbKpcp2/2poKoWykyCy2/2WohyHbbbPy2/2KvhvCvWbHp2/9/9 ?PgBoByWgCbCgCoKbKgHo - - 15,25
| Vierzehn Runden später sind beide Auslagen volle 5 × 5-Quadrate, und das Spiel endet. Es gewinnt, wer die meisten Punkte hat: Blau, mit 25 zu 15. Bei Gleichstand gewänne, wer weniger umgedrehte Plättchen ausliegen hat.
