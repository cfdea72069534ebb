"""Energy: what a card costs right now, which energy cards can pay it, and tapping them.

The player taps energy cards to gather energy and a card's cost is paid from what was
gathered (Action Phase). The engine proposes a default set of cards to tap (R7); the other
ways to pay are legal actions too. Last, what a Disciple's energy can never pay (for the
screen and the bots), by the content checks' own test of paying (checks.py).

Rulings cited as R<n> are in RULINGS.md beside this file.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations, product

from engine.disciple.content import Card, load
from engine.disciple.checks import can_pay, pays
from engine.disciple.effects import matches
from engine.disciple.model import COLOURS, Disciple

_BASE_COST: dict[str, tuple[int, int, int, int]] = {}


def base_cost(card: Card) -> tuple[int, int, int, int]:
    cost = _BASE_COST.get(card.id)
    if cost is None:
        cost = _BASE_COST[card.id] = tuple(card.cost.get(colour, 0) for colour in COLOURS)
    return cost


def combo_hit(me: Disciple, card: Card) -> bool:
    return bool(me.combo) and any(matches(card, tag) for tag in me.combo)


def cost_of(me: Disciple, card: Card) -> list[int]:
    cost = list(base_cost(card))
    if me.combo and combo_hit(me, card) and sum(cost) > 0:
        # R6: Combo takes the 1 off a gray cost first, else off the largest coloured cost
        if cost[0] > 0:
            cost[0] -= 1
        else:
            i = max(range(1, 4), key=lambda c: cost[c])
            cost[i] -= 1
    return cost


# ----- which cards to tap ---------------------------------------------------------------


# The energy cards as plain tuples (colour index, amount, tapped), so that what can pay a cost
# is a pure function of small hashable values and legal_actions can ask it often.
Table = tuple[tuple[int, int, bool], ...]
_COLOUR_INDEX = {colour: i for i, colour in enumerate(COLOURS)}


def _table(me: Disciple) -> Table:
    return tuple([(_COLOUR_INDEX[e.colour], e.amount, e.tapped) for e in me.energy])


def _untapped_by_colour(table: Table) -> list[list[int]]:
    """Indices of untapped energy cards per colour, smallest amount first."""
    by_colour: list[list[int]] = [[], [], [], []]
    for i, (colour, _, tapped) in enumerate(table):
        if not tapped:
            by_colour[colour].append(i)
    for indices in by_colour:
        indices.sort(key=lambda i: table[i][1])
    return by_colour


def _demand(hand: list[str]) -> tuple[int, ...]:
    """What the hand's costs ask of each colour (summed afresh: hands vary too much to cache)."""
    gray = blue = red = green = 0
    for card_id in hand:
        cost = _BASE_COST.get(card_id) or base_cost(load().cards[card_id])
        gray += cost[0]
        blue += cost[1]
        red += cost[2]
        green += cost[3]
    return gray, blue, red, green


def _rest_of_hand(me: Disciple, playing: int | None) -> tuple[int, ...]:
    """What the hand asks of each colour without the card being played (None: it has left
    the hand already)."""
    demand = _demand(me.hand)
    if playing is None:
        return demand
    own = base_cost(load().cards[me.hand[playing]])
    return demand[0] - own[0], demand[1] - own[1], demand[2] - own[2], demand[3] - own[3]


def payments(me: Disciple, cost: list[int], playing: int | None = None) -> list[tuple[int, ...]]:
    """Every way to pay `cost` by tapping untapped energy cards on top of the gathered pool:
    the smallest sets that pay (no card in them could be left untapped), one per mix of
    colours. The default (R7) comes first; [] when the cost cannot be paid. `playing` is the
    hand position of the card paid for, if it is still in the hand."""
    demand = _rest_of_hand(me, playing)
    return list(_ways(tuple(cost), _table(me), tuple(me.pool), demand))


def default_taps(me: Disciple, cost: list[int], playing: int | None = None) -> tuple[int, ...]:
    """R7's default: each colour's cost from its own colour; a gray cost from gray energy
    first, then from the colours the rest of the hand needs least."""
    known = _known(me)
    if cost[0] == 0 and can_pay(known.have, cost):
        order = (1, 2, 3)  # no gray cost is left once the colours are paid: any order taps alike
    else:
        order = _order_by_need(cost, known.have, _rest_of_hand(me, playing))
    key = (tuple(cost), order)
    taps = known.defaults.get(key)
    if taps is None:
        taps = known.defaults[key] = _default_in_order(key[0], known.table, known.pool, order)
    return taps


