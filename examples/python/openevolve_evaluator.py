"""OpenEvolve without a fork: boden around your own evaluator. A runnable recipe.

Written against OpenEvolve at algorithmicsuperintelligence/openevolve @ 411fb59 (the interface it relies on is checked
when it starts: a missing name stops the run at once with `OpenEvolveInterfaceError`, naming it). In the evaluator file
OpenEvolve loads, after your own `evaluate` (and `evaluate_stage1/2/3`, if you have them):

    from openevolve_evaluator import BodenEvaluator
    BodenEvaluator(run_id="circle-packing").install(globals())

    # config.yaml
    database:
      feature_dimensions: ["boden_drift", "boden_family"]   # or keep your own; boden's are optional
      feature_bins: 10                                     # >= the number of families + 1 (see boden_family)

Copy this file and the `clients/python/boden_client` folder next to your evaluator file (OpenEvolve puts that folder
on `sys.path`, evaluator.py:73-77), or put `examples/python` and `clients/python` on `PYTHONPATH` (or `pip install
./clients/python`); start `npx boden serve` (another address: `BodenEvaluator(url=...)`, else `BODEN_URL`; a token:
`token=...`, else `BODEN_TOKEN`). `install` wraps every evaluation function the file defines, as OpenEvolve calls them: `evaluate` when
`evaluator.cascade_evaluation` is off or there is no `evaluate_stage1` (evaluator.py:163-168, 388-389), else
`evaluate_stage1`, then `evaluate_stage2` and `evaluate_stage3` while the merged metrics pass `cascade_thresholds`
(evaluator.py:360-535; `cascade_evaluation: true` is OpenEvolve's default, config.py:385). A function may return a
dict or an `EvaluationResult`; the wrapper returns the same kind, artifacts kept.

For every program OpenEvolve evaluates:

1. **Admit before evaluating.** The program is sent to `boden serve` under its OpenEvolve id, with its parent's id and
   the LLM's prose as plan. OpenEvolve never passes the id to the evaluator (it writes the code to a temporary file,
   evaluator.py:157); the wrapper reads it, without changing anything, from the `Evaluator.evaluate_program`
   coroutine that wrote that file (its `program_id` and `temp_file_path`, evaluator.py:132-159), and the parent from
   the worker's `_run_iteration_worker` frame (`parent_id`, `llm_response`, process_parallel.py:134-292). The
   initial program, evaluated by the controller (controller.py:263-268), has no parent.
2. **Gate.** When boden's gate rejects the program (by default an exact re-proposal of an earlier program, comments and
   layout aside), your evaluator is not called: the first stage answers at once with `boden_gated: 1.0`,
   `combined_score: gated_score` (default 0.0, below any cascade threshold, so no later stage runs and the program
   never displaces an evaluated elite) and an artifact naming the earlier program, which OpenEvolve shows the LLM
   when it is a parent. That is an evaluation saved; `evaluations_saved()` counts them over every worker (the run's
   rejected admissions). OpenEvolve's own novelty check (`database.similarity_threshold` with an
   `embedding_model`, database.py:1070-1109) runs later, after evaluation, when the program is added.
3. **Observe once**, after the last stage OpenEvolve will run (decided with OpenEvolve's own `_passes_threshold` and
   the configured thresholds): valid when your metrics hold a numeric `combined_score` and no `error`, with that
   score as the value (maximised). An exception in your function is raised again for OpenEvolve to handle as usual,
   and observed as invalid once OpenEvolve will not retry it (a plain `evaluate` is retried `max_retries` times,
   evaluator.py:155, 267-285, reusing the admission).

**Fitness is left alone.** `combined_score` is not touched when your metrics have it. When they lack it, OpenEvolve
would rank by the mean of every numeric metric except the feature dimensions (utils/metrics_utils.py:72-118), which the
added metrics would then change; so the wrapper writes `combined_score` itself, as the mean of your own numeric
metrics other than `error` (booleans left out): the value OpenEvolve ranks your metrics by and its cascade threshold
reads (evaluator.py:691-707). List your own metrics that are feature dimensions in `own_dimensions` to leave them out
of that mean, as OpenEvolve does. Only `shape_score=True` changes fitness: `combined_score + strength * novelty`.

**Feature dimensions.** OpenEvolve min-max scales a custom dimension over the values seen so far and cuts that range
into `feature_bins` bins (database.py:846-870, 2246-2287), so a dimension must be an ordered quantity. The wrapper
returns every dimension in `dimensions`, for every program (also gated and failed ones):

- `boden_drift`, a position on an embedding axis: how far the program's EVOLVE-BLOCK has moved from the initial
  program's, as 1 - cosine similarity of their identifier counts (comments and numbers left out), in [0, 1]. Bin 0
  holds the programs closest to the seed (parameter tuning); the last bin the most rewritten programs so far.
- `boden_family`, paradigm ids spread over the bins: the id of the approach the program's EVOLVE-BLOCK takes, from
  `families`, a fixed ordered table of (name, pattern) where the highest id whose pattern matches wins and 0 is "none
  of them". Ids are consecutive integers, so with `feature_bins` >= the number of ids every family met gets its own
  bin (min-max over integers a <= b puts id k in bin floor((k - a) * bins / (b - a))). The default table, for
  numerical construction and optimisation programs: 0 hand-placed constructor, 1 lattice or grid, 2 rings or shells,
  3 local optimiser (scipy.optimize, SLSQP, gradients), 4 stochastic search (random restarts, annealing, evolution).

It also returns `boden_novelty` (the program's novelty against the run's earlier programs at admission, in [0, 1]):
informative, but no good dimension, since it depends on the order programs arrive in.

OpenEvolve evaluates in a process pool and re-executes the evaluator file for every cascade evaluation (evaluator.py:
380-385); every worker and every re-execution joins the same `boden serve` run, and the run is created once per
process. This file also runs on its own with a stand-in evaluator:

    npx boden serve &
    python3 examples/python/openevolve_evaluator.py          # --url (or BODEN_URL) for another address
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import hashlib
import logging
import math
import os
import re
import sys
import tempfile
import threading
from dataclasses import dataclass, field
from types import FrameType
from typing import Any, Callable, Dict, List, Optional, Sequence, Set, Tuple

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "clients", "python"))
from boden_client import Admission, BodenClient, BodenError, GateOptions  # noqa: E402

__all__ = ["BodenEvaluator", "OpenEvolveInterfaceError", "check_openevolve_interface", "DEFAULT_FAMILIES"]

PINNED = "algorithmicsuperintelligence/openevolve @ 411fb59"
STAGES = ("evaluate", "evaluate_stage1", "evaluate_stage2", "evaluate_stage3")
DIMENSIONS = ("boden_drift", "boden_family")

# (name, pattern) in increasing precedence; id = position + 1, 0 = none matched.
DEFAULT_FAMILIES: Tuple[Tuple[str, str], ...] = (
    ("lattice", r"hex\w*|lattice|grid|meshgrid"),
    ("rings", r"rings?|concentric|shells?|polar"),
    ("local-optimiser", r"scipy\.optimize|minimize|slsqp|l-?bfgs|gradient|newton|least_squares"),
    ("stochastic-search", r"anneal\w*|random\s+search|monte\s+carlo|genetic|evolution\w*|perturb\w*|restarts?"),
)

logger = logging.getLogger("boden.openevolve")


class OpenEvolveInterfaceError(RuntimeError):
    """The installed OpenEvolve lacks a name this recipe relies on."""

    def __init__(self, name: str, detail: str) -> None:
        super().__init__(f"OpenEvolve: expected {name} ({detail}); this recipe is written against {PINNED} and cannot link programs to their OpenEvolve ids without it")
        self.name = name


@dataclass(frozen=True)
class _Interface:
    evaluate_program: Any  # the code object of Evaluator.evaluate_program
    iteration_worker: Any  # the code object of process_parallel._run_iteration_worker
    evaluation_result: Any  # the EvaluationResult class


_interface: Optional[_Interface] = None


def check_openevolve_interface() -> _Interface:
    """The OpenEvolve names the wrapper reads, checked once per process; raises `OpenEvolveInterfaceError` naming the
    first one missing."""
    global _interface
    if _interface is not None:
        return _interface
    try:
        from openevolve import evaluator as evaluator_module
        from openevolve import process_parallel
        from openevolve.evaluation_result import EvaluationResult
    except ImportError as error:
        raise OpenEvolveInterfaceError("the modules openevolve.evaluator, openevolve.process_parallel, openevolve.evaluation_result", f"import failed: {error}") from None
    evaluator_class = getattr(evaluator_module, "Evaluator", None)
    method = getattr(evaluator_class, "evaluate_program", None)
    if method is None or not asyncio.iscoroutinefunction(method):
        raise OpenEvolveInterfaceError("openevolve.evaluator.Evaluator.evaluate_program", "a coroutine method")
    for local in ("self", "program_id", "temp_file_path", "attempt"):
        if local not in method.__code__.co_varnames:
            raise OpenEvolveInterfaceError(f"the local '{local}' of Evaluator.evaluate_program", "where the program's id and temporary file are read")
    if not callable(getattr(evaluator_class, "_passes_threshold", None)):
        raise OpenEvolveInterfaceError("openevolve.evaluator.Evaluator._passes_threshold", "the cascade's threshold check")
    worker = getattr(process_parallel, "_run_iteration_worker", None)
    if worker is None:
        raise OpenEvolveInterfaceError("openevolve.process_parallel._run_iteration_worker", "the worker function of an iteration")
    for local in ("parent_id", "child_id", "llm_response"):
        if local not in worker.__code__.co_varnames:
            raise OpenEvolveInterfaceError(f"the local '{local}' of process_parallel._run_iteration_worker", "where the parent's id and the LLM's answer are read")
    for attribute in ("metrics", "artifacts"):
        if attribute not in getattr(EvaluationResult, "__dataclass_fields__", {}):
            raise OpenEvolveInterfaceError(f"EvaluationResult.{attribute}", "a field of openevolve.evaluation_result.EvaluationResult")
    _interface = _Interface(method.__code__, worker.__code__, EvaluationResult)
    return _interface


@dataclass
class _Context:
    """What OpenEvolve knows of the program being evaluated."""

    program_id: str
    parents: List[str]
    plan: str
    evaluator: Any  # OpenEvolve's Evaluator (its config and threshold check), or None outside OpenEvolve
    attempt: int = 0  # evaluate_program's retry loop (evaluator.py:155)


def _openevolve_context(program_path: str, interface: Optional[_Interface]) -> Optional[_Context]:
    """Finds the `evaluate_program` coroutine that wrote `program_path` (suspended while the evaluation runs in an
    executor thread) and, in a worker, the iteration that proposed it. Reads only; None when not found."""
    if interface is None:
        return None
    frames = list(sys._current_frames().values())
    loops = []
    for top in frames:
        frame: Optional[FrameType] = top
        while frame is not None:
            if frame.f_code.co_name in ("_run_once", "run_forever", "run_until_complete"):
                loop = frame.f_locals.get("self")
                if isinstance(loop, asyncio.AbstractEventLoop) and loop not in loops:
                    loops.append(loop)
            frame = frame.f_back
    found = None
    for loop in loops:
        for task in list(asyncio.all_tasks(loop)):
            coroutine: Any = task.get_coro()
            while coroutine is not None and found is None:
                frame = getattr(coroutine, "cr_frame", None)
                if frame is not None and frame.f_code is interface.evaluate_program and frame.f_locals.get("temp_file_path") == program_path:
                    found = frame.f_locals
                coroutine = getattr(coroutine, "cr_await", None)
    if found is None or not found.get("program_id"):
        return None
    program_id = str(found["program_id"])
    parents: List[str] = []
    plan = ""
    for top in frames:
        frame = top
        while frame is not None:
            if frame.f_code is interface.iteration_worker and frame.f_locals.get("child_id") == program_id:
                parent = frame.f_locals.get("parent_id")
                parents = [str(parent)] if parent else []
                plan = _prose(frame.f_locals.get("llm_response") or "")
            frame = frame.f_back
    attempt = found.get("attempt")
    return _Context(program_id, parents, plan, found.get("self"), attempt if isinstance(attempt, int) else 0)


def _prose(answer: str) -> str:
    """The LLM's words around its code: fenced blocks and SEARCH/REPLACE blocks removed."""
    text = re.sub(r"```.*?(```|$)", " ", answer, flags=re.S)
    text = re.sub(r"<<<<<<< SEARCH.*?>>>>>>> REPLACE", " ", text, flags=re.S)
    return " ".join(text.split())[:2000]


