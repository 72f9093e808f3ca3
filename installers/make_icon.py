"""Draws the app icon (a corner of a Go board with a living group) with Qt.

    python installers/make_icon.py OUT_DIR

Writes OUT_DIR/tsumego-gui.png (256x256) and OUT_DIR/tsumego-gui.ico; nothing
binary is kept in the repository.
"""

import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QPointF, QRectF, Qt  # noqa: E402
from PySide6.QtGui import QColor, QGuiApplication, QImage, QPainter, QPen  # noqa: E402

SIZE = 256
LINES = 6
# (column, row, colour): a black group with two eyes around the white stones' reach
STONES = [(1, 1, "b"), (2, 1, "b"), (3, 1, "b"), (1, 2, "b"), (3, 2, "b"), (1, 3, "b"),
          (2, 3, "b"), (3, 3, "b"), (4, 2, "w"), (4, 3, "w"), (2, 4, "w"), (3, 4, "w")]


def draw(size: int = SIZE) -> QImage:
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    p = QPainter(image)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    margin = size * 0.04
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor("#dcb35c"))
    p.drawRoundedRect(QRectF(margin, margin, size - 2 * margin, size - 2 * margin),
                      size * 0.12, size * 0.12)
    step = (size - 2 * margin) / (LINES + 0.5)
    origin = margin + step * 0.75
    p.setPen(QPen(QColor("#3b2a10"), max(1.0, size / 128)))
    for i in range(LINES):
        x = origin + i * step
        p.drawLine(QPointF(x, origin), QPointF(x, size - margin))
        p.drawLine(QPointF(origin, x), QPointF(size - margin, x))
    for col, row, colour in STONES:
        centre = QPointF(origin + (col - 1) * step, origin + (row - 1) * step)
        p.setPen(QPen(QColor("#111111"), max(1.0, size / 160)))
        p.setBrush(QColor("#161616") if colour == "b" else QColor("#f4f4f0"))
        p.drawEllipse(centre, step * 0.47, step * 0.47)
    p.end()
    return image


def main() -> int:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else ".")
    out.mkdir(parents=True, exist_ok=True)
    app = QGuiApplication.instance() or QGuiApplication([])  # noqa: F841 (fonts, plugins)
    image = draw()
    ok = image.save(str(out / "tsumego-gui.png"))
    ok = image.scaled(128, 128, Qt.AspectRatioMode.KeepAspectRatio,
                      Qt.TransformationMode.SmoothTransformation
                      ).save(str(out / "tsumego-gui.ico")) and ok
    print(f"icon: {out / 'tsumego-gui.png'}, {out / 'tsumego-gui.ico'}")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
