"""DecknForge saves: small at any deck age (R41), and saves made under the earlier rules carried
over to the current ones (R42), tested on files the earlier version wrote."""

from __future__ import annotations

import json
from pathlib import Path

import msgspec

from engine.core.log import Line
from engine.core.rng import Rng
from engine.decknforge.legacy import Deck, DeckResult, apply_result, fresh_deck, roll_scar, scar_marks
from saves.atomic import backup_path
from saves.session import GameSession
from tests.decknforge.helpers import GAME

DATA = Path(__file__).parents[1] / "data"
SIZE_LIMIT = 20 * 1024


def aged(initials: str, games: int, seed: int = 1) -> Deck:
    """A deck that has played `games` dungeons: two falls to a clear, scars until no blank card is
    left, a history entry each."""
    rng = Rng.from_seed(seed)
    deck = fresh_deck(initials)
    deck.id = f"{initials.lower()}-1"
    for number in range(games):
        if number % 3 == 2:
            deck = apply_result(deck, DeckResult("clear", number, [initials, "ZZ"], 9))
            continue
        scar = roll_scar(deck.cards, rng)
        scar.monster_word = ("HOWL" if scar.monster.startswith("X") else "GNASH") if scar.monster else ""
        scar.equipment_word = "KINDLE" if scar.equipment else ""
        deck = apply_result(deck, DeckResult("fall", number, [initials, "ZZ"], 12, scar_marks(scar), scar))
    return deck


def test_a_save_stays_small_with_decks_500_games_old(store):
    decks = [aged("AB", 500), aged("CD", 500, seed=2)]
    assert len(decks[0].history) == 500 and len(msgspec.json.encode(decks[0])) > 40_000
    session = GameSession.start(store, GAME, 7, decks=decks)
    path = store.paths.save_file(session.save_id)
    largest = path.stat().st_size
    saved = {}
    while session.outcome() is None:
        seat = GAME.to_move(session.state)[0]
        session.play(GAME.bot_action(session.state, seat))
        if path.exists():  # a finished game moves on to the history
            largest = max(largest, path.stat().st_size)
            saved = json.loads(path.read_bytes())
    assert largest < SIZE_LIMIT, largest
    assert "history" not in json.dumps(saved["state"]) and "history" not in json.dumps(saved["options"])
    assert saved["state"]["decks"][0]["fingerprint"] == saved["options"]["decks"][0]["fingerprint"]
    assert msgspec.json.encode(session.replay()) == msgspec.json.encode(session.state)


def _resume_old(store, name: str) -> tuple[GameSession, bytes]:
    old = (DATA / f"decknforge_v1_{name}.json").read_bytes()
    assert json.loads(old)["content_version"] == 1
    store.paths.save_file(name).write_bytes(old)
    return GameSession.resume(store, name), old


def test_r42_a_game_saved_under_the_earlier_rules_goes_on_where_it_stood(store):
    before = json.loads((DATA / "decknforge_v1_running.json").read_bytes())["state"]
    session, old = _resume_old(store, "running")
    state = session.state
    assert session.envelope.content_version == GAME.content_version
    assert GAME.validate(state) == []
    assert state.round == before["round"] and GAME.log_lines(state) == before["log"]
    turn, left = before["turn"], before["actions_left"]
    assert [p.done for p in state.players] == [s < turn for s in range(len(state.players))]
    assert state.players[turn].actions_left == left and GAME.to_move(state) == tuple(range(turn, 2))
    assert "history" not in json.dumps(session.envelope.options)
    assert msgspec.json.encode(session.replay()) == msgspec.json.encode(state)
    session.play(GAME.bot_action(session.state, GAME.to_move(session.state)[0]))
    assert backup_path(store.paths.save_file("running")).read_bytes() == old  # nothing lost
    assert json.loads(store.paths.save_file("running").read_bytes())["content_version"] == GAME.content_version
    while session.outcome() is None:
        session.play(GAME.bot_action(session.state, GAME.to_move(session.state)[0]))
    assert msgspec.json.encode(session.replay()) == msgspec.json.encode(session.state)


