"""The KataGo network in the app: the remembered file, the evaluator combo, the worker that
loads the network once and says where it runs, and a bad file that fails with a message.

A fake network (uniform numbers, a ``describe``) stands in for KataGo except in the one
end-to-end test, which needs ``/work/shared/katago``'s model and the nn loader.
"""

import importlib
from pathlib import Path

import pytest

pytest.importorskip("pytestqt")

from tsumego_gui.core.sgf_io import read_sgf  # noqa: E402
from tsumego_gui.nn import choice, katago_locate  # noqa: E402
from tsumego_gui.qt import solve_panel  # noqa: E402
from tsumego_gui.qt.main_window import BUNDLED_PROBLEM  # noqa: E402
from tsumego_gui.qt.settings import (  # noqa: E402
    Preferences,
    load_preferences,
    open_settings,
    save_preferences,
)
from tsumego_gui.qt.solve_panel import SolvePanel  # noqa: E402
from tsumego_gui.qt.solver_worker import SolverController, SolveRequest  # noqa: E402
from tsumego_gui.search.evaluators import UniformEvaluator  # noqa: E402
from tsumego_gui.search.verify import verify  # noqa: E402

SHARED_MODEL = Path("/work/shared/katago/b10c384h6nbttflrs.bin.gz")
DESCRIBED = "KataGo fake-b1c8 on cpu (fp32)"


class FakeNetwork(UniformEvaluator):
    """Uniform numbers under the name ``katago``, with the description a real one gives."""

    name = "katago"

    def __init__(self, path, device):
        self.path, self.device = path, device

    def describe(self):
        return "fake-b1c8 on cpu (fp32)"


@pytest.fixture
def found(monkeypatch):
    """``found(path)``: the model the app finds by itself (None: none); none to begin with,
    whatever this machine has."""
    def use(path):
        for module in (katago_locate, choice, solve_panel):
            monkeypatch.setattr(module, "default_katago_model",
                                lambda home=None: None if path is None else Path(path))
    use(None)
    return use


@pytest.fixture
def fake_network(monkeypatch):
    """make_evaluator builds a :class:`FakeNetwork` for ``katago``; returns the calls."""
    calls = []
    real = choice.make_evaluator

    def make(name, weights=None, device=None, settings=None):
        if name != "katago":
            return real(name, weights, device, settings)
        calls.append((Path(weights), device))
        return FakeNetwork(weights, device)

    monkeypatch.setattr(choice, "make_evaluator", make)
    return calls


@pytest.fixture
def model_file(tmp_path):
    path = tmp_path / "models" / "fake-b1c8.bin.gz"
    path.parent.mkdir()
    path.write_bytes(b"not really a network")
    return path


def evaluators(panel):
    combo = panel.evaluator_combo
    return [combo.itemData(i) for i in range(combo.count())]


def test_the_model_file_is_a_preference_that_round_trips(tmp_path):
    s = open_settings(str(tmp_path / "p.ini"))
    prefs = Preferences(evaluator="katago", katago_model="/models/b10c384h6nbttflrs.bin.gz")
    save_preferences(s, prefs)
    loaded = load_preferences(open_settings(str(tmp_path / "p.ini")))
    assert loaded == prefs and loaded.katago_model == "/models/b10c384h6nbttflrs.bin.gz"
    assert Preferences().katago_model == ""              # the default: the one found


def test_without_a_network_the_combo_is_as_before(qtbot, found):
    panel = SolvePanel(Preferences(evaluator="katago"))
    qtbot.addWidget(panel)
    assert "katago" not in evaluators(panel)
    assert panel.options()["evaluator"] == choice.DEFAULT_EVALUATOR    # a stale choice falls back
    assert panel.network_label.full_text() == "none found"
    assert not panel.network_forget.isVisibleTo(panel)
    assert "exact" in panel.evaluator_combo.toolTip()
    assert "exact" in panel.network_button.toolTip()


def test_a_chosen_or_found_network_lists_katago(qtbot, found, model_file):
    panel = SolvePanel(Preferences(evaluator="katago", katago_model=str(model_file)))
    qtbot.addWidget(panel)
    assert evaluators(panel)[-1] == "katago"
    assert panel.options()["evaluator"] == "katago"
    assert panel.options()["katago_model"] == str(model_file)
    assert panel.network_label.full_text() == model_file.name
    assert str(model_file) in panel.network_label.toolTip()

    found(model_file)                       # nothing chosen, one found where KaTrain keeps it
    auto = SolvePanel(Preferences(evaluator="katago"))
    qtbot.addWidget(auto)
    assert "katago" in evaluators(auto) and auto.options()["katago_model"] == ""
    assert auto.network_label.full_text() == f"found: {model_file.name}"


