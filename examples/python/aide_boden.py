"""Shaping the real AIDE (WecoAI/aideml, written against commit 9643875) with boden: a subclass of AIDE's own `Agent`.

What a user writes: a 3-line script (4 with options), with this file and clients/python (the boden_client package) on
the path and `npx boden serve` running:

    import aide.run, aide_boden
    aide_boden.configure(run={"objective": {"name": "rmse"}})  # optional: create_run's options, url, token, run_id
    aide.run.Agent = aide_boden.BodenAgent  # the one monkeypatch: aide.run.run() builds its Agent itself
    aide.run.run()                          # AIDE's own loop, reading the `aide` command's key=value arguments

With `aide.Experiment` there is no monkeypatch: `exp.agent = aide_boden.BodenAgent(exp.task_desc, exp.cfg,
exp.journal)` before `exp.run(steps)`. From the shell, `python3 aide_boden.py [--url URL] [--token TOKEN] data_dir=...
goal=...` takes the `aide` command's arguments; boden serve's address is `--url`, else `url=` of `configure` or
`BodenAgent`, else `BODEN_URL`, else http://127.0.0.1:7878 (the token likewise: `--token`, `token=`, `BODEN_TOKEN`), and
the run's id `BODEN_RUN` from the environment.

What changes in AIDE's loop (its `step` is untouched):
- `search_policy` keeps AIDE's drafting and debugging; where AIDE would improve its best node, boden shapes the good
  nodes and the highest shaped value is improved, or a new draft is made when boden's explore mode asks for one;
- a node is admitted by boden right after `_draft/_improve/_debug` made it, before it runs; a rejected one (the gate)
  leaves the tree and is asked for again, and after `max_rejections` the step makes no node. `aide.run`'s loop then
  asks again; `Experiment.run(steps)` counts it as a step;
- after `parse_exec_result` the node is observed with AIDE's own metric value and direction (`MetricValue.maximize`);
- boden's directive goes into the code prompt (`plan_and_code_query`) of the next draft or improvement.
"""

from __future__ import annotations

import gc
import inspect
import logging
import math
import os
import re
import sys
from dataclasses import fields
from typing import Any, Dict, List

try:
    from boden_client import BodenClient, BodenError
except ImportError:  # run from a clone: the client sits in clients/python
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "clients", "python"))
    from boden_client import BodenClient, BodenError

import aide.agent
import aide.interpreter
import aide.journal
import aide.run
import aide.utils.metric

__all__ = ["BodenAgent", "configure", "check_aide", "AideInterfaceError", "BodenAgentError"]
logger = logging.getLogger("aide.boden")
PINNED = "9643875"

# AIDE's names this file relies on, with the leading parameters each must take (self left out).
AGENT_METHODS: Dict[str, List[str]] = {
    "__init__": ["task_desc", "cfg", "journal"],
    "search_policy": [],
    "step": ["exec_callback"],
    "_draft": [],
    "_improve": ["parent_node"],
    "_debug": ["parent_node"],
    "plan_and_code_query": ["prompt"],
    "parse_exec_result": ["node", "exec_result"],
}
NODE_FIELDS = ["id", "code", "plan", "parent", "children", "is_buggy", "metric"]


class AideInterfaceError(RuntimeError):
    """The installed AIDE lacks a name this recipe relies on (it moved or changed since commit 9643875)."""


class BodenAgentError(RuntimeError):
    """A misconfiguration or a run boden's gate cannot go on with."""


def _need(ok: bool, expected: str, found: str) -> None:
    if not ok:
        raise AideInterfaceError(
            f"boden's AIDE recipe (aide_boden.py) needs AIDE's {expected}, as in WecoAI/aideml at commit {PINNED}; "
            f"the installed AIDE {found}. Install aideml at {PINNED} or adapt aide_boden.py to the new names."
        )


