"""Checks run on the content when it loads: everything that would make a card, enemy or event
unplayable or a printed text that can never fire, as readable messages.

Also what paying needs before any game is dealt (energy.py builds on it): whether energy
amounts pay a cost, which allotments a card of a style may be held under, and which of them
can never pay it.
"""

from __future__ import annotations

from itertools import combinations

from engine.disciple.cards import (
    ACTION_KINDS,
    CARD_OPS,
    COUNTER_TRIGGERS,
    EVENT_OPS,
    GROUPS,
    KINDS,
    PASSIVE_OPS,
    RARITIES,
    TAGS,
    TIERS,
    Card,
    Content,
    Op,
    Pattern,
    style_deck,
)
from engine.disciple.model import COLOURS

NAME_WIDTH = 20  # the hand shows this many letters of a name at 80 columns: names fit it


def _check_ops(where: str, ops: tuple[Op, ...], allowed: tuple[str, ...], problems: list[str]):
    for op in ops:
        if op.op not in allowed:
            problems.append(f"{where}: unknown operation '{op.op}'")
        if op.colour and op.colour not in COLOURS:
            problems.append(f"{where}: unknown colour '{op.colour}'")


# ----- paying ---------------------------------------------------------------------------


def can_pay(have: list[int], cost: list[int]) -> bool:
    spare = have[0]
    for c in (1, 2, 3):
        if have[c] < cost[c]:
            return False
        spare += have[c] - cost[c]
    return spare >= cost[0]


def counts(colours: tuple[str, ...] | list[str]) -> list[int]:
    return [list(colours).count(c) for c in COLOURS]


def cost_vector(card: Card) -> list[int]:
    return [card.cost.get(c, 0) for c in COLOURS]


def pays(allotment: tuple[str, ...] | list[str], card: Card) -> bool:
    """Whether energy cards of these colours (one energy each) can pay the card at all."""
    return card.kind == "energy" or can_pay(counts(allotment), cost_vector(card))


def reachable_allotments(content: Content, style_id: str) -> list[tuple[str, ...]]:
    """The allotments a Disciple holding this style's cards may have: the style's own, and
    every 3 colours picked from it together with another style's (R24), sorted."""
    own = tuple(sorted(content.styles[style_id].energy))
    found = {own}
    for other in content.styles.values():
        if other.id == style_id:
            continue
        offered = content.styles[style_id].energy + other.energy
        found |= {tuple(sorted(pick)) for pick in combinations(offered, 3)}
    return sorted(found)


def payment_report(content: Content) -> list[str]:
    """Cards their own style's allotment cannot pay, and cards no reachable allotment can."""
    lines = []
    for card in content.cards.values():
        if card.kind == "energy" or not card.style:
            continue
        own = content.styles[card.style].energy
        if not pays(own, card):
            lines.append(f"{card.name}: {content.styles[card.style].name}'s allotment cannot pay it")
        if not any(pays(a, card) for a in reachable_allotments(content, card.style)):
            lines.append(f"{card.name}: no reachable allotment can pay it")
    return lines


# ----- the checks -----------------------------------------------------------------------


def _damaging_kinds(pile: list[Pattern]) -> set[str]:
    return {a.kind for p in pile for a in p.actions if a.damage > 0}


def _breaks_guard(pattern: Pattern) -> bool:
    """Exposed or Feint, then a hit of 2 or more: gets through any Guard and 1 armour. A
    Submit between them spends the Feint (R17)."""
    exposed = feint = False
    for action in pattern.actions:
        exposed = exposed or any(op.op == "exposed" for op in action.ops)
        feint = feint or any(op.op == "feint" for op in action.ops)
        if any(op.op == "submit" for op in action.ops):
            feint = False
        if (exposed or feint) and action.damage >= 2:
            return True
        if action.damage > 0:
            feint = False
    return False


def _check_card(content: Content, card: Card, problems: list[str]) -> None:
    where = f"card {card.id}"
    if card.kind not in KINDS:
        problems.append(f"{where}: unknown kind '{card.kind}'")
        return
    if len(card.name) > NAME_WIDTH:
        problems.append(f"{where}: the name is longer than {NAME_WIDTH} letters")
    if card.rarity not in RARITIES:
        problems.append(f"{where}: unknown rarity '{card.rarity}'")
    for tag in card.tags:
        if tag not in TAGS[card.kind]:
            problems.append(f"{where}: tag '{tag}' does not fit a {card.kind} card")
    for colour in card.cost:
        if colour not in COLOURS:
            problems.append(f"{where}: unknown cost colour '{colour}'")
    _check_ops(where, card.effects + card.flow + card.focus, CARD_OPS, problems)
    _check_ops(where, card.passive, PASSIVE_OPS, problems)
    if any(op.op == "heal" for op in card.focus):
        # a card that heals every turn by itself could outlast an enemy: no fight may stall
        problems.append(f"{where}: Focus may not heal (R15)")
    if card.counter is not None:
        if card.counter.on not in COUNTER_TRIGGERS:
            problems.append(f"{where}: unknown counter trigger '{card.counter.on}'")
        _check_ops(where, card.counter.ops, CARD_OPS, problems)
    if card.flow and not any(
        card.id in other.combo or set(card.tags) & set(other.combo) or card.kind in other.combo
        for other in content.cards.values()
    ):
        problems.append(f"{where}: has Flow but no Combo lists it")
    if card.lock_in is not None and card.kind not in ("upper", "lower", "grapple"):
        problems.append(f"{where}: only attacks can Lock It In")
    if card.lock_in is not None:
        holders = [c for c in content.cards.values() if c.kind in ("stance", "style")]
        for need in card.lock_in.needs:
            if not any(need == c.id or need in c.tags for c in holders):
                problems.append(f"{where}: no stance or style can meet '{need}'")
    known_words = {c.id for c in content.cards.values()} | set(KINDS)
    known_words |= {tag for tags in TAGS.values() for tag in tags}
    for word in card.combo:
        if word not in known_words:
            problems.append(f"{where}: Combo names unknown '{word}'")
    if card.kind == "energy" and (card.colour not in COLOURS or card.amount < 1):
        problems.append(f"{where}: an energy card needs a colour and an amount")
    if card.focus and not card.stays:
        problems.append(f"{where}: Focus needs a card that stays in play")
    if card.style in content.styles and not pays(content.styles[card.style].energy, card):
        problems.append(f"{where}: its style's own allotment cannot pay it")


