"""A ShinkaEvolve novelty judge backed by boden: a runnable recipe.

ShinkaEvolve's async runner asks `runner.novelty_judge` whether to check a new program and, if so, whether to
accept it (rejection sampling against near-duplicates). `BodenNoveltyJudge` answers the same three methods with
`boden serve`'s novelty gate, written against ShinkaEvolve 9912af1 (SakanaAI/ShinkaEvolve):

    from shinka.core import ShinkaEvolveRunner
    runner = ShinkaEvolveRunner(evo_config=..., job_config=..., db_config=...)
    judge = BodenNoveltyJudge.attach(runner, run_id="shinka-run", threshold=0.05)  # url=... (else BODEN_URL) or client=...
    runner.run()
    judge.finish(runner)  # the outcomes of the last programs, then `boden score` the run's export

What it does, and why:
- `attach` checks the Shinka names it relies on (the judge's three methods, `Program`'s fields, the database's
  read calls, `runner.novelty_judge`, `evo_config.max_novelty_attempts`) and raises `ShinkaInterfaceError`
  naming the missing one and the commit it was written against. Keep Shinka's `embedding_model` set: the runner
  skips the check without an embedding (and then accepts).
- A budget: Shinka gives each generation `max_novelty_attempts` proposals and drops the generation when the last
  one is rejected (async_runner.py: "Failed to generate proposal ... after all attempts"). The judge never rejects a
  generation's last attempt: it accepts it and says so in `novelty_explanation`.
- Outcomes: Shinka never tells its judge how a program scored, but it stores every evaluated program in its
  database, which the runner hands to each judge call. Each call first reports the programs stored since the last
  one to boden (`correct` as valid, `combined_score` as the value, maximised), so the gate compares a proposal with
  the evaluated programs, as Shinka's own judge does. The nodes carry Shinka's program ids and parent ids (an island
  copy of a program counts as the program), the plan is the proposal's `patch_name: patch_description`, so
  `GET /runs/<id>/export` is a tree `boden score` reads, and it joins Shinka's `programs.sqlite` by id.
- Admissions use their own ids (`gen_5.attempt2.<random>`): Shinka makes a program's id after evaluation, so the
  admitted proposal and the reported program are two nodes of the run; the export holds only the reported ones.

This file also runs on its own, with stand-ins for ShinkaEvolve's Program and database:

    npx boden serve &
    python3 examples/python/shinka_novelty_judge.py          # --url (or BODEN_URL) for another address
"""

from __future__ import annotations

import argparse
import asyncio
import inspect
import os
import sys
import tempfile
import uuid
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Set, Tuple

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "clients", "python"))
from boden_client import BodenClient, BodenError  # noqa: E402

SHINKA_COMMIT = "9912af1"
"""The ShinkaEvolve commit (SakanaAI/ShinkaEvolve) this judge was written and tested against."""


class ShinkaInterfaceError(RuntimeError):
    """ShinkaEvolve lacks a name this judge relies on (another version than the one it was written against)."""

    def __init__(self, expected: str, where: str) -> None:
        super().__init__(f"ShinkaEvolve has no {expected} ({where}); BodenNoveltyJudge was written against ShinkaEvolve {SHINKA_COMMIT}")
        self.expected = expected
        self.where = where


# The judge interface the runner calls (shinka/core/async_novelty_judge.py, class AsyncNoveltyJudge).
_JUDGE_METHODS = {
    "should_check_novelty_async": ["code_embedding", "current_gen", "parent_program", "db"],
    "assess_novelty_with_rejection_sampling_async": ["exec_fname", "code_embedding", "parent_program", "db"],
    "log_novelty_skip_message": ["reason"],
}
# What outcome reporting reads of a stored program (shinka/database/dbase.py, class Program).
_PROGRAM_FIELDS = ["id", "code", "parent_id", "generation", "correct", "combined_score", "text_feedback", "metadata"]


