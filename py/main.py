# Entry point loaded by PyScript (see pyscript.toml): start the app. The performance marks let
# bench/startup.py split the start-up into runtime, imports and the first screen.
import random

import js

js.performance.mark("ludothek:python")
# Python may have started from the memory snapshot (assets/vendor/pyodide/ludothek.mjs), in which
# the random generator's state is the one every visitor gets: fresh entropy for this page, before
# the app draws a seed for a game, a computer player or a save's id.
random.seed()
from ludothek.web.app import main  # noqa: E402

js.performance.mark("ludothek:imported")
main()
# The modules and their tables live as long as the page: move them out of the collector's reach,
# so its pauses during a computer player's search stay short.
import gc  # noqa: E402

gc.freeze()
js.performance.mark("ludothek:ready")
