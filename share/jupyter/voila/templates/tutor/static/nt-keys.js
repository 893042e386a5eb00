/* Nidavellir Tutor: lesson 9 (the game against bots) with the keyboard.
 *
 * Shortcut keys, active on a page that shows a game table (.nt-game) and announced on the page
 * in the "Keyboard shortcuts" box (.nt-game-keys, text from the catalogue, widgets/game.py):
 *   1-5        while bidding: the 1st..5th coin of the menus goes on the focused tavern menu, or on
 *              the first tavern without a coin; the focus then moves to the next menu, then Confirm
 *   Enter      while bidding (focus not on a button): Confirm bid
 *   1-9        while choosing (a card, a hero, a coin...): the 1st..9th enabled choice button
 *   arrows, Home, End   on a choice button: the previous / next / first / last choice button (a Loki
 *              reservation has 10 to 16 choices, a hero 20 and more: the 10th is not a digit; session 7)
 *   N / A / H  Next bot move / Auto-play until my turn / Hint
 * Keys are left alone with Ctrl, Alt or Meta, and while typing in a text field.
 * The widgets are found by their stable CSS classes (nt-bid-t0..2, nt-bid-confirm,
 * nt-action-button, nt-game-next, nt-game-auto, nt-game-hint; widgets/components.py, game.py).
 *
 * Focus is kept where the learner is: when the focused control goes away (a choice button is
 * replaced, Confirm hides with its panel, Auto-play is disabled once the bots are done) the focus
 * moves to the next useful control (a tavern menu, the first choice, Auto-play, Next, Hint) instead
 * of falling to the top of the page; while the kernel's answer is still arriving, a better control
 * that appears later takes it over (until the page is quiet or the learner acts).
 */
(function () {
  "use strict";

  var SETTLE_MS = 400;     // the focus we placed may move to a better control until then
  var last = null;         // the last control focused inside the game
  var placed = null;       // the control we moved the focus to, while the answer is arriving
  var settleTimer = null;
  var MOVES = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1, Home: 0, End: 0 };  // among choices

  function game() { return document.querySelector(".nt-game"); }

  function shown(el) {
    return !!el && el.isConnected && !el.disabled && el.offsetParent !== null;
  }

  function first(selector) {
    var g = game();
    if (!g) { return null; }
    var all = g.querySelectorAll(selector);
    for (var i = 0; i < all.length; i++) { if (shown(all[i])) { return all[i]; } }
    return null;
  }

  function taverns() {
    var out = [];
    for (var k = 0; k < 3; k++) {
      var sel = first(".nt-bid-t" + k + " select");
      if (!sel) { return []; }
      out.push(sel);
    }
    return out;
  }

  function choices() {
    var g = game();
    if (!g) { return []; }
    var all = g.querySelectorAll("button.nt-action-button"), out = [];
    for (var i = 0; i < all.length; i++) { if (shown(all[i])) { out.push(all[i]); } }
    return out;
  }

  /* The control a learner needs next, in the order of the game's flow. */
  function best() {
    var t = taverns();
    if (t.length) {
      for (var k = 0; k < t.length; k++) { if (t[k].selectedIndex <= 0) { return t[k]; } }
      return first("button.nt-bid-confirm") || t[0];
    }
    var c = choices();
    if (c.length) { return c[0]; }
    return first("button.nt-game-auto") || first("button.nt-game-next") ||
      first("button.nt-game-hint") || first("button.nt-game-new");
  }

  function lost() {
    var a = document.activeElement;
    return !a || a === document.body || a === document.documentElement || !shown(a);
  }

  function focusOn(el) {
    if (!el || el === document.activeElement) { return; }
    placed = el;
    el.focus();
  }

  function settle() {
    clearTimeout(settleTimer);
    settleTimer = setTimeout(function () { placed = null; }, SETTLE_MS);
  }

  var check = window.ntOncePerFrame(function () {  // from nt-a11y.js
    if (!game()) { return; }
    if (last && lost() && !shown(last)) {  // the focused control went away: not the learner's doing
      var next = best();
      if (next) {  // else the page is still being drawn: try again at the next change
        last = null;
        focusOn(next);
        settle();
      }
    } else if (placed && document.activeElement === placed) {
      var b = best();  // the answer is still arriving: a better control may have appeared
      if (b && b !== placed) { focusOn(b); }
      settle();
    }
  });

  function setCoin(sel, index) {
    if (index >= sel.options.length) { return false; }
    sel.selectedIndex = index;
    sel.dispatchEvent(new Event("change", { bubbles: true }));
    return true;
  }

  function typing(el) {
    if (!el || !el.tagName) { return false; }
    var tag = el.tagName.toLowerCase();
    if (tag === "textarea" || el.isContentEditable) { return true; }
    if (tag !== "input") { return false; }
    var type = (el.type || "text").toLowerCase();
    return ["checkbox", "radio", "button", "submit", "range"].indexOf(type) < 0;
  }

  function click(el) {
    if (!el) { return false; }
    el.click();
    return true;
  }

  function onKey(ev) {
    if (ev.ctrlKey || ev.altKey || ev.metaKey || ev.defaultPrevented) { return; }
    if (!game() || typing(ev.target)) { return; }
    placed = null;  // the learner acts: from now on the focus is theirs
    var key = ev.key, done = false;
    var t = taverns();
    var c = choices(), at = c.indexOf(document.activeElement);
    if (at >= 0 && Object.prototype.hasOwnProperty.call(MOVES, key)) {
      var to = key === "Home" ? 0 : key === "End" ? c.length - 1 : at + MOVES[key];
      c[Math.min(c.length - 1, Math.max(0, to))].focus();
      done = true;
    } else if (/^[1-9]$/.test(key)) {
      var n = parseInt(key, 10);
      if (t.length) {
        var k = t.indexOf(document.activeElement);
        if (k < 0) {
          for (k = 0; k < t.length && t[k].selectedIndex > 0; k++) { /* first without a coin */ }
          if (k === t.length) { k = 0; }
        }
        done = setCoin(t[k], n);
        if (done) {
          var next = k + 1 < t.length ? t[k + 1] : first("button.nt-bid-confirm");
          if (next) { next.focus(); }
        }
      } else {
        done = click(choices()[n - 1]);
      }
    } else if (key === "Enter" && t.length) {
      var tag = document.activeElement && document.activeElement.tagName;
      if (tag !== "BUTTON" && tag !== "A" && tag !== "SUMMARY") {
        done = click(first("button.nt-bid-confirm"));
      }
    } else if (key === "n" || key === "N") {
      done = click(first("button.nt-game-next"));
    } else if (key === "a" || key === "A") {
      done = click(first("button.nt-game-auto"));
    } else if (key === "h" || key === "H") {
      done = click(first("button.nt-game-hint"));
    }
    if (done) { ev.preventDefault(); ev.stopPropagation(); }
  }

  function start() {
    document.addEventListener("keydown", onKey, true);  // before a menu's own type-ahead
    document.addEventListener("focusin", function (ev) {
      if (game() && game().contains(ev.target)) { last = ev.target; }
    });
    document.addEventListener("mousedown", function () { placed = null; }, true);
    new MutationObserver(check).observe(document.body, {
      childList: true, subtree: true, attributes: true, attributeFilter: ["disabled", "style", "class"]
    });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
