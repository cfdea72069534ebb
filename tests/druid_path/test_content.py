"""Content: the rulebook's counts and table, the named cards, and every effect runs."""

from __future__ import annotations

from collections import Counter

import msgspec
import pytest

from engine.druid_path.content import RARITY_TABLE, ContentError, load, validate
from engine.druid_path.table import C
from engine.druid_path.model import EffectTask, Effect, PendingRoll, PendingGem, PendingTarget
from engine.druid_path.phases import advance
from tests.druid_path.helpers import check_invariants, clear_table, new, put


def test_counts() -> None:
    c = load()
    assert (len(c.paths), len(c.druids), len(c.darachs)) == (4, 4, 4)
    assert (len(c.beasts), len(c.shadows), len(c.items), len(c.robots)) == (40, 6, 40, 12)
    assert Counter(r.owner for r in c.robots.values()) == {d: 3 for d in c.druids}


def test_rarity_type_table() -> None:
    table = Counter((b.rarity, b.kind) for b in C.beasts.values())
    for rarity, row in RARITY_TABLE.items():
        for kind, count in row.items():
            assert table[(rarity, kind)] == count
    assert Counter(b.rarity for b in C.beasts.values()) == {"rare": 6, "uncommon": 14, "common": 20}


def test_named_cards() -> None:
    assert C.paths["celthar"].name == "Celthar Path"
    assert C.druids["belthar"].name == "Belthar"
    assert C.druids["emrys"].spirits
    assert C.darachs["kaliran"].name == "Kaliran"
    coraltron = C.beasts["coraltron"]
    assert (coraltron.cost.blue, coraltron.cost.green, coraltron.cost.total(), coraltron.tame) == (2, 1, 3, 7)
    python = C.beasts["scorchling_python"]
    assert (python.name, python.rarity, python.kind) == ("Scorchling Python", "rare", "Fire")
    skull = C.items["cursed_skull"]
    assert (skull.name, skull.boost, skull.boost_kind) == ("Cursed Skull", 2, "roll")


def test_paths_have_ten_steps_and_the_expansion_steps() -> None:
    for path in C.paths.values():
        assert len(path.steps) == 10 and path.hand >= 1
    expansion = [p for p in C.paths.values() if p.mode == "expansion"]
    steps = [s for p in expansion for s in p.steps]
    assert any(s.shadow_draw for s in steps)
    assert any(s.spiral for s in steps)
    assert any(s.alt is not None for s in steps)


def test_every_ability_kind_and_keyword_is_used() -> None:
    abilities = [b.light for b in C.beasts.values()] + [b.shadow for b in C.beasts.values()]
    abilities += [s.shadow for s in C.shadows.values()]
    kinds = {a.kind for a in abilities if a is not None}
    assert kinds == {"activated", "attack", "block", "blocked", "defeated", "tame", "ward"}
    ops = {e.op for a in abilities if a is not None for e in a.effects}
    ops |= {e.op for i in C.items.values() for e in i.light + i.shadow}
    ops |= {e.op for r in C.robots.values() for e in r.ability.effects}
    ops |= {e.op for d in C.druids.values() for e in d.ability.effects}
    ops |= {e.op for d in C.darachs.values() for e in d.ability.effects}
    for keyword in ("damage", "lose_hp", "attach", "exhaust"):
        assert keyword in ops
    assert any(b.armor for b in C.beasts.values())
    assert any(d.armor for d in C.darachs.values()) and any(d.armor for d in C.druids.values())
    assert {i.kind for i in C.items.values()} >= {"potion", "relic"}
    assert {i.boost_kind for i in C.items.values()} == {"roll", "stamina"}


def _sample_table(seed: int = 3):
    state = clear_table(new(seed, druid="emrys"))
    put(state, "druid", 0, "mosshorn", damage=1)
    put(state, "druid", 1, "sparkit", damage=1)
    put(state, "darach", 0, "cinderwing", damage=1)
    put(state, "darach", 1, "glassviper", damage=1)
    state.gems = {"red": 1}
    state.gem_supply["red"] -= 1
    state.druid_hp -= 3
    state.darach_hp -= 3
    return state


def _run(state, effects, controller, row="", lane=-1, item="") -> None:
    source = (state.druid_row if row == "druid" else state.darach_row)[lane] if row else None
    state.queue.append(EffectTask(list(effects), controller, row, lane, source.uid if source else 0, item=item))
    state.phase = "play"
    for _ in range(20):
        advance(state)
        if isinstance(state.pending, PendingTarget):
            from engine.druid_path.effects import resume_with_target

            resume_with_target(state, state.pending.options[0])
        elif isinstance(state.pending, PendingGem):
            from engine.druid_path.effects import resume_with_gem

            resume_with_gem(state, "green")
        else:
            break
    check_invariants(state)


def _all_effect_lists():
    for b in C.beasts.values():
        for side, ability in (("druid", b.light), ("darach", b.shadow)):
            if ability is not None and ability.effects:
                yield f"{b.id}:{side}", ability.effects, side, ""
    for s in C.shadows.values():
        if s.shadow is not None and s.shadow.effects:
            yield f"{s.id}", s.shadow.effects, "darach", ""
    for i in C.items.values():
        yield f"{i.id}:light", i.light, "druid", i.id
        yield f"{i.id}:shadow", i.shadow, "darach", i.id
    for r in C.robots.values():
        yield r.id, r.ability.effects, "druid", ""
    for d in C.druids.values():
        yield d.id, d.ability.effects, "druid", ""
    for d in C.darachs.values():
        yield d.id, d.ability.effects, "darach", ""


@pytest.mark.parametrize("name,effects,side,item", list(_all_effect_lists()), ids=lambda v: v if isinstance(v, str) else "")
def test_every_effect_parses_and_runs(name, effects, side, item) -> None:
    state = _sample_table()
    if item:  # the card being resolved sits in the discard, as after playing or the Darach's draw
        from tests.druid_path.helpers import take_item

        take_item(state, item)
        state.item_discard.append(item)
    if any(e.op == "roll_boost" for e in effects):  # potions work inside a roll
        from engine.druid_path.play import use_potion
        from tests.druid_path.helpers import give

        index = give(state, item)
        state.pending = PendingRoll("attack", 0, 12, [1, 1])
        use_potion(state, index)
        assert state.pending is None or state.pending.bonus > 0
        check_invariants(state)
        return
    before = msgspec.json.encode(state)
    _run(state, effects, side, row="druid" if side == "druid" else "darach", lane=0, item=item)
    assert msgspec.json.encode(state) != before or name.endswith(("ward",)), f"{name} did nothing"


def test_validation_rejects_a_broken_table() -> None:
    c = load()
    beasts = dict(c.beasts)
    beasts.pop("coraltron")
    with pytest.raises(ContentError):
        validate(msgspec.structs.replace(c, beasts=beasts))


def test_validation_rejects_ward_on_the_light_side() -> None:
    c = load()
    bad = msgspec.structs.replace(c.beasts["sparkit"], light=c.shadows["veilcrawler"].shadow)
    with pytest.raises(ContentError):
        validate(msgspec.structs.replace(c, beasts={**c.beasts, "sparkit": bad}))


def test_validation_rejects_an_unknown_op() -> None:
    with pytest.raises(msgspec.ValidationError):
        msgspec.toml.decode(b'op = "teleport"', type=Effect)

