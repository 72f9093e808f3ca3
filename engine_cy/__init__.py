"""Compiled hot loops of tsumego_gui (Cython).  See each module's docstring."""
