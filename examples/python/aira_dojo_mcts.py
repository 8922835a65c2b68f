"""Shaping AIRA-dojo's MCTS with boden: a runnable recipe.

AIRA-dojo's source is not pinned in this project: this recipe follows facebookresearch/aira-dojo at c795d86
(`src/dojo/solvers/mcts/mcts.py`) as read, and it runs, and is tested, against the stand-in solver below, not
against dojo itself. What the stand-in keeps of dojo's MCTS:

- `search_policy(root)` returns the path from the root to a leaf: it descends while a node has children, choosing
  the child with the highest `uct_value` at each step; the leaf is expanded with `num_children` children (5 in
  dojo's MLE-bench preset), each run, then backed up along the path (`_expand_leaf_and_backprop`, `_backprop_step`);
- `uct_value(q_value, explore_count, parent_explore_count, uct_c, global_max_q_val, global_min_q_val)` is a module
  function: q is min-max normalised by the range of the raw metric over the run (`set_global_q_values`), an
  unvisited node scores -1e8 (it is never chosen before a visited one), `uct_c` is 0.25 in the preset.

The change boden makes: at each descent step the children's mean values go to boden's `select` with the run's raw
metric range (`value_range`), and UCT's q is the value boden shaped (the same min-max normalisation, plus the
novelty bonus), so the override replaces `uct_value` to normalise once, not twice; in explore mode the exploration
term is multiplied by boden's `explorationScale`. A minimised metric (dojo's `lower_is_better`) is declared in the
run's objective, and boden then ranks by its negation. Every child is admitted before it runs and observed after,
with its parent's id (the root is dojo's virtual root: its children have none), so the export is dojo's tree. In
dojo itself, `debug_cycle` makes nodes too: admit and observe those the same way.

    npx boden serve &
    python3 examples/python/aira_dojo_mcts.py --steps 40     # --url (or BODEN_URL) for another address
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
from dataclasses import dataclass, field
from typing import Dict, List, Optional

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "clients", "python"))
from boden_client import BodenClient, BodenError, ValueRange  # noqa: E402

FAMILIES = {
    "rings": ("Concentric rings of circles, radii fitted to the gaps.", "centers = ring_layout(26, radius={x})", 1.9),
    "grid": ("A square grid with jittered rows.", "centers = grid_layout(5, 6, jitter={x})", 2.1),
    "hexagonal": ("A hexagonal lattice, then radii fitted.", "centers = hexagonal_lattice(26, spacing={x})", 2.2),
    "optimiser": ("Numerical optimisation of centres and radii with SLSQP.", "from scipy.optimize import minimize\nresult = minimize(objective, x0_{x}, method='SLSQP')", 2.63),
}
UNVISITED = -1e8  # dojo's score of a node never run


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


def uct_value(q_value: float, explore_count: int, parent_explore_count: int, uct_c: float, global_max_q_val: float, global_min_q_val: float) -> float:
    """dojo's UCT: q min-max normalised by the run's raw metric range, plus the exploration term; unvisited -1e8."""
    if explore_count == 0:
        return UNVISITED
    span = global_max_q_val - global_min_q_val
    q = (q_value - global_min_q_val) / span if span > 0 else 0.0
    return q + uct_c * math.sqrt(math.log(max(1, parent_explore_count)) / explore_count)


def shaped_uct_value(shaped_q: float, explore_count: int, parent_explore_count: int, uct_c: float, exploration_scale: float) -> float:
    """The override: q is boden's shaped value, already normalised by the raw range it was given; the exploration
    term grows with boden's explore mode."""
    if explore_count == 0:
        return UNVISITED
    return shaped_q + uct_c * exploration_scale * math.sqrt(math.log(max(1, parent_explore_count)) / explore_count)