def test_r42_a_finished_game_keeps_its_result_as_marks(store):
    before = json.loads((DATA / "decknforge_v1_finished.json").read_bytes())["state"]
    session, _ = _resume_old(store, "finished")
    state = session.state
    assert GAME.validate(state) == [] and GAME.outcome(state).summary.startswith("The band fell")
    after = GAME.result_decks(state, [msgspec.convert(d, Deck) for d in before["decks"]])
    for merged, old in zip(after, before["result_decks"]):
        old = msgspec.convert(old, Deck)
        assert [c.word for c in merged.cards] == [c.word for c in old.cards]
        assert (merged.xp, merged.level, merged.streak) == (old.xp, old.level, old.streak)


# ----- content 2 files: the log was text --------------------------------------------------------


def told_before_4(state) -> list[str]:
    """The log in words without the lines content 4 added (the why of each attack)."""
    from engine.decknforge.upgrade import WHY_KINDS

    return [GAME.log_text(line) for line in state.log if line.what not in WHY_KINDS]


def _content_2(name: str) -> tuple[dict, bytes]:
    old = (DATA / f"decknforge_v2_{name}.json").read_bytes()
    raw = json.loads(old)
    version = raw["entry"]["content_version"] if name == "history" else raw["content_version"]
    assert version == 2 and isinstance(raw["state"]["log"][0], str)  # written before the log was data
    return raw, old


def test_a_content_2_save_is_replayed_with_its_log_as_data_and_plays_on(store):
    raw, old = _content_2("running")
    store.paths.save_file("old").write_bytes(old)
    session = GameSession.resume(store, "old")
    state = session.state
    assert session.envelope.content_version == GAME.content_version == 8
    assert session.envelope.actions == [msgspec.Raw(msgspec.json.encode(a)) for a in raw["actions"]]
    # its moves replay to the table saved, so every line is told anew, in the words it had,
    # and content 4's why of each attack among them
    assert all(line.what != "said" for line in state.log)
    assert told_before_4(state) == raw["state"]["log"][-len(told_before_4(state)) :]
    assert {"strikes at", "retaliation"} & {line.what for line in state.log}
    assert msgspec.json.encode(session.replay()) == msgspec.json.encode(state)
    assert GAME.turning_points(session.whole_log())  # the story is picked by kind
    session.play(GAME.bot_action(state, GAME.to_move(state)[0]))
    assert backup_path(store.paths.save_file("old")).read_bytes() == old  # nothing lost
    rewritten = json.loads(store.paths.save_file("old").read_bytes())
    assert rewritten["content_version"] == GAME.content_version == 8 and isinstance(rewritten["state"]["log"][-1], list)
    while session.outcome() is None:
        session.play(GAME.bot_action(session.state, GAME.to_move(session.state)[0]))
    assert msgspec.json.encode(session.replay()) == msgspec.json.encode(session.state)


def test_a_content_2_save_whose_moves_fall_short_keeps_its_lines_as_written(store):
    raw, _ = _content_2("running")
    raw["actions"] = raw["actions"][:-1]  # one move short of the table saved
    store.paths.save_file("old").write_bytes(json.dumps(raw).encode())
    session = GameSession.resume(store, "old")
    assert [line.what for line in session.state.log] == ["said"] * len(raw["state"]["log"])
    assert GAME.log_lines(session.state) == raw["state"]["log"]
    session.play(GAME.bot_action(session.state, GAME.to_move(session.state)[0]))  # and it plays on
    kept = [GAME.log_text(line) for line in session.state.log if line.what == "said"]
    assert kept and kept == raw["state"]["log"][-len(kept) :] and session.state.log[-1].what != "said"


