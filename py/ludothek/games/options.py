"""A game's options (issue 56): what each declares (`Option`: its kind, default, limits and the
player counts it is for), the values a form, a record or a link gives (`OptionValue`), and the
values checked for a new game, read by kind (`CheckedOptions`). Re-exported by games/base.py."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence, TypeAlias, TypeVar

R = TypeVar("R")

# An option's value as a form, a record or a link gives it: a switch, a number, a choice, or a list
# of them (a "list" option: cells, tiles, chips; frozen into tuples in a `Setup`). Each game's
# `Option` declaration says which; `Option.check` enforces it.
OptionValue: TypeAlias = "bool | int | str | None | Sequence[OptionValue]"


@dataclass(frozen=True)
class Option:
    """One option of a game, declared once: the engine checks values against it (`check_options`)
    and the setup screen builds its field from it.

    kind: "bool", "int" (whole numbers from `minimum` to `maximum`), "choice" (one of `choices`)
    or "list" (structured: a list whose entries the engine checks itself).
    players: the player counts it applies to (empty: all); given for another count it is refused,
    except a switch given as off.
    what: how messages name it ("board size"); note: said after a range ("0: no limit"), or for a
    list what it must be ("be a list of cells such as ['e5']").
    """

    name: str
    kind: str
    default: OptionValue = None
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] = ()  # a choice is one of named values
    players: tuple[int, ...] = ()
    what: str = ""
    note: str = ""

    def applies_to(self, players: int) -> bool:
        return not self.players or players in self.players

    def check(self, value: object, players: int) -> OptionValue:
        """`value` if it is allowed with `players` players, else ValueError saying why."""
        what = self.what or self.name
        checked: OptionValue
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise ValueError(f"{what} must be true or false, not {str(value)[:40]!r}")
            checked = value
        elif self.kind == "int":
            if self.minimum is None or self.maximum is None:
                raise TypeError(f"option {self.name} declares no range")
            if isinstance(value, bool) or not isinstance(value, int) or not self.minimum <= value <= self.maximum:
                note = f" ({self.note})" if self.note else ""
                raise ValueError(f"{what} must be a whole number from {self.minimum} to {self.maximum}{note}, not {str(value)[:40]!r}")
            checked = value
        elif self.kind == "choice":
            # (A choice is one of the declared names: only a str equals one.)
            if isinstance(value, bool) or not isinstance(value, str) or value not in self.choices:
                raise ValueError(f"{what} must be {_or_list(self.choices)}, not {str(value)[:40]!r}")
            checked = value
        elif self.kind == "list":
            if isinstance(value, (str, bytes)) or not isinstance(value, (list, tuple)):
                raise ValueError(f"{what} must {self.note or 'be a list'}, not {str(value)[:40]!r}")
            # The entries as given: the engine checks them itself (its `note` says what they must be).
            entries: Sequence[OptionValue] = value
            checked = entries
        else:  # pragma: no cover - a declaration error, caught by the option tests
            raise TypeError(f"option {self.name!r} has an unknown kind {self.kind!r}")
        if not self.applies_to(players) and checked is not False:
            alone = " (not in the solitaire)" if players == 1 else ""
            raise ValueError(f"{what} is only played with {_or_list(self.players, quote=False)} players, not {players}{alone}")
        return checked


@dataclass(frozen=True)
class CheckedOptions:
    """Every declared option's value for a new game (`Game.check_options`): the given one checked
    against its declaration, or its default (None, or False for a switch, where it does not
    apply). An engine reads each by its option's kind, `..._or_none` where it may be unset; a
    reader of another kind than the declaration's is a declaration error (TypeError)."""

    values: Mapping[str, OptionValue]

    def flag(self, name: str) -> bool:
        value = self.values[name]
        if not isinstance(value, bool):
            raise TypeError(f"option {name!r} is not a switch")
        return value

    def number_or_none(self, name: str) -> int | None:
        value = self.values[name]
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
            raise TypeError(f"option {name!r} is not a whole number")
        return value

    def number(self, name: str) -> int:
        return _set(name, self.number_or_none(name))

    def choice_or_none(self, name: str) -> str | None:
        value = self.values[name]
        if value is not None and not isinstance(value, str):
            raise TypeError(f"option {name!r} is not a choice")
        return value

    def choice(self, name: str) -> str:
        return _set(name, self.choice_or_none(name))

    def entries_or_none(self, name: str) -> Sequence[OptionValue] | None:
        value = self.values[name]
        if isinstance(value, (bool, int, str)):
            raise TypeError(f"option {name!r} is not a list")
        return value

    def entries(self, name: str) -> Sequence[OptionValue]:
        return _set(name, self.entries_or_none(name))


def _set(name: str, value: R | None) -> R:
    if value is None:
        raise TypeError(f"option {name!r} is unset: read it with its ..._or_none reader")
    return value


def _or_list(values: Sequence[object], quote: bool = True) -> str:
    texts = [repr(v) if quote else str(v) for v in values]
    return texts[0] if len(texts) == 1 else ", ".join(texts[:-1]) + " or " + texts[-1]
