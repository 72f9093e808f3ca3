"""The app's two looks, light and dark: the board's colours and the whole app's palette.

:class:`Theme` holds what the board painter draws with (wood, lines, stones,
the overlay's marks); :data:`THEMES` names the two.  :func:`palette` builds
the QPalette of a theme and :func:`apply_app_theme` puts it on the running
application, so a dark theme darkens every panel, list and menu, not only
the board.  The dark palette is set on the Fusion style (native styles may
ignore palettes); going back to light restores the style and palette the
application started with.  Fusion draws a check box's or radio button's box
in the Base colour with an outline a shade darker than Window: on a dark
palette, dark grey on dark grey; so check boxes, radio buttons and group
boxes (a checkable one's box: QA s55) get a palette of their own
(:func:`indicator_palette`) with a light Window, which only that outline and
frames are drawn from (a group box's fields take it too: their frames and
scroll bars' outlines are lighter, their text and backgrounds as before).  The
colours of a message on the panels (:data:`MESSAGE_COLOURS`) and of a label on
the board read at least 4.5:1 (:func:`contrast_ratio`).  Knows colours and
QPalette roles; nothing about the board's geometry or the widgets that use them.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication

DEFAULT = "light"


@dataclass(frozen=True)
class Theme:
    """Board colours, all ``#RRGGBB`` (Qt reads 8 digits as ``#AARRGGBB``)."""

    name: str
    board: str                  # the wood's middle tone (label backgrounds, thumbnails)
    board_light: str            # the wood's gradient, top left ...
    board_dark: str             # ... to bottom right
    grain: str                  # the wood's grain strokes (drawn faint)
    line: str
    text: str
    zone: str
    region: str
    crucial: str
    must_answer: str
    pruned: str
    uca: str
    vital: str
    marker: str = "#d02020"
    # a label on an empty point (the next move's number), on a disc of the ``board`` colour
    point_label: str = "#d02020"
    # radial gradients, highlight -> body -> rim
    stone_black: tuple[str, str, str] = ("#6a6a6a", "#1c1c1c", "#050505")
    stone_white: tuple[str, str, str] = ("#ffffff", "#eeeeea", "#b9b9b2")
    shadow_alpha: int = 90      # a stone's shadow on the wood


THEMES = {
    "light": Theme("light", board="#dcb066", board_light="#e8c27e", board_dark="#cf9f55",
                   grain="#8a5a20", line="#2a1d0c", text="#3a2a12",
                   zone="#1f5fd0", region="#2ea05a", crucial="#e0301e",
                   must_answer="#d9480f", pruned="#6a1b9a", uca="#1b9e3e", vital="#1b9e3e"),
    # a darker, duller wood so the board does not glare in a dark window; light lines
    "dark": Theme("dark", board="#6e5636", board_light="#7d6240", board_dark="#5d482c",
                  grain="#2a1c0c", line="#e6d6b8", text="#efe2c8",
                  zone="#6fb2ff", region="#66cc8a", crucial="#ff6b5a",
                  must_answer="#ffa94d", pruned="#d9b0ff", uca="#5ee37f", vital="#5ee37f",
                  marker="#ff5a4a",
                  # the marker's red read 2.2:1 on the dark wood; a pale red 4.7:1 (QA s55)
                  point_label="#ffcabf",
                  stone_black=("#5c5c5c", "#151515", "#000000"),
                  stone_white=("#f4f4f0", "#d9d9d3", "#a2a29a"),
                  shadow_alpha=120),
}


# the colours of a message on the panels (the Problem panel's validation line), by look,
# each at least 4.5:1 on that look's Window (QA s55: the red, amber and green picked for
# light panels read 2.5 to 3.8:1 on the dark ones, the amber and green 3.2 and 4.1:1 on
# the light ones too)
MESSAGE_COLOURS = {
    "light": {"error": "#c0392b", "warning": "#8a5a00", "ok": "#196f3d"},
    "dark": {"error": "#ff6b5b", "warning": "#f0b400", "ok": "#4cd68a"},
}


def message_colour(theme_name: str, kind: str) -> str:
    """The colour of a message of ``kind`` ("error", "warning", "ok") on the panels of the
    look ``theme_name`` (the light look's for a name not known)."""
    return MESSAGE_COLOURS.get(theme_name, MESSAGE_COLOURS[DEFAULT])[kind]


