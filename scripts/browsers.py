"""The browsers the tests and benchmarks drive, as Debian installs them (scripts/setup_browsers
installs the packages): Chromium through Playwright, Firefox through Puppeteer over WebDriver BiDi,
WebKit (Safari's engine) through WebKitWebDriver and MiniBrowser in an Xvfb display."""

import glob

CHROMIUM = "/usr/bin/chromium"
# Chromium's switches for tests and benchmarks alike: no sandbox (containers), no GPU, and none of
# its own traffic (updates, sync, QUIC) that would mix with the page's requests.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
FIREFOX = "/usr/bin/firefox-esr"
WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver"
# libwebkit2gtk-4.1-0 puts it under the architecture's library folder.
MINIBROWSER = (sorted(glob.glob("/usr/lib/*/webkit2gtk-4.1/MiniBrowser")) or ["/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"])[0]