def check_shinka_interface(runner: Any = None) -> None:
    """Raises `ShinkaInterfaceError` unless the importable `shinka` package (and `runner`, if given) has what the
    judge uses."""
    try:
        from shinka.core.async_novelty_judge import AsyncNoveltyJudge
        from shinka.database import Program, ProgramDatabase
    except ImportError as error:
        raise ShinkaInterfaceError("shinka.core.async_novelty_judge.AsyncNoveltyJudge or shinka.database.Program", f"import failed: {error}") from None
    for name, parameters in _JUDGE_METHODS.items():
        method = getattr(AsyncNoveltyJudge, name, None)
        found = list(inspect.signature(method).parameters)[1:] if method is not None else None
        if found != parameters:
            raise ShinkaInterfaceError(f"AsyncNoveltyJudge.{name}({', '.join(parameters)})", "shinka/core/async_novelty_judge.py")
    fields = getattr(Program, "__dataclass_fields__", {})
    for name in _PROGRAM_FIELDS:
        if name not in fields:
            raise ShinkaInterfaceError(f"Program.{name}", "shinka/database/dbase.py")
    for name in ("get_programs_by_generation", "get", "get_all_programs"):
        if not callable(getattr(ProgramDatabase, name, None)):
            raise ShinkaInterfaceError(f"ProgramDatabase.{name}", "shinka/database/dbase.py")
    if runner is not None:
        if not hasattr(runner, "novelty_judge"):
            raise ShinkaInterfaceError("runner.novelty_judge", "shinka/core/async_runner.py")
        if not isinstance(getattr(getattr(runner, "evo_config", None), "max_novelty_attempts", None), int):
            raise ShinkaInterfaceError("runner.evo_config.max_novelty_attempts", "shinka/core/config.py")