def _ways(cost: tuple[int, ...], table: Table, pool: tuple[int, ...], demand: tuple[int, ...]):
    """The smallest sets of cards that pay, the default first (see payments)."""
    return _ways_in_order(cost, table, pool, _gray_order(cost, table, pool, demand))


def _gray_order(cost: tuple[int, ...], table: Table, pool: tuple[int, ...], demand) -> tuple[int, ...]:
    """The colours a gray cost is paid from after gray energy (R7): those the rest of the hand
    needs least against what is left of them once the coloured costs are paid. The rest of
    the hand matters to the default only through this order, so the caches below are keyed
    on it (six orders at most) rather than on the hand."""
    return _order_by_need(cost, _have(table, pool), demand)


def _have(table: Table, pool: tuple[int, ...]) -> list[int]:
    """The pool and the untapped energy cards together, per colour."""
    have = list(pool)
    for colour, amount, tapped in table:
        if not tapped:
            have[colour] += amount
    return have


def _order_by_need(cost: tuple[int, ...], have: list[int], demand) -> tuple[int, ...]:
    """_gray_order, from the pool and untapped energy already added up (`have`)."""
    return _colours_by(demand[1] - have[1] + cost[1], demand[2] - have[2] + cost[2],
                       demand[3] - have[3] + cost[3])


def _colours_by(blue: int, red: int, green: int) -> tuple[int, ...]:
    """The three colours ordered by these numbers, as a stable sort would (ties keep
    COLOURS order): sorted() with a key costs more, and this is asked at every card played."""
    a, b, c = (blue, 1), (red, 2), (green, 3)
    if a > b:
        a, b = b, a
    if b > c:
        b, c = c, b
        if a > b:
            a, b = b, a
    return a[1], b[1], c[1]


@lru_cache(maxsize=8192)
def _ways_in_order(cost: tuple[int, ...], table: Table, pool: tuple[int, ...], order: tuple[int, ...]):
    by_colour = _untapped_by_colour(table)
    if all(table[i][1] == 1 for indices in by_colour for i in indices):
        mixes = _unit_mixes(cost, tuple(len(indices) for indices in by_colour), pool)
    else:
        mixes = _any_mixes(cost, table, pool, by_colour)
    ways = [tuple(sorted(i for c, k in enumerate(mix) for i in by_colour[c][:k])) for mix in mixes]
    if len(ways) < 2:
        return tuple(ways)
    default = _default_in_order(cost, table, pool, order)
    return (default,) + tuple(way for way in ways if way != default)


@lru_cache(maxsize=4096)
def _unit_mixes(
    cost: tuple[int, ...], counts: tuple[int, ...], pool: tuple[int, ...]
) -> tuple[tuple[int, ...], ...]:
    """How many cards of each colour to tap when every card gives 1: each colour's own cost
    past the pool, and the gray cost past the pool's spare split every way the cards allow."""
    need = [0] + [max(0, cost[c] - pool[c]) for c in (1, 2, 3)]
    if any(need[c] > counts[c] for c in (1, 2, 3)):
        return ()
    spare_pool = pool[0] + sum(pool[c] - min(pool[c], cost[c]) for c in (1, 2, 3))
    gray = max(0, cost[0] - spare_pool)
    spare = [counts[0]] + [counts[c] - need[c] for c in (1, 2, 3)]
    mixes = []
    for extra in product(*(range(min(n, gray) + 1) for n in spare)):
        if sum(extra) == gray:
            mixes.append(tuple(need[c] + extra[c] for c in range(4)))
    return tuple(mixes)


def _any_mixes(cost, table: Table, pool, by_colour: list[list[int]]) -> list[tuple[int, ...]]:
    """The same for energy cards of any amount: tap the smallest of a colour first, and keep
    the mixes no card of which could be left untapped."""

    def gathered(counts: tuple[int, ...]) -> list[int]:
        have = list(pool)
        for c, k in enumerate(counts):
            have[c] += sum(table[i][1] for i in by_colour[c][:k])
        return have

    mixes = []
    for counts in product(*(range(len(indices) + 1) for indices in by_colour)):
        if not can_pay(gathered(counts), list(cost)):
            continue
        fewer = (counts[:c] + (counts[c] - 1,) + counts[c + 1 :] for c in range(4) if counts[c])
        if not any(can_pay(gathered(less), list(cost)) for less in fewer):
            mixes.append(counts)
    return mixes


