"""The app's colour themes and the shared stylesheet."""

from __future__ import annotations

from pathlib import Path

from textual.theme import Theme

SHARED_CSS = Path(__file__).with_name("tabletop.tcss")

THEMES: dict[str, Theme] = {
    theme.name: theme
    for theme in (
        Theme(
            name="tabletop-dark",
            primary="#5fafd7",
            secondary="#af87d7",
            accent="#ffaf5f",
            warning="#ffd75f",
            error="#ff5f5f",
            success="#87d787",
            foreground="#e4e4e4",
            background="#1c1c1c",
            surface="#262626",
            panel="#303030",
            dark=True,
        ),
        Theme(
            name="tabletop-light",
            primary="#005f87",
            secondary="#5f0087",
            accent="#af5f00",
            warning="#875f00",
            error="#af0000",
            success="#005f00",
            foreground="#1c1c1c",
            background="#f5f5f0",
            surface="#e8e8e0",
            panel="#dadad0",
            dark=False,
        ),
        Theme(
            name="tabletop-contrast",
            primary="#ffff00",
            secondary="#00ffff",
            accent="#ff00ff",
            warning="#ffff00",
            error="#ff4040",
            success="#00ff00",
            foreground="#ffffff",
            background="#000000",
            surface="#000000",
            panel="#000000",
            boost="#000000",
            dark=True,
            luminosity_spread=0.0,
            text_alpha=1.0,
        ),
        Theme(
            name="tabletop-ansi",
            ansi=True,
            primary="ansi_bright_blue",
            secondary="ansi_magenta",
            accent="ansi_yellow",
            warning="ansi_yellow",
            error="ansi_red",
            success="ansi_green",
            foreground="ansi_default",
            background="ansi_default",
            surface="ansi_default",
            panel="ansi_default",
            boost="ansi_default",
            dark=True,
            variables={  # the variables Textual's own ANSI theme defines, for its widgets
                "ansi-background": "ansi_black",
                "ansi-foreground": "ansi_white",
                "border-blurred": "ansi_black",
                "block-cursor-foreground": "ansi_black",
                "block-cursor-background": "ansi_white",
                "input-cursor-background": "ansi_black",
                "input-cursor-foreground": "ansi_bright_white",
                "input-cursor-text-style": "none",
                "input-selection-background": "ansi_bright_blue",
                "input-selection-foreground": "ansi_black",
                "screen-selection-background": "ansi_bright_blue",
                "screen-selection-foreground": "ansi_black",
            },
        ),
    )
}

DEFAULT_THEME = "tabletop-dark"