class BodenNoveltyJudge:
    """ShinkaEvolve's novelty-judge interface over a boden run with a gate; reports Shinka's stored programs as
    outcomes. `max_novelty_attempts` must be the runner's (`attach` reads it)."""

    def __init__(
        self,
        client: Optional[BodenClient] = None,
        run_id: Optional[str] = None,
        max_novelty_attempts: int = 3,
        threshold: float = 0.05,
        gate_metric: str = "code-nearest-neighbour",
        url: Optional[str] = None,
        token: Optional[str] = None,
    ) -> None:
        """`client`, or else a client of `url` (default `BODEN_URL`, else http://127.0.0.1:7878) with `token` (default
        `BODEN_TOKEN`); `run_id` is required."""
        if max_novelty_attempts < 1:
            raise ValueError(f"max_novelty_attempts must be at least 1, not {max_novelty_attempts}")
        if run_id is None:
            raise ValueError("BodenNoveltyJudge: run_id is required (the boden run this judge's programs go to)")
        if client is not None and (url is not None or token is not None):
            raise ValueError("BodenNoveltyJudge: pass client or url/token, not both (a client has its own address and token)")
        self.client = client or BodenClient(url if url is not None else os.environ.get("BODEN_URL", "http://127.0.0.1:7878"), token=token if token is not None else os.environ.get("BODEN_TOKEN"))
        self.run_id = run_id
        self.max_novelty_attempts = max_novelty_attempts
        self.gate_metric = gate_metric
        self.skips: List[str] = []
        self.calls: Dict[int, int] = defaultdict(int)  # assessments per generation
        self.accepted_by_budget = 0
        self.reported: Set[str] = set()  # Shinka program ids reported to boden
        self._original: Dict[str, str] = {}  # island copy id -> the program it copies
        self._pending: Set[int] = set()  # generations whose program was not reported yet
        self._opened_upto = 0
        try:
            # Shinka compares code embeddings, and the proposal's name and description do not reach the judge: the
            # gate reads the code alone.
            self.client.create_run(run_id, gate={"metric": gate_metric, "threshold": threshold, "maxResamples": 0}, objective={"direction": "maximize", "name": "combined_score"})
        except BodenError as error:
            if error.status != 409:  # a run of that name exists: join it (several workers share one run)
                raise

    @classmethod
    def attach(cls, runner: Any, client: Optional[BodenClient] = None, run_id: Optional[str] = None, **options: Any) -> "BodenNoveltyJudge":
        """Checks Shinka's interface, makes a judge with the runner's `max_novelty_attempts` and installs it as
        `runner.novelty_judge` (the runner keeps a judge assigned after construction). `options` are the judge's
        (`threshold`, `gate_metric`, `url`, `token`)."""
        check_shinka_interface(runner)
        judge = cls(client, run_id, max_novelty_attempts=runner.evo_config.max_novelty_attempts, **options)
        runner.novelty_judge = judge
        return judge

    # -- the three methods the runner calls -------------------------------------------------------------------------
    async def should_check_novelty_async(self, code_embedding: List[float], current_gen: int, parent_program: Any, db: Any) -> bool:
        """Reports the programs Shinka stored since the last call, then checks every proposal after generation 0 that
        has a parent (Shinka's own judge also waits for every island to be seeded)."""
        await self._report(db, upto=current_gen)
        return bool(code_embedding) and current_gen > 0 and parent_program is not None

    async def assess_novelty_with_rejection_sampling_async(self, exec_fname: str, code_embedding: List[float], parent_program: Any, db: Any) -> Tuple[bool, Dict[str, Any]]:
        """Accept or reject the program in `exec_fname`; never rejects a generation's last attempt."""
        with open(exec_fname, encoding="utf-8") as handle:
            code = handle.read()
        generation = _generation_of(exec_fname)
        self.calls[generation] += 1
        attempt = max(self.calls[generation], _attempts_on_disk(exec_fname))
        node_id = f"{os.path.basename(os.path.dirname(exec_fname)) or 'gen'}.attempt{attempt}.{uuid.uuid4().hex[:8]}"
        parent = self._resolve(getattr(parent_program, "id", None), db)
        # The client calls block; run them off the event loop like ShinkaEvolve's own database calls.
        loop = asyncio.get_running_loop()
        admission = await loop.run_in_executor(None, lambda: self.client.admit(self.run_id, node_id, "", code, operator="mutate", parents=None if parent is None else [parent]))
        novelty = admission["scores"].get(self.gate_metric, admission["novelty"])
        novelty = 1.0 if novelty is None else novelty
        accepted = bool(admission["accepted"])
        explanation = admission.get("reason") or f"boden novelty {novelty:.3f}"
        if not accepted and attempt >= self.max_novelty_attempts:
            # Rejecting Shinka's last attempt would drop the whole generation.
            accepted = True
            self.accepted_by_budget += 1
            explanation = f"accepted: attempt {attempt} of {self.max_novelty_attempts} for generation {generation} (boden's gate: {explanation})"
        metadata = {
            "novelty_checks_performed": 1,
            "novelty_total_cost": 0.0,
            "novelty_explanation": explanation,
            "max_similarity": 1.0 - novelty,
            "similarity_scores": [1.0 - novelty],
        }
        return accepted, metadata

    def log_novelty_skip_message(self, reason: str) -> None:
        """Remember why a check was skipped (ShinkaEvolve logs it)."""
        self.skips.append(reason)

    # -- outcomes -------------------------------------------------------------------------------------------------
    def finish(self, runner: Any) -> int:
        """After `runner.run()`: reports the programs stored since the last judge call (the last generations), read
        from the run's `programs.sqlite` through Shinka's own database class; returns how many."""
        from shinka.database import DatabaseConfig, ProgramDatabase

        db = ProgramDatabase(DatabaseConfig(db_path=runner.db_config.db_path), read_only=True)
        try:
            return self.report_outcomes(db)
        finally:
            db.close()

    def report_outcomes(self, db: Any) -> int:
        """Reports every program of `db` (a Shinka `ProgramDatabase`) not reported yet, in the order Shinka stored
        them; returns how many."""
        programs = sorted(db.get_all_programs(), key=lambda program: (program.timestamp, program.generation))
        return self._observe(programs, db)

    async def _report(self, db: Any, upto: int) -> None:
        # Shinka's database connection belongs to the event loop's thread: read it here, send in the executor.
        self._pending.update(range(self._opened_upto, upto + 1))
        self._opened_upto = max(self._opened_upto, upto + 1)
        programs = []
        for generation in sorted(self._pending):
            stored = [program for program in db.get_programs_by_generation(generation) if program.id not in self.reported]
            programs.extend(stored)
            if any(not _copy_of(program) for program in stored):
                self._pending.discard(generation)
        programs.sort(key=lambda program: (program.timestamp, program.generation))
        outcomes = self._outcomes(programs, db)
        if outcomes:
            await asyncio.get_running_loop().run_in_executor(None, lambda: self._send(outcomes))

    def _observe(self, programs: List[Any], db: Any) -> int:
        outcomes = self._outcomes(programs, db)
        self._send(outcomes)
        return len(outcomes)

    def _outcomes(self, programs: List[Any], db: Any) -> List[Dict[str, Any]]:
        outcomes = []
        for program in programs:
            if program.id in self.reported:
                continue
            self.reported.add(program.id)
            original = _copy_of(program)
            if original is not None:
                self._original[program.id] = original
                continue
            metadata = program.metadata or {}
            plan = ": ".join(part for part in (metadata.get("patch_name"), metadata.get("patch_description")) if isinstance(part, str) and part.strip())
            parent = self._resolve(program.parent_id, db)
            correct = bool(program.correct)
            score = program.combined_score if correct and isinstance(program.combined_score, (int, float)) else None
            outcomes.append(
                {
                    "node_id": program.id,
                    "plan": plan,
                    "code": program.code or "",
                    "valid": correct,
                    "value": score,
                    "operator": metadata.get("patch_type") if isinstance(metadata.get("patch_type"), str) else None,
                    "parents": None if parent is None else [parent],
                }
            )
        return outcomes

    def _send(self, outcomes: List[Dict[str, Any]]) -> None:
        for outcome in outcomes:
            self.client.observe(self.run_id, **outcome)

    def _resolve(self, program_id: Optional[str], db: Any) -> Optional[str]:
        """The id boden knows a program by: an island copy (`_is_island_copy`, `_spawned_island`) is its original."""
        seen = set()
        while program_id is not None and program_id not in seen:
            seen.add(program_id)
            if program_id not in self._original and db is not None:
                stored = db.get(program_id)
                original = _copy_of(stored) if stored is not None else None
                if original is not None:
                    self._original[program_id] = original
            if program_id not in self._original:
                return program_id
            program_id = self._original[program_id]
        return program_id