@lru_cache(maxsize=8192)
def _default_in_order(cost: tuple[int, ...], table: Table, pool_now: tuple[int, ...],
                      order: tuple[int, ...]) -> tuple[int, ...]:
    by_colour = _untapped_by_colour(table)
    pool = list(pool_now)
    taps: list[int] = []

    def tap(c: int) -> bool:
        if not by_colour[c]:
            return False
        i = by_colour[c].pop(0)
        taps.append(i)
        pool[c] += table[i][1]
        return True

    for c in (1, 2, 3):
        while pool[c] < cost[c] and tap(c):
            pass
        pool[c] -= cost[c]
    gray = cost[0] - sum(pool)
    for c in (0,) + order:
        while gray > 0 and by_colour[c]:
            before = pool[c]
            tap(c)
            gray -= pool[c] - before
    return tuple(sorted(taps))


def pay(me: Disciple, cost: list[int], taps: tuple[int, ...]) -> None:
    """Tap these energy cards into the pool, then spend the cost from the pool (gray costs
    from gray first, then from the colours the rest of the hand needs least)."""
    for i in taps:
        energy = me.energy[i]
        energy.tapped = True
        me.pool[_COLOUR_INDEX[energy.colour]] += energy.amount
    for c in (1, 2, 3):
        me.pool[c] -= cost[c]
    gray = cost[0]
    if gray:
        demand = _demand(me.hand)
        for c in (0,) + _colours_by(demand[1], demand[2], demand[3]):
            take = min(me.pool[c], gray)
            me.pool[c] -= take
            gray -= take
    if gray or min(me.pool) < 0:
        raise AssertionError("pay() called with taps that cannot pay the cost")


def playable(me: Disciple, index: int) -> bool:
    return _answer(me, _known(me), me.hand[index]) is not None


def playable_indices(me: Disciple) -> list[int]:
    """Hand positions the Disciple can play now."""
    known = _known(me)
    return [i for i, card_id in enumerate(me.hand) if _answer(me, known, card_id) is not None]


def plays(me: Disciple) -> list[tuple[int, Sequence[tuple[int, ...]]]]:
    """For legal_actions: each hand position the Disciple can play now, with the ways to pay
    for it besides the default (R7). The energy is read once; copies of a card play alike."""
    known = _known(me)
    answers = known.answers
    hand_demand: tuple[int, ...] | None = None
    result: list[tuple[int, Sequence[tuple[int, ...]]]] = []
    for i, card_id in enumerate(me.hand):
        answer = answers.get(card_id, _UNSEEN)
        if answer is _UNSEEN:
            answer = _answer(me, known, card_id)
        if answer is None:
            continue
        if not answer:
            result.append((i, ()))
            continue
        if hand_demand is None:
            hand_demand = _demand(me.hand)
        result.append((i, _other_ways(known, card_id, answer, hand_demand)))
    return result


def _known(me: Disciple) -> _Known:
    """What is known under the Disciple's energy cards, pool and Combo."""
    table, pool = _table(me), tuple(me.pool)
    context = (table, pool, tuple(me.combo))
    known = _KNOWN.get(context)
    if known is None:
        if len(_KNOWN) >= _KNOWN_KEPT:
            _KNOWN.clear()
        known = _KNOWN[context] = _Known(table, pool)
    return known


def _answer(me: Disciple, known: _Known, card_id: str) -> tuple[int, ...] | None:
    """None when the card cannot be paid now, () when there is nothing to choose about paying
    it, else its cost (remembered in `known`)."""
    answer = known.answers.get(card_id, _UNSEEN)
    if answer is not _UNSEEN:
        return answer
    card = load().cards[card_id]
    if card.kind == "energy":
        answer = ()
    else:
        cost = tuple(cost_of(me, card)) if me.combo else base_cost(card)
        if not can_pay(known.have, cost):
            answer = None
        elif known.unit and (cost[0] == 0 or len(_unit_mixes(cost, known.untapped, known.pool)) < 2):
            answer = ()  # one mix of colours pays it: nothing to choose
        else:
            answer = cost
    known.answers[card_id] = answer
    return answer


