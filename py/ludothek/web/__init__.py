"""The only code that touches the browser (js, pyodide, pyscript): the app's screens, routing,
storage, clicks and keys, and the computer players run in slices between frames. Everything it
draws comes from ludothek.render; docs/architecture.md has the map."""
