"""A display plugin library missing on Linux is said in one line (library, Debian package)."""

import shutil
import subprocess
import sys

import pytest

from tsumego_gui.qt import app, system_libs


def test_chosen_platform():
    assert system_libs.chosen_platform({}) == "xcb"
    assert system_libs.chosen_platform({"QT_QPA_PLATFORM": "offscreen"}) == "offscreen"
    assert system_libs.chosen_platform({"QT_QPA_PLATFORM": "xcb:foo=1;wayland"}) == "xcb"
    assert system_libs.chosen_platform({"XDG_SESSION_TYPE": "wayland",
                                        "WAYLAND_DISPLAY": "wayland-0"}) == "wayland"


def test_explain_names_library_and_package():
    error = "libxcb-cursor.so.0: cannot open shared object file: No such file or directory"
    line = system_libs.explain(error, "xcb")
    assert "libxcb-cursor.so.0" in line and "sudo apt-get install libxcb-cursor0" in line
    assert "\n" not in line


def test_explain_own_and_unknown_libraries():
    own = system_libs.explain("libQt6XcbQpa.so.6: cannot open shared object file: x", "xcb")
    assert "reinstall" in own
    other = system_libs.explain("libfoo.so.3: cannot open shared object file: x", "xcb")
    assert "libfoo.so.3" in other and "install the package" in other
    odd = system_libs.explain("/x/libqxcb.so: invalid ELF header", "xcb")
    assert "cannot be loaded" in odd and "invalid ELF header" in odd
    short = system_libs.explain("/lib/x86_64-linux-gnu/libxcb-cursor.so.0: file too short",
                                "xcb")
    assert "libxcb-cursor.so.0 is unusable (file too short)" in short
    assert "apt-get install libxcb-cursor0" in short


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux only")
def test_this_machine_loads_the_offscreen_plugin():
    assert system_libs.missing_library_message({"QT_QPA_PLATFORM": "offscreen"},
                                               sys.platform) is None


def test_other_systems_are_not_checked():
    assert system_libs.missing_library_message({}, "win32") is None
    assert system_libs.missing_library_message({}, "darwin") is None


MISSING = "libtsumego-test-missing.so.0"     # a name no system has


@pytest.fixture
def plugin_missing_xcb_cursor(tmp_path, monkeypatch):
    """A shared library needing a library that is not there (known to come from a package)."""
    monkeypatch.setitem(system_libs.PACKAGES, MISSING, "libtsumego-test-missing0")
    cc = shutil.which("cc") or shutil.which("gcc")
    if cc is None or not sys.platform.startswith("linux"):
        pytest.skip("needs a C compiler on Linux")
    stub_dir = tmp_path / "stub"
    stub_dir.mkdir()
    (tmp_path / "stub.c").write_text("int stub_symbol(void) { return 1; }\n")
    (tmp_path / "plugin.c").write_text("int stub_symbol(void);\n"
                                       "int plugin(void) { return stub_symbol(); }\n")
    stub = stub_dir / MISSING
    subprocess.run([cc, "-shared", "-fPIC", f"-Wl,-soname,{MISSING}", "-o", str(stub),
                    str(tmp_path / "stub.c")], check=True)
    plugin = tmp_path / "libqxcb.so"
    subprocess.run([cc, "-shared", "-fPIC", "-o", str(plugin), str(tmp_path / "plugin.c"),
                    str(stub)], check=True)
    stub.unlink()
    return plugin


def test_missing_library_of_the_plugin(monkeypatch, plugin_missing_xcb_cursor):
    monkeypatch.setattr(system_libs, "plugin_file", lambda _platform: plugin_missing_xcb_cursor)
    line = system_libs.missing_library_message({"DISPLAY": ":0"}, "linux")
    assert line is not None and MISSING in line
    assert "apt-get install libtsumego-test-missing0" in line


def test_app_says_one_line_and_exits_2(monkeypatch, capsys, plugin_missing_xcb_cursor):
    monkeypatch.setattr(system_libs, "plugin_file", lambda _platform: plugin_missing_xcb_cursor)
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setenv("DISPLAY", ":0")
    monkeypatch.delenv("QT_QPA_PLATFORM", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    assert app.main([]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "apt-get install libtsumego-test-missing0" in err[0]