def test_a_content_2_finished_game_replays_from_history(store):
    from saves.replay import from_history

    raw, old = _content_2("history")
    record_id = raw["entry"]["id"]  # a record is filed under its own id
    store.paths.history.mkdir(parents=True, exist_ok=True)
    (store.paths.history / f"{record_id}.json").write_bytes(old)
    timeline = from_history(store, record_id)
    assert timeline.reachable == len(raw["actions"])  # every old move replays
    final = timeline.state(len(raw["actions"]))
    assert GAME.outcome(final).won and told_before_4(final) == raw["state"]["log"][-len(told_before_4(final)) :]


def test_a_content_2_shared_table_is_carried_over_and_plays_on(paths):
    from engine.registry import GAMES
    from saves.session import SharedSession
    from saves.tables import TableStore
    from tests.conftest import FIXED_TIME

    raw, old = _content_2("table")
    tables = TableStore(paths, GAMES, clock=lambda: FIXED_TIME)
    tables.file("AJCT").parent.mkdir(parents=True, exist_ok=True)
    tables.file("AJCT").write_bytes(old)
    [entry] = tables.list()
    assert entry.code == "AJCT" and not entry.damage and entry.started
    ann = SharedSession.open(tables, "AJCT", "ann")
    assert told_before_4(ann.state) == raw["state"]["log"][-len(told_before_4(ann.state)) :]
    assert all(line.what != "said" for line in ann.state.log)
    seat = GAME.to_move(ann.state)[0]
    player = ann if seat == 0 else SharedSession.open(tables, "AJCT", "ben")
    player.play(GAME.bot_action(player.state, seat))
    rewritten = json.loads(tables.file("AJCT").read_bytes())
    assert rewritten["content_version"] == GAME.content_version == 8 and len(rewritten["actions"]) == len(raw["actions"]) + 1


# ----- content 3 files: the log did not say why an attack went as it did ------------------------


def test_a_content_3_save_is_replayed_with_the_why_of_its_attacks_and_plays_on(store):
    old = (DATA / "decknforge_v3_running.json").read_bytes()
    raw = json.loads(old)
    assert raw["content_version"] == 3 and not {"strikes at", "retaliation"} & {line[0] for line in raw["state"]["log"]}
    store.paths.save_file("old").write_bytes(old)
    session = GameSession.resume(store, "old")
    state = session.state
    assert session.envelope.content_version == GAME.content_version == 8
    kinds = [line.what for line in state.log]
    assert "strikes at" in kinds and "said" not in kinds  # told anew, the why among the lines
    saved = [GAME.log_text(msgspec.convert(line, Line)) for line in raw["state"]["log"]]
    assert told_before_4(state) == saved[-len(told_before_4(state)) :]  # every other line as it read
    assert msgspec.json.encode(session.replay()) == msgspec.json.encode(state)
    session.play(GAME.bot_action(state, GAME.to_move(state)[0]))
    assert json.loads(store.paths.save_file("old").read_bytes())["content_version"] == GAME.content_version == 8


def test_a_content_3_save_whose_moves_fall_short_keeps_its_lines(store):
    raw = json.loads((DATA / "decknforge_v3_running.json").read_bytes())
    raw["actions"] = raw["actions"][:-1]  # one move short of the table saved: no replay
    store.paths.save_file("old").write_bytes(json.dumps(raw).encode())
    session = GameSession.resume(store, "old")
    assert json.loads(msgspec.json.encode(session.state.log)) == raw["state"]["log"]  # as they were, kind by kind
    session.play(GAME.bot_action(session.state, GAME.to_move(session.state)[0]))


# ----- content 4 files: ten words brought discarded cards back (R10, R19, R30, R37) -------------


# The rules a game begun before content 6 goes on under: its jokers unanswered (R4), its
# Adventurer deck keeping its players in (R15).
OLD_RULES_5 = {"jokers_unanswered": True, "adventurer_deck_counts": True}


def _content_4() -> tuple[dict, bytes]:
    old = (DATA / "decknforge_v4_running.json").read_bytes()
    raw = json.loads(old)
    assert raw["content_version"] == 4 and raw["state"]["round"] > 1 and raw["actions"]
    return raw, old