def contrast_ratio(a: QColor, b: QColor) -> float:
    """The WCAG contrast ratio of two colours, 1 to 21: text needs 4.5 on its background,
    the measure the colours here are chosen by."""
    def luminance(c: QColor) -> float:
        channels = [(x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4)
                    for x in (c.redF(), c.greenF(), c.blueF())]
        return 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2]
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def board_theme(name: str) -> Theme:
    """The board colours of ``name`` (the light ones for a name not known)."""
    return THEMES.get(name, THEMES[DEFAULT])


_DARK_ROLES = {
    QPalette.ColorRole.Window: "#2b2d31",
    QPalette.ColorRole.WindowText: "#e4e4e4",
    QPalette.ColorRole.Base: "#1f2023",
    QPalette.ColorRole.AlternateBase: "#292b2f",
    QPalette.ColorRole.ToolTipBase: "#3a3d42",
    QPalette.ColorRole.ToolTipText: "#f0f0f0",
    QPalette.ColorRole.PlaceholderText: "#8c8c8c",
    QPalette.ColorRole.Text: "#e4e4e4",
    QPalette.ColorRole.Button: "#35373c",
    QPalette.ColorRole.ButtonText: "#e4e4e4",
    QPalette.ColorRole.BrightText: "#ff6b5a",
    QPalette.ColorRole.Light: "#4a4d53",
    QPalette.ColorRole.Midlight: "#3e4146",
    QPalette.ColorRole.Mid: "#2f3135",
    QPalette.ColorRole.Dark: "#1a1b1e",
    QPalette.ColorRole.Shadow: "#0d0d0e",
    QPalette.ColorRole.Highlight: "#3d72c4",
    QPalette.ColorRole.HighlightedText: "#ffffff",
    QPalette.ColorRole.Link: "#79b8ff",
    QPalette.ColorRole.LinkVisited: "#c39cff",
}
_DARK_DISABLED = {
    QPalette.ColorRole.WindowText: "#7c7c7c",
    QPalette.ColorRole.Text: "#7c7c7c",
    QPalette.ColorRole.ButtonText: "#7c7c7c",
    QPalette.ColorRole.Highlight: "#4a4d53",
    QPalette.ColorRole.HighlightedText: "#b0b0b0",
}


def dark_palette() -> QPalette:
    pal = QPalette()
    for role, colour in _DARK_ROLES.items():
        pal.setColor(role, QColor(colour))
    for role, colour in _DARK_DISABLED.items():
        pal.setColor(QPalette.ColorGroup.Disabled, role, QColor(colour))
    return pal


# the widgets whose indicator (box or circle) Fusion outlines from the Window colour (a
# checkable group box's box was dark on dark: QA s55)
INDICATOR_CLASSES = ("QCheckBox", "QRadioButton", "QGroupBox")
# a light Window for them: Fusion's outline (Window darker by 140 %) then reads on the dark
# panels; their labels and boxes keep the dark palette's colours
DARK_INDICATOR_WINDOW = "#b4b8c0"


def indicator_palette(name: str, base: QPalette) -> QPalette:
    """The palette of check boxes and radio buttons under the look ``name``, from the app's
    palette ``base``."""
    pal = QPalette(base)
    if name == "dark":
        pal.setColor(QPalette.ColorRole.Window, QColor(DARK_INDICATOR_WINDOW))
    return pal


# what the application looked like before the first theme change: restored by "light"
_original: dict[str, object] = {}


def apply_app_theme(name: str, app: QApplication | None = None) -> bool:
    """Give the whole application the look ``name`` ("light" or "dark"); returns whether it
    could (False without a QApplication, e.g. in a plain QCoreApplication)."""
    app = app or QApplication.instance()
    if not isinstance(app, QApplication):
        return False
    if not _original:
        _original["style"] = app.style().name()
        _original["palette"] = QPalette(app.palette())
    if name == "dark":
        if app.style().name().lower() != "fusion":
            app.setStyle("Fusion")
        pal = dark_palette()
    else:
        if app.style().name() != _original["style"]:
            app.setStyle(str(_original["style"]))
        pal = QPalette(_original["palette"])
    app.setPalette(pal)
    for class_name in INDICATOR_CLASSES:
        app.setPalette(indicator_palette(name, pal), class_name)
    app.setProperty("tsumego_theme", name if name == "dark" else DEFAULT)
    return True


def app_theme(app: QApplication | None = None) -> str:
    """The look last applied with :func:`apply_app_theme` ("light" when none was)."""
    app = app or QApplication.instance()
    value = app.property("tsumego_theme") if app is not None else None
    return str(value) if value else DEFAULT
