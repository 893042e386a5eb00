/* Nidavellir Tutor: never a silent dead page.
 *
 * Loaded in the page's <head>, before Voila's bundle, so every WebSocket the page opens is one of
 * ours. On the kernel's channels we watch for
 *   - a status message 'restarting' / 'autorestarting' / 'dead': the page's kernel died (jupyter
 *     restarts a fresh one, which has none of the page's widgets: the page cannot work any more);
 *   - the socket closing: we then ask the server about the kernel (GET /api/kernels/<id>): no
 *     answer means the server is gone, 404 means the kernel is gone; a kernel that is still there
 *     gets a few seconds for Voila to reconnect;
 *   - and every few seconds we ask the server whether it still knows the kernel: a kernel the
 *     server shut down (culling, another tab's shutdown request) leaves the socket open and silent.
 * Either way the page shows a sentence (role="alert") and a Reload button. The sentences, in every
 * language, and the style come from the page (<script id="nt-page-messages">, generated from the
 * catalogue by widgets/guard.py); the language is the address's ?lang=.
 */
(function () {
  "use strict";

  var BAD_STATES = { restarting: true, autorestarting: true, dead: true };
  var leaving = false;
  var shown = null;

  window.addEventListener("beforeunload", function () { leaving = true; });
  window.addEventListener("pagehide", function () { leaving = true; });

  function messages() {
    var el = document.getElementById("nt-page-messages");
    var all = {};
    try { all = JSON.parse(el ? el.textContent : "{}").messages || {}; } catch (e) { all = {}; }
    var lang = new URLSearchParams(window.location.search).get("lang");
    return all[lang] || all.en || {};
  }

  function show(kind) {
    if (leaving || shown === kind || shown === "server") { return; }
    shown = kind;
    var text = messages();
    var box = document.getElementById("nt-connection-alert");
    if (!box) {
      box = document.createElement("div");
      box.id = "nt-connection-alert";
      box.className = "nt-alert nt-alert-connection";
      box.setAttribute("role", "alert");
      document.body.appendChild(box);
    }
    box.textContent = "";
    var sentence = document.createElement("p");
    sentence.textContent = text["ui.alert." + kind] || "";
    var button = document.createElement("button");
    button.type = "button";
    button.className = "nt-reload";
    button.textContent = text["ui.alert.reload"] || "";
    button.addEventListener("click", function () { window.location.reload(); });
    box.appendChild(sentence);
    box.appendChild(button);
    box.setAttribute("data-kind", kind);
    button.focus();
  }

  /* The execution state of a kernel status message, or null (JSON text frames, or the binary
     'v1.kernel.websocket.jupyter.org' frames: offsets, then channel, header, parent, metadata,
     content). */
  function statusOf(data) {
    try {
      var header, content;
      if (typeof data === "string") {
        var msg = JSON.parse(data);
        header = msg.header;
        content = msg.content;
      } else if (data instanceof ArrayBuffer) {
        var view = new DataView(data);
        var n = Number(view.getBigUint64(0, true));
        if (n < 6) { return null; }
        var offsets = [];
        for (var i = 0; i < 6; i++) { offsets.push(Number(view.getBigUint64(8 + 8 * i, true))); }
        var decoder = new TextDecoder();
        var part = function (k) {
          return JSON.parse(decoder.decode(new Uint8Array(data, offsets[k], offsets[k + 1] - offsets[k])));
        };
        header = part(1);
        if (!header || header.msg_type !== "status") { return null; }
        content = part(4);
      } else {
        return null;
      }
      return header && header.msg_type === "status" && content ? content.execution_state : null;
    } catch (e) {
      return null;
    }
  }

  var sockets = [];

  function kernelOpen() {
    return sockets.some(function (ws) { return ws.readyState === 1; });
  }

  function probe(kernelUrl, tries) {
    if (leaving || shown === "server") { return; }
    window.fetch(kernelUrl, { cache: "no-store", credentials: "same-origin" }).then(
      function (response) {
        if (!response.ok) { show("kernel"); return; }
        if (kernelOpen()) { return; }
        if (tries > 0) {
          window.setTimeout(function () { probe(kernelUrl, tries - 1); }, 1000);
        } else {
          show("kernel");
        }
      },
      function () { show("server"); }
    );
  }

  var POLL_MS = 5000;
  var polled = {};

  function poll(kernelUrl) {
    if (polled[kernelUrl]) { return; }
    polled[kernelUrl] = window.setInterval(function () {
      if (leaving || shown) { window.clearInterval(polled[kernelUrl]); return; }
      window.fetch(kernelUrl, { cache: "no-store", credentials: "same-origin" }).then(
        function (response) { if (response.status === 404) { show("kernel"); } },
        function () { /* no answer: a closed socket tells (probe) */ }
      );
    }, POLL_MS);
  }

  function watch(ws, url) {
    var kernelUrl = url.replace(/^ws/, "http").replace(/\/channels(\?.*)?$/, "");
    sockets.push(ws);
    poll(kernelUrl);
    ws.addEventListener("message", function (event) {
      var state = statusOf(event.data);
      if (state && BAD_STATES[state]) { show("kernel"); }
    });
    ws.addEventListener("close", function () {
      sockets = sockets.filter(function (s) { return s !== ws; });
      if (!leaving) { window.setTimeout(function () { probe(kernelUrl, 5); }, 500); }
    });
  }

  var Native = window.WebSocket;
  var KERNEL_CHANNELS = /\/api\/kernels\/[^/?]+\/channels(\?|$)/;

  class WatchedWebSocket extends Native {
    constructor(url, protocols) {
      super(url, protocols);
      if (KERNEL_CHANNELS.test(String(url))) { watch(this, String(url)); }
    }
  }

  window.WebSocket = WatchedWebSocket;
  // nt-complete.js: a page that could not be built whole says so the same way
  window.ntShowAlert = show;
})();