def _plays_to_the_end(session: GameSession) -> None:
    while session.outcome() is None:
        session.play(GAME.bot_action(session.state, GAME.to_move(session.state)[0]))
    assert msgspec.json.encode(session.replay()) == msgspec.json.encode(session.state)


def test_a_content_4_save_whose_moves_still_lead_to_its_table_keeps_them(store):
    raw, old = _content_4()
    store.paths.save_file("old").write_bytes(old)
    session = GameSession.resume(store, "old")
    assert session.envelope.content_version == GAME.content_version == 8
    assert "position" not in session.envelope.options
    assert session.envelope.actions == [msgspec.Raw(msgspec.json.encode(a)) for a in raw["actions"]]
    saved = msgspec.convert({**raw["state"], **OLD_RULES_5}, type(session.state))  # its rules (R4, R15)
    assert msgspec.json.encode(session.state) == msgspec.json.encode(saved)  # the very table, log and all
    assert msgspec.json.encode(session.replay()) == msgspec.json.encode(session.state)
    session.play(GAME.bot_action(session.state, GAME.to_move(session.state)[0]))
    assert backup_path(store.paths.save_file("old")).read_bytes() == old  # nothing lost
    rewritten = json.loads(store.paths.save_file("old").read_bytes())
    assert rewritten["content_version"] == 8 and len(rewritten["actions"]) == len(raw["actions"]) + 1
    _plays_to_the_end(session)


def test_a_content_4_save_whose_moves_no_longer_lead_to_it_goes_on_from_where_it_stood(store):
    raw, _ = _content_4()
    player = raw["state"]["players"][0]
    player["equipment_deck"].append(player["discard"].pop())  # as an old word did: a discarded card came back
    changed = json.dumps(raw).encode()
    store.paths.save_file("old").write_bytes(changed)
    session = GameSession.resume(store, "old")
    saved = msgspec.convert({**raw["state"], **OLD_RULES_5}, type(session.state))  # its rules (R4, R15)
    assert session.envelope.content_version == 8 and session.envelope.actions == []
    assert msgspec.json.encode(session.state) == msgspec.json.encode(saved)  # the table as saved
    assert msgspec.json.encode(session.start_state()) == msgspec.json.encode(saved)  # and it starts there
    assert GAME.validate(session.state) == []
    assert msgspec.json.encode(session.replay()) == msgspec.json.encode(session.state)
    session.play(GAME.bot_action(session.state, GAME.to_move(session.state)[0]))
    assert backup_path(store.paths.save_file("old")).read_bytes() == changed  # nothing lost
    assert len(json.loads(store.paths.save_file("old").read_bytes())["actions"]) == 1
    _plays_to_the_end(session)


# ----- content 5 files: a placed joker was never slain (R4) -------------------------------------


def _resumed_as_saved(store, old: bytes, raw: dict, *flags: str) -> GameSession:
    """An older content's save resumed: the content version moves on, the moves stay as kept,
    and the table is the very one saved with `flags` (the rules it began with) set."""
    store.paths.save_file("old").write_bytes(old)
    session = GameSession.resume(store, "old")
    saved = msgspec.convert({**raw["state"], **dict.fromkeys(flags, True)}, type(session.state))
    assert session.envelope.content_version == GAME.content_version == 8
    assert session.envelope.actions == [msgspec.Raw(msgspec.json.encode(a)) for a in raw["actions"]]
    assert msgspec.json.encode(session.state) == msgspec.json.encode(saved)
    assert GAME.validate(session.state) == []
    return session