def test_choosing_a_file_selects_katago_and_is_remembered(make_window, found, model_file, qtbot):
    w = make_window("s.ini")
    panel = w.solve_panel
    assert "katago" not in evaluators(panel)
    asked = []
    panel.ask_network_file = lambda folder: asked.append(folder) or str(model_file)
    panel.network_button.click()
    assert asked == [""]
    assert panel.options()["evaluator"] == "katago"
    assert panel.network_label.full_text() == model_file.name
    assert w.prefs.katago_model == str(model_file)
    assert model_file.name in w.statusBar().currentMessage()

    again = make_window("s.ini")                       # a restart remembers the file
    assert again.solve_panel.network_label.full_text() == model_file.name
    assert "katago" in evaluators(again.solve_panel)

    panel.ask_network_file = lambda folder: None       # a cancelled picker changes nothing
    panel.network_button.click()
    assert w.prefs.katago_model == str(model_file)

    panel.network_forget.click()                       # back to automatic: none here
    assert w.prefs.katago_model == ""
    assert "katago" not in evaluators(panel) and panel.options()["evaluator"] == \
        choice.DEFAULT_EVALUATOR


def mcts_katago(w, model_file):
    panel = w.solve_panel
    panel.set_network(str(model_file), select=True)
    panel.solver_combo.setCurrentIndex(panel.solver_combo.findData("mcts"))
    panel.seconds_spin.setValue(30)


def test_the_worker_loads_the_network_once_and_says_where_it_runs(
        make_window, found, fake_network, model_file, qtbot):
    w = make_window("s.ini")
    assert w.open_path(BUNDLED_PROBLEM, ask=False)
    mcts_katago(w, model_file)
    stages, networks = [], []
    w.solver.stage.connect(stages.append)
    w.solver.network.connect(networks.append)
    with qtbot.waitSignal(w.solver.finished, timeout=60_000):
        w.solve()
    assert fake_network == [(model_file, None)]
    assert networks == [DESCRIBED]
    assert any(s.startswith(f"Loading the KataGo network {model_file.name}") for s in stages)
    assert any(DESCRIBED in s for s in stages)
    assert w.outcome.solver_used == "mcts" and "evaluator katago" in w.outcome.reason
    assert w.outcome.result.verdict == "lives" and w.outcome.verified
    assert DESCRIBED in w.solve_panel.network_label.full_text()
    assert w.statusBar().currentMessage() == DESCRIBED
    qtbot.waitUntil(lambda: not w.solver.running, timeout=60_000)   # the classification

    stages.clear()
    with qtbot.waitSignal(w.solver.finished, timeout=60_000):
        w.solve()                                      # same file, same device: no reload
    assert len(fake_network) == 1 and networks == [DESCRIBED, DESCRIBED]
    assert not any(s.startswith("Loading") for s in stages)
    qtbot.waitUntil(lambda: not w.solver.running, timeout=60_000)

    other = model_file.with_name("other.bin.gz")
    other.write_bytes(b"another")
    w.solve_panel.set_network(str(other))
    assert DESCRIBED not in w.solve_panel.network_label.full_text()    # not loaded yet
    with qtbot.waitSignal(w.solver.finished, timeout=60_000):
        w.solve()                                      # another file: loaded
    assert fake_network[-1] == (other, None) and len(fake_network) == 2
    w.close()


def test_depth_first_search_is_focused_by_the_network(qtbot, found, fake_network, model_file):
    c = SolverController()
    try:
        problem = read_sgf(BUNDLED_PROBLEM)[0]
        with qtbot.waitSignal(c.finished, timeout=30_000) as blocker:
            c.start(SolveRequest(problem, solver="dfs", evaluator="katago",
                                 katago_model=str(model_file), all_moves=False))
        outcome = blocker.args[0]
        assert outcome.result.verdict == "lives" and outcome.verified
        assert outcome.solver_used == "dfs" and "focused by katago" in outcome.reason
        assert fake_network == [(model_file, None)]
        assert outcome.result.proof.stats["network_evals"] > 0
    finally:
        c.shutdown()