def _evolve_block(code: str) -> str:
    """The EVOLVE-BLOCK part of a program (all of it when it has no markers)."""
    match = re.search(r"EVOLVE-BLOCK-START(.*?)(EVOLVE-BLOCK-END|$)", code, flags=re.S)
    return match.group(1) if match else code


def _identifier_counts(code: str) -> collections.Counter[str]:
    without_comments = re.sub(r"#[^\n]*", " ", _evolve_block(code))
    return collections.Counter(token.lower() for token in re.findall(r"[A-Za-z_][A-Za-z0-9_]*", without_comments))


def _drift(code: str, reference: collections.Counter[str]) -> float:
    counts = _identifier_counts(code)
    dot = sum(count * reference.get(token, 0) for token, count in counts.items())
    norm = math.sqrt(sum(c * c for c in counts.values())) * math.sqrt(sum(c * c for c in reference.values()))
    return round(min(1.0, max(0.0, 1.0 - (dot / norm if norm > 0 else 0.0))), 6)


def _numeric(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and value == value


@dataclass
class _Program:
    """One program's state in this process, between its stages."""

    context: _Context
    code: str
    admission: Admission
    descriptors: Dict[str, float]
    merged: Dict[str, float] = field(default_factory=dict)


# Per process, shared by every execution of the evaluator file (OpenEvolve re-executes it per cascade evaluation).
_runs_ready: Set[str] = set()
_programs: Dict[Tuple[str, str], _Program] = {}
_lock = threading.Lock()
_inside = threading.local()


class BodenEvaluator:
    """Wraps an OpenEvolve evaluator's functions: admit and gate before, observe after, declared dimensions added."""

    def __init__(
        self,
        run_id: str = "openevolve",
        client: Optional[BodenClient] = None,
        dimensions: Sequence[str] = DIMENSIONS,
        initial_program: Optional[str] = None,
        families: Sequence[Tuple[str, str]] = DEFAULT_FAMILIES,
        gate: Optional[GateOptions] = None,
        own_dimensions: Sequence[str] = (),
        shape_score: bool = False,
        strength: float = 0.1,
        gated_score: float = 0.0,
        require_openevolve: bool = True,
        url: Optional[str] = None,
        token: Optional[str] = None,
    ) -> None:
        unknown = [name for name in dimensions if name not in DIMENSIONS]
        if unknown:
            raise ValueError(f"BodenEvaluator: unknown dimension {unknown[0]!r} (known: {', '.join(DIMENSIONS)})")
        self.interface = check_openevolve_interface() if require_openevolve else None
        self.run_id = run_id
        if client is not None and (url is not None or token is not None):
            raise ValueError("BodenEvaluator: pass client or url/token, not both (a client has its own address and token)")
        self.client = client or BodenClient(url if url is not None else os.environ.get("BODEN_URL", "http://127.0.0.1:7878"), token=token if token is not None else os.environ.get("BODEN_TOKEN"))
        self.dimensions = list(dimensions)
        self.families = [(name, re.compile(pattern, re.I)) for name, pattern in families]
        self.gate: GateOptions = {} if gate is None else gate
        self.own_dimensions = set(own_dimensions)
        self.shape_score, self.strength, self.gated_score = shape_score, strength, gated_score
        self.initial_program = initial_program
        self._reference: Optional[collections.Counter[str]] = None
        self._stages: Dict[str, Callable[[str], Any]] = {}

    # -- wiring -------------------------------------------------------------------------------------------------
    def install(self, namespace: Dict[str, Any]) -> "BodenEvaluator":
        """Wraps, in place, each of `evaluate`, `evaluate_stage1/2/3` the evaluator file defines."""
        if self.initial_program is None and namespace.get("__file__"):
            beside = os.path.join(os.path.dirname(os.path.abspath(namespace["__file__"])), "initial_program.py")
            self.initial_program = beside if os.path.exists(beside) else None
        for name in STAGES:
            if callable(namespace.get(name)):
                self._stages[name] = namespace[name]
        if "evaluate" not in self._stages:
            raise ValueError("BodenEvaluator.install: the evaluator file defines no evaluate(program_path), which OpenEvolve requires (evaluator.py:87-90)")
        for name in self._stages:
            namespace[name] = self.wrap(name)
        self._prepare()
        return self

    def wrap(self, name: str, function: Optional[Callable[[str], Any]] = None) -> Callable[[str], Any]:
        """The function OpenEvolve calls as `name` (one of evaluate, evaluate_stage1..3)."""
        if function is not None:
            self._stages[name] = function
        original = self._stages[name]

        def evaluate_with_boden(program_path: str) -> Any:
            # The user's own stage calling another (circle_packing's evaluate_stage2 calls evaluate) is no new program.
            if getattr(_inside, "active", False):
                return original(program_path)
            _inside.active = True
            try:
                return self._evaluate(name, original, program_path)
            finally:
                _inside.active = False

        evaluate_with_boden.__name__ = name
        evaluate_with_boden.__wrapped__ = original  # type: ignore[attr-defined]
        return evaluate_with_boden

    def evaluations_saved(self) -> int:
        """Programs the gate kept from evaluation, over every worker of the run."""
        return int(self.client.summary(self.run_id)["rejected"])

    def _prepare(self) -> None:
        if "boden_drift" in self.dimensions:
            if self.initial_program is None or not os.path.exists(self.initial_program):
                raise ValueError("BodenEvaluator: boden_drift needs the initial program (initial_program=PATH, default initial_program.py beside the evaluator file)")
            with open(self.initial_program, encoding="utf-8") as handle:
                self._reference = _identifier_counts(handle.read())
        if self.run_id in _runs_ready:
            return
        try:
            self.client.create_run(self.run_id, gate=self.gate, objective={"direction": "maximize", "name": "combined_score"})
        except BodenError as error:
            if error.status != 409:  # another worker created it: share it
                raise
        _runs_ready.add(self.run_id)

    # -- one call -----------------------------------------------------------------------------------------------
    def _evaluate(self, name: str, original: Callable[[str], Any], program_path: str) -> Any:
        if self.run_id not in _runs_ready or (self._reference is None and "boden_drift" in self.dimensions):
            self._prepare()
        with open(program_path, encoding="utf-8") as handle:
            code = handle.read()
        context = _openevolve_context(program_path, self.interface) or _Context(f"program-{hashlib.sha1(code.encode()).hexdigest()[:12]}", [], "", None)
        key = (self.run_id, context.program_id)
        with _lock:
            program = _programs.get(key)
        if program is None:  # the first stage (a retry of OpenEvolve reuses the admission)
            admission = self.client.admit(self.run_id, context.program_id, context.plan, code, operator="mutation" if context.parents else "initial", parents=context.parents)
            program = _Program(context, code, admission, self._descriptors(code))
            with _lock:
                _programs[key] = program
        if not program.admission["accepted"]:
            return self._gated(program, name)
        try:
            result = original(program_path)
        except Exception:
            # OpenEvolve retries a plain evaluate that raised (evaluator.py:155, 267-285); a stage's error it keeps.
            evaluator = program.context.evaluator
            if name != "evaluate" or evaluator is None or program.context.attempt >= evaluator.config.max_retries:
                self._observe(key, program, valid=False, value=None)
            raise
        metrics, artifacts, kind = self._split(result)
        own = dict(metrics)
        added = self._added(program, own)
        if self._is_last(name, program, {**own, **added}):
            merged = {**program.merged, **{k: float(v) for k, v in {**own, **added}.items() if _numeric(v) and k != "error"}}
            score = merged.get("combined_score")
            valid = _numeric(score) and "error" not in own and own.get("timeout") is not True
            self._observe(key, program, valid=valid, value=score if valid else None)
        if self.shape_score and _numeric(added.get("combined_score", own.get("combined_score"))):
            added["combined_score"] = float(added.get("combined_score", own.get("combined_score"))) + self.strength * (program.admission.get("novelty") or 0.0)
        return self._join(kind, {**own, **added}, artifacts)

    def _descriptors(self, code: str) -> Dict[str, float]:
        values: Dict[str, float] = {}
        if "boden_drift" in self.dimensions:
            values["boden_drift"] = _drift(code, self._reference or collections.Counter())
        if "boden_family" in self.dimensions:
            block = re.sub(r"#[^\n]*", " ", _evolve_block(code))
            values["boden_family"] = float(max([index + 1 for index, (_, pattern) in enumerate(self.families) if pattern.search(block)], default=0))
        return values

    def _added(self, program: _Program, own: Dict[str, Any]) -> Dict[str, Any]:
        """The metrics the wrapper adds: the dimensions, boden_novelty and, only when absent, combined_score."""
        added: Dict[str, Any] = dict(program.descriptors)
        added["boden_novelty"] = float(program.admission.get("novelty") or 0.0)
        if "combined_score" not in own:
            values = [float(v) for k, v in own.items() if _numeric(v) and k != "error" and k not in self.own_dimensions]
            if values:
                added["combined_score"] = sum(values) / len(values)
        return added

    def _is_last(self, name: str, program: _Program, metrics: Dict[str, Any]) -> bool:
        """Will OpenEvolve run no further stage for this program? (Its own threshold check, evaluator.py:422-491.)"""
        evaluator = program.context.evaluator
        if name == "evaluate" or evaluator is None:
            return True
        thresholds = list(evaluator.config.cascade_thresholds)
        if name == "evaluate_stage1":
            program.merged = {k: float(v) for k, v in metrics.items() if _numeric(v) and k != "error"}
            return not thresholds or not evaluator._passes_threshold(metrics, thresholds[0]) or "evaluate_stage2" not in self._stages
        if name == "evaluate_stage2":
            merged = {**program.merged, **{k: float(v) for k, v in metrics.items() if _numeric(v) and k != "error"}}
            last = len(thresholds) < 2 or not evaluator._passes_threshold(merged, thresholds[1]) or "evaluate_stage3" not in self._stages
            program.merged = {} if last else merged
            return last
        return True

    def _observe(self, key: Tuple[str, str], program: _Program, valid: bool, value: Optional[float]) -> None:
        self.client.observe(self.run_id, program.context.program_id, None, None, valid=valid, value=value, parents=program.context.parents)
        with _lock:
            _programs.pop(key, None)

    def _gated(self, program: _Program, name: str) -> Any:
        admission = program.admission
        nearest = admission["nearest"][0] if admission.get("nearest") else None
        reason = admission.get("reason") or "a re-proposal of an earlier program"
        if name in ("evaluate", "evaluate_stage1"):
            logger.info("boden: program %s not evaluated (%s%s)", program.context.program_id, reason, f", like {nearest}" if nearest else "")
        metrics = {**program.descriptors, "boden_novelty": float(admission.get("novelty") or 0.0), "boden_gated": 1.0, "combined_score": float(self.gated_score)}
        artifacts = {"boden_gate": f"not evaluated: boden's gate found {reason}" + (f" (program {nearest})" if nearest else "")}
        return self._join("result" if self.interface is not None else "dict", metrics, artifacts)

    def _split(self, result: Any) -> Tuple[Dict[str, Any], Dict[str, Any], str]:
        if isinstance(result, dict):
            return result, {}, "dict"
        if self.interface is not None and isinstance(result, self.interface.evaluation_result):
            return dict(result.metrics), dict(result.artifacts), "result"
        raise TypeError(f"an OpenEvolve evaluator returns a dict or an EvaluationResult, not {type(result).__name__}")

    def _join(self, kind: str, metrics: Dict[str, Any], artifacts: Dict[str, Any]) -> Any:
        if kind == "result" and self.interface is not None:
            return self.interface.evaluation_result(metrics=metrics, artifacts=artifacts)
        return metrics


# -- A stand-in evaluator and a few programs, to run this file without OpenEvolve. ---------------------------------


def toy_evaluate(program_path: str) -> Dict[str, Any]:
    """Scores a program by which approach it names (an OpenEvolve evaluator would run it)."""
    with open(program_path, encoding="utf-8") as handle:
        code = handle.read()
    if "minimize" in code:
        return {"combined_score": 2.63, "validity": 1.0}
    if "hexagonal" in code:
        return {"combined_score": 2.20, "validity": 1.0}
    return {"combined_score": 1.91, "validity": 1.0}


PROGRAMS = [
    "def construct_packing():\n    centers = ring_layout(26, radius=0.35)\n    return centers, fitted_radii(centers)\n",
    "def construct_packing():\n    # the same rings, proposed again\n    centers = ring_layout(26, radius=0.35)\n    return centers, fitted_radii(centers)\n",
    "def construct_packing():\n    centers = hexagonal_lattice(26, spacing=0.19)\n    return centers, fitted_radii(centers)\n",
    "import numpy as np\nfrom scipy.optimize import minimize\n\ndef construct_packing():\n    x0 = np.random.default_rng(0).random(78)\n    result = minimize(lambda x: -x[52:].sum(), x0, method='SLSQP')\n    return result.x[:52].reshape(26, 2), result.x[52:]\n",
]


def main() -> None:
    parser = argparse.ArgumentParser(description="Runs BodenEvaluator around a stand-in evaluator on a few programs.")
    parser.add_argument("--url", default=os.environ.get("BODEN_URL", "http://127.0.0.1:7878"), help="boden serve's address (default: BODEN_URL, else http://127.0.0.1:7878)")
    parser.add_argument("--token", default=os.environ.get("BODEN_TOKEN"), help="boden serve's token, if it has one (default: BODEN_TOKEN)")
    arguments = parser.parse_args()
    client = BodenClient(arguments.url, token=arguments.token)
    with tempfile.TemporaryDirectory() as folder:
        seed = os.path.join(folder, "initial_program.py")
        with open(seed, "w", encoding="utf-8") as handle:
            handle.write(PROGRAMS[0])
        boden = BodenEvaluator(run_id=os.environ.get("BODEN_RUN", "openevolve-demo"), client=client, initial_program=seed, require_openevolve=False)
        namespace: Dict[str, Any] = {"evaluate": toy_evaluate}
        boden.install(namespace)
        for index, code in enumerate(PROGRAMS):
            path = os.path.join(folder, f"program_{index}.py")
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(code)
            metrics = namespace["evaluate"](path)
            state = "gated" if metrics.get("boden_gated") else "evaluated"
            print(f"program {index}: {state}, combined_score {metrics['combined_score']:.3f}, boden_novelty {metrics['boden_novelty']:.3f}, boden_drift {metrics['boden_drift']:.3f}, boden_family {metrics['boden_family']:.0f}")
        print(f"evaluations saved: {boden.evaluations_saved()}")


if __name__ == "__main__":
    try:
        main()
    except BodenError as error:
        sys.exit(f"{os.path.basename(__file__)}: {error}")
