// Firefox for the cross-engine smoke tests: Debian's firefox-esr driven by Puppeteer over WebDriver
// BiDi (no geckodriver exists as a Debian package), headless. tests/engines/engine_drivers.py starts
// this script and sends it one command a line as JSON; each answer is one line of JSON:
//   {"op": "open", "url", "width", "height"}   a tab in a fresh profile (a private window) -> {"tab"}
//   {"op": "evaluate", "tab", "expr", "frame"}  a JavaScript expression in the page or in its n-th
//                                              <iframe> -> {"value"}
//   {"op": "press", "tab", "x", "y"}            the pointer pressed and released at viewport point x, y
//   {"op": "goto" | "reload", "tab", "url"}     a navigation, answered at the load event
//   {"op": "close", "tab"}, {"op": "quit"}
// The page's viewport is the window's (no setViewport: that needs BiDi commands older Firefox ESR
// releases lack).
import readline from "node:readline";
import puppeteer from "puppeteer-core";

const FIREFOX = process.env.FIREFOX || "/usr/bin/firefox-esr";
const NAVIGATION_MS = 180_000;

let browser = null;
const tabs = new Map();
let nextTab = 1;

async function launch(width, height) {
  browser = await puppeteer.launch({
    browser: "firefox",
    executablePath: FIREFOX,
    headless: true,
    defaultViewport: null,
    args: [`--width=${width}`, `--height=${height}`],
    protocolTimeout: NAVIGATION_MS,
  });
}

async function frameOf(page, index) {
  if (index === null || index === undefined) return page.mainFrame();
  const frames = await page.$$("iframe");
  if (!frames[index]) throw new Error(`the page has no iframe number ${index}`);
  const frame = await frames[index].contentFrame();
  if (!frame) throw new Error(`iframe number ${index} has no document yet`);
  return frame;
}

const commands = {
  async open({ url, width = 1000, height = 900 }) {
    if (!browser) await launch(width, height);
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    page.setDefaultNavigationTimeout(NAVIGATION_MS);
    page.setDefaultTimeout(NAVIGATION_MS);
    await page.goto(url, { waitUntil: "load" });
    const tab = nextTab++;
    tabs.set(tab, { context, page });
    return { tab };
  },
  async evaluate({ tab, expr, frame }) {
    const target = await frameOf(tabs.get(tab).page, frame);
    return { value: await target.evaluate(expr) };
  },
  async press({ tab, x, y }) {
    await tabs.get(tab).page.mouse.click(x, y);
    return {};
  },
  async goto({ tab, url }) {
    await tabs.get(tab).page.goto(url, { waitUntil: "load" });
    return {};
  },
  async reload({ tab }) {
    await tabs.get(tab).page.reload({ waitUntil: "load" });
    return {};
  },
  async close({ tab }) {
    const entry = tabs.get(tab);
    tabs.delete(tab);
    if (entry) await entry.context.close();
    return {};
  },
  async version() {
    if (!browser) await launch(1000, 900);
    return { value: await browser.version() };
  },
  async quit() {
    if (browser) await browser.close();
    browser = null;
    return {};
  },
};

const input = readline.createInterface({ input: process.stdin });
// One command at a time, in order: the Python side waits for each answer.
let queue = Promise.resolve();
input.on("line", (line) => {
  queue = queue.then(async () => {
    let request = {};
    try {
      request = JSON.parse(line);
      const answer = await commands[request.op](request);
      process.stdout.write(JSON.stringify({ id: request.id, ok: true, ...answer }) + "\n");
      if (request.op === "quit") process.exit(0);
    } catch (error) {
      process.stdout.write(JSON.stringify({ id: request.id, ok: false, error: String((error && error.stack) || error) }) + "\n");
    }
  });
});
input.on("close", async () => {
  await queue;
  if (browser) await browser.close().catch(() => {});
  process.exit(0);
});
