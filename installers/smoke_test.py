"""Smoke test of a built tsumego_gui bundle (standard library only; Linux, Windows, macOS).

    python installers/smoke_test.py ARTIFACT [--startup N] [--compare-python PY] [--keep]

ARTIFACT: a one-dir folder, a .tar.gz, a .deb, a Windows setup .exe (Inno Setup)
or .zip, a macOS .dmg or .app.  It is unpacked (or installed silently) into a
fresh temporary folder, made read-only where the OS allows, and run with a
fresh home folder and a bare PATH, so nothing from the build machine helps it:

1. the desktop app, offscreen: ``tsumego-gui --smoke OUT``: opens the bundled
   problem, solves, verifies, exports the proof, says where settings live;
2. the command line: ``tsumego solve`` on the bundled straight-three problem
   (White lives at B1, verified) and on a 7x7 kill-all problem with the
   shipped FTL network (torch inside the bundle);
3. a real display: under Xvfb (Linux; ``xvfb-run``) or the runner's own desktop
   (Windows, macOS) the same smoke run, and the screenshot must not be blank;
4. no display (Linux): one readable line, exit 2, not a Qt abort;
5. user data: the settings file is in the fresh home's standard location and
   the bundle is unchanged.

``--startup N`` also times start to first window N times (median), and with
``--compare-python PY`` the same for ``PY -m tsumego_gui`` in the same run.
Ends with ``smoke: P passed, F failed``; exit 0 only when every check passed.
"""

from __future__ import annotations

import argparse
import os
import shutil
import stat
import statistics
import struct
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
import zlib
from pathlib import Path

IS_LINUX = sys.platform.startswith("linux")
IS_WINDOWS = sys.platform == "win32"
IS_MAC = sys.platform == "darwin"
EXE = ".exe" if IS_WINDOWS else ""
RUN_TIMEOUT = 300


class Checks:
    def __init__(self) -> None:
        self.passed: list[str] = []
        self.failed: list[str] = []

    def check(self, name: str, ok: bool, detail: str = "") -> bool:
        (self.passed if ok else self.failed).append(name)
        print(f"[{'PASS' if ok else 'FAIL'}] {name}" + (f": {detail}" if detail else ""),
              flush=True)
        return ok


# ---- unpacking ---------------------------------------------------------------------------

def unpack(artifact: Path, dest: Path) -> Path:
    """The folder holding the ``tsumego-gui`` and ``tsumego`` executables."""
    name = artifact.name.lower()
    if artifact.is_dir():
        target = dest / artifact.name
        shutil.copytree(artifact, target, symlinks=True)
    elif name.endswith((".tar.gz", ".tgz")):
        with tarfile.open(artifact) as tar:
            tar.extractall(dest, filter="tar") if hasattr(tarfile, "data_filter") \
                else tar.extractall(dest)
        target = dest
    elif name.endswith(".deb"):
        subprocess.run(["dpkg-deb", "-x", str(artifact), str(dest)], check=True)
        target = dest / "opt" / "tsumego_gui"
    elif name.endswith(".zip"):
        with zipfile.ZipFile(artifact) as z:
            z.extractall(dest)
        target = dest
    elif name.endswith(".exe"):          # Inno Setup: silent per-user install into dest
        target = dest / "tsumego_gui"
        subprocess.run([str(artifact), "/VERYSILENT", "/SUPPRESSMSGBOXES", "/NORESTART",
                        "/CURRENTUSER", f"/DIR={target}", "/NOICONS"], check=True,
                       timeout=RUN_TIMEOUT)
    elif name.endswith(".dmg"):
        mount = dest / "mnt"
        mount.mkdir()
        subprocess.run(["hdiutil", "attach", "-nobrowse", "-readonly", "-mountpoint",
                        str(mount), str(artifact)], check=True)
        try:
            app = next(mount.glob("*.app"))
            shutil.copytree(app, dest / app.name, symlinks=True)
        finally:
            subprocess.run(["hdiutil", "detach", str(mount)], check=False)
        target = dest / app.name
    elif name.endswith(".app"):
        target = dest / artifact.name
        shutil.copytree(artifact, target, symlinks=True)
    else:
        raise SystemExit(f"smoke_test: do not know how to unpack {artifact}")
    found = sorted(target.rglob(f"tsumego-gui{EXE}"), key=lambda p: len(p.parts))
    found = [p for p in found if p.is_file() and not p.is_symlink()]
    if not found:
        raise SystemExit(f"smoke_test: no tsumego-gui executable in {artifact}")
    return found[0].parent


def snapshot(root: Path) -> dict[str, tuple[int, int]]:
    return {str(p.relative_to(root)): (p.lstat().st_size, p.lstat().st_mtime_ns)
            for p in root.rglob("*")}


