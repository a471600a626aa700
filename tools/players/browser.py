#!/usr/bin/env python3
"""Shows a Lottie or SVG document in the players web pages use (headless Chromium), to straight-RGBA PNGs.

    browser.py --player lottie-web-svg|lottie-web-canvas FILE.json|FILE.lottie --frames 0,12.5,450 --out-dir DIR
    browser.py --player chromium-svg FILE.svg --times 0,0.5,1.25 --out-dir DIR

Writes DIR/<player>-<frame or time>.png for each frame or time, in the order asked, and prints one
JSON line on stdout: {"player", "browser" (Chromium's version), "width", "height", "files"} and
  - for lottie-web: "lottie" (lottie-web's version), "frames" (total), "fps", "container" ("json" or
    "dotLottie", then with "manifest"), "at" (the frames asked);
  - for chromium-svg: "at" (the times asked, in seconds).
Exit status 1 with one line on stderr when the browser or the player fails or the time limit
(--timeout, seconds for the whole run) runs out; 2 for bad arguments.

lottie-web: `lottie.loadAnimation({renderer, animationData, autoplay: false, loop: false})` in a
box of the document's w x h CSS pixels, sub-frames on (`anim.setSubframe(true)`), then for each
frame `anim.goToAndStop(frame, true)` (fractional frames are drawn as such). The canvas renderer
(devicePixelRatio 1) is read back exactly with `canvas.toDataURL()`; the svg renderer's box is
screenshotted at device scale factor 1 over a transparent page. A dotLottie zip is unpacked as
render.py does (its manifest's first animation).

chromium-svg: the SVG file itself is opened (parsed as XML, as a browser shows an .svg) at its own
size (width and height, or the viewBox's when those are absent), then for each time t its SMIL
animations are paused at t (`svg.pauseAnimations(); svg.setCurrentTime(t)`) and so are its CSS
and Web animations (`animation.pause(); animation.currentTime = t * 1000`), and the page is
screenshotted over a transparent background.

One headless Chromium (Debian's `chromium`; CHROMIUM=path to choose another) serves every frame
of a run. It is driven through the DevTools protocol over a pipe (--remote-debugging-pipe: no port,
no extra Python package), with a throwaway profile and no network (every host name fails to
resolve). lottie-web 5.12.2 comes from PyPI: the dash-extensions wheel ships it inside a webpack
chunk, dash_extensions/async-Lottie.js (installed without its dependencies through
tools/players/requirements-nodeps.txt); a few lines standing in for webpack's loader take the
lottie-web module out of it. LOTTIE_WEB_JS=path uses another copy (a plain lottie.min.js works too).
"""
import argparse
import base64
import io
import json
import os
import select
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from PIL import Image

from render import load_document

PLAYERS = ["lottie-web-svg", "lottie-web-canvas", "chromium-svg"]


class BrowserError(Exception):
    pass


def chromium_path():
    """Debian's browser binary itself (not the /usr/bin/chromium wrapper script), or CHROMIUM."""
    if os.environ.get("CHROMIUM"):
        return os.environ["CHROMIUM"]
    for p in ["/usr/lib/chromium/chromium"]:
        if os.access(p, os.X_OK):
            return p
    for name in ["chromium", "chromium-browser", "google-chrome"]:
        p = shutil.which(name)
        if p:
            return p
    raise BrowserError("Chromium is missing: apt-get install chromium (./run.sh test does)")


def lottie_web_source():
    """lottie-web's JavaScript, as shipped in the dash-extensions wheel (or LOTTIE_WEB_JS)."""
    path = os.environ.get("LOTTIE_WEB_JS")
    if not path:
        from importlib.metadata import distribution, PackageNotFoundError
        try:
            path = str(distribution("dash-extensions").locate_file("dash_extensions/async-Lottie.js"))
        except PackageNotFoundError:
            raise BrowserError("lottie-web is missing (dash-extensions, tools/players/requirements-nodeps.txt): "
                               "run tools/players/setup.sh (./run.sh test does)")
    if not os.path.isfile(path):
        raise BrowserError(f"lottie-web is missing: no {path}; run tools/players/setup.sh")
    with open(path, encoding="utf-8") as f:
        return f.read()


