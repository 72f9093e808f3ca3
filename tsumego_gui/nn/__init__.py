"""The Faster-to-Life network: the only package that imports torch.

* ``features``: the input planes (one place, ``FEATURE_VERSION``);
* ``model``: the residual network and its size presets;
* ``checkpoint``: weights files with metadata, and their checks;
* ``evaluator``: batched inference as a ``search.evaluators.Evaluator``;
* ``selfplay``: 7x7 kill-all self-play with FTL labels and dynamic d_w;
* ``train``: replay buffer, optimiser, checkpoints, resume;
* ``choice``: evaluators by name (torch is imported only for ``ftl``).

Importing this package imports nothing heavy; the submodules import torch.
"""
