# Entry point loaded by PyScript (see pyscript.toml): start the app. The performance marks let
# bench/startup.py split the start-up into runtime, imports and the first screen.
import js

js.performance.mark("ludothek:python")
from ludothek.web.app import main  # noqa: E402

js.performance.mark("ludothek:imported")
main()
js.performance.mark("ludothek:ready")
