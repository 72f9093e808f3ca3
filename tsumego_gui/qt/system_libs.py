"""Before Qt starts on Linux: is every system library of the display plugin there?

When a library of Qt's platform plugin is missing (on a fresh Debian:
``libxcb-cursor0``, ``libxcb-icccm4``, ``libxcb-keysyms1``), Qt prints a long
plugin message and aborts the process.  :func:`missing_library_message` loads
the plugin Qt is about to load, the same way Qt does (its own file, its own
search path, so also inside a frozen bundle), and turns a failure into one
line: which library, which Debian/Ubuntu package provides it.  No Qt imports.
"""

from __future__ import annotations

import ctypes
import re
from collections.abc import Mapping
from pathlib import Path

# soname -> the Debian/Ubuntu package that provides it (Qt 6's xcb, wayland and GUI libraries)
PACKAGES = {
    "libxcb-cursor.so.0": "libxcb-cursor0",
    "libxcb-icccm.so.4": "libxcb-icccm4",
    "libxcb-keysyms.so.1": "libxcb-keysyms1",
    "libxcb-image.so.0": "libxcb-image0",
    "libxcb-render-util.so.0": "libxcb-render-util0",
    "libxcb-shape.so.0": "libxcb-shape0",
    "libxcb-randr.so.0": "libxcb-randr0",
    "libxcb-xfixes.so.0": "libxcb-xfixes0",
    "libxcb-xkb.so.1": "libxcb-xkb1",
    "libxcb-sync.so.1": "libxcb-sync1",
    "libxcb-shm.so.0": "libxcb-shm0",
    "libxcb-render.so.0": "libxcb-render0",
    "libxcb-util.so.1": "libxcb-util1",
    "libxcb-xinput.so.0": "libxcb-xinput0",
    "libxcb-glx.so.0": "libxcb-glx0",
    "libxcb.so.1": "libxcb1",
    "libX11-xcb.so.1": "libx11-xcb1",
    "libX11.so.6": "libx11-6",
    "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
    "libxkbcommon.so.0": "libxkbcommon0",
    "libEGL.so.1": "libegl1",
    "libGL.so.1": "libgl1",
    "libGLX.so.0": "libglx0",
    "libOpenGL.so.0": "libopengl0",
    "libfontconfig.so.1": "libfontconfig1",
    "libfreetype.so.6": "libfreetype6",
    "libdbus-1.so.3": "libdbus-1-3",
    "libglib-2.0.so.0": "libglib2.0-0",
    "libgthread-2.0.so.0": "libglib2.0-0",
    "libwayland-client.so.0": "libwayland-client0",
    "libwayland-cursor.so.0": "libwayland-cursor0",
    "libwayland-egl.so.1": "libwayland-egl1",
}

PLUGINS = {"xcb": "libqxcb.so", "wayland": "libqwayland.so", "offscreen": "libqoffscreen.so"}

# dlopen's messages: "libxcb-cursor.so.0: cannot open shared object file: No such file or
# directory", "/lib/x86_64-linux-gnu/libxcb-cursor.so.0: file too short", ...
_LOAD_ERROR = re.compile(r"(?:^|/)([\w.+-]+\.so(?:\.\d+)*): ([^:]+)")


def chosen_platform(env: Mapping[str, str]) -> str:
    """The platform plugin Qt will pick on Linux (``xcb`` unless told or on Wayland)."""
    qpa = env.get("QT_QPA_PLATFORM", "").split(";")[0].split(":")[0].strip()
    if qpa:
        return qpa
    if env.get("XDG_SESSION_TYPE") == "wayland" and env.get("WAYLAND_DISPLAY"):
        return "wayland"
    return "xcb"


def explain(error: str, platform: str) -> str:
    """One line for a dynamic loader error (``dlopen``'s text) of the ``platform`` plugin."""
    first = error.strip().splitlines()[0] if error.strip() else "unknown error"
    match = _LOAD_ERROR.search(first)
    name = match.group(1) if match else ""
    if match is None or name == PLUGINS.get(platform):
        return f"tsumego-gui: Qt's {platform} display plugin cannot be loaded: {first}"
    state = "is missing" if "cannot open shared object file" in match.group(2) \
        else f"is unusable ({match.group(2).strip()})"
    package = PACKAGES.get(name)
    if package is None and name.startswith(("libQt6", "libpyside6", "libshiboken6", "libicu")):
        return f"tsumego-gui: the app's own library {name} {state}; reinstall tsumego_gui."
    if package is None:
        return (f"tsumego-gui: the system library {name} {state} (needed by Qt's "
                f"{platform} display plugin); install the package that provides it.")
    return (f"tsumego-gui: the system library {name} {state} (needed by Qt's {platform} "
            f"display plugin); install it with: sudo apt-get install {package}")


def plugin_file(platform: str) -> Path | None:
    """Where the PySide6 in use keeps ``platform``'s plugin (None: unknown or not there)."""
    name = PLUGINS.get(platform)
    if name is None:
        return None
    try:
        import PySide6  # the package only: no Qt library is loaded yet
    except ImportError:
        return None
    path = Path(PySide6.__file__).resolve().parent / "Qt" / "plugins" / "platforms" / name
    return path if path.exists() else None


def missing_library_message(env: Mapping[str, str], platform: str) -> str | None:
    """The one-line message when the display plugin cannot load here, None when it can."""
    if not platform.startswith("linux"):
        return None
    qpa = chosen_platform(env)
    path = plugin_file(qpa)
    if path is None:
        return None
    try:
        ctypes.CDLL(str(path))
    except OSError as e:
        # a frozen app's ctypes (PyInstaller) re-raises with its own text: the loader's is
        # the cause
        return explain(str(e.__cause__ or e), qpa)
    return None
