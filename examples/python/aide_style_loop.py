"""Shaping an AIDE-style Python agent with boden: a runnable recipe.

AIDE (`aide/agent.py`) keeps a journal of nodes and picks the next parent in `Agent.search_policy()`; this file
has a small stand-in for that class (AIDE itself needs an LLM and a sandbox), so the recipe runs anywhere:

1. `search_policy()` asks boden to shape the journal's good nodes and ranks by the shaped values;
2. a new node is admitted before it is run (a rejected near-duplicate is never evaluated);
3. after the execution result is parsed, `step()` reports the outcome;
4. the directive and the run summary go into the next prompt.

    npx boden serve --data runs/ &      # in the repository, after npm ci
    python3 examples/python/aide_style_loop.py --url http://127.0.0.1:7878 --steps 30 --export shaped.jsonl
    npx boden score shaped.jsonl        # the shaped run measured like any imported trajectory
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from dataclasses import dataclass, field
from typing import List, Optional

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "clients", "python"))
from boden_client import BodenClient, BodenError  # noqa: E402

# -- A stand-in for AIDE's Node, Journal and Agent (same names and shape, no LLM, no sandbox). ------------------------

IDEAS = {
    # family: (plan, code, how good the family can get on this toy task)
    "gradient boosting": ("Gradient boosting on the raw features.", "import lightgbm as lgb\nmodel = lgb.LGBMRegressor(n_estimators={n})", 0.80),
    "random forest": ("A random forest with many trees.", "from sklearn.ensemble import RandomForestRegressor\nmodel = RandomForestRegressor(n_estimators={n})", 0.78),
    "ridge": ("Ridge regression on standardised features.", "from sklearn.linear_model import Ridge\nmodel = Ridge(alpha={a})", 0.70),
    "neural network": ("A small MLP trained with Adam and early stopping.", "import torch\nnet = torch.nn.Sequential(torch.nn.Linear(8, {n}), torch.nn.ReLU())", 0.90),
}


@dataclass
class Node:
    id: str
    plan: str
    code: str
    family: str
    parent: Optional["Node"] = None
    metric: Optional[float] = None
    is_buggy: bool = False
    children: List["Node"] = field(default_factory=list)


class Agent:
    """AIDE's loop in miniature: draft, improve the best (greedy), debug; an "LLM" that favours one family."""

    def __init__(self, seed: int, num_drafts: int = 3) -> None:
        self.random = random.Random(seed)
        self.journal: List[Node] = []
        self.num_drafts = num_drafts
        self.directive: Optional[str] = None

    def search_policy(self) -> Optional[Node]:
        """AIDE's greedy policy: draft until `num_drafts`, then improve the best good node (None = draft)."""
        drafts = [node for node in self.journal if node.parent is None]
        if len(drafts) < self.num_drafts:
            return None
        good = [node for node in self.journal if not node.is_buggy]
        return max(good, key=lambda node: float("-inf") if node.metric is None else node.metric) if good else None

    def propose(self, parent: Optional[Node]) -> Node:
        """The "LLM": mostly its favourite family, another one when a directive asks for a new idea."""
        if parent is None or (self.directive is not None and self.random.random() < 0.9):
            tried = {node.family for node in self.journal}
            untried = [family for family in IDEAS if family not in tried] if self.directive else []
            family = self.random.choice(untried) if untried else ("gradient boosting" if self.random.random() < 0.7 else self.random.choice(list(IDEAS)))
        else:
            family = parent.family
        plan, code, _ = IDEAS[family]
        node = Node(id=f"n{len(self.journal)}", plan=plan, code=code.format(n=self.random.choice([50, 100, 300]), a=self.random.choice([0.1, 1.0, 10.0])), family=family, parent=parent)
        return node

    def execute(self, node: Node) -> None:
        """The "sandbox": a toy score near the family's ceiling, better with each refinement; 20 % crash."""
        if self.random.random() < 0.2:
            node.is_buggy = True
            return
        depth = 0
        ancestor = node.parent
        while ancestor is not None and ancestor.family == node.family:
            depth += 1
            ancestor = ancestor.parent
        ceiling = IDEAS[node.family][2]
        node.metric = ceiling * (1 - 0.5 ** (depth + 1)) + self.random.uniform(-0.02, 0.02)

    def step(self) -> None:
        parent = self.search_policy()
        node = self.propose(parent)
        self.execute(node)
        self.journal.append(node)