class Mcts:
    """A stand-in of AIRA-dojo's MCTS solver (see the module's text): path descent, leaf expansion, backup."""

    def __init__(self, seed: int, boden: Optional[BodenClient] = None, run_id: str = "", num_children: int = 5, uct_c: float = 0.25) -> None:
        self.random = random.Random(seed)
        self.root = Node(id="root", family="", plan="", code="")  # dojo's virtual root (create_root_node)
        self.boden = boden
        self.run_id = run_id
        self.num_children = num_children
        self.uct_c = uct_c
        self.count = 0
        self.global_min_q_val = math.inf
        self.global_max_q_val = -math.inf

    def search_policy(self, root_node: Node) -> List[Node]:
        """The path from `root_node` to a leaf, choosing by UCT at each step (shaped by boden when it is given)."""
        path = [root_node]
        node = root_node
        while node.children:
            scores = self._scores(node)
            node = max(node.children, key=lambda child: scores[child.id])
            path.append(node)
        return path

    def _scores(self, node: Node) -> Dict[str, float]:
        children = node.children
        if self.boden is None:
            return {child.id: uct_value(child.mean or 0.0, child.visits, node.visits, self.uct_c, self.global_max_q_val, self.global_min_q_val) for child in children}
        value_range: Optional[ValueRange] = {"min": self.global_min_q_val, "max": self.global_max_q_val} if self.global_max_q_val >= self.global_min_q_val else None
        shaped = self.boden.select(self.run_id, [{"id": child.id, "value": child.mean, "visits": child.visits, "children": len(child.children)} for child in children], value_range=value_range)
        scale = shaped["exploration"]["explorationScale"]
        return {child.id: shaped_uct_value(shaped["values"].get(child.id) or 0.0, child.visits, node.visits, self.uct_c, scale) for child in children}

    def step(self, budget: int) -> int:
        """One iteration: descend to a leaf, expand it with up to `num_children` children (at most `budget`), run each
        and back it up along the path. Returns how many nodes ran."""
        path = self.search_policy(self.root)
        leaf = path[-1]
        ran = 0
        for _ in range(min(self.num_children, budget)):
            child = self._expand(leaf)
            parents = None if leaf is self.root else [leaf.id]
            operator = "draft" if leaf is self.root else "improve"
            if self.boden is not None:
                self.boden.admit(self.run_id, child.id, child.plan, child.code, operator=operator, parents=parents)
            score = FAMILIES[child.family][2] * (0.9 + 0.1 * self.random.random())
            if self.boden is not None:
                self.boden.observe(self.run_id, child.id, None, None, valid=True, value=score)
            self.global_min_q_val = min(self.global_min_q_val, score)
            self.global_max_q_val = max(self.global_max_q_val, score)
            for node in [*path, child]:  # dojo's _backprop_step
                node.visits += 1
                node.total += score
            ran += 1
        return ran

    def _expand(self, parent: Node) -> Node:
        family = parent.family if parent.family and self.random.random() < 0.8 else self.random.choices(list(FAMILIES), weights=[0.4, 0.3, 0.28, 0.02])[0]
        plan, code, _ = FAMILIES[family]
        self.count += 1
        child = Node(id=f"n{self.count}", family=family, plan=plan, code=code.format(x=self.random.randint(10, 99)), parent=parent)
        parent.children.append(child)
        return child

    def run(self, nodes: int) -> None:
        while self.count < nodes:
            self.step(nodes - self.count)

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
    parser.add_argument("--url", default=os.environ.get("BODEN_URL", "http://127.0.0.1:7878"), help="boden serve's address (default: BODEN_URL, else http://127.0.0.1:7878)")
    parser.add_argument("--token", default=os.environ.get("BODEN_TOKEN"), help="boden serve's token, if it has one (default: BODEN_TOKEN)")
    parser.add_argument("--steps", type=int, default=40, help="nodes to run (dojo's step limit)")
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    boden = BodenClient(arguments.url, token=arguments.token)
    run_id = f"aira-mcts-{arguments.seed}"
    boden.create_run(run_id, bonus={"strength": 0.5, "decay": "none"}, adaptive={"patience": 4}, objective={"direction": "maximize", "name": "sum_of_radii"})
    plain, shaped = Mcts(arguments.seed), Mcts(arguments.seed, boden, run_id)
    plain.run(arguments.steps)
    shaped.run(arguments.steps)
    summary = boden.summary(run_id)
    print("(a toy task and a stand-in solver, not AIRA-dojo itself: this shows the wiring, not a benchmark; bench/ has those)")
    print(f"unshaped MCTS: best {plain.best():.3f}")
    print(f"shaped MCTS:   best {shaped.best():.3f}; boden saw {summary['observed']['valid']} nodes, mode {summary['mode']}")


if __name__ == "__main__":
    try:
        main()
    except BodenError as error:
        sys.exit(f"{os.path.basename(__file__)}: {error}")
