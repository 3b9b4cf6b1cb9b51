# Entry point loaded by PyScript (see pyscript.toml): start the app.
from ludothek.web.app import main

main()
