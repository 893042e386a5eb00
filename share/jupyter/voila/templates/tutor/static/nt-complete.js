/* Nidavellir Tutor: a page never silently lacks a widget.
 *
 * Voila turns each cell output into a widget view once its frontend has started; the widget
 * manager meanwhile asks the kernel for every widget's state. Under load (a class opening the
 * same lesson at once on 2 cores) a view can ask for its model while the manager is still
 * creating the models it received, and JupyterLab's widget renderer then gives up for good with
 * "Error displaying widget: model not found", although the model arrives a moment later
 * (seen in 1-3 of 10 simultaneous pages: every missing model was in the kernel's reply and in the
 * manager afterwards).
 *
 * This script, loaded in the page's <head>, remembers which widget each output shows (before
 * Voila consumes the outputs), then, once the manager has restored the kernel's widgets, shows
 * again every view that failed that way. A view whose model never comes, a cell that failed, or
 * widgets that never arrive make the page say so (role="alert", with Reload: nt-watch.js).
 */
(function () {
  "use strict";

  var VIEW = "application/vnd.jupyter.widget-view+json";
  var FAILED = "Error displaying widget";
  var expected = [];   // {host: element holding the output, id: model id}
  var errors = 0;      // cells whose output is an error (the kernel failed while building the page)
  var started = 0;

  function alert(kind) {
    if (typeof window.ntShowAlert === "function") { window.ntShowAlert(kind); }
  }

  // An incomplete page is loaded again once by itself (a fresh kernel builds it again, usually on a
  // less busy server); if that one is incomplete too, the learner gets the sentence and Reload.
  var RETRIED = "nt-retried:" + window.location.pathname + window.location.search;

  function incomplete() {
    var retried = false;
    try { retried = window.sessionStorage.getItem(RETRIED) === "1"; } catch (e) { retried = true; }
    if (retried) { alert("incomplete"); return; }
    try { window.sessionStorage.setItem(RETRIED, "1"); } catch (e) { /* no storage: alert only */ }
    alert("retrying");
    window.setTimeout(function () { window.location.reload(); }, 3000);
  }

  function collect() {
    var outputs = document.querySelectorAll('script[type="application/vnd.voila.cell-output+json"]');
    for (var i = 0; i < outputs.length; i++) {
      var out;
      try { out = JSON.parse(outputs[i].textContent); } catch (e) { continue; }
      if (out.output_type === "error") { errors += 1; continue; }
      var view = out.data && out.data[VIEW];
      if (view && view.model_id && outputs[i].parentElement) {
        expected.push({ host: outputs[i].parentElement, id: view.model_id, fixed: false });
      }
    }
  }

  function attach(widget, node) {
    node.textContent = "";
    node.classList.remove("jupyter-widgets");
    widget.constructor.attach(widget, node);
  }

  async function mend(manager, item) {
    var node = item.host.querySelector(".jp-OutputArea-output");
    if (!node || node.textContent.indexOf(FAILED) !== 0) { return true; }
    if (!manager.has_model(item.id)) { return false; }
    var model = await manager.get_model(item.id);
    var view = await manager.create_view(model);
    attach(view.luminoWidget || view.pWidget, node);
    item.fixed = true;
    console.info("nidavellir-tutor: widget " + item.id + " shown again after 'model not found'");
    return true;
  }

  var TICK_MS = 500;
  var PATIENCE_MS = 90000;   // a page whose widgets are not all there by then says so

  function watch() {
    var app = window.jupyterapp;
    var manager = app && app.widgetManager;
    var waited = Date.now() - started;
    if (!manager || !manager.restoredStatus) {
      if (waited > PATIENCE_MS) { incomplete(); return; }
      window.setTimeout(watch, TICK_MS);
      return;
    }
    Promise.all(expected.map(function (item) { return mend(manager, item).catch(function () { return false; }); }))
      .then(function (done) {
        var missing = done.filter(function (ok) { return !ok; }).length;
        if (missing === 0) {
          try { window.sessionStorage.removeItem(RETRIED); } catch (e) { /* nothing to forget */ }
          if (waited < PATIENCE_MS) { window.setTimeout(watch, 2 * TICK_MS); }  // a late failure, too
          return;
        }
        if (waited > PATIENCE_MS / 6) { incomplete(); return; }
        window.setTimeout(watch, TICK_MS);
      });
  }

  document.addEventListener("DOMContentLoaded", function () {
    collect();
    started = Date.now();
    if (errors > 0) { incomplete(); return; }
    window.setTimeout(watch, TICK_MS);
  });
})();