def _copy_of(program: Any) -> Optional[str]:
    """The program an island copy copies, or None for a program of its own."""
    metadata = getattr(program, "metadata", None) or {}
    if metadata.get("_is_island_copy"):
        return metadata.get("_original_program_id")
    if metadata.get("_spawned_island"):
        return metadata.get("_spawned_from_program_id")
    return None


def _generation_of(exec_fname: str) -> int:
    """Shinka writes generation g's proposal to `<results>/gen_<g>/main.<ext>`."""
    folder = os.path.basename(os.path.dirname(exec_fname))
    digits = folder.rsplit("_", 1)[-1]
    return int(digits) if digits.isdigit() else -1


def _attempts_on_disk(exec_fname: str) -> int:
    """The highest novelty attempt Shinka saved for this generation (`gen_<g>/attempts/novelty_<n>/`), 0 if none: counts
    the attempts whose patch failed before reaching the judge."""
    try:
        names = os.listdir(os.path.join(os.path.dirname(exec_fname), "attempts"))
    except OSError:
        return 0
    numbers = [int(name.split("_", 1)[1]) for name in names if name.startswith("novelty_") and name.split("_", 1)[1].isdigit()]
    return max(numbers, default=0)


# -- Stand-ins for ShinkaEvolve's Program and database, and a few generations of proposals. --------------------------


