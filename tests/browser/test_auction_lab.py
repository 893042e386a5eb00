"""The teachers' auction lab and the Zavandor pages in the browser (pages 11-15), in English and
one in Chinese: controls answer, charts are images, long runs show progress and finish."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect

from nidlib.core.messages import render
from widgets.lessons import LAB_PAGES

Open = Callable[..., Page]
Shot = Callable[[Page, str], Path]


def charts_drawn(page: Page, cls: str) -> None:
    img = page.locator(f".{cls} img").first
    expect(img).to_be_visible()
    expect(img).to_have_attribute("src", re.compile(r"^data:image/png;base64,"))
    expect(img).to_have_attribute("alt", re.compile(r"\w"))  # the chart's titles


def test_index_links_the_lab(page: Page, voila_url: str, open_lesson: Open) -> None:
    open_lesson(page, voila_url, "index")
    links = page.locator("a.nt-index-lab-link")
    expect(links).to_have_count(len(LAB_PAGES))
    for k, (stem, title, _) in enumerate(LAB_PAGES):
        expect(links.nth(k)).to_have_attribute("href", f"{stem}.ipynb")
        expect(links.nth(k)).to_have_text(render(title, lang="en"))


def test_bidding_page(page: Page, voila_url: str, open_lesson: Open, save_screenshot: Shot) -> None:
    page.set_viewport_size({"width": 1366, "height": 900})
    open_lesson(page, voila_url, "11-auction-lab-bidding")
    charts_drawn(page, "nt-alab-fp-chart")
    picks = page.locator(".nt-alab-picks")
    picks.locator("button", has_text="5").first.click()
    expect(page.locator(".nt-alab-picks-result")).to_contain_text("5 players, 5 cards per tavern")
    charts_drawn(page, "nt-alab-picks-chart")
    blotto = page.locator(".nt-alab-blotto")
    result = page.locator(".nt-alab-blotto-result")
    expect(result).to_contain_text("Value of the game to A: +0.253")
    blotto.locator("button", has_text=render("alab.blotto.gem-b", lang="en")).click()
    expect(result).not_to_contain_text("+0.253")
    expect(page.locator(".nt-alab-blotto-table")).to_contain_text("probability")
    blotto.scroll_into_view_if_needed()
    save_screenshot(page, "auction-lab-bidding")
    expect(page.locator("a.nt-nav-next").first).to_have_attribute("href", "12-auction-lab-games.ipynb")


def test_games_page_runs_and_ties(
    page: Page, voila_url: str, open_lesson: Open, save_screenshot: Shot
) -> None:
    page.set_viewport_size({"width": 1366, "height": 900})
    open_lesson(page, voila_url, "12-auction-lab-games")
    page.locator("button.nt-alab-run").click()
    status = page.locator(".nt-alab-games-status")
    expect(status).to_contain_text("Done: 200 games", timeout=120_000)
    expect(page.locator(".nt-alab-games-result")).to_contain_text("trade every round: wins")
    expect(page.locator(".nt-alab-games-progress")).to_be_visible()
    charts_drawn(page, "nt-alab-games-chart")
    # a second, long run (2,000 games: it cannot end before the click) stops when asked
    readout = page.locator(".nt-alab-games .widget-readout").first
    readout.click()
    page.keyboard.press("Control+A")
    page.keyboard.type("2000")
    page.keyboard.press("Enter")
    expect(readout).to_have_text("2000")
    page.locator(".nt-alab-games .nt-alab-seed input").fill("5")
    page.locator(".nt-alab-games .nt-alab-seed input").press("Enter")
    page.locator("button.nt-alab-run").click()
    expect(status).to_contain_text("Running")
    page.locator("button.nt-alab-games-stop").click()
    expect(status).to_contain_text("Stopped after")
    expect(status).to_contain_text("of 2000 games")
    ties = page.locator(".nt-alab-ties")
    ties.locator("select").select_option(label=render("alab.ties.rule.fixed", lang="en"))
    expect(page.locator(".nt-alab-ties-result")).to_contain_text(render("alab.ties.rule.fixed", lang="en"))
    save_screenshot(page, "auction-lab-games")


def test_zavandor_play_page(page: Page, voila_url: str, open_lesson: Open, save_screenshot: Shot) -> None:
    page.set_viewport_size({"width": 1366, "height": 900})
    open_lesson(page, voila_url, "13-zavandor-play")
    expect(page.locator(".nt-zav-table")).to_contain_text("Round 1")
    bid = page.locator(".nt-zav-bid-0 input")
    expect(bid).to_have_attribute("type", "password")  # a sealed bid
    bid.fill("0 0 0 1")
    page.locator("button.nt-zav-reveal").click()
    lots = page.locator(".nt-zav-lots")
    expect(lots).to_contain_text("[Z-AUC-1]")
    expect(lots).to_contain_text("Ana reveals 1 sapphire")
    expect(page.locator(".nt-zav-table")).to_contain_text("Round 2")
    page.locator(".nt-zav-bid-0 input").fill("nonsense")
    page.locator("button.nt-zav-reveal").click()
    expect(page.locator(".nt-zav-message")).to_contain_text("is not a bid")
    save_screenshot(page, "zavandor-play")


def test_zavandor_simulation_page(
    page: Page, voila_url: str, open_lesson: Open, save_screenshot: Shot
) -> None:
    page.set_viewport_size({"width": 1366, "height": 900})
    open_lesson(page, voila_url, "14-zavandor-simulation")
    page.locator("button.nt-zav-run").click()
    expect(page.locator(".nt-zav-sim-status")).to_contain_text("Done: 200 games", timeout=180_000)
    expect(page.locator(".nt-zav-sim-result")).to_contain_text("200 games; a game lasts")
    charts_drawn(page, "nt-zav-bids-chart")
    charts_drawn(page, "nt-zav-value-chart")
    save_screenshot(page, "zavandor-simulation")


def test_zavandor_comparison_page(page: Page, voila_url: str, open_lesson: Open) -> None:
    open_lesson(page, voila_url, "15-zavandor-vs-nidavellir")
    table = page.locator(".nt-zav-compare-table")
    expect(table).to_contain_text(render("zlab.cmp.pays.zav", lang="en"))
    charts_drawn(page, "nt-zav-compare-chart")
    before = page.locator(".nt-zav-compare-chart img").get_attribute("src")
    page.locator(".nt-zav-compare button", has_text="4").click()
    expect(page.locator(".nt-zav-compare-chart img")).not_to_have_attribute("src", before or "")


def test_zavandor_play_in_chinese(
    page: Page, voila_url: str, open_lesson: Open, save_screenshot: Shot
) -> None:
    open_lesson(page, voila_url, "13-zavandor-play", "?lang=zh-Hant")
    expect(page.locator(".nt-prose h1").first).to_have_text("札凡多 1：一次競標四個拍品")
    expect(page.locator("button.nt-zav-reveal")).to_have_text(render("zlab.play.reveal", lang="zh-Hant"))
    page.locator(".nt-zav-bid-0 input").fill("0 0 0 1")
    page.locator("button.nt-zav-reveal").click()
    lots = page.locator(".nt-zav-lots")
    expect(lots).to_contain_text("[Z-AUC-1]")
    assert re.search(r"[\u4e00-\u9fff]", lots.inner_text()), "the lot outcomes are in Chinese"
    assert "reveals" not in lots.inner_text()
    save_screenshot(page, "zavandor-play-zh-Hant")
