"""OpenEvolve without a fork: an evaluator wrapper that adds boden's novelty to the metrics. A runnable recipe.

OpenEvolve calls the user's `evaluate(program_path)` and keeps the returned metrics; its MAP-Elites grid can use any of
them as `feature_dimensions`, and `combined_score` drives selection. `with_boden` wraps an evaluator so every program
is admitted to a boden run and observed with its score, and the metrics gain

- `boden_novelty`: the program's novelty against the run's earlier programs, in [0, 1] (a feature dimension);
- `boden_concepts`: how many ML concepts its code and comments name (another one);
- one metric per descriptor axis of the run (`descriptors`; by default concept axes, here the model paradigm and an
  embedding-cluster axis for constructions no ML word names): `boden_paradigm`, `boden_embedding_cluster`, each the
  number of the program's value on that axis, so OpenEvolve's grid gets boden's cells as `feature_dimensions`;
- `combined_score` shaped as `score + strength × novelty` when `shape_score` is set.

    # evaluator.py, the file OpenEvolve loads
    from boden_client import BodenClient
    from openevolve_evaluator import with_boden
    evaluate = with_boden(my_evaluate, BodenClient(), run_id="openevolve-run")
    # config.yaml: database.feature_dimensions: ["boden_embedding_cluster", "boden_novelty"]

OpenEvolve evaluates in a process pool; every worker's wrapper talks to the same `boden serve` run, so the history is
shared. This file runs on its own with a stand-in evaluator:

    npx boden serve &
    python3 examples/python/openevolve_evaluator.py
"""

from __future__ import annotations

import os
import sys
import tempfile
import uuid
from typing import Any, Callable, Dict

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "clients", "python"))
from boden_client import BodenClient, BodenError  # noqa: E402

Evaluator = Callable[[str], Dict[str, Any]]


# Short programs sit closer in the embedding than long ML scripts: a smaller radius than the default 0.35.
DEFAULT_DESCRIPTORS = {"axes": ["paradigm"], "embeddingClusters": {"clusters": 16, "radius": 0.2}}


def with_boden(evaluate: Evaluator, client: BodenClient, run_id: str, shape_score: bool = False, strength: float = 0.1, descriptors: Dict[str, Any] = DEFAULT_DESCRIPTORS) -> Evaluator:
    """`evaluate` with boden's novelty, concept count and descriptor axes added to its metrics (and `combined_score`
    shaped if asked)."""
    try:
        client.create_run(run_id, descriptors=descriptors)
    except BodenError as error:
        if error.status != 409:  # another worker created it: share it
            raise

    def evaluate_with_boden(program_path: str) -> Dict[str, Any]:
        with open(program_path, encoding="utf-8") as handle:
            code = handle.read()
        node_id = f"{os.path.basename(program_path)}-{uuid.uuid4().hex[:8]}"
        admission = client.admit(run_id, node_id, "", code)
        metrics = dict(evaluate(program_path))
        score = metrics.get("combined_score")
        valid = isinstance(score, (int, float)) and "error" not in metrics
        client.observe(run_id, node_id, "", code, valid=valid, value=float(score) if valid else None)
        novelty = admission["novelty"] if admission["novelty"] is not None else 0.0
        metrics["boden_novelty"] = novelty
        metrics["boden_concepts"] = float(len(admission["concepts"]))
        metrics.update({name: float(value) for name, value in admission["cell"]["metrics"].items()})
        if shape_score and valid:
            metrics["combined_score"] = float(score) + strength * novelty
        return metrics

    return evaluate_with_boden


# -- A stand-in evaluator and a few programs. ----------------------------------------------------------------------


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
    "def construct_packing():\n    centers = ring_layout(26, radius=0.36)\n    return centers, fitted_radii(centers)\n",
    "def construct_packing():\n    centers = hexagonal_lattice(26, spacing=0.19)\n    return centers, fitted_radii(centers)\n",
    "import numpy as np\nfrom scipy.optimize import minimize\n\ndef construct_packing():\n    x0 = np.random.default_rng(0).random(78)\n    result = minimize(lambda x: -x[52:].sum(), x0, method='SLSQP')\n    return result.x[:52].reshape(26, 2), result.x[52:]\n",
]


def main() -> None:
    client = BodenClient(os.environ.get("BODEN_URL", "http://127.0.0.1:7878"), token=os.environ.get("BODEN_TOKEN"))
    evaluate = with_boden(toy_evaluate, client, run_id=os.environ.get("BODEN_RUN", "openevolve-demo"), shape_score=True)
    with tempfile.TemporaryDirectory() as folder:
        for index, code in enumerate(PROGRAMS):
            path = os.path.join(folder, f"program_{index}.py")
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(code)
            metrics = evaluate(path)
            print(f"program {index}: combined_score {metrics['combined_score']:.3f}, boden_novelty {metrics['boden_novelty']:.3f}, boden_concepts {metrics['boden_concepts']:.0f}, boden_embedding_cluster {metrics['boden_embedding_cluster']:.0f}")


if __name__ == "__main__":
    try:
        main()
    except BodenError as error:
        sys.exit(f"{os.path.basename(__file__)}: {error}")