@dataclass
class Program:
    id: str
    code: str
    parent_id: Optional[str] = None
    generation: int = 0
    timestamp: float = 0.0
    correct: bool = True
    combined_score: float = 0.0
    text_feedback: str = ""
    metadata: Dict[str, Any] = field(default_factory=dict)
    island_idx: Optional[int] = 0


class Database:
    def __init__(self) -> None:
        self.programs: List[Program] = []

    def get_programs_by_generation(self, generation: int) -> List[Program]:
        return [program for program in self.programs if program.generation == generation]

    def get(self, program_id: str) -> Optional[Program]:
        return next((program for program in self.programs if program.id == program_id), None)

    def get_all_programs(self) -> List[Program]:
        return list(self.programs)


SEED = "def construct_packing():\n    centers = grid_layout(26, rows=5, columns=6)\n    return centers, fitted_radii(centers)\n"
PROPOSALS = [
    ("rings", "def construct_packing():\n    centers = ring_layout(26, radius=0.35)\n    return centers, fitted_radii(centers)\n", 2.1),
    ("wider_rings", "def construct_packing():\n    centers = ring_layout(26, radius=0.36)\n    return centers, fitted_radii(centers)\n", 2.1),  # a near-duplicate
    ("hexagonal", "def construct_packing():\n    centers = hexagonal_lattice(26, spacing=0.19)\n    return centers, fitted_radii(centers)\n", 2.3),
    ("slsqp", "import numpy as np\nfrom scipy.optimize import minimize\n\ndef construct_packing():\n    x0 = np.random.default_rng(0).random(78)\n    result = minimize(lambda x: -x[52:].sum(), x0, method='SLSQP')\n    return result.x[:52].reshape(26, 2), result.x[52:]\n", 2.6),
]


async def demo(client: BodenClient, run_id: str) -> None:
    db = Database()
    db.programs.append(Program(id="seed", code=SEED, combined_score=1.9, metadata={"patch_name": "initial_program", "patch_type": "init"}))
    judge = BodenNoveltyJudge(client, run_id, max_novelty_attempts=2)
    with tempfile.TemporaryDirectory() as folder:
        for generation, (name, code, score) in enumerate(PROPOSALS, start=1):
            path = os.path.join(folder, f"gen_{generation}", "main.py")
            os.makedirs(os.path.dirname(path))
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(code)
            parent = max(db.programs, key=lambda program: program.combined_score)
            if not await judge.should_check_novelty_async([0.1], generation, parent, db):
                judge.log_novelty_skip_message("not checked")
                continue
            accepted, metadata = await judge.assess_novelty_with_rejection_sampling_async(path, [0.1], parent, db)
            print(f"generation {generation}: {'accepted' if accepted else 'rejected'} (max similarity {metadata['max_similarity']:.3f}: {metadata['novelty_explanation']})")
            if accepted:  # Shinka evaluates it and stores it under an id of its own
                db.programs.append(Program(id=uuid.uuid4().hex, code=code, parent_id=parent.id, generation=generation, timestamp=float(generation), combined_score=score, metadata={"patch_name": name, "patch_type": "full"}))
    reported = judge.report_outcomes(db)
    print(f"boden heard {len(judge.reported)} programs ({reported} at the end)")


def main() -> None:
    parser = argparse.ArgumentParser(description="Runs BodenNoveltyJudge on a few generations of stand-in proposals.")
    parser.add_argument("--url", default=os.environ.get("BODEN_URL", "http://127.0.0.1:7878"), help="boden serve's address (default: BODEN_URL, else http://127.0.0.1:7878)")
    parser.add_argument("--token", default=os.environ.get("BODEN_TOKEN"), help="boden serve's token, if it has one (default: BODEN_TOKEN)")
    arguments = parser.parse_args()
    client = BodenClient(arguments.url, token=arguments.token)
    asyncio.run(demo(client, os.environ.get("BODEN_RUN", f"shinka-demo-{uuid.uuid4().hex[:6]}")))


if __name__ == "__main__":
    try:
        main()
    except BodenError as error:
        sys.exit(f"{os.path.basename(__file__)}: {error}")