@pytest.mark.parametrize("how", ["not a model", "missing", "none found", "loader raises"])
def test_a_bad_network_shows_a_message_and_loses_nothing(
        make_window, found, monkeypatch, model_file, tmp_path, qtbot, how):
    if how == "loader raises":
        # what the nn layer raises for a foreign or truncated file (KataGoModelError)
        def make(name, weights=None, device=None, settings=None):
            raise ValueError(f"{Path(weights).name} is not a KataGo model (bad header)")
        monkeypatch.setattr(choice, "make_evaluator", make)
    elif how == "not a model" and not _loader_imports():
        pytest.skip("the KataGo loader (tsumego_gui.nn.katago_model) does not import yet")
    path = {"missing": str(tmp_path / "gone.bin.gz"), "none found": ""}.get(how,
                                                                              str(model_file))
    w = make_window("s.ini")
    assert w.open_path(BUNDLED_PROBLEM, ask=False)
    before = w.editor.draft
    w.solve_panel.set_network(path, select=True)
    w.solve_panel.evaluator_combo.setCurrentIndex(
        w.solve_panel.evaluator_combo.findData("katago"))
    if how == "none found":
        assert "katago" not in evaluators(w.solve_panel)
        w.solve_panel.evaluator_combo.addItem("katago", "katago")     # a stale choice
        w.solve_panel.evaluator_combo.setCurrentIndex(w.solve_panel.evaluator_combo.count() - 1)
    w.solve_panel.solver_combo.setCurrentIndex(w.solve_panel.solver_combo.findData("mcts"))
    with qtbot.waitSignal(w.solver.failed, timeout=60_000) as blocker:
        w.solve()
    message = blocker.args[0]
    assert "KataGo" in message and "\n" not in message and "Traceback" not in message
    if how == "none found":
        assert "choose" in message
    else:
        assert Path(path).name in message
    assert message in w.error_text()
    assert message in w.solve_panel.progress_label.text()
    assert not w.solver.running and w.solve_panel.solve_button.isEnabled()
    # nothing lost: the position, the file chosen; and the other evaluators still work
    assert w.editor.draft == before and w.prefs.katago_model == path
    w.solve_panel.evaluator_combo.setCurrentIndex(
        w.solve_panel.evaluator_combo.findData("uniform"))
    with qtbot.waitSignal(w.solver.finished, timeout=60_000):
        w.solve()
    assert w.outcome.result.verdict == "lives" and w.outcome.verified
    w.close()


def _loader_imports() -> bool:
    try:
        for name in ("tsumego_gui.nn.katago_model", "tsumego_gui.nn.katago_features",
                     "tsumego_gui.nn.katago_evaluator"):
            importlib.import_module(name)
    except Exception:  # noqa: BLE001 - not finished, or no torch: the test says why it skips
        return False
    return True


@pytest.mark.skipif(not SHARED_MODEL.exists(), reason=f"{SHARED_MODEL} is not here")
def test_the_real_network_proves_straight_three_through_the_worker(qtbot, found):
    if not _loader_imports():
        pytest.skip("the KataGo loader (tsumego_gui.nn.katago_model / katago_features) "
                    "does not import yet")
    c = SolverController()
    networks = []
    c.network.connect(networks.append)
    try:
        problem = read_sgf(BUNDLED_PROBLEM)[0]
        with qtbot.waitSignal(c.finished, timeout=180_000) as blocker:
            c.start(SolveRequest(problem, solver="mcts", evaluator="katago",
                                 katago_model=str(SHARED_MODEL), max_seconds=120,
                                 all_moves=False))
        outcome = blocker.args[0]
        assert networks and networks[0].startswith("KataGo b10c384h6nbttflrs on ")
        assert outcome.solver_used == "mcts" and "evaluator katago" in outcome.reason
        assert outcome.result.verdict == "lives" and outcome.verified
        assert verify(outcome.result.proof).ok
    finally:
        c.shutdown()


def test_the_ftl_network_says_where_it_runs(tmp_path):
    from tsumego_gui.nn import checkpoint
    from tsumego_gui.nn.evaluator import load_evaluator
    from tsumego_gui.nn.model import FtlNet, preset
    from tsumego_gui.qt.solver_worker import describe_network

    path, net = tmp_path / "ftl.pt", FtlNet(preset("tiny"))
    checkpoint.save(path, net, checkpoint.make_metadata("tiny", net.config))
    assert describe_network(load_evaluator(path, device="cpu")) == "FTL network on cpu (fp32)"