# -- The recipe: the same agent, shaped by boden. --------------------------------------------------------------------


class ShapedAgent(Agent):
    """AIDE's Agent with boden in the loop: override `search_policy`, admit before executing, observe after."""

    def __init__(self, seed: int, boden: BodenClient, run_id: str) -> None:
        super().__init__(seed)
        self.boden = boden
        self.run_id = run_id

    def search_policy(self) -> Optional[Node]:
        if len([node for node in self.journal if node.parent is None]) < self.num_drafts:
            return None
        good = [node for node in self.journal if not node.is_buggy]
        if not good:
            return None
        shaped = self.boden.select(self.run_id, [{"id": node.id, "value": node.metric, "children": len(node.children)} for node in good])
        # The directive names the ideas tried; the agent's next prompt carries it (here: `propose` reads it).
        self.directive = shaped["directive"]
        if shaped["exploration"]["preferDraft"]:
            return None
        values = {node_id: float("-inf") if value is None else value for node_id, value in shaped["values"].items()}
        return max(good, key=lambda node: values.get(node.id, float("-inf")))

    def step(self) -> None:
        parent = self.search_policy()
        for _attempt in range(3):
            node = self.propose(parent)
            admission = self.boden.admit(self.run_id, node.id, node.plan, node.code, operator="draft" if parent is None else "improve", parents=None if parent is None else [parent.id])
            if admission["accepted"]:
                break
        else:
            return  # three near-duplicates in a row: give the slot up, as ShinkaEvolve does
        self.execute(node)
        if parent is not None:
            parent.children.append(node)
        self.journal.append(node)
        self.boden.observe(self.run_id, node.id, node.plan, node.code, valid=not node.is_buggy, value=node.metric, parents=None if parent is None else [parent.id])


def best(agent: Agent) -> float:
    return max((node.metric for node in agent.journal if not node.is_buggy and node.metric is not None), default=float("nan"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", default=os.environ.get("BODEN_URL", "http://127.0.0.1:7878"), help="boden serve's address (default: BODEN_URL, else http://127.0.0.1:7878)")
    parser.add_argument("--token", default=os.environ.get("BODEN_TOKEN"), help="boden serve's token, if it has one (default: BODEN_TOKEN)")
    parser.add_argument("--steps", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--run-id", default=None)
    parser.add_argument("--export", metavar="FILE", help="write the shaped run as episode JSON lines (then: npx boden score FILE)")
    arguments = parser.parse_args()

    boden = BodenClient(arguments.url, token=arguments.token)
    run_id = arguments.run_id or f"aide-style-{arguments.seed}"
    # Add gate={} to reject near-duplicates before they are run (here every refinement only changes a number).
    boden.create_run(run_id, bonus={"strength": 0.5}, adaptive={"patience": 3})

    plain, shaped = Agent(arguments.seed), ShapedAgent(arguments.seed, boden, run_id)
    for _ in range(arguments.steps):
        plain.step()
        shaped.step()
    summary = boden.summary(run_id)
    print("(a toy task and a stand-in agent: this shows the wiring, not a benchmark; bench/ has those)")
    print(f"unshaped: best {best(plain):.3f}, families tried {sorted({node.family for node in plain.journal})}")
    print(f"shaped:   best {best(shaped):.3f}, families tried {sorted({node.family for node in shaped.journal})}")
    print(f"boden: {summary['observed']['valid']} valid / {summary['observed']['invalid']} buggy nodes observed, {summary['rejected']} near-duplicates rejected, mode {summary['mode']}, mean novelty {summary['meanNovelty']:.3f}")
    print("concepts tried: " + ", ".join(f"{item['concept']} ({item['nodes']})" for item in summary["concepts"][:8]))
    if arguments.export:
        with open(arguments.export, "w", encoding="utf-8") as file:
            file.write(boden.export_run(run_id))
        print(f"exported to {arguments.export}: npx boden score {arguments.export}")


if __name__ == "__main__":
    try:
        main()
    except BodenError as error:
        sys.exit(f"{os.path.basename(__file__)}: {error}")