# Runs lottie-web's source (a webpack chunk, or a plain UMD build) and leaves `window.lottie`.
LOTTIE_LOADER = """
(function (source) {
  self.webpackChunkdash_extensions = [];
  var module = {exports: {}};
  (0, eval)(source);
  var chunks = self.webpackChunkdash_extensions;
  if (!window.lottie && chunks.length) {
    var modules = chunks[0][1];
    var id = Object.keys(modules).find(function (k) { return String(modules[k]).indexOf("lottie.version=") >= 0; });
    if (id === undefined) throw new Error("no lottie-web module in the chunk");
    var require = function (n) { throw new Error("lottie-web asked for module " + n); };
    modules[id](module, module.exports, require);
    window.lottie = module.exports;
  }
  if (!window.lottie || !window.lottie.loadAnimation) throw new Error("lottie-web did not load");
  return window.lottie.version;
})
"""

# Loads a document into a w x h box at the page's top left; resolves when lottie-web has built it.
LOTTIE_SETUP = """
(function (data, renderer) {
  document.documentElement.style.background = "transparent";
  document.body.style.margin = "0";
  var box = document.createElement("div");
  box.style.cssText = "position:absolute;left:0;top:0;overflow:hidden;width:" + data.w + "px;height:" + data.h + "px";
  document.body.appendChild(box);
  var settings = renderer === "canvas" ? {dpr: 1, clearCanvas: true} : {};
  var anim = lottie.loadAnimation({container: box, renderer: renderer, animationData: data,
                                   autoplay: false, loop: false, rendererSettings: settings});
  anim.setSubframe(true);
  window.wavefillAnim = anim;
  window.wavefillBox = box;
  return new Promise(function (resolve, reject) {
    var done = function () {
      resolve({frames: anim.totalFrames, fps: anim.frameRate, width: data.w, height: data.h});
    };
    anim.addEventListener("data_failed", function () { reject(new Error("lottie-web refused the document")); });
    if (anim.isLoaded) done(); else anim.addEventListener("DOMLoaded", done);
  });
})
"""

# Shows one frame; the canvas renderer's pixels as a PNG data URL, null for the svg renderer.
LOTTIE_FRAME = """
(function (frame) {
  window.wavefillAnim.goToAndStop(frame, true);
  var canvas = window.wavefillBox.querySelector("canvas");
  if (!canvas) return null;
  if (canvas.width !== window.wavefillBox.clientWidth || canvas.height !== window.wavefillBox.clientHeight)
    throw new Error("canvas is " + canvas.width + "x" + canvas.height + ", not the document's size");
  return canvas.toDataURL("image/png");
})
"""

# The open SVG document's own size in CSS pixels.
SVG_SIZE = """
(function () {
  var svg = document.documentElement;
  if (!(svg instanceof SVGSVGElement)) throw new Error("not an SVG document (root <" + svg.localName + ">)");
  var r = svg.getBoundingClientRect(), vb = svg.viewBox.baseVal;
  var w = svg.hasAttribute("width") ? r.width : (vb ? vb.width : 0);
  var h = svg.hasAttribute("height") ? r.height : (vb ? vb.height : 0);
  return {width: w, height: h};
})()
"""

# Pauses every animation of the document at t seconds; resolves after two animation frames.
SVG_SEEK = """
(function (t) {
  var svg = document.documentElement;
  svg.pauseAnimations();
  svg.setCurrentTime(t);
  document.getAnimations().forEach(function (a) { a.pause(); a.currentTime = t * 1000; });
  return new Promise(function (resolve) {
    requestAnimationFrame(function () { requestAnimationFrame(function () { resolve(svg.getCurrentTime()); }); });
  });
})
"""


