"""Correspondence play by link, with no server (issue 27; design in docs/remote-play.md).

`chance` holds the commit-reveal scheme and where each game meets chance, `protocol` the game a
link carries and how a device replays, checks and compares it, `link` the compact text. Pure
Python over `ludothek.games`: no drawing, no browser.
"""
