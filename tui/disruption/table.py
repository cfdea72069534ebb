"""Texts of the Disruption table, as pure functions of the state: the status line, the roll,
the piles, the chances beside each choice and the rules at a glance."""

from __future__ import annotations

from rich.text import Text

from engine.core.odds import percent
from engine.disruption.model import DEFEATS_TO_LOSE, SINGLES_UNTIL, WINS_TO_WIN, Fight, Reroll, State
from engine.disruption.odds import Chances
from engine.disruption.rules import DisruptionGame, singles_phase
from tui.plain import styled
from tui.widgets.dice import render_dice
from tui.widgets.legend import Entry
from tui.widgets.track import render_track

CHANCE_COLUMNS = "win  Maj  Min"  # the panel's subtitle names the columns under it


def status_text(game: DisruptionGame, state: State, won: bool | None, score: int | None) -> Text:
    text = Text(" Disruption ", style="bold")
    variants = game.variants(state)
    if variants:
        text.append(f"· {variants}  ", style="italic")
    text.append_text(render_track("Wins", state.wins, WINS_TO_WIN, "■", "□", "green"))
    text.append("  ")
    text.append_text(render_track("Defeats", state.defeats, DEFEATS_TO_LOSE, "✗", "·", "red"))
    if won is not None:
        text.append("  VICTORY" if won else "  DEFEAT", style="bold reverse")
        text.append(f" score {score}" if score is not None else " (no score)", style="bold")
    return text


def defenders_title(state: State) -> str:
    """The defenders panel's title, which also says when pairs begin."""
    if singles_phase(state):
        left = SINGLES_UNTIL - state.wins
        return f"Ritual Defender (pairs in {left} win{'s' if left > 1 else ''})"
    return "Ritual Defenders (a pair)"


def chance_note(chances: Chances) -> str:
    """The three columns beside a choice: win, win with a Major, win with a Minor."""
    return f"{percent(chances.win):>4} {percent(chances.major):>4} {percent(chances.minor):>4}"


def needs(state: State, action: Fight | Reroll, dice: int) -> str:
    """What the dice must show for this way to win (wide tables)."""
    fight = state.encounter
    if fight is None:
        return ""
    allies = fight.allies if isinstance(action, Reroll) else [state.hand[i] for i in action.allies]
    need = fight.target - sum(card.rank for card in allies) + 1
    if need <= dice:
        return "wins on any roll"
    if need > 6 * dice:
        return "cannot win"
    return f"{'cards' if state.no_dice else 'dice'} {need}+ win, {need - 1} ties"


def roll_text(state: State, chances: Chances | None) -> Text:
    """The tie waiting for its re-roll, or the last encounter: dice, verdict, reward and why."""
    fight = state.encounter
    if fight is not None and state.phase == "tie":
        allies = sum(c.rank for c in fight.allies)
        total = sum(fight.dice) + allies
        lines = [render_dice(fight.dice, fight.dice_cards)]
        lines.append(Text(f"{sum(fight.dice)}{f' + {allies}' if allies else ''} = {total}: a tie!", style="bold yellow"))
        committed = ", ".join(c.label for c in fight.allies)
        again = f"r re-rolls{' with ' + committed if committed else ''}"
        if chances is not None:
            again += f": win {percent(chances.win)}, Major {percent(chances.major)}, Minor {percent(chances.minor)}"
        lines.append(Text(again))
        return Text("\n").join(lines)
    last = state.last
    if last is None:
        return Text("No roll yet.\nChoose how to fight.", style="dim")
    allies = f" + {'+'.join(last.allies)} = {last.total}" if last.allies else ""
    line = Text(f"{'cards' if state.no_dice else 'dice'} {sum(last.dice)}{allies} vs {last.target}: ")
    line.append("WON" if last.result == "won" else "LOST", style="bold green" if last.result == "won" else "bold red")
    lines = [render_dice(last.dice, last.dice_cards), line]
    if last.result == "won":
        reward = Text(f"reward {last.reward}", style="bold")
        if last.reward_why:
            reward.append(f" ({last.reward_why})", style="")
        lines.append(reward)
    else:
        lines.append(Text(f"{' + '.join(last.defenders)} beat you"))
    return Text("\n").join(lines)


def piles_text(state: State, wide: bool) -> str:
    if wide:
        return (
            f"Defender deck {len(state.defender_deck)} · beaten by you {len(state.defender_graveyard)}"
            f" · cards that beat you {len(state.defeats_pile)}\n"
            f"Minor deck {len(state.minor_deck)} · Major deck {len(state.major_deck)}"
            f" · ally graveyard {len(state.ally_graveyard)}"
        )
    return (
        f"Defender deck {len(state.defender_deck)} · beaten {len(state.defender_graveyard)}\n"
        f"Cards that beat you: {len(state.defeats_pile)}\n"
        f"Minor {len(state.minor_deck)}, Major {len(state.major_deck)}, graveyard {len(state.ally_graveyard)}"
    )