class Chromium:
    """A headless Chromium driven through the DevTools protocol over a pipe (JSON messages
    ended by NUL: it reads ours on its fd 3 and writes its own on fd 4)."""

    def __init__(self, deadline):
        self.deadline = deadline
        self.proc = None
        self.profile = tempfile.mkdtemp(prefix="wavefill-chromium-")
        self.log = open(os.path.join(self.profile, "stderr.log"), "w+b")
        to_browser_r, self.to_browser = os.pipe()
        self.from_browser, from_browser_w = os.pipe()

        def child_fds():   # runs in the child: our pipe ends become its fds 3 and 4
            a, b = os.dup(to_browser_r), os.dup(from_browser_w)   # above 4, whatever they were
            os.dup2(a, 3)
            os.dup2(b, 4)

        # No --default-background-color: with it, Chromium 156's page process dies on opening an
        # SVG file; Emulation.setDefaultBackgroundColorOverride makes the page transparent instead.
        args = [chromium_path(), "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
                f"--user-data-dir={self.profile}", "--no-first-run", "--no-default-browser-check",
                "--disable-extensions", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--disable-default-apps", "--mute-audio", "--hide-scrollbars",
                "--force-device-scale-factor=1", "--allow-file-access-from-files",
                "--host-resolver-rules=MAP * ~NOTFOUND",
                "--disable-features=Translate,MediaRouter,OptimizationHints", "about:blank"]
        try:
            try:
                self.proc = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=self.log, stderr=self.log,
                                             preexec_fn=child_fds, pass_fds=(3, 4), close_fds=True)
            except OSError as e:
                raise BrowserError(f"could not start {args[0]}: {e.strerror}")
            finally:
                os.close(to_browser_r)
                os.close(from_browser_w)
            self.next_id = 0
            self.buffer = b""
            self.version = self.call("Browser.getVersion")["product"]
            target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
            self.session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        except BaseException:
            self.close()
            raise

    def call(self, method, params=None, session=None):
        """Sends one command and returns its result (events in between are dropped)."""
        self.next_id += 1
        msg = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            msg["sessionId"] = session
        data = json.dumps(msg).encode() + b"\0"
        while data:
            data = data[os.write(self.to_browser, data):]
        while True:
            reply = self._read_message()
            if reply.get("method") in ("Inspector.detached", "Inspector.targetCrashed", "Target.targetCrashed"):
                reason = reply.get("params", {}).get("reason") or "page crashed"
                raise BrowserError(f"Chromium's page went away during {method}: {reason}")
            if reply.get("id") != self.next_id:
                continue
            if "error" in reply:
                raise BrowserError(f"{method}: {reply['error'].get('message')} {reply['error'].get('data', '')}".strip())
            return reply["result"]

    def _read_message(self):
        while b"\0" not in self.buffer:
            left = self.deadline - time.monotonic()
            if left <= 0:
                raise BrowserError("timed out waiting for Chromium")
            ready, _, _ = select.select([self.from_browser], [], [], left)
            if not ready:
                continue
            chunk = os.read(self.from_browser, 1 << 20)
            if not chunk:
                self.log.seek(0)
                last = [l for l in self.log.read().decode(errors="replace").splitlines() if l.strip()][-1:]
                raise BrowserError("Chromium exited" + (f": {last[0]}" if last else ""))
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def page(self, method, params=None):
        return self.call(method, params, self.session)

    def evaluate(self, expression):
        """Runs JavaScript in the page, awaiting a promise; its value (JSON-able) or an error."""
        r = self.page("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True})
        if "exceptionDetails" in r:
            d = r["exceptionDetails"]
            text = d.get("exception", {}).get("description") or d.get("text", "exception")
            raise BrowserError(text.splitlines()[0])
        return r["result"].get("value")

    def set_size(self, width, height):
        self.page("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
        self.page("Emulation.setDefaultBackgroundColorOverride", {"color": {"r": 0, "g": 0, "b": 0, "a": 0}})

    def screenshot(self, width, height):
        r = self.page("Page.captureScreenshot", {"format": "png", "fromSurface": True,
                                                 "clip": {"x": 0, "y": 0, "width": width, "height": height, "scale": 1}})
        return base64.b64decode(r["data"])

    def close(self):
        os.close(self.to_browser)   # Chromium quits when its pipe closes
        if self.proc:
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        os.close(self.from_browser)
        self.log.close()
        shutil.rmtree(self.profile, ignore_errors=True)


def save_png(data, width, height, path):
    """Checks the size and writes straight 8-bit RGBA."""
    img = Image.open(io.BytesIO(data))
    if img.size != (width, height):
        raise BrowserError(f"got a {img.size[0]}x{img.size[1]} image, expected {width}x{height}")
    img.convert("RGBA").save(path)


def label(v):
    return str(int(v)) if float(v).is_integer() else repr(float(v))


def play_lottie(browser, path, renderer, frames, out_dir, player):
    text, container = load_document(path)
    try:
        data = json.loads(text)
    except ValueError as e:
        raise BrowserError(f"not a Lottie JSON document: {e}")
    w, h = int(data["w"]), int(data["h"])
    browser.set_size(w, h)
    version = browser.evaluate(LOTTIE_LOADER + f"({json.dumps(lottie_web_source())})")
    info = browser.evaluate(LOTTIE_SETUP + f"({json.dumps(data)}, {json.dumps(renderer)})")
    files = []
    for f in frames:
        url = browser.evaluate(LOTTIE_FRAME + f"({json.dumps(f)})")
        png = base64.b64decode(url.split(",", 1)[1]) if url else browser.screenshot(w, h)
        out = os.path.join(out_dir, f"{player}-{label(f)}.png")
        save_png(png, w, h, out)
        files.append(out)
    info.update(container)
    info.update({"lottie": version, "at": frames, "files": files})
    return info


def show_svg(browser, path, times, out_dir, player):
    url = Path(path).resolve().as_uri()
    browser.set_size(800, 600)
    browser.page("Page.navigate", {"url": url})
    while not browser.evaluate(f"location.href === {json.dumps(url)} && document.readyState === 'complete'"):
        time.sleep(0.02)
        if time.monotonic() > browser.deadline:
            raise BrowserError("timed out loading the SVG")
    size = browser.evaluate(SVG_SIZE)
    w, h = round(size["width"]), round(size["height"])
    if w < 1 or h < 1:
        raise BrowserError(f"the SVG has no size ({size['width']} x {size['height']}): give it width and height or a viewBox")
    browser.set_size(w, h)
    files = []
    for t in times:
        browser.evaluate(SVG_SEEK + f"({json.dumps(t)})")
        out = os.path.join(out_dir, f"{player}-{label(t)}.png")
        save_png(browser.screenshot(w, h), w, h, out)
        files.append(out)
    return {"width": w, "height": h, "at": times, "files": files}


def numbers(text, what):
    try:
        values = [float(s) for s in text.split(",") if s.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(f"{what}: comma-separated numbers, not {text!r}")
    if not values or any(v != v or v < 0 or v == float("inf") for v in values):
        raise argparse.ArgumentTypeError(f"{what}: comma-separated numbers >= 0")
    return values


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("file")
    ap.add_argument("--player", choices=PLAYERS, required=True)
    ap.add_argument("--frames", type=lambda s: numbers(s, "--frames"), help="lottie-web: comma-separated frames")
    ap.add_argument("--times", type=lambda s: numbers(s, "--times"), help="chromium-svg: comma-separated seconds")
    ap.add_argument("--out-dir", required=True)
    ap.add_argument("--timeout", type=float, default=120, help="seconds for the whole run (default 120)")
    a = ap.parse_args()
    svg = a.player == "chromium-svg"
    if svg and a.times is None:
        ap.error("chromium-svg needs --times")
    if not svg and a.frames is None:
        ap.error(f"{a.player} needs --frames")
    os.makedirs(a.out_dir, exist_ok=True)
    browser = None
    try:
        if not os.path.isfile(a.file):
            raise BrowserError(f"no such file: {a.file}")
        browser = Chromium(time.monotonic() + a.timeout)
        if svg:
            info = show_svg(browser, a.file, a.times, a.out_dir, a.player)
        else:
            renderer = a.player.rsplit("-", 1)[1]
            info = play_lottie(browser, a.file, renderer, a.frames, a.out_dir, a.player)
        info["browser"] = browser.version
    except Exception as e:   # the browser's or the player's failure, reported as one line
        msg = " ".join(str(e).split()) or type(e).__name__
        print(f"browser.py: {a.player}: {msg}", file=sys.stderr)
        sys.exit(1)
    finally:
        if browser:
            browser.close()
    info["player"] = a.player
    print(json.dumps(info))


if __name__ == "__main__":
    main()
