"""A ShinkaEvolve novelty judge backed by boden: a runnable recipe.

ShinkaEvolve's async runner asks `runner.novelty_judge` whether to check a new program and, if so, whether to
accept it (rejection sampling against near-duplicates). Replace it with `BodenNoveltyJudge`: the same three
methods, answered by `boden serve` (its novelty gate and the run's history) instead of an embedding database and an
LLM. Keep ShinkaEvolve's `embedding_model` set: the runner skips the check without an embedding.

    runner.novelty_judge = BodenNoveltyJudge(BodenClient(), run_id="shinka-run", threshold=0.05)

Accepted programs join boden's history at once (ShinkaEvolve does not report outcomes to its judge), so later
proposals are compared with every program that was let through. This file runs on its own with stand-ins for
ShinkaEvolve's Program and database:

    npx boden serve &
    python3 examples/python/shinka_novelty_judge.py
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
from dataclasses import dataclass
from typing import Any, Dict, List, Optional, Tuple

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "clients", "python"))
from boden_client import BodenClient, BodenError  # noqa: E402


class BodenNoveltyJudge:
    """ShinkaEvolve's novelty-judge interface (`shinka/core/async_novelty_judge.py`) over a boden run with a gate."""

    def __init__(self, client: BodenClient, run_id: str, threshold: float = 0.05) -> None:
        self.client = client
        self.run_id = run_id
        self.proposals = 0
        self.skips: List[str] = []
        try:
            # ShinkaEvolve rejects near-duplicates by embedding similarity, so the gate reads nearest-neighbour novelty
            # (boden's own default gate rejects exact re-proposals only).
            client.create_run(run_id, gate={"metric": "nearest-neighbour", "threshold": threshold, "maxResamples": 0})
        except BodenError as error:
            if error.status != 409:  # a run of that name exists: join it (several workers share one run)
                raise

    async def should_check_novelty_async(self, code_embedding: List[float], current_gen: int, parent_program: Any, db: Any) -> bool:
        """Check every program after the first generation that has a parent, as ShinkaEvolve's judge does."""
        return bool(code_embedding) and current_gen > 0 and parent_program is not None

    async def assess_novelty_with_rejection_sampling_async(self, exec_fname: str, code_embedding: List[float], parent_program: Any, db: Any) -> Tuple[bool, Dict[str, Any]]:
        """Accept or reject the program in `exec_fname`; the metadata has ShinkaEvolve's keys."""
        with open(exec_fname, encoding="utf-8") as handle:
            code = handle.read()
        self.proposals += 1
        node_id = f"{os.path.basename(exec_fname)}-{self.proposals}"
        plan = getattr(parent_program, "plan", "") or ""
        # The client calls block; run them off the event loop like ShinkaEvolve's own database calls.
        loop = asyncio.get_running_loop()
        admission = await loop.run_in_executor(None, lambda: self.client.admit(self.run_id, node_id, plan, code, operator="mutate"))
        if admission["accepted"]:
            await loop.run_in_executor(None, lambda: self.client.observe(self.run_id, node_id, plan, code, valid=True))
        novelty = admission["novelty"] if admission["novelty"] is not None else 1.0
        metadata = {
            "novelty_checks_performed": 1,
            "novelty_total_cost": 0.0,
            "novelty_explanation": admission.get("reason") or f"novelty {novelty:.3f} against {len(admission['nearest'])} near programs",
            "max_similarity": 1.0 - novelty,
            "similarity_scores": [1.0 - novelty],
        }
        return bool(admission["accepted"]), metadata

    def log_novelty_skip_message(self, reason: str) -> None:
        """Remember why a check was skipped (ShinkaEvolve logs it)."""
        self.skips.append(reason)


# -- Stand-ins for ShinkaEvolve's Program and a few generations of proposals. --------------------------------------


@dataclass
class Program:
    code: str
    island_idx: Optional[int] = 0
    plan: str = ""


PROPOSALS = [
    "def construct_packing():\n    centers = ring_layout(26, radius=0.35)\n    return centers, fitted_radii(centers)\n",
    "def construct_packing():\n    centers = ring_layout(26, radius=0.36)\n    return centers, fitted_radii(centers)\n",  # a near-duplicate
    "def construct_packing():\n    centers = hexagonal_lattice(26, spacing=0.19)\n    return centers, fitted_radii(centers)\n",
    "import numpy as np\nfrom scipy.optimize import minimize\n\ndef construct_packing():\n    x0 = np.random.default_rng(0).random(78)\n    result = minimize(lambda x: -x[52:].sum(), x0, method='SLSQP')\n    return result.x[:52].reshape(26, 2), result.x[52:]\n",
]


async def demo(client: BodenClient, run_id: str) -> None:
    judge = BodenNoveltyJudge(client, run_id)
    parent = Program(code=PROPOSALS[0], plan="Concentric rings of circles, radii fitted to the gaps.")
    with tempfile.TemporaryDirectory() as folder:
        for generation, code in enumerate(PROPOSALS, start=1):
            path = os.path.join(folder, f"gen_{generation}.py")
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(code)
            if not await judge.should_check_novelty_async([0.1], generation, parent, db=None):
                judge.log_novelty_skip_message("not checked")
                continue
            accepted, metadata = await judge.assess_novelty_with_rejection_sampling_async(path, [0.1], parent, db=None)
            print(f"generation {generation}: {'accepted' if accepted else 'rejected'} (max similarity {metadata['max_similarity']:.3f}: {metadata['novelty_explanation']})")


def main() -> None:
    client = BodenClient(os.environ.get("BODEN_URL", "http://127.0.0.1:7878"), token=os.environ.get("BODEN_TOKEN"))
    asyncio.run(demo(client, os.environ.get("BODEN_RUN", "shinka-demo")))


if __name__ == "__main__":
    try:
        main()
    except BodenError as error:
        sys.exit(f"{os.path.basename(__file__)}: {error}")
