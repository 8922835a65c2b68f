"""Shaping AIRA-dojo's MCTS with boden: a runnable recipe.

AIRA-dojo's MCTS solver (`src/dojo/solvers/mcts/mcts.py`) descends the tree by `uct_value` in `search_policy` and
backs results up in `_backprop_step`. The recipe keeps that loop and changes one thing: at each descent step the
children's mean values go to boden's `select`, and UCT ranks the values boden shaped (normalised usefulness plus the
novelty bonus, and in explore mode a larger exploration constant). Every expanded node is admitted before it is run
and observed after. This file runs on its own with a stand-in for the solver (no LLM, a toy score):

    npx boden serve &
    python3 examples/python/aira_dojo_mcts.py --steps 40
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
from dataclasses import dataclass, field
from typing import List, Optional

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "clients", "python"))
from boden_client import BodenClient, BodenError  # noqa: E402

FAMILIES = {
    "rings": ("Concentric rings of circles, radii fitted to the gaps.", "centers = ring_layout(26, radius={x})", 1.9),
    "grid": ("A square grid with jittered rows.", "centers = grid_layout(5, 6, jitter={x})", 2.1),
    "hexagonal": ("A hexagonal lattice, then radii fitted.", "centers = hexagonal_lattice(26, spacing={x})", 2.2),
    "optimiser": ("Numerical optimisation of centres and radii with SLSQP.", "from scipy.optimize import minimize\nresult = minimize(objective, x0_{x}, method='SLSQP')", 2.63),
}


@dataclass
class Node:
    id: str
    family: str
    plan: str
    code: str
    parent: Optional["Node"] = None
    children: List["Node"] = field(default_factory=list)
    visits: int = 0
    total: float = 0.0

    @property
    def mean(self) -> Optional[float]:
        return None if self.visits == 0 else self.total / self.visits


class Mcts:
    """A stand-in of AIRA-dojo's MCTS: UCT descent, expand a leaf with one child, back the score up."""

    def __init__(self, seed: int, boden: Optional[BodenClient] = None, run_id: str = "") -> None:
        self.random = random.Random(seed)
        self.root = Node(id="root", family="", plan="", code="")
        self.boden = boden
        self.run_id = run_id
        self.count = 0
        self.constant = 0.25  # AIRA-dojo's MLE-bench preset for UCT's c

    def uct_value(self, node: Node, value: float, scale: float) -> float:
        if node.visits == 0:
            return float("inf")
        return value + self.constant * scale * math.sqrt(math.log(max(1, node.parent.visits)) / node.visits)

    def search_policy(self) -> Node:
        node = self.root
        while node.children and len(node.children) >= 3:
            values = {child.id: child.mean for child in node.children}
            scale = 1.0
            if self.boden is not None:
                shaped = self.boden.select(self.run_id, [{"id": child.id, "value": child.mean, "visits": child.visits, "children": len(child.children)} for child in node.children])
                values = {key: value for key, value in shaped["values"].items()}
                scale = shaped["exploration"]["explorationScale"]
            node = max(node.children, key=lambda child: self.uct_value(child, values.get(child.id) or 0.0, scale))
        return node

    def expand(self, parent: Node) -> Node:
        family = parent.family if parent.family and self.random.random() < 0.8 else self.random.choices(list(FAMILIES), weights=[0.4, 0.3, 0.28, 0.02])[0]
        plan, code, _ = FAMILIES[family]
        self.count += 1
        child = Node(id=f"n{self.count}", family=family, plan=plan, code=code.format(x=self.random.randint(10, 99)), parent=parent)
        parent.children.append(child)
        return child

    def evaluate(self, node: Node) -> float:
        return FAMILIES[node.family][2] * (0.9 + 0.1 * self.random.random())

    def step(self) -> None:
        leaf = self.search_policy()
        child = self.expand(leaf)
        if self.boden is not None:
            self.boden.admit(self.run_id, child.id, child.plan, child.code, operator="draft" if leaf is self.root else "improve")
        score = self.evaluate(child)
        if self.boden is not None:
            self.boden.observe(self.run_id, child.id, child.plan, child.code, valid=True, value=score)
        node: Optional[Node] = child
        while node is not None:  # AIRA-dojo's _backprop_step
            node.visits += 1
            node.total += score
            node = node.parent

    def best(self) -> float:
        stack, best = [self.root], float("-inf")
        while stack:
            node = stack.pop()
            stack.extend(node.children)
            if node.mean is not None and node is not self.root:
                best = max(best, node.mean)
        return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", default=os.environ.get("BODEN_URL", "http://127.0.0.1:7878"))
    parser.add_argument("--steps", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    boden = BodenClient(arguments.url, token=os.environ.get("BODEN_TOKEN"))
    run_id = f"aira-mcts-{arguments.seed}"
    boden.create_run(run_id, bonus={"strength": 0.5, "decay": "none"}, adaptive={"patience": 4})
    plain, shaped = Mcts(arguments.seed), Mcts(arguments.seed, boden, run_id)
    for _ in range(arguments.steps):
        plain.step()
        shaped.step()
    summary = boden.summary(run_id)
    print("(a toy task and a stand-in solver: this shows the wiring, not a benchmark; bench/ has those)")
    print(f"unshaped MCTS: best {plain.best():.3f}")
    print(f"shaped MCTS:   best {shaped.best():.3f}; boden saw {summary['observed']['valid']} nodes, mode {summary['mode']}")


if __name__ == "__main__":
    try:
        main()
    except BodenError as error:
        sys.exit(f"{os.path.basename(__file__)}: {error}")