def check_aide(agent=aide.agent.Agent, node=aide.journal.Node, journal=aide.journal.Journal, metric=aide.utils.metric.MetricValue) -> None:
    """Raises AideInterfaceError naming the first of AIDE's names this recipe uses that is missing or changed."""
    for name, params in AGENT_METHODS.items():
        method: Any = getattr(agent, name, None)
        _need(callable(method), f"Agent.{name}({', '.join(params)})", f"has no Agent.{name}")
        got = [p for p in inspect.signature(method).parameters][1:]
        _need(got[: len(params)] == params, f"Agent.{name}({', '.join(params)})", f"has Agent.{name}({', '.join(got)})")
    node_fields = {f.name for f in fields(node)}
    for name in NODE_FIELDS:
        _need(name in node_fields, f"Node.{name}", f"has no field Node.{name}")
    _need(isinstance(getattr(node, "stage_name", None), property), "the property Node.stage_name", "has none")
    _need("nodes" in {f.name for f in fields(journal)}, "the field Journal.nodes", "has none")
    _need(isinstance(getattr(journal, "good_nodes", None), property), "the property Journal.good_nodes", "has none")
    metric_fields = {f.name for f in fields(metric)}
    _need({"value", "maximize"} <= metric_fields, "MetricValue(value, maximize)", f"has MetricValue({', '.join(sorted(metric_fields))})")
    _need(hasattr(aide.run, "Agent"), "aide.run.Agent (the class aide.run.run() builds)", "has no aide.run.Agent")
    _need(callable(getattr(aide.interpreter.Interpreter, "cleanup_session", None)), "Interpreter.cleanup_session()", "has none")


try:
    check_aide()  # at import: a moved name fails here, not deep inside AIDE's loop
except AideInterfaceError as error:
    if __name__ == "__main__":
        sys.exit(f"aide_boden: {error}")
    raise

_OPTIONS = {
    "url": os.environ.get("BODEN_URL", "http://127.0.0.1:7878"),
    "token": os.environ.get("BODEN_TOKEN"),  # boden serve's token, if it has one
    "client": None,  # a BodenClient of your own (timeouts, retries); `url` and `token` are used otherwise
    "run_id": os.environ.get("BODEN_RUN"),  # default: aide-<AIDE's exp_name>
    "max_rejections": 3,  # gate rejections before a step gives up its node
    "max_steps_given_up": 3,  # steps in a row without a node before the run stops with an error
    # `create_run`'s options (see boden_client.py): a bonus, the adaptive schedule and the gate by default.
    "run": {"bonus": {"strength": 0.5}, "adaptive": {}, "gate": {}},
}


def configure(**options) -> None:
    """Sets the options every BodenAgent made afterwards starts from (a BodenAgent's own keywords override them);
    `run` is merged into the default run options (`"gate": None` turns the gate off)."""
    _OPTIONS.update(_merged(_OPTIONS, _checked(options)))


def _merged(base: dict, options: dict) -> dict:
    return {**base, **options, "run": {**base["run"], **options.get("run", {})}}


def _checked(options: dict) -> dict:
    unknown = sorted(set(options) - set(_OPTIONS))
    if unknown:
        raise BodenAgentError(f"unknown aide_boden option {unknown[0]!r}; the options are {', '.join(_OPTIONS)}")
    for name in ("max_rejections", "max_steps_given_up"):
        if name in options and not (isinstance(options[name], int) and options[name] >= 1):
            raise BodenAgentError(f"aide_boden option {name} must be an integer >= 1, not {options[name]!r}")
    run_options = set(inspect.signature(BodenClient.create_run).parameters) - {"self", "run_id", "exist_ok"}  # a run of that id is an error here
    if "run" in options and not (isinstance(options["run"], dict) and set(options["run"]) <= run_options):
        raise BodenAgentError(f"aide_boden option run must be a dict of create_run's options ({', '.join(sorted(run_options))}), not {options['run']!r}")
    return options


class _StepGivenUp(Exception):
    """Every proposal of this step was rejected: AIDE's step ends before anything runs."""