def _other_ways(known: _Known, card_id: str, cost: tuple[int, ...], hand_demand: tuple[int, ...]):
    """The ways to pay this card of the hand besides the default, which depends on the rest
    of the hand (R7) through the gray order."""
    own = base_cost(load().cards[card_id])
    rest = (hand_demand[0] - own[0], hand_demand[1] - own[1],
            hand_demand[2] - own[2], hand_demand[3] - own[3])
    key = (card_id, _order_by_need(cost, known.have, rest))
    ways = known.ways.get(key)
    if ways is None:
        ways = known.ways[key] = _ways_in_order(cost, known.table, known.pool, key[1])[1:]
    return ways


class _Known:
    """What plays() found under one table of energy cards, pool and Combo (everything its
    answers depend on besides the card and the hand's demand, which key them in turn)."""

    __slots__ = ("table", "pool", "have", "untapped", "unit", "answers", "ways", "defaults")

    def __init__(self, table: Table, pool: tuple[int, ...]) -> None:
        self.table = table
        self.pool = pool
        self.have = _have(table, pool)
        self.untapped = tuple(len(indices) for indices in _untapped_by_colour(table))
        self.unit = all(amount == 1 for _, amount, _ in table)  # then counts say all (_unit_mixes)
        # card id -> None when it cannot be paid now, () when there is nothing to choose
        # about paying it, else its cost
        self.answers: dict[str, tuple[int, ...] | None] = {}
        # (card id, gray order) -> the ways to pay besides the default
        self.ways: dict[tuple[str, tuple[int, ...]], tuple[tuple[int, ...], ...]] = {}
        # (cost, gray order) -> the default taps
        self.defaults: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[int, ...]] = {}


_KNOWN: dict[tuple, _Known] = {}
_KNOWN_KEPT = 4096  # contexts remembered before starting afresh
_UNSEEN = object()


def other_payments(me: Disciple, index: int) -> list[tuple[int, ...]]:
    """The ways to pay for the card at this hand position besides the default."""
    known = _known(me)
    answer = _answer(me, known, me.hand[index])
    if not answer:
        return []  # cannot be paid, or nothing to choose
    return list(_other_ways(known, me.hand[index], answer, _demand(me.hand)))


# ----- what a Disciple's energy can never pay ---------------------------------------------


def deck_energy(me) -> list[str]:
    """Colours of the energy cards the Disciple's deck holds (they can join any fight)."""
    cards = load().cards
    return [cards[c].colour for c in me.owned if cards[c].kind == "energy"]


def never_payable(me, card: Card, allotment: tuple[str, ...] | list[str] | None = None) -> bool:
    """Whether even the allotment and every energy card of the deck in play at once cannot
    pay this card: it could only ever sit in the hand."""
    energy = list(me.allotment if allotment is None else allotment) + deck_energy(me)
    return not pays(energy, card)


def unpayable_in_deck(me, allotment: tuple[str, ...] | list[str]) -> list[Card]:
    """The deck's cards that this allotment (with the deck's energy cards) can never pay."""
    cards = load().cards
    return [cards[c] for c in me.owned if never_payable(me, cards[c], allotment)]


def best_allotment(state) -> tuple[str, ...]:
    """For a pending energy pick: the picks so far completed with the colours that can pay the
    most cards of the deck and skills deck by themselves, then with the deck's energy cards."""
    pending = state.pending
    me = state.players[pending.seat]
    cards = load().cards
    deck = [cards[c] for c in me.owned + me.skills_deck if cards[c].kind != "energy"]
    energy = deck_energy(me)
    best: tuple[tuple[int, int], tuple[str, ...]] = ((-1, -1), ())
    for rest in combinations(sorted(pending.options), pending.picks_left):
        allotment = tuple(pending.extra) + rest
        alone = sum(pays(allotment, card) for card in deck)  # energy cards are not always out
        score = (alone, sum(pays(list(allotment) + energy, card) for card in deck))
        if score > best[0]:
            best = (score, allotment)
    return best[1]
