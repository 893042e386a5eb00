"""Lesson 2 as a newcomer read it (docs/walkthroughs/lesson02-newcomer.md): one test per confusion found.

Each test reads what the learner reads (the prose, the catalogue, nidlib's sentences for the lesson's own
scenarios) in the three languages, and pins the fix of one place where the walk-through went wrong.
"""

from __future__ import annotations

import re

import pytest

import nidlib
from nidlib.core.messages import LANGUAGES, prose, render
from widgets.lessons import l02_bidding as lesson

GEM = {"en": "gem", "zh-Hant": "寶石", "zh-Hans": "宝石"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_r_order_2_the_intro_says_what_a_gem_is_before_it_is_used(lang: str) -> None:
    """Walk: "Watch the gems: Bo has gem 5..." came before the page said what a gem is (the Ties section
    is below the board). Now the intro's bullets define the gem at its first mention, and say that a
    gem never beats a higher bid."""
    intro = prose("02-bidding", "intro", lang)
    first = intro.index(GEM[lang])
    definition = {
        "en": "Every player owns a **gem**",
        "zh-Hant": "每位玩家都有一顆有數字的**寶石**",
        "zh-Hans": "每位玩家都有一颗带数字的**宝石**",
    }[lang]
    assert intro.index(definition) <= first <= intro.index(definition) + len(definition)
    watch = {"en": "Watch the gems", "zh-Hant": "注意寶石", "zh-Hans": "注意宝石"}[lang]
    assert intro.index(definition) < intro.index(watch)
    never = {
        "en": "a higher bid still goes",
        "zh-Hant": "出價較高者永遠排在",
        "zh-Hans": "出价较高者永远排在",
    }[lang]
    assert never in intro


def _first_question_text(lang: str) -> str:
    return " ".join(e.text(lang, cite=False) for e in lesson.first_events())


@pytest.mark.parametrize("lang", LANGUAGES)
def test_r_order_2_a_tie_below_the_top_bid_does_not_claim_the_first_pick(lang: str) -> None:
    """Walk, check 1: "Di's gem is higher (5 > 3), so Di picks first" while Ana (bid 5) picked first and
    Di third. The tie sentence now says first *of the tied players*."""
    s = lesson.question_first_state()
    order = [s.players[i].name for i in s.order]
    assert order == ["Ana", "Cy", "Di", "Bo"]  # nidlib: 5s before 4s, gems within each tie
    text = _first_question_text(lang)
    of_two = {
        "en": "so {} picks first of the two",
        "zh-Hant": "所以 {} 在兩人中先選",
        "zh-Hans": "所以 {} 在两人中先选",
    }
    for name in ("Ana", "Di"):
        assert of_two[lang].format(name) in text, text
    unqualified = {"en": r"so Di picks first[,.]", "zh-Hant": r"所以 Di 先選", "zh-Hans": r"所以 Di 先选"}[
        lang
    ]
    assert not re.search(unqualified, text), text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_r_order_2_three_way_tie_sentence_says_first_of_those_who_bid_the_value(lang: str) -> None:
    """Walk, practice round: a three-way tie at 4 ("so Bo picks first") is the same sentence with 3+
    players; it now names the bid the players tied on."""
    s, _ = lesson.round_after_scripted_bids()
    s, events = nidlib.apply(s, nidlib.parse("p0:bid:4,3,5b/0,2"))  # the walk's first bid
    (tie,) = [e for e in events if e.key == "order.tie"]
    expected = {
        "en": "so Bo picks first of the players who bid 4",
        "zh-Hant": "所以 Bo 在出價 4 的玩家中先選",
        "zh-Hans": "所以 Bo 在出价 4 的玩家中先选",
    }[lang]
    assert expected in tie.text(lang)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_r_order_1_pick_order_sentence_names_the_gems_for_equal_bids(lang: str) -> None:
    """Walk: "Pick order: Bo, Cy and Ana (highest bid first)" after a 4-4-4 tie, where the gems decided."""
    s, _ = lesson.round_after_scripted_bids()
    _, events = nidlib.apply(s, nidlib.parse("p0:bid:4,3,5b/0,2"))
    (result,) = [e for e in events if e.key == "order.result"]
    assert GEM[lang] in result.text(lang)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_r_gem_2_exchange_sentence_says_the_tie_was_on_a_bid_not_a_gem(lang: str) -> None:
    """Walk, explorer at 4 players with gem 6: "Ana and Cy were tied at 3 ... Ana now has gem 3": the bid
    read as gem 3. The sentence now says both *bid* 3."""
    res = lesson.tie_result(4, gem6=True)
    swap = next(e for e in res.events if e.key == "gem.swap" and e.params["a"] == "Ana")
    assert swap.params["gem_a"] == lesson.TIE_VALUE  # the case that confused: bid 3 and gem 3 in one line
    text = swap.text(lang, cite=False)
    bid = {"en": "both bid 3", "zh-Hant": "出價同為 3", "zh-Hans": "出价同为 3"}[lang]
    assert bid in text, text
    assert "tied at" not in text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_r_gem_3_two_tied_with_gem_6_nobody_is_told_to_exchange(lang: str) -> None:
    """Walk, explorer at 2 players with gem 6: "the others tied at 3 exchange as if Bo were not tied", with
    nobody left to exchange with. nidlib changes no gem; the sentence now says one left alone keeps it."""
    res = lesson.tie_result(2, gem6=True)
    assert res.before == res.after
    assert res.swaps == []
    (kept,) = [e for e in res.events if e.key == "gem.six-kept"]
    alone = {
        "en": "one left alone keeps their gem",
        "zh-Hant": "只剩一人時，他保留自己的寶石",
        "zh-Hans": "只剩一人时，他保留自己的宝石",
    }
    assert alone[lang] in kept.text(lang)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_r_gem_3_gem_question_says_which_value_all_four_bid(lang: str) -> None:
    """Walk, check 2: the question said "the same value" and its answer "tied at 3": the question now
    states the value, the one every player of the question's position bid."""
    s, _ = lesson.tie_state(**lesson.SWAPS_QUESTION)  # type: ignore[arg-type]
    assert {p.slots[0].value for p in s.players if p.slots[0]} == {lesson.TIE_VALUE}
    question = render("l02.q.swaps", {"value": lesson.TIE_VALUE}, lang)
    assert str(lesson.TIE_VALUE) in question
    assert "{" not in question
    if lang == "en":  # the page's own question widget shows it
        shown = lesson.check_swaps().question.question.value
        assert f"All four bid {lesson.TIE_VALUE} on the Laughing Goblin" in shown


RULE_PHRASES = {
    # R-GEM-1: the new gems count from the next tavern on (the walk saw it only in the game's log)
    "R-GEM-1": {"en": "from the next tavern of the same round", "zh-Hant": "從同一輪的下一間酒館", "zh-Hans": "从同一轮的下一间酒馆"},
    # R-GEM-4: two tie groups at one tavern exchange separately (the walk saw it only in check 1's answer)
    "R-GEM-4": {"en": "exchange separately", "zh-Hant": "各組分開交換", "zh-Hans": "各组分开交换"},
    # R-DIST-CROWNJEWELER-1: gem 6 replaces its winner's gem (the explorer showed gems 5, 4, 6 unexplained)
    "R-DIST-CROWNJEWELER-1": {"en": "it **replaces** their gem", "zh-Hant": "**取代**該玩家原本的寶石", "zh-Hans": "**取代**该玩家原来的宝石"},
    # R-GEM-3: two tied, one holding gem 6: nobody exchanges
    "R-GEM-3": {"en": "nobody exchanges", "zh-Hant": "就沒有人交換", "zh-Hans": "就没有人交换"},
    # R-EVAL-3: the Crown Jeweler goes to a strict majority of Miner ranks (Age I and distinction were unexplained)
    "R-EVAL-3": {"en": "strict majority of Miner ranks", "zh-Hant": "礦工階級最高、且不與他人平手", "zh-Hans": "矿工等级严格多数"},
}  # fmt: skip


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("rule", sorted(RULE_PHRASES))
def test_ties_section_says_what_the_walk_had_to_guess(rule: str, lang: str) -> None:
    assert RULE_PHRASES[rule][lang] in prose("02-bidding", "ties", lang)


def test_r_gem_1_the_swapped_gem_counts_at_the_next_tavern_of_the_same_round() -> None:
    """What the ties section now claims, played in the lesson's own round: after the 4-4-4 tie at the
    Goblin Ana holds gem 5, and at the Shining Horse (Ana 5, Bo 5) she picks before Bo, in the same round."""
    s, _ = lesson.round_after_scripted_bids()
    s, _ = nidlib.apply(s, nidlib.parse("p0:bid:4,3,5b/0,2"))
    round_ = s.round
    s, _ = lesson.step_to_next_reveal(s)  # Goblin resolved, gems exchanged
    assert s.players[0].gem == 5
    s, _ = lesson.step_to_next_reveal(s)  # Dragon resolved: the Horse is revealed
    assert (s.round, s.tavern) == (round_, 2)
    assert [s.players[i].name for i in s.order][:2] == ["Ana", "Bo"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_r_order_2_rule_text_says_a_gem_never_beats_a_higher_bid(lang: str) -> None:
    """The rule text a learner opens from "R-ORDER-2" said "the one with the higher gem picks first"."""
    text = render("ruletext.R-ORDER-2", None, lang)
    never = {
        "en": "a gem never beats a higher bid",
        "zh-Hant": "寶石永遠贏不了較高的出價",
        "zh-Hans": "宝石永远赢不了更高的出价",
    }
    assert never[lang] in text


CJK = r"[\u3400-\u9fff\uff08-\uff1f\u3001\u3002]"


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans"])
def test_chinese_walk_no_stray_space_between_chinese_words(lang: str) -> None:
    """Chinese walk: a Markdown line break inside a bullet showed as a space in the middle of a
    Chinese sentence ("出價相同的玩家之間， 寶石..."). Every section of the lesson is checked."""
    for section in ("intro", "ties", "check", "next"):
        text = prose("02-bidding", section, lang)
        bad = re.findall(f"{CJK}\\**(?: +|\\n(?!\\n) *)\\**{CJK}", text)  # a blank line is a new paragraph
        assert not bad, (section, bad)


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans"])
def test_chinese_walk_gem_question_options_use_chinese_punctuation(lang: str) -> None:
    """Chinese walk: the answer "Ana ↔ Di; Bo ↔ Cy" joined its pairs with an English semicolon."""
    from nidlib.core.messages import set_language

    set_language(lang)
    try:
        options = lesson.swaps_options()
    finally:
        set_language("en")
    two = [o for o in options if "Bo ↔ Cy" in o]
    assert two == ["Ana ↔ Di；Bo ↔ Cy"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_r_gem_5_the_ties_section_says_gems_break_only_bid_ties(lang: str) -> None:
    """Session 7's walk (zh-Hant): the tie rule as the page taught it was right, but nothing said that gems
    break bid ties only, and a newcomer could carry them over to distinctions and the final score (R-GEM-5;
    R-EVAL-3: a tied distinction goes to nobody; R-SCORE-10: a tied end is a shared victory)."""
    ties = prose("02-bidding", "ties", lang)
    only, nobody, shared = {
        "en": ("only ties between bids", "gives it to nobody", "share the victory"),
        "zh-Hant": ("只決定出價的平手", "誰都拿不到", "共享勝利"),
        "zh-Hans": ("只决定出价的平手", "谁都拿不到", "共享胜利"),
    }[lang]
    assert only in ties
    assert nobody in ties
    assert shared in ties
