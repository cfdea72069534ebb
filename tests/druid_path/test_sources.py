"""R38: a queued beastborg ability names its source, not its lane. Morvenna's shadow pushes the
Darach row right while its beastborgs' Darach-phase abilities wait, so a lane can hold another
beastborg, or none, by the time they resolve.

The watch below checks every ability as it resolves, by the names on the table and in the log
(not by the engine's identities): an ability whose source has left its row tells only that,
"this beastborg" is always its source, and "the beastborg in this lane" is the one across from
where the source stands now. `python -m tests.fuzz druid_sources --games N` runs it longer.
"""

from __future__ import annotations

import json
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import msgspec

from engine.core.rng import Rng
from engine.druid_path import phases
from engine.druid_path.model import EffectTask, EndPlay, NextTurn, State
from engine.druid_path.table import CARDS, SIDES, name_of, row_of
from saves.session import GameSession
from tests.druid_path.helpers import GAME, at_play, check_invariants, put

DRUIDS = ("belthar", "emrys", "seren", "oisin")
PATHS = ("celthar", "thornwild", "naarmut", "mireholt")
NAMED = {(c.name, row): SIDES[(card, row)] for card, c in CARDS.items() if card != "spirit" for row in ("druid", "darach")}


class SourceWatch:
    """Wraps the resolver of queued effects (phases.run_task) and checks each beastborg ability."""

    def __init__(self) -> None:
        self.fired = self.stopped = 0

    def __call__(self, resolve: Any, state: State, task: EffectTask) -> None:
        ability = NAMED.get((task.label, task.row)) if task.row else None
        if ability is None or not task.effects:
            resolve(state, task)
            return
        names = [name_of(b) if b is not None else None for b in row_of(state, task.row)]
        here = task.label in names
        assert names.count(task.label) <= 1 or not here, f"two {task.label} in the {task.row} row"
        across = None
        if here:
            other = row_of(state, "darach" if task.row == "druid" else "druid")[names.index(task.label)]
            across = name_of(other) if other is not None else None
        before = state.logged
        resolve(state, task)
        lines = state.log[len(state.log) - (state.logged - before):] if state.logged > before else []
        if not here and ability.kind != "defeated":  # it left its row while it waited
            assert [line.what for line in lines] == ["ability_gone"], (task.label, lines)
            self.stopped += 1
            return
        self.fired += 1
        for effect in task.effects[:1]:  # the first effect resolves now (a later one may wait)
            touched = [line.parts[1] for line in lines if line.what in ("heal", "attack_mod", "hurt", "exhaust")]
            if effect.target == "self":
                assert set(touched) <= {task.label}, f"{task.label}'s 'this beastborg' touched {touched}"
            elif effect.target == "opposite" and ability.kind != "defeated":
                assert set(touched) <= {across}, f"{task.label} reached {touched} across, not {across}"


@contextmanager
def watching(watch: SourceWatch):
    resolve = phases.run_task
    phases.run_task = lambda state, task: watch(resolve, state, task)
    try:
        yield watch
    finally:
        phases.run_task = resolve