def make_read_only(root: Path) -> None:
    if IS_WINDOWS:
        return
    for p in [root, *root.rglob("*")]:
        if not p.is_symlink():
            p.chmod(p.stat().st_mode & ~(stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH))


def make_writable(root: Path) -> None:
    for p in [root, *root.rglob("*")]:
        if not p.is_symlink():
            p.chmod(p.stat().st_mode | stat.S_IWUSR)


# ---- a PNG reader (enough for Qt's own PNGs: 8-bit RGB/RGBA, not interlaced) -------------

def png_pixels(path: Path) -> tuple[int, int, list[bytes]]:
    data = path.read_bytes()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    channels = {2: 3, 6: 4, 0: 1, 4: 2}.get(colour)
    if depth != 8 or channels is None or interlace:
        raise ValueError(f"unsupported PNG (depth {depth}, colour type {colour})")
    raw, stride, bpp = zlib.decompress(idat), width * channels, channels
    rows, prev, i = [], bytearray(stride), 0
    for _ in range(height):
        f, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b, c = prev[x], (prev[x - bpp] if x >= bpp else 0)
            if f == 1:
                line[x] = (line[x] + a) & 255
            elif f == 2:
                line[x] = (line[x] + b) & 255
            elif f == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc
                                      else c)) & 255
        rows.append(bytes(line))
        prev = line
    return width, height, [bytes(r[x:x + channels]) for r in rows[::4]
                           for x in range(0, stride, channels * 4)]


def blank_report(path: Path) -> tuple[bool, str]:
    """(not blank, how it looks): a screenshot must show some colours, none covering it all."""
    try:
        width, height, pixels = png_pixels(path)
    except (OSError, ValueError, zlib.error) as e:
        return False, f"{path.name}: {e}"
    counts: dict[bytes, int] = {}
    for p in pixels:
        counts[p] = counts.get(p, 0) + 1
    top = max(counts.values()) / len(pixels)
    ok = len(counts) >= 16 and top < 0.9
    return ok, (f"{path.name} {width}x{height}, {len(counts)} colours in a 1/16 sample, "
                f"the commonest covers {top:.0%}")


# ---- running -----------------------------------------------------------------------------

def clean_env(home: Path, **extra: str) -> dict[str, str]:
    env = {"HOME": str(home), "USERPROFILE": str(home), "LANG": "C.UTF-8",
           "PATH": os.pathsep.join(p for p in ("/usr/bin", "/bin") if Path(p).is_dir())
           if not IS_WINDOWS else os.environ.get("SystemRoot", r"C:\Windows") + r"\system32",
           "XDG_CONFIG_HOME": str(home / ".config"), "XDG_DATA_HOME": str(home / ".local/share"),
           "XDG_CACHE_HOME": str(home / ".cache"), "XDG_RUNTIME_DIR": str(home / "run")}
    for key in ("SystemRoot", "TEMP", "TMP", "APPDATA", "LOCALAPPDATA", "TMPDIR"):
        if key in os.environ:
            env[key] = os.environ[key]
    (home / "run").mkdir(parents=True, exist_ok=True, mode=0o700)
    env.update(extra)
    return env