def _check_enemies(content: Content, problems: list[str]) -> None:
    for enemy in content.enemies.values():
        where = f"enemy {enemy.id}"
        if enemy.tier not in TIERS:
            problems.append(f"{where}: unknown tier '{enemy.tier}'")
            continue
        pile = content.patterns.get(enemy.style, {}).get(enemy.tier, [])
        for attack in enemy.attacks:
            if attack.kind not in ACTION_KINDS:
                problems.append(f"{where}: unknown attack kind '{attack.kind}'")
            elif not attack.bonus and not attack.ops:
                problems.append(f"{where}: {attack.name} adds neither a bonus nor an effect")
            elif attack.kind not in _damaging_kinds(pile):
                # a named attack adds to damaging actions of its kind: it needs some (R20)
                problems.append(f"{where}: no {attack.kind} attack in its pile fires {attack.name}")
            _check_ops(where, attack.ops, CARD_OPS, problems)
        for special in enemy.specials:
            if special.when not in ("start", "turn"):
                problems.append(f"{where}: unknown special timing '{special.when}'")
            _check_ops(where, special.ops, CARD_OPS, problems)
        ops = [op for a in enemy.attacks for op in a.ops] + [op for s in enemy.specials for op in s.ops]
        if any(op.op == "heal" for op in ops):
            problems.append(f"{where}: enemies may not heal (R15: no fight may stall)")


def _check_patterns(content: Content, problems: list[str]) -> None:
    for style in content.styles:
        for tier in TIERS:
            pile = content.patterns.get(style, {}).get(tier, [])
            where = f"patterns {style} {tier}"
            if len(pile) < 3:
                problems.append(f"{where}: the pile needs at least 3 cards")
            elif not any(_breaks_guard(p) for p in pile):
                # without one, Guard that renews itself each turn could make a fight endless
                problems.append(f"{where}: no pattern breaks Guard (Exposed or Feint, then 2+)")
            for pattern in pile:
                for action in pattern.actions:
                    if action.kind not in ACTION_KINDS:
                        problems.append(f"{where} {pattern.name}: unknown kind '{action.kind}'")
                    _check_ops(f"{where} {pattern.name}", action.ops, CARD_OPS, problems)
                    if any(op.op == "heal" for op in action.ops):
                        problems.append(f"{where} {pattern.name}: enemies may not heal")


def _check_events(content: Content, problems: list[str]) -> None:
    for event in content.events.values():
        where = f"event {event.id}"
        if event.enemy and event.enemy not in content.enemies:
            problems.append(f"{where}: unknown enemy '{event.enemy}'")
        for choice in event.choices:
            _check_ops(where, choice.ops, EVENT_OPS, problems)
            for op in choice.ops:
                if op.op == "add_card" and op.tag not in content.cards:
                    problems.append(f"{where}: unknown card '{op.tag}'")
        if not event.enemy and not event.learn_style and not event.choices:
            problems.append(f"{where}: a non-enemy event needs choices")


def _check_styles(content: Content, problems: list[str]) -> None:
    from engine.disciple.validate import validate_skills_deck

    for style in content.styles.values():
        where = f"style {style.id}"
        if len(style.energy) != 3 or any(c not in COLOURS for c in style.energy):
            problems.append(f"{where}: the energy allotment is three known colours")
        deck_problems = validate_skills_deck(style_deck(content, style), content)
        problems += [f"{where}: {p}" for p in deck_problems]
        for entry in style.start:
            if entry.card not in content.cards:
                problems.append(f"{where}: unknown starting card '{entry.card}'")
        for choice in style.start_choices:
            for option in choice.options:
                if option not in content.cards:
                    problems.append(f"{where}: unknown starting choice '{option}'")
        skill_count = {e.card: e.copies for e in style.skills}
        need: dict[str, int] = {}
        for entry in style.start:
            if content.cards.get(entry.card) and content.cards[entry.card].kind != "energy":
                need[entry.card] = need.get(entry.card, 0) + entry.copies
        for card_id, n in need.items():
            if skill_count.get(card_id, 0) < n:
                problems.append(f"{where}: the skills deck lacks {n} x '{card_id}' to start")
        for group in GROUPS[:-1]:
            for event_id in style.events.get(group, ()):
                if event_id not in content.events and event_id not in content.enemies:
                    problems.append(f"{where}: unknown event '{event_id}' in group {group}")
        for group in ("1", "2", "3"):
            boss_id = style.minibosses.get(group, "")
            if content.enemies.get(boss_id) is None or content.enemies[boss_id].tier != "miniboss":
                problems.append(f"{where}: group {group} needs a miniboss")
        if content.enemies.get(style.boss) is None or content.enemies[style.boss].tier != "boss":
            problems.append(f"{where}: needs a final boss")


def check(content: Content) -> list[str]:
    """Everything that would make the content unplayable, as readable messages."""
    problems: list[str] = []
    for card in content.cards.values():
        _check_card(content, card, problems)
    _check_enemies(content, problems)
    _check_patterns(content, problems)
    _check_events(content, problems)
    _check_styles(content, problems)
    return problems
