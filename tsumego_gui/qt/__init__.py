"""The desktop app (PySide6): the only package that imports Qt.

Widgets send requests and receive signals; solving runs in a worker thread
(``solver_worker``).  Start it with ``tsumego-gui`` or ``python -m tsumego_gui``
(``app.main``).
"""