def run(cmd: list[str], env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess:
    print("$ " + " ".join(cmd), flush=True)
    try:
        done = subprocess.run(cmd, env=env, cwd=cwd, capture_output=True, text=True,
                              timeout=RUN_TIMEOUT)
    except subprocess.TimeoutExpired as e:
        return subprocess.CompletedProcess(cmd, 124, e.stdout or "", e.stderr or "")
    out = (done.stdout + done.stderr).strip()
    if out:
        print("  " + "\n  ".join(out.splitlines()[-15:]), flush=True)
    return done


def smoke_line(output: str, out: Path) -> dict[str, str]:
    """The fields of the app's ``SMOKE OK`` line (from stdout, or OUT/smoke.log)."""
    log = out / "smoke.log"
    output += "\n" + (log.read_text(encoding="utf-8") if log.exists() else "")
    line = next((x for x in output.splitlines() if x.startswith("SMOKE OK")), "")
    return dict(part.split("=", 1) for part in line.split()[2:] if "=" in part)


def time_to_window(cmd: list[str], out: Path, env: dict[str, str], cwd: Path) -> float | None:
    """Seconds from starting ``cmd`` (a ``--smoke OUT`` run) to its ``SMOKE window shown``
    line in OUT/smoke.log (read every 5 ms; a windowed Windows app has no stdout)."""
    log = out / "smoke.log"
    start = time.perf_counter()
    proc = subprocess.Popen([*cmd, "--smoke", str(out)], env=env, cwd=cwd,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    shown = None
    while shown is None and time.perf_counter() - start < RUN_TIMEOUT:
        if log.exists() and "SMOKE window shown" in log.read_text(encoding="utf-8"):
            shown = time.perf_counter() - start
        elif proc.poll() is not None:
            break
        else:
            time.sleep(0.005)
    proc.wait(timeout=RUN_TIMEOUT)
    return shown


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("artifact", type=Path)
    parser.add_argument("--startup", type=int, default=0, metavar="N",
                        help="time start to first window N times (median)")
    parser.add_argument("--compare-python", metavar="PY",
                        help="also time PY -m tsumego_gui (an installed checkout's Python)")
    parser.add_argument("--no-display-test", action="store_true",
                        help="skip the real-display screenshot (no Xvfb, no desktop)")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder")
    args = parser.parse_args()

    checks = Checks()
    tmp = Path(tempfile.mkdtemp(prefix="tsumego-smoke-"))
    print(f"smoke test of {args.artifact} in {tmp}", flush=True)
    try:
        t0 = time.perf_counter()
        bundle = unpack(args.artifact.resolve(), tmp / "unpacked")
        print(f"unpacked in {time.perf_counter() - t0:.1f} s: {bundle}", flush=True)
        gui, cli = str(bundle / f"tsumego-gui{EXE}"), str(bundle / f"tsumego{EXE}")
        problems = next(bundle.parent.rglob("resources/problems/straight-three.sgf"),
                        None) if IS_MAC else next(bundle.rglob("straight-three.sgf"), None)
        checks.check("bundled problems inside the bundle", problems is not None,
                     str(problems))
        if problems is None:
            return 1
        problems = problems.parent
        root = bundle.parent if IS_MAC else bundle
        make_read_only(root)
        before = snapshot(root)
        home, work = tmp / "home", tmp / "work"
        work.mkdir()

        if args.artifact.name.endswith(".deb"):
            deb_checks(args.artifact, tmp / "unpacked", checks)

        # 1. the desktop app, offscreen
        out = tmp / "out-offscreen"
        done = run([gui, "--smoke", str(out)], clean_env(home, QT_QPA_PLATFORM="offscreen"),
                   work)
        info = smoke_line(done.stdout, out)
        checks.check("app offscreen: solve, verify, export", done.returncode == 0
                     and info.get("verified") == "verified" and info.get("frozen") == "True"
                     and (out / "proof.sgf").read_bytes().startswith(b"(;")
                     if (out / "proof.sgf").exists() else False,
                     f"exit {done.returncode}, verdict={info.get('verdict')}, "
                     f"torch={info.get('torch')} device={info.get('device')}")
        settings = info.get("settings", "")
        checks.check("settings in the user's standard location, not in the bundle",
                     bool(settings) and (not IS_LINUX or (Path(settings).is_file()
                                         and Path(settings).is_relative_to(home)))
                     and not settings.startswith(str(root)), settings)

        # 2. the command line
        done = run([cli, "solve", str(problems / "straight-three.sgf")], clean_env(home), work)
        checks.check("tsumego solve straight-three", done.returncode == 0
                     and "White lives" in done.stdout and "a winning move: B1" in done.stdout
                     and "verified: yes" in done.stdout,
                     f"exit {done.returncode}" + ("" if done.returncode else
                                                  f"; printed: {done.stdout.strip()!r}"))
        killall = sorted((problems / "killall7").glob("*.sgf"))
        done = run([cli, "solve", str(killall[0]), "--solver", "mcts", "--evaluator", "ftl",
                    "--max-nodes", "300", "--json"], clean_env(home), work) if killall else None
        checks.check("tsumego solve with the shipped FTL network (torch)",
                     done is not None and done.returncode == 0 and '"verdict"' in done.stdout
                     and "evaluator" in done.stdout,
                     f"exit {done.returncode if done else 'no killall7 problem'}")

        # 3. a real display
        if args.no_display_test:
            print("real display: skipped (--no-display-test)")
        elif IS_LINUX:
            xvfb = shutil.which("xvfb-run")
            if not checks.check("xvfb-run installed", xvfb is not None,
                                "apt-get install -y xvfb"):
                pass
            else:
                out = tmp / "out-xvfb"
                env = clean_env(home, QT_QPA_PLATFORM="xcb")
                done = run([xvfb, "-a", "-s", "-screen 0 1280x800x24", gui, "--smoke",
                            str(out)], env, work)
                info = smoke_line(done.stdout, out)
                ok, how = blank_report(out / "screen.png") if (out / "screen.png").exists() \
                    else (False, "no screen.png")
                checks.check("app under Xvfb (xcb): screenshot not blank",
                             done.returncode == 0 and info.get("platform") == "xcb" and ok,
                             f"exit {done.returncode}, platform={info.get('platform')}; {how}")
        else:
            out = tmp / "out-desktop"
            env = clean_env(home)
            done = run([gui, "--smoke", str(out)], env, work)
            info = smoke_line(done.stdout, out)
            ok, how = blank_report(out / "window.png") if (out / "window.png").exists() \
                else (False, "no window.png")
            checks.check("app on the desktop: window picture not blank",
                         done.returncode == 0 and ok,
                         f"exit {done.returncode}, platform={info.get('platform')}; {how}")

        # 4. no display
        if IS_LINUX:
            done = run([gui], clean_env(home), work)
            lines = done.stderr.strip().splitlines()
            checks.check("no display: one readable line, exit 2",
                         done.returncode == 2 and len(lines) == 1
                         and "no display" in done.stderr, lines[0] if lines else "")

        # 5. the bundle is unchanged
        after = snapshot(root)
        changed = sorted(set(before) ^ set(after)) + sorted(
            k for k in before if k in after and before[k] != after[k])
        checks.check("nothing written inside the bundle", not changed,
                     ", ".join(changed[:5]))

        if args.startup:
            startup(args, gui, home, work, checks)
    finally:
        if args.keep:
            print(f"kept {tmp}")
        else:
            make_writable(tmp)
            shutil.rmtree(tmp, ignore_errors=True)
    print(f"smoke: {len(checks.passed)} passed, {len(checks.failed)} failed", flush=True)
    return 0 if not checks.failed else 1


def deb_checks(deb: Path, root: Path, checks: Checks) -> None:
    """The package's own parts: commands on PATH, desktop entry, icon, declared libraries."""
    links = {name: os.readlink(root / "usr/bin" / name) if (root / "usr/bin" / name).is_symlink()
             else None for name in ("tsumego-gui", "tsumego")}
    checks.check(".deb: tsumego-gui and tsumego in /usr/bin",
                 links == {"tsumego-gui": "/opt/tsumego_gui/tsumego-gui",
                           "tsumego": "/opt/tsumego_gui/tsumego"}, str(links))
    desktop = root / "usr/share/applications/tsumego-gui.desktop"
    text = desktop.read_text() if desktop.exists() else ""
    icon = root / "usr/share/icons/hicolor/256x256/apps/tsumego-gui.png"
    checks.check(".deb: desktop entry and icon", "Exec=tsumego-gui" in text
                 and "Icon=tsumego-gui" in text and icon.is_file())
    depends = subprocess.run(["dpkg-deb", "-f", str(deb), "Depends"], capture_output=True,
                             text=True).stdout
    needed = ("libxcb-cursor0", "libxcb-icccm4", "libxcb-keysyms1", "libxkbcommon-x11-0",
              "libegl1", "libfontconfig1")
    checks.check(".deb: Qt's xcb libraries declared in Depends",
                 all(n in depends for n in needed), depends.strip()[:120] + " ...")


def start_xvfb() -> tuple[subprocess.Popen, str] | None:
    """An Xvfb server for the start-up timing (Linux), and its DISPLAY; None without Xvfb."""
    if not IS_LINUX or shutil.which("Xvfb") is None:
        return None
    read, write = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x800x24",
                               "-nolisten", "tcp"], pass_fds=(write,),
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    with os.fdopen(read) as f:
        number = f.readline().strip()
    if not number:
        server.kill()
        return None
    return server, f":{number}"


def startup(args, gui: str, home: Path, work: Path, checks: Checks) -> None:
    """Start to first window, median of N, frozen vs ``python -m tsumego_gui`` interleaved;
    on an Xvfb display where there is one (xcb, as a user sees it), else offscreen."""
    xvfb = start_xvfb()
    env = clean_env(home, QT_QPA_PLATFORM="xcb", DISPLAY=xvfb[1]) if xvfb \
        else clean_env(home, QT_QPA_PLATFORM="offscreen")
    print(f"start-up timing on {env['QT_QPA_PLATFORM']}", flush=True)
    try:
        _startup(args, gui, env, work, checks)
    finally:
        if xvfb:
            xvfb[0].terminate()
            xvfb[0].wait()


def _startup(args, gui: str, env: dict[str, str], work: Path, checks: Checks) -> None:
    runs = {"frozen": [gui]}
    if args.compare_python:
        runs["python -m tsumego_gui"] = [args.compare_python, "-m", "tsumego_gui"]
    times: dict[str, list[float]] = {k: [] for k in runs}
    for i in range(args.startup):
        for name, cmd in runs.items():
            out = work / f"startup-{i}-{name.split()[0]}"
            py_env = dict(env, PATH=os.environ.get("PATH", "")) if name != "frozen" else env
            t = time_to_window(cmd, out, py_env, work)
            if t is not None:
                times[name].append(t)
    for name, values in times.items():
        if values:
            med = statistics.median(values)
            print(f"startup {name}: median {med:.2f} s to first window over {len(values)} "
                  f"runs ({', '.join(f'{v:.2f}' for v in values)})", flush=True)
        checks.check(f"startup {name} measured", len(values) == args.startup)


if __name__ == "__main__":
    raise SystemExit(main())