class BodenAgent(aide.agent.Agent):
    def __init__(self, task_desc, cfg, journal, **boden_options):
        check_aide()
        super().__init__(task_desc, cfg, journal)
        options = _merged(_OPTIONS, _checked(boden_options))
        self.boden = options["client"] or BodenClient(options["url"], token=options["token"])
        self.boden_run = options["run_id"] or re.sub(r"[^A-Za-z0-9._-]", "-", f"aide-{cfg.exp_name}")
        self._max_rejections, self._max_given_up = options["max_rejections"], options["max_steps_given_up"]
        self._given_up = 0
        self._prompt_notes = {}  # sections for the next code prompt: boden's directive, why a proposal was rejected
        self._run_options, self._run_created = options["run"], False

    def search_policy(self):
        self._prompt_notes = {}
        parent = super().search_policy()  # AIDE's own choice: draft, debug, or improve its best node
        if parent is None or parent.is_buggy:
            return parent
        good = self.journal.good_nodes
        shaped = self.boden.select(self.boden_run, [{"id": n.id, "value": n.metric.value, "children": len(n.children)} for n in good])
        if shaped["directive"]:
            self._prompt_notes["Exploration directive"] = shaped["directive"]
        if shaped["exploration"]["preferDraft"]:
            return None
        values = {key: -math.inf if value is None else value for key, value in shaped["values"].items()}  # higher is better whatever the metric's direction
        return max(good, key=lambda n: values.get(n.id, -math.inf))

    def step(self, exec_callback):
        try:
            if not self._run_created:  # here, not in __init__: aide.run's exit handler fails on an error raised there
                self._create_run()
            super().step(exec_callback)
        except _StepGivenUp:
            logger.warning("boden rejected %d proposals in a row; this step adds no node", self._max_rejections)
        except (BodenError, BodenAgentError):
            _stop_interpreter()  # else AIDE's idle interpreter child keeps Python from exiting
            raise

    def _create_run(self):
        try:
            self.boden.create_run(self.boden_run, **self._run_options)
        except BodenError as error:
            if error.status == 409:
                raise BodenAgentError(f"boden already has a run {self.boden_run!r}: pass run_id=... (or BODEN_RUN) for a new one") from None
            raise
        self._run_created = True

    def _draft(self):
        return self._admitted(super()._draft, None)

    def _improve(self, parent_node):
        return self._admitted(super()._improve, parent_node)

    def _debug(self, parent_node):
        return self._admitted(super()._debug, parent_node)

    def _admitted(self, make, parent):
        """A node made by AIDE, admitted by boden before it runs; rejected ones leave the tree and are asked again."""
        for _ in range(self._max_rejections):
            node = make() if parent is None else make(parent)
            admission = self.boden.admit(self.boden_run, node.id, node.plan, node.code, operator=node.stage_name, parents=_parents(node))
            if admission["accepted"]:
                self._given_up = 0
                return node
            if parent is not None:
                parent.children.discard(node)  # aide/journal.py's Node.__post_init__ added it at creation
            self._prompt_notes["Rejected proposal"] = f"Your last proposal was rejected ({admission.get('reason', 'a re-proposal')}); propose a different program."
        self._given_up += 1
        if self._given_up >= self._max_given_up:
            raise BodenAgentError(f"boden rejected every proposal of {self._given_up} steps in a row: the model keeps re-proposing earlier programs (raise its temperature or the gate's threshold)")
        raise _StepGivenUp()

    def plan_and_code_query(self, prompt, *args, **kwargs):
        # AIDE's code prompts (draft, improve, debug) all pass here as a dict of sections: boden's notes join them.
        if self._prompt_notes and isinstance(prompt, dict):
            prompt = {**prompt, **self._prompt_notes}
        return super().plan_and_code_query(prompt, *args, **kwargs)

    def parse_exec_result(self, node, exec_result):
        super().parse_exec_result(node=node, exec_result=exec_result)
        metric = node.metric
        valid = not node.is_buggy and metric.value is not None and math.isfinite(metric.value)
        direction = None if not valid or metric.maximize is None else ("maximize" if metric.maximize else "minimize")
        self.boden.observe(self.boden_run, node.id, node.plan, node.code, valid=valid, value=metric.value if valid else None, operator=node.stage_name, parents=_parents(node), direction=direction)


def _parents(node):
    return None if node.parent is None else [node.parent.id]


def _stop_interpreter() -> None:
    # The step does not see AIDE's Interpreter (aide.run wraps it in a closure): find it to call its own clean-up.
    for interpreter in [o for o in gc.get_objects() if isinstance(o, aide.interpreter.Interpreter)]:
        interpreter.cleanup_session()


if __name__ == "__main__":
    import argparse

    # boden's own options come out of the command line; the rest are the `aide` command's key=value arguments.
    _parser = argparse.ArgumentParser(add_help=False, allow_abbrev=False)
    _parser.add_argument("--url", help="boden serve's address (default: BODEN_URL, else http://127.0.0.1:7878)")
    _parser.add_argument("--token", help="boden serve's token, if it has one (default: BODEN_TOKEN)")
    _known, _rest = _parser.parse_known_args()
    sys.argv = sys.argv[:1] + _rest
    configure(**{name: value for name, value in (("url", _known.url), ("token", _known.token)) if value is not None})
    aide.run.Agent = BodenAgent
    try:
        aide.run.run()
    except (BodenError, BodenAgentError, AideInterfaceError) as error:
        sys.exit(f"aide_boden: {error}")
