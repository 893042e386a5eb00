/* Nidavellir Tutor: what ipywidgets cannot say from Python.
 *
 * - A slider's handle (noUiSlider) has role="slider" but no name: it gets its widget's description
 *   (e.g. lesson 9's "History"), so a screen reader says what it moves.
 * - The event logs (.nt-event-log, widgets.EventLog) are redrawn whole on every change, so a live
 *   region inside them would be new each time and never heard. One polite live region, kept for the
 *   page's life, reads out only the events added since the last change ("Bo takes Warrior 7 ..."),
 *   without their rule ids' explanations.
 * - A file picker (ipywidgets FileUpload) writes "<description> (<number of files>)" into its button
 *   each time it is drawn; the count means nothing to a learner. The button says its label (the
 *   widget's tooltip, from the catalogue: lesson 9's "Open a saved game file") instead, in its text
 *   and so in its accessible name (issue 13).
 * - The page's language is the address's ?lang= (widgets/lessons/page.py builds the page in it), but
 *   nbconvert's template writes <html lang="en">: a screen reader would read a Chinese page with an
 *   English voice. The root element says the page's language (WCAG 3.1.1).
 */
(function () {
  "use strict";

  var LANGUAGES = ["en", "zh-Hant", "zh-Hans"];  // nidlib.core.messages.LANGUAGES
  var asked = new URLSearchParams(window.location.search).get("lang");
  if (LANGUAGES.indexOf(asked) >= 0) { document.documentElement.lang = asked; }

  var seen = new WeakMap();  // log element -> number of events it showed last time
  var live = null;

  function region() {
    if (!live) {
      live = document.createElement("div");
      live.id = "nt-events-live";
      live.className = "nt-sr-only";
      live.setAttribute("role", "log");
      live.setAttribute("aria-live", "polite");
      live.setAttribute("aria-relevant", "additions text");
      document.body.appendChild(live);
    }
    return live;
  }

  function nameSliders() {
    var handles = document.querySelectorAll(".noUi-handle:not([aria-label])");
    for (var i = 0; i < handles.length; i++) {
      var widget = handles[i].closest(".widget-slider, .jupyter-widget-slider, .widget-inline-hbox");
      var label = widget && widget.querySelector(".widget-label");
      var text = label ? label.textContent.trim() : "";
      if (text) { handles[i].setAttribute("aria-label", text); }
    }
  }

  function labelUploads() {
    var buttons = document.querySelectorAll("button.widget-upload[title]");
    for (var i = 0; i < buttons.length; i++) {
      var b = buttons[i], label = b.getAttribute("title");
      if (!label || (b.getAttribute("data-nt-label") === label && b.textContent === label)) { continue; }
      var icon = b.querySelector("i");
      b.textContent = "";
      if (icon) { icon.setAttribute("aria-hidden", "true"); b.appendChild(icon); }
      b.appendChild(document.createTextNode(label));
      b.setAttribute("data-nt-label", label);
    }
  }

  // An event's sentence without its rule id: the id's folded explanation (details.nt-rule) is
  // read when the learner opens it, not with every event.
  function spoken(event) {
    var out = [];
    for (var n = event.firstChild; n; n = n.nextSibling) {
      if (n.nodeType === 1 && n.matches("details.nt-rule")) { continue; }
      out.push(n.textContent);
    }
    return out.join("").replace(/\s+/g, " ").trim();
  }

  function announce() {
    var logs = document.querySelectorAll(".nt-event-log");
    for (var i = 0; i < logs.length; i++) {
      if (logs[i].offsetParent === null) { continue; }
      var events = logs[i].querySelectorAll(".nt-event");
      var before = seen.has(logs[i]) ? seen.get(logs[i]) : events.length;  // nothing read on load
      seen.set(logs[i], events.length);
      if (events.length <= before) { continue; }  // undone or unchanged: nothing new to hear
      var text = [];
      for (var k = before; k < events.length; k++) { text.push(spoken(events[k])); }
      var line = document.createElement("p");
      line.textContent = text.join(" ");
      var r = region();
      while (r.childNodes.length > 4) { r.removeChild(r.firstChild); }
      r.appendChild(line);
    }
  }

  // Shared with nt-keys.js (loaded after this file): fn, run at the next animation frame once,
  // however many DOM changes call for it before then.
  window.ntOncePerFrame = function (fn) {
    var pending = false;
    return function () {
      if (pending) { return; }
      pending = true;
      window.requestAnimationFrame(function () {
        pending = false;
        fn();
      });
    };
  };

  var check = window.ntOncePerFrame(function () {
    nameSliders();
    labelUploads();
    announce();
  });

  function start() {
    new MutationObserver(check).observe(document.body, { childList: true, subtree: true });
    check();
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
