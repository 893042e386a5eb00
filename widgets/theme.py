"""The tutor's look: one CSS string, every class prefixed ``nt-``.

Light background, class colours with white text (WCAG AA contrast), a base font of
16px that a teacher scales for a projector by setting ``--nt-font-size`` (for example
``theme_html(font_size=20)``). Works in Voila's and JupyterLab's default light themes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import ipywidgets as w

__all__ = ["ALERT_CSS", "CSS", "PAGE_CSS", "theme_html", "theme_widget"]

CSS = """
.nt-root, .nt-root * { box-sizing: border-box; }
:root, .nt-root {
  --nt-font-size: 16px;
  --nt-warrior: #c62828; --nt-hunter: #2e7d32; --nt-miner: #b45309; --nt-blacksmith: #6a1b9a;
  --nt-explorer: #1565c0; --nt-neutral: #546e7a; --nt-offering: #a16207; --nt-gold: #c9a227;
  --nt-artifact: #00695c; --nt-mercenary: #37474f; --nt-double: #5d4037;
  --nt-god: #8a5a00; --nt-giant: #3e4a61; --nt-valkyrie: #ad1457; --nt-gullinbursti: #9a6700;
  --nt-ink: #1f2933; --nt-muted: #52606d; --nt-line: #d9dee3; --nt-panel: #ffffff; --nt-bg: #f6f7f9;
  --nt-accent: #0b6bcb; --nt-bad: #b3261e; --nt-good: #1e7a3c;
}
.nt-root {
  font-size: var(--nt-font-size); line-height: 1.4; color: var(--nt-ink);
  font-family: "Segoe UI", system-ui, -apple-system, "Noto Sans", "DejaVu Sans", sans-serif;
}
.nt-root h4 { margin: 0 0 .4em 0; font-size: 1.05em; font-weight: 650; }
.nt-root small { font-size: .8em; color: var(--nt-muted); font-weight: 400; }
.nt-muted { color: var(--nt-muted); font-style: italic; }
.nt-badge { display: inline-block; font-size: .72em; font-weight: 600; padding: .05em .5em; border-radius: 1em;
  background: #e8eef6; color: #1d3a5f; vertical-align: middle; margin-left: .3em; }
.nt-badge-act { background: #fff1c2; color: #6b4a00; }
.nt-badge-win { background: var(--nt-gold); color: #2b2100; }
.nt-panel { background: var(--nt-panel); border: 1px solid var(--nt-line); border-radius: 10px; padding: .6em .8em; }
.nt-section-gap { gap: .6em; }

/* cards */
.nt-cards { display: flex; flex-wrap: wrap; gap: .45em; align-items: flex-start; }
.nt-card { --k: var(--nt-neutral); display: inline-flex; flex-direction: column; align-items: stretch;
  width: 6.8em; min-height: 8em; border-radius: .55em; background: #fff; border: 2px solid var(--k);
  box-shadow: 0 1px 2px rgba(0,0,0,.12); overflow: hidden; font-size: 1em; vertical-align: top; }
.nt-card-sm { width: 5.6em; min-height: 5.6em; font-size: .85em; }
.nt-card-sm .nt-card-head > span { display: none; }
.nt-card-sm .nt-card-head { justify-content: center; }
.nt-card-lg { width: 8em; min-height: 10.5em; font-size: 1.15em; }
.nt-card-head { background: var(--k); color: #fff; display: flex; align-items: center; gap: .3em;
  padding: .2em .35em; font-weight: 650; font-size: .8em; white-space: nowrap; overflow: hidden; }
.nt-card-head > span { min-width: 0; overflow: hidden; text-overflow: ellipsis; }
.nt-card-head > svg { flex: none; }
.nt-card-body { flex: 1; display: flex; align-items: center; justify-content: center; padding: .3em .2em; }
.nt-card-name { font-weight: 700; text-align: center; font-size: .85em; padding: 0 .25em; }
.nt-card-title { text-align: center; font-size: .7em; color: var(--nt-muted); font-style: italic; padding: 0 .25em; }
.nt-card-ability { font-size: .66em; line-height: 1.25; padding: .2em .35em .35em; color: var(--nt-ink);
  border-top: 1px solid #eceff1; }
.nt-hero { border-color: var(--nt-gold); box-shadow: 0 0 0 1px var(--nt-gold), 0 1px 3px rgba(0,0,0,.2); }
.nt-k-warrior { --k: var(--nt-warrior); } .nt-k-hunter { --k: var(--nt-hunter); } .nt-k-miner { --k: var(--nt-miner); }
.nt-k-blacksmith { --k: var(--nt-blacksmith); } .nt-k-explorer { --k: var(--nt-explorer); }
.nt-k-neutral { --k: var(--nt-neutral); } .nt-k-offering { --k: var(--nt-offering); }
.nt-k-distinction { --k: var(--nt-gold); }
.nt-k-artifact { --k: var(--nt-artifact); } .nt-k-mercenary { --k: var(--nt-mercenary); } .nt-k-double { --k: var(--nt-double); }
.nt-artifact { background: linear-gradient(180deg, #fff 60%, #e0f2f1); }
.nt-artifact .nt-card-body { flex-direction: column; gap: .15em; }
.nt-artifact .nt-card-name { overflow-wrap: anywhere; font-size: .78em; }
.nt-artifact-mark { color: var(--nt-artifact); display: inline-flex; }
.nt-card-age { font-size: .68em; color: var(--nt-muted); font-weight: 600; letter-spacing: .03em; }
.nt-mercenary { background: repeating-linear-gradient(135deg, #fff, #fff 7px, #f3f5f6 7px, #f3f5f6 14px); }
.nt-merc-opts { display: flex; flex-direction: column; align-items: stretch; width: 100%; gap: .1em; }
.nt-merc-opt { display: flex; align-items: center; gap: .25em; padding: .1em .25em; border-radius: .4em;
  background: #fff; border: 1.5px solid var(--k); color: var(--k); font-size: .78em; font-weight: 650; }
.nt-merc-opt .nt-merc-cls { flex: 1; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; font-size: .92em; }
.nt-merc-opt .nt-pips { flex: none; }
.nt-merc-opt .nt-pip { width: 1.5em; height: 1.5em; font-size: .9em; border-width: 1px; }
.nt-merc-or { text-align: center; font-size: .66em; color: var(--nt-muted); font-style: italic; line-height: 1.1; }
.nt-card-md.nt-mercenary, .nt-card-lg.nt-mercenary { width: 8.2em; }
.nt-card-sm .nt-merc-opt .nt-merc-cls { display: none; }
.nt-card-sm.nt-artifact { width: 6.3em; }
.nt-card-sm.nt-artifact .nt-card-name { font-size: .66em; overflow-wrap: anywhere; }
.nt-card-sm.nt-artifact .nt-card-ability, .nt-card-sm.nt-mercenary .nt-card-ability,
.nt-card-sm.nt-double .nt-card-ability { display: none; }
.nt-card-sm .nt-merc-opt { justify-content: space-between; }
.nt-double { border-style: dashed; }
.nt-k-offering { background: #fff8e1; }
.nt-offering { font-size: 2em; font-weight: 800; color: var(--nt-offering); }
.nt-selectable { cursor: pointer; } .nt-selectable:hover, .nt-selectable:focus { outline: 3px solid var(--nt-accent); outline-offset: 2px; }
.nt-pips { display: flex; flex-wrap: wrap; gap: .2em; justify-content: center; }
.nt-pip { display: inline-flex; align-items: center; justify-content: center; width: 1.9em; height: 1.9em;
  border-radius: 50%; background: var(--k); color: #fff; font-weight: 800; font-size: .95em;
  border: 2px solid rgba(255,255,255,.85); box-shadow: 0 0 0 1px var(--k); }
.nt-icon { flex: none; }

/* coins and gems */
.nt-coin { display: inline-flex; align-items: center; justify-content: center; width: 2.2em; height: 2.2em;
  border-radius: 50%; font-weight: 800; font-size: .95em; margin: .1em; vertical-align: middle;
  border: 2px solid rgba(0,0,0,.25); }
.nt-coin-sm { width: 1.9em; height: 1.9em; font-size: .85em; }
.nt-coin-basic { background: radial-gradient(circle at 35% 30%, #e9a47c, #a0522d); color: #fff; }
.nt-coin-royal { background: radial-gradient(circle at 35% 30%, #fff1a8, #d4a017); color: #3b2a00; }
.nt-coin-special { background: radial-gradient(circle at 35% 30%, #9be7a8, #2e7d32); color: #fff; }
.nt-coin-back { background: repeating-linear-gradient(45deg, #37474f, #37474f 4px, #546e7a 4px, #546e7a 8px); }
.nt-coin-own { border: 2px dashed var(--nt-ink); opacity: .9; }
.nt-coin-empty { background: transparent; border: 2px dashed var(--nt-line); }
.nt-gem { display: inline-flex; align-items: center; justify-content: center; width: 1.8em; height: 1.8em;
  transform: rotate(45deg); background: linear-gradient(135deg, #b3e5fc, #0288d1); border-radius: .25em;
  margin: 0 .25em; vertical-align: middle; }
.nt-gem > span { transform: rotate(-45deg); font-weight: 800; color: #fff; text-shadow: 0 0 2px #01579b; }
.nt-gem-6 { background: linear-gradient(135deg, #f8bbd0, #ad1457); }

/* treasury */
.nt-treasury-grid { display: grid; grid-template-columns: repeat(7, auto); gap: .25em .4em; justify-content: start; }
.nt-treasury-cell { display: flex; align-items: center; gap: .1em; }
.nt-treasury-cell.nt-gone { opacity: .3; }
.nt-count { font-size: .8em; color: var(--nt-muted); font-variant-numeric: tabular-nums; }

/* taverns */
.nt-taverns { display: flex; flex-wrap: wrap; gap: .6em; }
.nt-tavern { border: 2px solid var(--nt-line); border-radius: 10px; padding: .45em .6em; background: #fff; min-width: 12em; }
.nt-tavern-current { border-color: var(--nt-accent); box-shadow: 0 0 0 3px rgba(11,107,203,.18); }
.nt-tavern-resolved { background: #f3f4f6; } .nt-tavern-resolved .nt-card { opacity: .6; }
.nt-tavern-sign { font-family: Georgia, "DejaVu Serif", serif; letter-spacing: .02em; }
.nt-camp { border: 2px solid var(--nt-artifact); border-radius: 10px; padding: .45em .6em; background: #f4fbfa; }
.nt-camp h4 { display: flex; flex-wrap: wrap; align-items: center; gap: .3em; color: #004d40; }
.nt-camp h4 small { font-family: "Segoe UI", system-ui, sans-serif; }
.nt-camp-space { width: 6.8em; min-height: 8em; align-self: stretch; border: 2px dashed #b2dfdb; border-radius: .55em; }
.nt-camp-help { margin: .35em 0 0; font-size: .85em; color: var(--nt-muted); }
.nt-command-waiting { margin-top: .35em; padding: .3em .4em; border: 1px dashed var(--nt-mercenary); border-radius: 8px; }
.nt-panel-group { display: block; font-weight: 650; color: #004d40; font-size: .92em; margin-top: .2em; }
.nt-command-waiting h5 { margin: 0 0 .25em; font-size: .85em; font-weight: 650; }
/* Idavoll (RULES A.2): Mythology cards, their tokens, Loki's mark, the Mythology deck */
.nt-k-god { --k: var(--nt-god); } .nt-k-giant { --k: var(--nt-giant); }
.nt-k-valkyrie { --k: var(--nt-valkyrie); } .nt-k-gullinbursti { --k: var(--nt-gullinbursti); }
.nt-myth { background: linear-gradient(180deg, #fff 60%, #fbf3e4); }
.nt-myth .nt-card-body { flex-direction: column; gap: .15em; }
.nt-myth .nt-card-name { overflow-wrap: anywhere; font-size: .8em; }
/* a Mythology card's or a Royal Offering's head ("Animal · Warrior", "Royal Offering") wraps at its spaces
   instead of ending in "…" (session 7's newcomer walk: the class after "Animal ·" was never seen) */
.nt-myth .nt-card-head, .nt-k-offering .nt-card-head { white-space: normal; line-height: 1.15; }
.nt-animal.nt-card { border-style: double; border-width: 4px; }
.nt-army-cell.nt-animal .nt-army-name { font-style: italic; font-weight: 650; }
.nt-myth-points { font-size: 1.8em; font-weight: 800; color: var(--nt-god); line-height: 1; }
.nt-myth-mark { color: var(--nt-gullinbursti); display: inline-flex; }
.nt-giant-prey { display: inline-flex; flex-direction: column; align-items: center; color: var(--k); }
.nt-giant-prey small { color: var(--nt-ink); font-size: .7em; text-align: center; }
.nt-track { display: flex; gap: 2px; margin: 0; padding: 0; flex-wrap: wrap; justify-content: center; }
.nt-notch { min-width: 1.6em; text-align: center; font-size: .72em; font-weight: 650; border: 1px solid #f3c1d6;
  border-radius: 3px; padding: 0 .1em; color: #6d0c35; background: #fff; font-variant-numeric: tabular-nums; }
.nt-notch-on { background: var(--nt-valkyrie); color: #fff; border-color: var(--nt-valkyrie); }
.nt-card-sm.nt-myth .nt-card-ability { display: none; }
.nt-card-sm.nt-myth { width: 6.3em; }
.nt-command-myth { margin-top: .35em; padding: .3em .4em; border: 1px solid #e6d3ad; border-radius: 8px; background: #fffaf0; }
.nt-command-myth h5 { margin: 0 0 .25em; font-size: .85em; font-weight: 650; }
.nt-myth-slot { display: flex; flex-direction: column; gap: .2em; width: 7.4em; }
.nt-token { font-size: .78em; line-height: 1.25; display: flex; flex-direction: column; gap: .15em; }
.nt-token-line { overflow-wrap: anywhere; }
.nt-token-ready .nt-token-line:first-of-type { color: var(--nt-good); font-weight: 650; }
.nt-token-used .nt-token-line { color: var(--nt-muted); font-style: italic; }
.nt-token-on .nt-token-line { color: var(--nt-god); font-weight: 650; }
.nt-captured .nt-card { transform: scale(.85); transform-origin: top left; opacity: .9; }
.nt-loki-mark { display: inline-flex; flex-direction: column; gap: .15em; align-items: center; max-width: 8em; }
.nt-badge-loki { background: var(--nt-god); color: #fff; font-size: .72em; white-space: normal; text-align: center; }
.nt-loki-mark .nt-card { box-shadow: 0 0 0 3px var(--nt-god); }
.nt-myth-box { border: 2px solid var(--nt-god); border-radius: 10px; padding: .45em .6em; background: #fffaf0; }
.nt-myth-box h4 { display: flex; flex-wrap: wrap; align-items: center; gap: .3em; color: #5c3b00; margin: 0 0 .2em; }
.nt-panel-help { margin: .2em 0 .35em; font-size: .92em; }
.nt-myth-facts { margin: 0; padding-left: 1.2em; font-size: .9em; }

/* boards */
.nt-board { border: 1px solid var(--nt-line); border-radius: 10px; padding: .45em .6em; background: #fff; }
.nt-board-head { display: flex; align-items: center; gap: .3em; margin-bottom: .3em; }
.nt-player-name { font-weight: 700; font-size: 1.08em; }
.nt-board-gem { margin-left: auto; font-size: .85em; color: var(--nt-muted); }
.nt-spaces { display: flex; flex-wrap: wrap; gap: .35em; }
.nt-space { display: flex; flex-direction: column; align-items: center; background: var(--nt-bg);
  border-radius: 8px; padding: .2em .4em; }
.nt-pouch { flex-direction: row; flex-wrap: wrap; justify-content: center; }
.nt-pouch .nt-space-label { width: 100%; text-align: center; }
.nt-space-label { font-size: .68em; color: var(--nt-muted); white-space: nowrap; }
.nt-hand { display: flex; align-items: center; gap: .2em; margin-top: .3em; flex-wrap: wrap; }
.nt-hand .nt-space-label { margin-right: .3em; }

/* army */
.nt-army-grid { display: flex; flex-direction: column; gap: 2px; }
.nt-army-row { display: grid; grid-template-columns: repeat(5, minmax(4.6em, 1fr)); gap: 3px; border-radius: 6px; padding: 1px 2px; }
.nt-army-header { margin-bottom: 2px; }
.nt-army-head { background: var(--k); color: #fff; border-radius: 6px; padding: .15em .3em; font-size: .8em;
  display: flex; align-items: center; gap: .25em; flex-wrap: wrap; }
.nt-army-head small { color: #fff; margin-left: auto; }
.nt-line-complete { background: repeating-linear-gradient(90deg, #fde68a, #fde68a 6px, #fef3c7 6px, #fef3c7 12px); }
.nt-army-cell { display: flex; align-items: center; gap: .25em; min-height: 1.7em; padding: 0 .15em;
  font-size: .88em; background: rgba(255,255,255,.85); border-left: 3px solid var(--k); border-radius: 4px; }
.nt-army-cell .nt-pip { width: 1.75em; height: 1.75em; font-size: .85em; border-width: 1px; }
.nt-army-void { background: transparent; border: none; }
.nt-army-name { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.nt-army-more { font-style: italic; font-weight: 400; }
.nt-thrud { border-left-style: double; font-weight: 700; }
.nt-lines { font-size: .8em; font-weight: 600; background: #eef2f6; padding: .05em .5em; border-radius: 1em; }
.nt-lines-due { background: #fff1c2; color: #6b4a00; }
.nt-command .nt-cards { gap: .3em; }

/* status, messages, rules, events */
.nt-status { font-size: 1em; padding: .3em .1em; }
.nt-message { border-radius: 8px; padding: .5em .75em; margin: .2em 0; }
.nt-message-error, .nt-violation { background: #fdecea; border-left: 5px solid var(--nt-bad); color: #5f1410; }
.nt-message-info { background: #e8f1fb; border-left: 5px solid var(--nt-accent); color: #0d2f55; }
.nt-message-ok { background: #e7f5ec; border-left: 5px solid var(--nt-good); color: #0f3d1f; }
.nt-violation { border-radius: 8px; padding: .5em .75em; }
.nt-message-violation { padding: 0; }
details.nt-rule { display: inline-block; vertical-align: top; font-size: .78em; }
details.nt-rule > summary { cursor: pointer; color: var(--nt-accent); font-weight: 600; font-family: "DejaVu Sans Mono", monospace;
  list-style: none; display: inline-block; padding: 0 .35em; border-radius: 4px; background: #eef4fb; }
details.nt-rule > summary::-webkit-details-marker { display: none; }
details.nt-rule > summary:focus-visible { outline: 3px solid var(--nt-accent); }
details.nt-rule[open] { display: block; margin: .25em 0; padding: .4em .6em; background: #f4f8fd;
  border: 1px solid #cfe0f3; border-radius: 6px; }
/* an opened rule: plain sentences at the page's size (never under 15px), whatever the size of the
   sentence its id sits in; the full reference text folded below it (see the ruletext module of widgets) */
details.nt-rule[open] > summary { margin-bottom: .3em; }
.nt-rule-body { font-size: max(15px, var(--nt-font-size, 16px)); line-height: 1.5; font-weight: 400;
  font-family: "Segoe UI", system-ui, -apple-system, "Noto Sans", "Noto Sans CJK TC", "DejaVu Sans", sans-serif;
  color: var(--nt-ink); max-width: 40em; overflow-wrap: anywhere; text-align: left; white-space: normal; }
.nt-rule-body p { margin: .2em 0 .4em; }
.nt-rule-head { font-weight: 650; }
.nt-rule-text { color: var(--nt-ink); }
.nt-rule-note { color: var(--nt-muted); font-style: italic; }
.nt-rule-ref > summary { cursor: pointer; color: var(--nt-accent); text-decoration: underline; }
.nt-rule-ref > summary:focus-visible { outline: 3px solid var(--nt-accent); }
.nt-rule-ref-text { border-top: 1px solid #cfe0f3; margin-top: .3em; padding-top: .3em; }
.nt-rule-ref-text table { border-collapse: collapse; font-size: 1em; display: block; overflow-x: auto; }
.nt-rule-ref-text th, .nt-rule-ref-text td { border: 1px solid var(--nt-line); padding: .1em .4em; }
.nt-rule-section { color: var(--nt-muted); }
.nt-events { margin: 0; padding-left: 1.8em; }
.nt-event { margin: .15em 0; }
.nt-event:last-child { background: #fffbe6; border-radius: 4px; }
.nt-event-log-chunks { flex: 0 0 auto; }
.nt-event-log-chunks > * { margin: 0; }
.nt-game-keys h5 { margin: .4em 0 .2em; font-size: .95em; }
.nt-game-keys ul { margin: 0; padding-left: 1.4em; font-size: .9em; color: var(--nt-muted); }
/* the file picker: ipywidgets writes "<description> (<file count>)" into the button; the tutor's
   page script (static/nt-a11y) writes the button's label (its tooltip) there instead, and marks it
   data-nt-label. Only a page without that script (the static site) hides the count with CSS. */
.nt-game-upload[data-nt-label] i { margin-right: .4em; }
.nt-game-upload:not([data-nt-label]) { font-size: 0 !important; }
.nt-game-upload:not([data-nt-label]) i { font-size: var(--jp-widgets-font-size, 13px); margin-right: .4em; }
.nt-game-upload:not([data-nt-label])::after { content: attr(title); font-size: var(--jp-widgets-font-size, 13px); }
.nt-event-log-chunks > :not(:last-child) .nt-event:last-child { background: none; }
.nt-event-log-box { max-height: 24em; overflow-y: auto; display: flex; flex-direction: column-reverse;
  border: 1px solid var(--nt-line); border-radius: 8px; background: #fff; padding: .3em .4em; }

/* heroes list */
.nt-hero-list { display: grid; grid-template-columns: repeat(auto-fill, minmax(17em, 1fr)); gap: .3em .6em; }
.nt-hero-row { --k: var(--nt-neutral); display: grid; grid-template-columns: auto 1fr; gap: .1em .45em; align-items: center;
  border-left: 4px solid var(--k); background: #fff; border-radius: 6px; padding: .2em .4em; border-top: 1px solid var(--nt-line);
  border-right: 1px solid var(--nt-line); border-bottom: 1px solid var(--nt-line); }
.nt-hero-row .nt-hero-chip { color: var(--k); display: flex; align-items: center; gap: .2em; }
.nt-hero-row .nt-pip { width: 1.45em; height: 1.45em; font-size: .8em; }
.nt-hero-row .nt-pips { justify-content: flex-start; }
.nt-hero-row b { font-size: .95em; }
.nt-hero-row .nt-card-title { text-align: left; padding: 0; }
.nt-hero-ability { grid-column: 1 / -1; font-size: .8em; color: var(--nt-ink); }

/* choosing a hero (ActionPanel): a card each, with what it does and why it is (not) available */
.nt-hero-choices { width: 100%; }
.nt-hero-choice { flex: 1 1 19em; max-width: 100%; min-width: 0; background: #fff; border: 1px solid var(--nt-line);
  border-radius: 8px; padding: .45em .5em; gap: .3em; }
.nt-hero-choice.nt-hero-unavailable { background: #f3f3f1; }
.nt-hero-choice-body { display: flex; gap: .6em; align-items: flex-start; }
.nt-hero-choice-card { flex: none; }
.nt-hero-choice-card .nt-card-ability { display: none; }  /* said beside the card, in readable text */
.nt-hero-choice-text { flex: 1 1 auto; min-width: 0; font-size: .95em; line-height: 1.35; }
.nt-hero-choice-text p { margin: 0 0 .25em 0; }
.nt-hero-choice-title { font-style: italic; color: var(--nt-muted); }
.nt-hero-choice-class { color: var(--nt-muted); font-size: .9em; }
.nt-hero-ok { color: var(--nt-good); font-weight: 600; }
.nt-hero-no { color: var(--nt-ink); }
.nt-hero-no > b { color: var(--nt-bad); }
.nt-hero-choice button { align-self: flex-start; }
.nt-heroes-taken-box { flex: 1 1 100%; }
/* every hero of the game (R-COMP-4) */
.nt-roster-group h5 { margin: .5em 0 .3em; font-size: 1em; }
.nt-roster-cards { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: .45em; }
.nt-roster-hero { display: flex; flex-direction: column; align-items: center; gap: .15em; width: 6.8em; }
.nt-roster-where { font-size: .8em; color: var(--nt-muted); text-align: center; }

/* score sheet */
.nt-score-table { border-collapse: collapse; width: 100%; }
.nt-score-table th, .nt-score-table td { border: 1px solid var(--nt-line); padding: .3em .5em; text-align: left; vertical-align: top; }
.nt-score-table thead th { background: var(--nt-bg); }
.nt-score-table .nt-num { font-weight: 800; font-size: 1.05em; margin-right: .4em; font-variant-numeric: tabular-nums; }
.nt-formula { display: block; font-size: .78em; color: var(--nt-muted); }
.nt-total-row td, .nt-total-row th { border-top: 3px double var(--nt-ink); }
.nt-winner { background: #fff4cc; }
.nt-winners { font-weight: 650; }

/* a page: the navigation bar and the lessons' prose (Markdown from the catalogue) */
.nt-nav { font-size: 1.05em; padding: .45em .8em; margin: .3em 0; background: #f4f6f9;
  border: 1px solid var(--nt-line); border-radius: 6px; }
.nt-nav { display: flex; flex-wrap: wrap; justify-content: space-between; gap: .3em 1.5em; }
.nt-nav a { font-weight: 600; text-decoration: none; }
.nt-nav-langs { font-size: .92em; color: var(--nt-muted); }
.nt-nav-langs a { font-weight: 500; }
.nt-nav-langs b { color: var(--nt-ink); font-weight: 650; }
.nt-nav a:hover, .nt-nav a:focus { text-decoration: underline; }
.nt-prose { font-size: var(--jp-content-font-size1, 14px); line-height: 1.5; }
.nt-prose > :first-child { margin-top: .3em; }
.nt-prose h1 { font-size: 2em; margin: .5em 0 .4em; }
.nt-prose h2 { font-size: 1.45em; margin: 1em 0 .35em; }
.nt-prose p, .nt-prose ul, .nt-prose ol { max-width: 52em; margin: .45em 0; }
.nt-prose li { margin: .15em 0; }
.nt-prose table { border-collapse: collapse; margin: .5em 0; }
.nt-prose th, .nt-prose td { border: 1px solid var(--nt-line); padding: .25em .6em; }

/* predict, then check */
.nt-question { font-weight: 600; }
.nt-feedback-right { color: var(--nt-good); font-weight: 700; }
.nt-feedback-wrong { color: var(--nt-bad); font-weight: 700; }
"""


ALERT_CSS = """
.nt-alert { position: fixed; left: 50%; transform: translateX(-50%); z-index: 10000; box-sizing: border-box;
  width: max-content; max-width: min(44em, calc(100vw - 2em)); display: flex; flex-wrap: wrap; align-items: center;
  gap: .6em 1em; padding: .8em 1.1em; border: 2px solid var(--nt-bad, #b3261e); border-left-width: .45em;
  border-radius: 8px; background: #fdecea; color: #410e0b; box-shadow: 0 4px 16px rgba(0,0,0,.28);
  font: 600 16px/1.45 "Segoe UI", system-ui, -apple-system, "Noto Sans", "DejaVu Sans", sans-serif; }
.nt-alert-error { bottom: 1.2em; }
.nt-alert-connection { top: 1.2em; }
.nt-alert p { margin: 0; flex: 1 1 18em; }
.nt-alert button { font: inherit; padding: .35em 1.2em; border: 0; border-radius: 6px; cursor: pointer;
  background: var(--nt-bad, #b3261e); color: #fff; }
.nt-alert button:hover { background: #8c1d18; }
.nt-alert button:focus-visible { outline: 3px solid var(--nt-accent, #0b6bcb); outline-offset: 2px; }
.nt-alert-inline { margin: .4em 0; padding: .45em .8em; border-left: 4px solid var(--nt-bad, #b3261e);
  background: #fdecea; border-radius: 4px; line-height: 1.45; max-width: 60em; }
"""
"""The page's alerts (``role="alert"``): a callback that failed (bottom, widgets/guard.py) and a lost
kernel or server (top, with a Reload button; nt-watch.js in the Voila template). Colours fall back to
the theme's values, as the template embeds this CSS in every page before the theme's CSS arrives."""

PAGE_CSS = """
/* keyboard: every control shows where the focus is (ipywidgets removes its inputs' outline with
   !important, and Voila's tabs and sliders have none) */
.jupyter-widgets button:focus-visible, .jupyter-widgets select:focus-visible,
.jupyter-widgets input:focus-visible, .jupyter-widgets textarea:focus-visible,
.jupyter-widgets .lm-TabBar-tab:focus-visible, .jupyter-widgets .noUi-handle:focus-visible,
.jupyter-widgets a:focus-visible, .jupyter-widgets summary:focus-visible,
.jupyter-widgets [tabindex]:focus-visible, .nt-nav a:focus-visible, .nt-index a:focus-visible {
  outline: 3px solid #0b6bcb !important; outline-offset: 2px !important; }
.jupyter-widgets select:focus-visible, .jupyter-widgets input:focus-visible,
.jupyter-widgets textarea:focus-visible { outline-offset: 0 !important; }
/* contrast: the labels of the tabs not shown (Lab's #6d6d6d on #eee is 4.45:1, under AA) */
.jupyter-widgets .lm-TabBar-tab:not(.lm-mod-current) { color: #3d3d3d !important; }
/* ... and of a closed accordion section's header (the same #6d6d6d on #eee), e.g. one inside another */
.jupyter-widget-Collapse:not(.jupyter-widget-Collapse-open) > .jupyter-widget-Collapse-header {
  color: #3d3d3d !important; }
/* contrast: white on ipywidgets' info (#0097a7, 3.5:1), success and warning buttons is under AA */
.jupyter-widgets button.mod-info { background-color: #00717d; }
.jupyter-widgets button.mod-success { background-color: #2e7d32; }
.jupyter-widgets button.mod-warning { background-color: #a15c00; }
.nt-sr-only { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden;
  clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
/* wide data tables scroll on their own, never the page */
.nt-scroll-x { max-width: 100%; overflow-x: auto; }

/* a phone (or any narrow window): nothing passes the right edge, every control is big enough for
   a thumb (44 px rows, Apple's and WCAG 2.5.5's target), rows of controls wrap */
@media (max-width: 640px) {
  body { --jp-widgets-inline-height: 44px; }
  #rendered_cells .jupyter-widgets { max-width: 100% !important; min-width: 0 !important; }
  #rendered_cells .widget-hbox, #rendered_cells .widget-inline-hbox { flex-wrap: wrap; }
  /* columns side by side (the game table's main and side columns, boards) become rows */
  #rendered_cells .widget-hbox > .widget-vbox { flex: 1 1 100% !important; }
  #rendered_cells .widget-hbox:has(> .widget-slider) { flex-wrap: nowrap; }  /* < slider > */
  #rendered_cells .widget-inline-hbox > .widget-label { max-width: 100%; }
  #rendered_cells .widget-inline-hbox > select, #rendered_cells .widget-inline-hbox > input {
    min-width: 8em; flex: 1 1 8em; height: var(--jp-widgets-inline-height); }
  /* a label that wraps above its field makes the row taller instead of overlapping the next one */
  #rendered_cells .widget-inline-hbox { height: auto; min-height: var(--jp-widgets-inline-height); }
  #rendered_cells .widget-radio-box label { height: auto; min-height: var(--jp-widgets-inline-height);
    line-height: 1.35; display: flex; align-items: center; }  /* a long answer wraps, never overlaps */
  /* a long label (Thingvellir's enlistment, Vidofnir...) wraps inside its button: lines of text, not
     one 44 px row per line, balanced so that no word is left alone on the last line */
  #rendered_cells .jupyter-widgets button { height: auto; min-height: var(--jp-widgets-inline-height);
    white-space: normal; line-height: 1.35; padding-top: .4em; padding-bottom: .4em; text-wrap: balance;
    overflow-wrap: break-word; max-width: 100%; }
  #rendered_cells .widget-html-content, #rendered_cells .nt-root { min-width: 0; overflow-wrap: break-word; }
  #rendered_cells .widget-html-content { line-height: 1.45; }  /* text, not a 44 px row per line */
  /* a checkbox's long description (the Thingvellir option) wraps inside the page instead of running off it */
  #rendered_cells .widget-checkbox { height: auto; min-height: var(--jp-widgets-inline-height); }
  #rendered_cells .widget-checkbox .widget-label-basic { height: auto; min-width: 0; }
  #rendered_cells .widget-checkbox .widget-label-basic span { white-space: normal; overflow-wrap: break-word;
    line-height: 1.35; }
  .nt-army-row { grid-template-columns: repeat(5, minmax(0, 1fr)); }
  /* a card's name in a 70 px column ("Explorer 7", "探索者 7", a hero's) goes under its value instead of
     ending in "…"; only a word wider than the column still ends in "…" (session 7's newcomer walk) */
  .nt-army-cell { flex-wrap: wrap; row-gap: 0; padding-top: .1em; padding-bottom: .1em; }
  #rendered_cells .nt-army-name, .nt-army-name { white-space: normal; overflow-wrap: normal; line-height: 1.15; min-width: 0; }
  .nt-tavern { min-width: 0; flex: 1 1 100%; }
  .nt-hero-list { grid-template-columns: minmax(0, 1fr); }
  .nt-treasury-grid { grid-template-columns: repeat(auto-fill, minmax(3.4em, auto)); }
}
"""
"""Every page (the template's head, :func:`widgets.guard.page_head`, and :func:`theme_html`): a
visible focus ring on every control, readable tab labels, and a layout that fits a phone."""


def theme_html(*, font_size: int = 16) -> str:
    """The ``<style>`` element; ``font_size`` (px, at least 15) sets ``--nt-font-size``."""
    size = max(15, int(font_size))
    return f"<style>{CSS}{ALERT_CSS}{PAGE_CSS}\n.nt-root {{ --nt-font-size: {size}px; }}</style>"


def theme_widget(*, font_size: int = 16) -> w.HTML:
    """An ``ipywidgets.HTML`` holding :func:`theme_html` (display it once per page)."""
    import ipywidgets as w  # lazy: render and theme work without ipywidgets

    return w.HTML(theme_html(font_size=font_size), layout=w.Layout(display="none"))
