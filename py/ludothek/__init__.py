"""Ludothek: five German board games, rules engines, computer players and drawing in pure Python."""

__version__ = "0.1.0"
