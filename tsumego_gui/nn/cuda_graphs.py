"""A network's forward pass replayed as CUDA graphs: one launch instead of hundreds.

A KataGo transformer network runs some 1,500 small kernels per forward pass;
at the batch sizes a tree search sends (8 to 64 positions) launching them
costs more than running them (measured on an H100: 28 forward passes/s at
batch 1 whatever the board size).  :class:`GraphedForward` records the pass
once per input shape (the batch rounded up to a power of two, the board's
height and width) and replays it, copying the inputs into the recorded
buffers and the outputs out of them.  Padding rows repeat the batch's first
row (an all-zero row would divide by an empty board); rows never mix, so the
padding changes nothing in the real rows.

On anything but CUDA it calls the network directly, and if recording fails
(an operation that cannot be captured) it falls back to calling it directly
for good.  Knows torch; nothing about Go.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import torch

MAX_GRAPHS = 32       # recorded shapes kept (each holds its own activation buffers)


def _bucket(n: int) -> int:
    return 1 << max(0, (n - 1).bit_length())


class GraphedForward:
    """``forward(spatial, global_)`` of ``net``, replayed from CUDA graphs where it can."""

    def __init__(self, net: torch.nn.Module) -> None:
        self.net = net
        self.enabled = True
        self._graphs: dict[tuple, tuple[torch.cuda.CUDAGraph, tuple, Any]] = {}

    def __call__(self, spatial: torch.Tensor, global_: torch.Tensor) -> Any:
        if not (self.enabled and spatial.is_cuda):
            return self.net(spatial, global_)
        n = spatial.shape[0]
        key = (_bucket(n), *spatial.shape[1:], global_.shape[1], spatial.dtype,
               spatial.device)
        entry = self._graphs.get(key)
        if entry is None:
            try:
                entry = self._record(key[0], spatial, global_)
            except RuntimeError:
                self.enabled = False
                return self.net(spatial, global_)
            if len(self._graphs) >= MAX_GRAPHS:
                self._graphs.clear()
            self._graphs[key] = entry
        graph, (static_spatial, static_global), static_out = entry
        static_spatial[:n].copy_(spatial)
        static_global[:n].copy_(global_)
        if n < static_spatial.shape[0]:
            static_spatial[n:].copy_(spatial[:1].expand_as(static_spatial[n:]))
            static_global[n:].copy_(global_[:1].expand_as(static_global[n:]))
        graph.replay()
        return _map(static_out, lambda t: t[:n].clone())

    def _record(self, rows: int, spatial: torch.Tensor, global_: torch.Tensor):
        static_spatial = spatial[:1].repeat(rows, *([1] * (spatial.dim() - 1)))
        static_global = global_[:1].repeat(rows, 1)
        # warm up on a side stream (lazy initialisation must not be recorded)
        stream = torch.cuda.Stream(spatial.device)
        stream.wait_stream(torch.cuda.current_stream(spatial.device))
        with torch.cuda.stream(stream), torch.inference_mode():
            for _ in range(2):
                self.net(static_spatial, static_global)
        torch.cuda.current_stream(spatial.device).wait_stream(stream)
        graph = torch.cuda.CUDAGraph()
        with torch.cuda.graph(graph), torch.inference_mode():
            static_out = self.net(static_spatial, static_global)
        return graph, (static_spatial, static_global), static_out


def _map(out: Any, fn: Callable[[torch.Tensor], torch.Tensor]) -> Any:
    """``fn`` on every tensor field of a named tuple (other fields as they are)."""
    return type(out)(*(fn(v) if isinstance(v, torch.Tensor) else v for v in out))