def play_morvenna(seed: int, checked: bool = False, watch: Any = None, sources: SourceWatch | None = None) -> int:
    """One random game against Morvenna (the Druid and path by the seed) under the source watch;
    returns its number of moves. `watch` is the long fuzz runner's save round trip."""
    sources = sources or SourceWatch()
    options = dict(druid=DRUIDS[seed % 4], darach="morvenna", path=PATHS[(seed // 4) % 4])
    state = GAME.new_game(seed, **options)
    if watch is not None:
        watch.start(GAME, seed, options, state)
    rng = Rng.from_seed(seed + 777)
    moves = 0
    with watching(sources):
        while GAME.outcome(state) is None:
            action = rng.choice(GAME.legal_actions(state))
            GAME.apply(state, action)
            if watch is not None:
                watch.moved(state, action)
            check_invariants(state)
            if checked:
                assert GAME.validate(state) == [], GAME.validate(state)
            moves += 1
    return moves


def press_e(state: State, times: int) -> None:
    for _ in range(times):
        actions = GAME.legal_actions(state)
        GAME.apply(state, next(a for a in actions if isinstance(a, (EndPlay, NextTurn))))


def test_seed_3_against_morvenna_fires_nothing_from_a_beastborg_that_fell_off() -> None:
    # `tabletop-tui new druid-path --seed 3 --darach morvenna`, then `e` eleven times
    state = GAME.new_game(3, darach="morvenna")
    with watching(SourceWatch()) as watch:
        press_e(state, 11)
    words = GAME.log_lines(state)
    fell = words.index("Rustwraith falls off the Darach row: Morvenna gains 0 HP (♥9).")
    after = words[fell:]
    assert "Rustwraith is no longer in its row: its ability does not resolve." in after
    assert not any(line.startswith("Rustwraith:") for line in after)
    assert watch.stopped == 1


def darach_phase_charged(state: State) -> None:
    """Run a Darach phase from its charge, with Morvenna's counter one short of full."""
    state.darach_charge = 2
    state.phase, state.stage = "darach", "charge"
    phases.advance(state)


def test_this_beastborg_is_its_source_after_morvenna_pushes_the_row() -> None:
    state = at_play(darach="morvenna")
    assert SIDES[("rustwraith", "darach")].text == "Darach phase: remove 1 damage from this beastborg."
    healer = put(state, "darach", 0, "rustwraith", damage=1)
    state.shadow_deck.remove("nightmaw")
    state.shadow_deck.append("nightmaw")  # Morvenna's shadow: Nightmaw enters lane 1
    darach_phase_charged(state)
    assert [name_of(b) if b else None for b in state.darach_row] == ["Nightmaw", "Rustwraith", None]
    assert state.darach_row[1] is healer and healer.damage == 0  # healed in lane 2, where it went
    assert "Rustwraith heals Rustwraith by 1 (♥3)." in GAME.log_lines(state)


def test_a_beastborg_pushed_off_the_row_does_not_heal_the_one_now_in_its_lane() -> None:
    state = at_play(darach="morvenna")
    for lane, card in enumerate(("rootling", "ripplefin", "rustwraith")):
        assert SIDES[(card, "darach")].text == "Darach phase: remove 1 damage from this beastborg."
        put(state, "darach", lane, card, damage=1)
    state.shadow_deck.remove("nightmaw")
    state.shadow_deck.append("nightmaw")
    darach_phase_charged(state)
    assert [name_of(b) if b else None for b in state.darach_row] == ["Nightmaw", "Rootling", "Ripplefin"]
    assert [b.damage for b in state.darach_row if b] == [0, 0, 0]
    words = GAME.log_lines(state)
    heals = [w for w in words if " heals " in w]
    assert heals == ["Rootling heals Rootling by 1 (♥4).", "Ripplefin heals Ripplefin by 1 (♥4)."]
    assert "Rustwraith is no longer in its row: its ability does not resolve." in words


def test_random_games_against_morvenna_fire_abilities_only_from_their_sources() -> None:
    sources = SourceWatch()
    for seed in range(150):
        play_morvenna(seed, checked=seed % 10 == 0, sources=sources)
    assert sources.fired > 100 and sources.stopped > 0  # the watch saw both kinds


# ----- saves from before identities (content 2) ------------------------------------------------

DATA = Path(__file__).parent.parent / "data"
OLD = "druid_path_v2_pending.json"  # content 2: Steamtoad's tame ability waits for its target


def resume_old(store, raw: dict) -> GameSession:
    assert raw["content_version"] == 2 and "beast" not in raw["state"]["pending"]["task"]
    store.paths.save_file("old").write_bytes(json.dumps(raw).encode())
    return GameSession.resume(store, "old")


def test_a_save_from_before_identities_is_replayed_and_its_waiting_ability_names_its_source(store) -> None:
    raw = json.loads((DATA / OLD).read_bytes())
    session = resume_old(store, raw)
    state = session.state
    assert session.envelope.content_version == GAME.content_version == 3
    assert msgspec.json.encode(session.replay()) == msgspec.json.encode(state)  # moves lead to it
    task = state.pending.task
    source = state.druid_row[task.lane]
    assert source is not None and name_of(source) == task.label == "Steamtoad" and task.beast == source.uid
    assert GAME.validate(state) == []
    session.play(GAME.legal_actions(state)[0])  # the target picked, and it plays on
    assert json.loads(store.paths.save_file("old").read_bytes())["content_version"] == 3


def test_a_save_from_before_identities_whose_moves_miss_its_table_gets_identities(store) -> None:
    raw = json.loads((DATA / OLD).read_bytes())
    raw["actions"] = raw["actions"][:-1]  # one move short of the table saved: kept as it is
    session = resume_old(store, raw)
    state = session.state
    uids = [b.uid for b in state.druid_row + state.darach_row if b is not None]
    assert sorted(uids) == list(range(1, len(uids) + 1)) and state.beasts_made == len(uids)
    task = state.pending.task
    assert state.druid_row[task.lane].uid == task.beast and not task.fallen  # Steamtoad, as read then
    assert GAME.validate(state) == []
    for _ in range(30):  # and it plays on
        if session.outcome() is None:
            session.play(GAME.legal_actions(session.state)[-1])


def test_a_game_finished_under_content_2_replays_from_history(store) -> None:
    from saves.history import History, final_table
    from saves.replay import from_history

    record = json.loads((DATA / "druid_path_v2_history.json").read_bytes())
    assert record["entry"]["content_version"] == 2 and record["entry"]["result"] == "won"
    store.paths.ensure()
    store.paths.history.mkdir(parents=True, exist_ok=True)
    (store.paths.history / f"{record['entry']['id']}.json").write_bytes(json.dumps(record).encode())
    timeline = from_history(store, record["entry"]["id"])
    assert timeline.reachable == len(record["actions"])  # every old move replays
    final = timeline.state(len(record["actions"]))
    assert GAME.outcome(final).won and final.druid_hp == record["state"]["druid_hp"]
    table = final_table(GAME, History(store).read(record["entry"]["id"]))
    assert table is not None and table.result == "won" and GAME.validate(table) == []
