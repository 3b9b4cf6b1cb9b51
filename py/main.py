# Entry point loaded by PyScript (see pyscript.toml): start the app. The performance marks let
# bench/startup.py split the start-up into runtime, imports and the first screen.
import js

js.performance.mark("ludothek:python")
from ludothek.web.app import main  # noqa: E402

js.performance.mark("ludothek:imported")
main()
# The modules and their tables live as long as the page: move them out of the collector's reach,
# so its pauses during a computer player's search stay short.
import gc  # noqa: E402

gc.freeze()
js.performance.mark("ludothek:ready")
