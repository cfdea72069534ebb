"""Stats, computed from the history listing alone, so they always agree with it.

Per game and per variant (each label a game's `variant` gives: a style, a Druid, a player
count): played, won, win rate, best and average score, current and best winning streak.
Druid Path campaigns count apart, with the furthest game of the road reached; counted daily
deals apart too. Streaks run in the order the games finished.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import msgspec

from saves.history import Finished


class Line(msgspec.Struct, frozen=True):
    label: str
    played: int
    won: int
    best: int | None  # the score of the best game (Game.rank)
    average: float | None
    streak: int  # wins in a row up to the latest game
    best_streak: int
    furthest: int = 0  # campaigns: the most games of a road begun

    @property
    def win_rate(self) -> float:
        return self.won / self.played if self.played else 0.0


class Section(msgspec.Struct, frozen=True):
    game_id: str
    title: str
    lines: list[Line]


def line(label: str, entries: Sequence[Finished]) -> Line:
    """One line of stats over `entries` (oldest first)."""
    scores = [e.score for e in entries if e.score is not None]
    best = max(entries, key=lambda e: tuple(e.rank), default=None)
    streak = best_streak = 0
    for entry in entries:
        streak = streak + 1 if entry.won else 0
        best_streak = max(best_streak, streak)
    return Line(
        label=label,
        played=len(entries),
        won=sum(e.won for e in entries),
        best=best.score if best is not None else None,
        average=sum(scores) / len(scores) if scores else None,
        streak=streak,
        best_streak=best_streak,
        furthest=max((e.reached for e in entries), default=0),
    )


def sections(entries: Iterable[Finished], titles: dict[str, str]) -> list[Section]:
    """The stats of every game in `titles` (in its order) that has finished games."""
    usable = sorted((e for e in entries if not e.damaged), key=lambda e: (e.finished, e.id))
    result = []
    for game_id, title in titles.items():
        games = [e for e in usable if e.game_id == game_id and e.kind == "game"]
        campaigns = [e for e in usable if e.game_id == game_id and e.kind == "campaign"]
        if not games and not campaigns:
            continue
        lines = [line("All games", games)] if games else []
        labels: dict[str, list[Finished]] = {}
        for entry in games:
            for key, value in entry.variant.items():
                labels.setdefault(f"{key}: {value}", []).append(entry)
        lines += [line(label, labels[label]) for label in sorted(labels)]
        dailies = [e for e in games if e.daily and not e.practice]
        if dailies:
            lines.append(line("Daily deals (counted)", dailies))
        if campaigns:
            groups = {"Campaigns": campaigns}
            for entry in campaigns:
                for key, value in entry.variant.items():
                    groups.setdefault(f"Campaigns, {value}", []).append(entry)
            for label, group in groups.items():
                found = line(label, group)
                lines.append(msgspec.structs.replace(found, label=f"{label} (to game {found.furthest})"))
        result.append(Section(game_id, title, lines))
    return result


HEADER = f"{'':<32}{'played':>7}{'won':>5}{'win%':>6}{'best':>6}{'avg':>7}{'streak':>7}{'longest':>8}"


def format_line(item: Line) -> str:
    best = "-" if item.best is None else str(item.best)
    average = "-" if item.average is None else f"{item.average:.1f}"
    label = item.label if len(item.label) <= 30 else item.label[:29] + "…"
    text = (
        f"  {label:<30}{item.played:>7}{item.won:>5}{item.win_rate:>6.0%}{best:>6}"
        f"{average:>7}{item.streak:>7}{item.best_streak:>8}"
    )
    return text


def render(items: Sequence[Section]) -> str:
    """Plain text, 80 columns: for the command line and the Stats screen alike."""
    if not items:
        return "No finished games yet: stats come from your history."
    out = [HEADER]
    for section in items:
        out.append(section.title)
        out += [format_line(item) for item in section.lines]
    return "\n".join(out)