RULES_AT_A_GLANCE = styled("""\
[b]Win[/b] 10 encounters before you lose 3. More than the defenders wins, the same total ties (the same dice roll again), less loses.

[b]Singles[/b] (until 5 wins): roll 2d6, or 1d6 and one ally.
[b]Pairs[/b] (from then on): always 2d6, plus one ally if you like; two Minors when you hold no Major and the pair is worth 17 or more.

[b]Rewards[/b]: a win earns a [b]Major[/b] ally when the dice alone, or the ally alone, would have won; a [b]Minor[/b] when it took both. Dice with no ally always earn a Major.
[b]Trade[/b] three Minors for a Major draw at any time (t).

[b]Score[/b] (a victory only): allies left in hand, +5, -2 per defeat. A loss is not scored.

Beside each choice: the chance to win, and to win with a Major or with a Minor reward, ties counted as rolled again until settled.""")


def details_text(game: DisruptionGame, state: State, won: bool | None, score: int | None) -> Text:
    """The whole table in words, for the table-detail view: the track, the defenders and what
    they need, every ally in hand, every pile with what it holds when it is face up, the last
    roll."""

    def cards(pile: list) -> str:
        return ", ".join(c.label for c in pile) or "none"

    lines: list[Text | str] = [status_text(game, state, won, score), ""]
    fight = state.encounter
    if fight is not None:
        defenders = ", ".join(
            f"{'Jkr' if c.is_joker else c.label} ({v})" for c, v in zip(fight.defenders, fight.values)
        )
        lines.append(Text.assemble((defenders_title(state) + ": ", "bold"), defenders))
        lines.append(f"  together {fight.target}: {fight.target + 1}+ wins, {fight.target} ties")
    hand = ", ".join(f"{c.label} ({'Major' if c.is_major else 'Minor'} {c.rank})" for c in state.hand)
    lines.append(Text.assemble(("Your allies: ", "bold"), hand or "none"))
    lines.append(f"  worth {sum(c.rank for c in state.hand)} together")
    lines += [
        "",
        Text("Piles", style="bold"),
        f"  Defender deck {len(state.defender_deck)} (face down)",
        f"  Beaten by you ({len(state.defender_graveyard)}): {cards(state.defender_graveyard)}",
        f"  Cards that beat you ({len(state.defeats_pile)}): {cards(state.defeats_pile)}",
        f"  Minor deck {len(state.minor_deck)}, Major deck {len(state.major_deck)} (face down)",
        f"  Ally graveyard ({len(state.ally_graveyard)}): {cards(state.ally_graveyard)}",
        "",
        Text("Roll", style="bold"),
        roll_text(state, None),
    ]
    return Text("\n").join(Text(line) if isinstance(line, str) else line for line in lines)


def choice_detail(game: DisruptionGame, state: State, action: object) -> Text:
    """The highlighted way to fight in full (the card/term detail view): the allies it brings,
    the dice it rolls, what they must show, and its three chances."""
    if not isinstance(action, (Fight, Reroll)) or state.encounter is None:
        return Text("Highlight a way to fight to see it in full.", style="dim")
    fight = state.encounter
    allies = fight.allies if isinstance(action, Reroll) else [state.hand[i] for i in action.allies]
    dice = fight.dice_count if isinstance(action, Reroll) else game.dice_for(state, action)
    chances = game.chances(state, action)
    told = ", ".join(f"{c.label} ({'Major' if c.is_major else 'Minor'}, {c.rank})" for c in allies) or "none"
    lines = [
        Text(game.describe(action, state), style="bold"),
        Text(f"Allies: {told}"),
        Text(f"{'Cards' if state.no_dice else 'Dice'}: {dice}; against {fight.target}: {needs(state, action, dice)}"),
        Text(f"Chance to win {percent(chances.win)}, with a Major reward {percent(chances.major)},"
             f" with a Minor one {percent(chances.minor)} (ties rolled again until settled)"),
        Text(""),
        Text("A Major ally is earned when the dice alone, or the ally alone, would have won; a"
             " Minor when it took both. Dice with no ally always earn a Major.", style="dim"),
    ]
    return Text("\n").join(lines)


# The legend of the table's codes (tui/widgets/legend.py).
LEGEND = (
    Entry("win Maj Min", "odds: win; win a Major, a Minor", CHANCE_COLUMNS),
    Entry("MAJ min", "Major/Minor ally; digit brings it", r"\d (?:MAJ|min)\b|\d[Mm]\b"),
    Entry("=4", "a joker worth 4", r"=\d"),
    Entry("■□", "won, to win", r"Wins [■□]"),
    Entry("✗·", "defeats, left to lose", r"Defeats [✗·]"),
    Entry("beat 6", "their total: more wins", r"beat \d+: \d+\+ wins"),
    Entry("value 13", "your allies' ranks summed", r"value \d"),
    Entry("[x]", "marked to trade", r"\[[x ]\] "),
)