def test_a_content_5_save_keeps_its_joker_rule_and_its_moves(store):
    """Written by content 5, after a joker stripped the band's gear: under content 6 that gear
    would retaliate (R4), but a game goes on under the rule it began with, so its moves still
    replay to the very table saved; a new game answers its jokers."""
    old = (DATA / "decknforge_v5_running.json").read_bytes()
    raw = json.loads(old)
    assert raw["content_version"] == 5 and "strips" in {line[0] for line in raw["state"]["log"]}
    session = _resumed_as_saved(store, old, raw, *OLD_RULES_5)
    session.play(GAME.bot_action(session.state, GAME.to_move(session.state)[0]))
    assert backup_path(store.paths.save_file("old")).read_bytes() == old  # nothing lost
    _plays_to_the_end(session)
    assert session.state.jokers_unanswered and not GAME.new_game(1).jokers_unanswered


# ----- content 6 files: a slain joker's place was freed (R4) ------------------------------------


def test_a_content_6_save_keeps_its_freed_joker_places_and_its_moves(store):
    """Written by content 6 after three placed jokers were slain in row 1, each freeing its
    place: under content 7 the 3rd would have escalated (R4, the book's count), but a game goes
    on under the rule it began with, so its moves still replay to the very table saved; a new
    game keeps the places of its slain jokers."""
    old = (DATA / "decknforge_v6_running.json").read_bytes()
    raw = json.loads(old)
    jokers = [card for card in raw["state"]["slain"] if card[1].startswith("X")]
    assert raw["content_version"] == 6 and len(jokers) == 3 and raw["state"]["rows"] == [[]]
    session = _resumed_as_saved(store, old, raw, "joker_places_freed", "adventurer_deck_counts")
    replayed = GAME.new_game(raw["seed"], **raw["options"], adventurer_deck_counts=True)  # R4 alone differs
    for action in raw["actions"]:
        GAME.apply(replayed, msgspec.convert(action, GAME.Action))
    assert replayed.escalations and replayed.slain_places  # the current rule tells another game
    session.play(GAME.bot_action(session.state, GAME.to_move(session.state)[0]))
    assert backup_path(store.paths.save_file("old")).read_bytes() == old  # nothing lost
    _plays_to_the_end(session)
    assert session.state.joker_places_freed and not GAME.new_game(1).joker_places_freed


def test_a_content_6_game_going_on_from_a_position_keeps_its_freed_joker_places():
    """A content 6 game that went on from a position carried over earlier starts from that
    position, so the position keeps the rule too, or its moves would replay under another."""
    position = msgspec.to_builtins(GAME.new_game(3))
    options, state, actions = GAME.upgrade(6, {"position": position}, position, [])
    assert GAME.new_game(3, **options).joker_places_freed and state["joker_places_freed"]
    assert not GAME.new_game(3, position=position).joker_places_freed  # the flag was added, not kept


# ----- content 7 files: an Adventurer in the deck kept its player in (R15) ----------------------


def test_a_content_7_save_keeps_its_adventurer_deck_rule_and_its_moves(store):
    """Written by content 7 at a round's start with a player whose slots and hand hold no
    Adventurer: under content 8 the attack before would have driven them out (R15), but a game
    goes on under the rule it began with, so its moves still replay to the very table saved; a
    new game drives such a player out."""
    old = (DATA / "decknforge_v7_running.json").read_bytes()
    raw = json.loads(old)
    stranded = [p for p in raw["state"]["players"] if not p["slots"] and not any(c[1][0] in "JQK" for c in p["hand"])]
    assert raw["content_version"] == 7 and stranded and stranded[0]["adventurer_deck"]
    session = _resumed_as_saved(store, old, raw, "adventurer_deck_counts")
    replayed = GAME.new_game(raw["seed"], **raw["options"])
    for action in raw["actions"]:
        if replayed.phase != "turn":
            break
        GAME.apply(replayed, msgspec.convert(action, GAME.Action))
    assert replayed.result == "driven_out"  # the current rule tells another game
    session.play(GAME.bot_action(session.state, GAME.to_move(session.state)[0]))
    assert backup_path(store.paths.save_file("old")).read_bytes() == old  # nothing lost
    _plays_to_the_end(session)
    assert session.state.adventurer_deck_counts and not GAME.new_game(1).adventurer_deck_counts
