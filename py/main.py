# Python's entry in its worker (assets/boot.js starts it with PyScript's PyWorker; see pyscript.toml):
# the app's modules imported (from the memory snapshot when there is one, already), and the two
# functions the page's side calls exported (web/dom.py). The app starts when the page calls `start`.
import random

# Python may have started from the memory snapshot (assets/vendor/pyodide/ludothek.mjs), in which
# the random generator's state is the one every visitor gets: fresh entropy for this page, before
# the app draws a seed for a game, a computer player or a save's id.
random.seed()
# The package's modules the first screen does not need come later, in a second zip: the finder
# that brings them goes in first (ludothek/web/more_modules.py).
import ludothek.web.more_modules  # noqa: E402

ludothek.web.more_modules.install()
import ludothek.web.dom  # noqa: E402, F401

# The modules and their tables live as long as the worker: move them out of the collector's reach,
# so its pauses during a computer player's search stay short.
import gc  # noqa: E402

gc.freeze()


# PyScript calls these with this script's names gone (what its top level imported is not found
# when they are called): each finds the app's link to the page itself.
def start(start_text: str) -> None:
    from ludothek.web import dom

    dom.start(start_text)


def handle(event_text: str) -> None:
    from ludothek.web import dom

    dom.handle(event_text)


__export__ = ["start", "handle"]
