"""A client for `boden serve`: score, gate and shape the nodes of a Python search loop.

Standard library only (Python >= 3.9), typed (PEP 561: the package ships `py.typed`). `pip install ./clients/python`,
put `clients/python` on `sys.path`, or copy this file next to your agent as `boden_client.py` (it is the whole client).

    from boden_client import BodenClient
    boden = BodenClient("http://127.0.0.1:7878")
    boden.create_run("my-run", bonus={"strength": 0.5}, adaptive={})
    admission = boden.admit("my-run", "n1", plan, code, operator="draft")
    if admission["accepted"]:
        ...  # evaluate the node
        boden.observe("my-run", "n1", plan, code, valid=True, value=score)
    shaped = boden.select("my-run", [{"id": "n1", "value": score}])
    # shaped["values"]: the values to rank by; shaped["directive"]: text for the next prompt (or None)

The TypedDicts below are the service's request and answer bodies (`GET /openapi.json` has the same as JSON Schema;
the sources are src/session/shaping-session-spec.ts and src/session/session-responses.ts). Keys in camelCase are the
service's own. A class marked "total=False" lists keys that may be absent.
"""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
import uuid
from typing import Any, Dict, Iterator, List, Literal, Optional, Sequence, Tuple, TypedDict, Union, cast

__all__ = [
    "BodenClient",
    "BodenError",
    # shared values
    "Direction",
    "Mode",
    "SelectionAction",
    # what create_run sends
    "Objective",
    "AutoScale",
    "BonusOptions",
    "ParetoOptions",
    "NoveltySearchOptions",
    "AdaptiveOptions",
    "GateOptions",
    "EmbeddingClusters",
    "Descriptors",
    "QdOptions",
    "RunSpec",
    # what admit, observe and select send
    "Node",
    "Outcome",
    "Candidate",
    "ValueRange",
    # answers
    "Recovery",
    "Health",
    "RunObjective",
    "ObservedCounts",
    "ConceptCount",
    "QdCell",
    "QualityDiversity",
    "RunSummary",
    "VerdictFallback",
    "Verdict",
    "Cell",
    "Admission",
    "Exploration",
    "Selection",
    "OpenApiDocument",
    # events
    "NodeScoredEvent",
    "ShapedValue",
    "SelectionMadeEvent",
    "ModeChangedEvent",
    "CandidateRejectedEvent",
    "CellDiscoveredEvent",
    "EliteReplacedEvent",
    "EventPayload",
    "EventName",
]

# -- Shared values ---------------------------------------------------------------------------------------------------

Direction = Literal["maximize", "minimize"]
"""Which way a host's metric is better: `maximize` (accuracy) or `minimize` (RMSE)."""

Mode = Literal["exploit", "explore"]
"""The exploration schedule's mode."""

SelectionAction = Literal["draft", "improve", "debug", "crossover", "descend"]
"""What the host should do with a selection."""

# -- What create_run sends (POST /runs) ------------------------------------------------------------------------------


class Objective(TypedDict, total=False):
    """The host's own metric: its direction and name (`rmse`, `combined_score`), kept in the export."""

    direction: Direction
    name: str


class AutoScale(TypedDict):
    """The bonus's automatic scaling: `shift` in (0, 1)."""

    shift: float


class BonusOptions(TypedDict, total=False):
    """`noveltyBonus`: strength (default 0.5), decay by children (default "children"), optional autoScale; `source`
    "candidate" reads each select candidate's own `novelty` (an MCTS host's backed-up mean) instead of the run's
    metric; `countShifts` counts how often the bonus changed the choice."""

    strength: float
    decay: Literal["none", "children"]
    autoScale: AutoScale
    source: Literal["metric", "candidate"]
    countShifts: bool


class ParetoOptions(TypedDict, total=False):
    """`paretoObjective` over (value, novelty): the share of choices picked from the front (default 1), and the seed
    of its tournaments."""

    strength: float
    seed: int


class NoveltySearchOptions(TypedDict, total=False):
    """Plain novelty search: a bonus of `strength` (default 5) over each candidate's k-nearest sparseness now (`k`,
    default 15)."""

    strength: float
    k: int


class AdaptiveOptions(TypedDict, total=False):
    """`adaptiveExploration`: the metric the schedule reads (default `code-nearest-neighbour`), its stall signal and
    what its directives ask for."""

    metric: str
    threshold: float
    patience: int
    window: int
    drafts: int
    directiveAsk: Literal["new-idea", "new-component", "alternate"]


class GateOptions(TypedDict, total=False):
    """`noveltyGate`: nodes whose novelty on `metric` (default `unique-code`) is below `threshold` (default 0.01) are
    rejected before evaluation."""

    metric: str
    threshold: float
    maxResamples: int


class EmbeddingClusters(TypedDict, total=False):
    """One more descriptor axis, `embedding-cluster`: how many clusters (1-1024) and their radius (0-2)."""

    clusters: int
    radius: float


class Descriptors(TypedDict, total=False):
    """What a node's cell is: concept axes (`paradigm`, `feature-engineering`, `validation`, ...) and optionally
    embedding clusters."""

    axes: List[str]
    embeddingClusters: EmbeddingClusters


class QdOptions(TypedDict, total=False):
    """`qualityDiversityArchive` over the run's descriptors; `seed` (default 0) seeds its cell draws."""

    alpha: float
    strength: float
    bestShare: float
    seed: int


class _RunSpecId(TypedDict):
    id: str


class RunSpec(_RunSpecId, total=False):
    """A run's spec (the body of POST /runs; a summary's `spec`, where the service has filled in `metric`, `judge`,
    `descriptors` and each given middleware's defaults)."""

    metric: str
    judge: Literal["none", "rubric"]
    objective: Objective
    bonus: BonusOptions
    adaptive: AdaptiveOptions
    gate: GateOptions
    descriptors: Descriptors
    qd: QdOptions
    pareto: ParetoOptions
    noveltySearch: NoveltySearchOptions


# -- What admit, observe and select send ----------------------------------------------------------------------------


class _NodeId(TypedDict):
    id: str


class Node(_NodeId, total=False):
    """A node as admit and observe send it (observe may name an admitted node by `id` alone); `parents` primary first,
    a None in the list (an initial program's parent) is dropped by the service."""

    plan: str
    code: str
    operator: str
    parents: List[Optional[str]]


class _OutcomeRequired(TypedDict):
    valid: bool


class Outcome(_OutcomeRequired, total=False):
    """An evaluated node's outcome: did it run and score, its value in the host's units (None or absent: no value),
    and the value's own direction (AIDE's MetricValue)."""

    value: Optional[float]
    direction: Direction


class _CandidateRequired(TypedDict):
    id: str
    value: Optional[float]


class Candidate(_CandidateRequired, total=False):
    """One of the host's candidates for select: the value its policy ranks by (None: buggy or unevaluated)."""

    children: int
    visits: float
    novelty: Optional[float]


class ValueRange(TypedDict):
    """The range the host normalises values against (AIRA's global min and max)."""

    min: float
    max: float


class _SelectionRequestRequired(TypedDict):
    candidates: List[Candidate]


class _SelectionRequest(_SelectionRequestRequired, total=False):
    valueRange: ValueRange


class _Observation(TypedDict):
    node: Node
    outcome: Outcome


# -- Answers ---------------------------------------------------------------------------------------------------------


class Recovery(TypedDict):
    """A log that could not be replayed whole at start."""

    file: str
    runId: Optional[str]
    action: Literal["cut", "set-aside", "unreadable"]
    lines: List[int]
    keptAt: Optional[str]
    reason: str


class Health(TypedDict):
    """What GET /health answers: `ok` (a degraded service answers 503, raised as BodenError)."""

    status: Literal["ok", "degraded"]
    storage: Optional[str]
    runs: int
    tornTails: List[str]
    recoveries: List[Recovery]


class RunObjective(TypedDict):
    """A run's objective as the summary has it: the spec's direction, else the first an outcome named (None until
    then), and the metric's name."""

    direction: Optional[Direction]
    name: Optional[str]


class ObservedCounts(TypedDict):
    valid: int
    invalid: int


class ConceptCount(TypedDict):
    """A concept of the valid nodes and how many used it."""

    concept: str
    nodes: int


class QdCell(TypedDict):
    """A filled cell of the quality-diversity archive."""

    key: str
    values: List[str]
    eliteId: str
    eliteValue: float
    visits: int
    discoveredAt: int


class QualityDiversity(TypedDict):
    axes: List[str]
    coverage: int
    qdScore: float
    cells: List[QdCell]


class RunSummary(TypedDict):
    """A run's state (what create_run, summary, close_run and runs answer, and the `closed` event carries): counts,
    mode, mean novelty, concepts tried, the bonus's weight, the archive."""

    id: str
    spec: RunSpec
    objective: RunObjective
    admitted: int
    rejected: int
    observed: ObservedCounts
    mode: Mode
    meanNovelty: Optional[float]
    concepts: List[ConceptCount]
    bonusStrength: Optional[float]
    qualityDiversity: Optional[QualityDiversity]


class _RunList(TypedDict):
    runs: List[RunSummary]


VerdictFallback = TypedDict("VerdictFallback", {"from": str, "reason": str})
"""A verdict that is a fallback: the judge that failed and why."""


class _VerdictRequired(TypedDict):
    score: int
    label: Literal["Routine", "Combinational", "Exploratory", "C+E Hybrid", "Transformational"]
    modes: List[Literal["combinational", "exploratory", "transformational"]]
    rationale: str
    confidence: float
    judge: str


class Verdict(_VerdictRequired, total=False):
    """The cheap judge's 0-4 verdict on a node (runs with `judge="rubric"`)."""

    fallback: VerdictFallback


class Cell(TypedDict):
    """A node's cell under the run's descriptors: its value per axis and a number per axis (`boden_<axis>`)."""

    key: str
    values: List[str]
    metrics: Dict[str, float]


class _AdmissionRequired(TypedDict):
    id: str
    accepted: bool
    resample: bool
    novelty: Optional[float]
    scores: Dict[str, Optional[float]]
    verdict: Optional[Verdict]
    nearest: List[str]
    concepts: List[str]
    cell: Cell


class Admission(_AdmissionRequired, total=False):
    """What admit answers: may the host evaluate the node (`accepted`; else `resample`: propose again), its novelty on
    the run's metric and every metric (`scores`), the closest earlier nodes, its concepts and cell; for a rejected
    node, `rejectedBy` and `reason`."""

    rejectedBy: str
    reason: str


class Exploration(TypedDict):
    """The knobs a host's policy reads after shaping."""

    mode: Mode
    bonusScale: float
    explorationScale: float
    temperatureScale: float
    preferDraft: bool


class Selection(TypedDict):
    """What select answers: each candidate's shaped value (rank by it, highest first, whatever the run's direction),
    the exploration knobs, the directive for the next prompt (or None) and greedy argmax's pick."""

    action: SelectionAction
    chosen: List[str]
    values: Dict[str, Optional[float]]
    removed: List[str]
    exploration: Exploration
    directive: Optional[str]


class OpenApiDocument(TypedDict):
    """The service's OpenAPI 3.1 document (its parts are JSON Schema)."""

    openapi: str
    info: Dict[str, Any]
    components: Dict[str, Any]
    security: List[Dict[str, Any]]
    paths: Dict[str, Dict[str, Any]]


# -- Events (GET /runs/{id}/events) ------------------------------------------------------------------------------------

EventName = Literal["node-scored", "selection-made", "mode-changed", "candidate-rejected", "cell-discovered", "elite-replaced", "closed"]
"""The events a run's stream carries (a newer service may add others)."""


class NodeScoredEvent(TypedDict):
    """`node-scored`: a node was admitted and scored (novelty by metric; accepted unless a middleware rejected it)."""

    id: str
    novelty: Dict[str, float]
    accepted: bool


class ShapedValue(TypedDict):
    id: str
    before: Optional[float]
    after: Optional[float]


class _SelectionMadeRequired(TypedDict):
    selection: int
    action: SelectionAction
    chosen: List[str]
    values: List[ShapedValue]
    removed: List[str]
    exploration: Exploration


class SelectionMadeEvent(_SelectionMadeRequired, total=False):
    """`selection-made`: a select call's choice, with each candidate's value before and after shaping."""

    directive: str


ModeChangedEvent = TypedDict(
    "ModeChangedEvent",
    {
        "from": Mode,
        "to": Mode,
        "reason": Literal["stagnation", "new-best", "novelty-recovered"],
        "episode": int,
        "averageNovelty": Optional[float],
        "threshold": float,
        "episodesSinceBest": int,
        "bestValue": Optional[float],
    },
)
"""`mode-changed`: the exploration schedule switched between exploit and explore, and why."""


class CandidateRejectedEvent(TypedDict):
    """`candidate-rejected`: the novelty gate rejected a node before its evaluation."""

    id: str
    source: str
    novelty: float
    threshold: float
    reason: Literal["near-duplicate", "confirmed-duplicate", "unparseable-confirmation", "confirmation-failed"]
    consecutiveRejections: int
    resample: bool
    nearest: List[str]


class CellDiscoveredEvent(TypedDict):
    """`cell-discovered`: the quality-diversity archive got its first elite in a cell."""

    cell: str
    values: List[str]
    id: str
    value: float
    cells: int


class EliteReplacedEvent(TypedDict):
    """`elite-replaced`: a better node took a cell from its elite."""

    cell: str
    previousId: str
    previousValue: float
    id: str
    value: float


EventPayload = Union[NodeScoredEvent, SelectionMadeEvent, ModeChangedEvent, CandidateRejectedEvent, CellDiscoveredEvent, EliteReplacedEvent, RunSummary]
"""An event's payload; after checking the name, narrow it with `typing.cast` (e.g. `cast(NodeScoredEvent, payload)` for
`node-scored`, `cast(RunSummary, payload)` for `closed`)."""


# -- The client --------------------------------------------------------------------------------------------------------


class BodenError(Exception):
    """An answer of `boden serve` that is not a success: the HTTP status (0 when the service cannot be reached) and
    the service's message."""

    def __init__(self, status: int, message: str, field: Optional[str] = None) -> None:
        super().__init__(message if status == 0 else f"boden serve answered {status}: {message}")
        self.status = status
        self.message = message
        self.field = field


class BodenClient:
    """Typed calls of every `boden serve` endpoint. Connection failures are retried: reads as they are, node calls
    (admit, observe, select) with one idempotency key per call, so the service applies a retried call once."""

    def __init__(self, base_url: str = "http://127.0.0.1:7878", token: Optional[str] = None, timeout: float = 30.0, retries: int = 3) -> None:
        self.base_url = base_url.rstrip("/")
        self.token = token
        self.timeout = timeout
        self.retries = retries

    # -- runs ---------------------------------------------------------------------------------------------------
    def health(self) -> Health:
        """The service's status and how many runs it holds (a degraded service answers 503: a BodenError)."""
        return cast(Health, self._call("GET", "/health"))

    def create_run(
        self,
        run_id: str,
        metric: str = "nearest-neighbour",
        bonus: Optional[BonusOptions] = None,
        adaptive: Optional[AdaptiveOptions] = None,
        gate: Optional[GateOptions] = None,
        judge: str = "none",
        qd: Optional[QdOptions] = None,
        descriptors: Optional[Descriptors] = None,
        objective: Optional[Objective] = None,
        exist_ok: bool = False,
        pareto: Optional[ParetoOptions] = None,
        novelty_search: Optional[NoveltySearchOptions] = None,
    ) -> RunSummary:
        """Creates a run (with `exist_ok=True`, a run of that id that is already open is joined: its summary is
        returned, as when a script is run again against the same service); `objective` ({"direction": "minimize" | "maximize", "name": "rmse"}) is the host metric's
        direction and name, kept in the export (without it the first outcome naming a direction sets it); `bonus`, `adaptive`, `gate`, `qd` (the quality-diversity archive: `alpha`, `strength`,
        `seed`), `pareto` and `novelty_search` are the middleware's options ({} for the defaults); `judge="rubric"` adds the cheap judge's 0-4
        verdict to every admission; `descriptors` (`axes`, `embeddingClusters`) says what a node's cell is (each
        admission's `cell`, with numeric `metrics` per axis)."""
        spec: Dict[str, Any] = {"id": run_id, "metric": metric, "judge": judge}
        for name, options in (("bonus", bonus), ("adaptive", adaptive), ("gate", gate), ("qd", qd), ("descriptors", descriptors), ("objective", objective), ("pareto", pareto), ("noveltySearch", novelty_search)):
            if options is not None:
                spec[name] = options
        try:
            return cast(RunSummary, self._call("POST", "/runs", spec))
        except BodenError as error:
            if exist_ok and error.status == 409:
                return self.summary(run_id)
            raise

    def runs(self) -> List[RunSummary]:
        """Summaries of the open runs."""
        return cast(_RunList, self._call("GET", "/runs"))["runs"]

    def summary(self, run_id: str) -> RunSummary:
        """Mode, mean novelty, concepts tried and counts of a run: material for the agent's memory prompt."""
        return cast(RunSummary, self._call("GET", f"/runs/{run_id}"))

    def close_run(self, run_id: str) -> RunSummary:
        """Closes a run (its log is kept); returns its last summary."""
        return cast(RunSummary, self._call("DELETE", f"/runs/{run_id}"))

    def export_run(self, run_id: str) -> str:
        """The run's observed nodes cut into episodes, as boden's episode JSON lines: save it and run
        `npx boden score <file>` (export before closing the run)."""
        return cast(str, self._call("GET", f"/runs/{run_id}/export", raw=True))

    def events(self, run_id: str, timeout: Optional[float] = None) -> Iterator[Tuple[str, EventPayload]]:
        """Follows a run's shaping events as (name, payload): node-scored, candidate-rejected, selection-made,
        mode-changed, cell-discovered, elite-replaced, and last closed (with the run's summary); see `EventName` and
        `EventPayload`. Following starts when this returns (earlier events are not replayed), so call it before the
        calls you want to hear about and read it in another thread. Reading blocks between events; `timeout` (seconds
        without data) makes a silent wait raise TimeoutError."""
        request = urllib.request.Request(self.base_url + f"/runs/{run_id}/events", headers=self._headers(None))
        try:
            response = urllib.request.urlopen(request, timeout=timeout)
        except urllib.error.HTTPError as error:
            raise self._error(error) from None
        except urllib.error.URLError as error:
            raise BodenError(0, f"cannot reach {self.base_url} ({error.reason}); is `npx boden serve` running?") from None
        return _read_events(response)

    def metrics(self) -> str:
        """Request counts, latencies and nodes per run in Prometheus text format."""
        return cast(str, self._call("GET", "/metrics", raw=True))

    def openapi(self) -> OpenApiDocument:
        """The service's OpenAPI 3.1 document."""
        return cast(OpenApiDocument, self._call("GET", "/openapi.json"))

    # -- nodes --------------------------------------------------------------------------------------------------
    def admit(self, run_id: str, node_id: str, plan: str, code: str, operator: Optional[str] = None, parents: Optional[Sequence[Optional[str]]] = None) -> Admission:
        """Scores a new node before evaluating it: accepted, resample, novelty (the run's metric), scores (every
        metric), verdict (with judge="rubric"), nearest, concepts, cell. `parents` (primary first) gives the export its
        tree."""
        return cast(Admission, self._call("POST", f"/runs/{run_id}/admit", _node(node_id, plan, code, operator, parents), idempotent=True))

    def observe(self, run_id: str, node_id: str, plan: Optional[str], code: Optional[str], valid: bool, value: Optional[float] = None, operator: Optional[str] = None, parents: Optional[Sequence[Optional[str]]] = None, direction: Optional[str] = None) -> None:
        """Reports an evaluated node: `valid` when it ran and scored, `value` in the host's units (higher is better
        unless the run's objective or `direction` says "minimize"). A node admitted before may be named by its id
        alone (`plan` and `code` None), as a host that learns fitness after admission (ShinkaEvolve) does."""
        outcome: Dict[str, Any] = {"valid": valid, "value": value}
        if direction is not None:
            outcome["direction"] = direction
        observation: _Observation = {"node": _node(node_id, plan, code, operator, parents), "outcome": cast(Outcome, outcome)}
        self._call("POST", f"/runs/{run_id}/observe", observation, idempotent=True)

    def select(self, run_id: str, candidates: Sequence[Candidate], value_range: Optional[ValueRange] = None) -> Selection:
        """Shapes candidates ({"id", "value", "children"?, "visits"?}): shaped values, exploration knobs, directive."""
        body: _SelectionRequest = {"candidates": list(candidates)}
        if value_range is not None:
            body["valueRange"] = value_range
        return cast(Selection, self._call("POST", f"/runs/{run_id}/select", body, idempotent=True))

    # -- transport ----------------------------------------------------------------------------------------------
    def _headers(self, data: Optional[bytes]) -> Dict[str, str]:
        headers = {"accept": "application/json"}
        if data is not None:
            headers["content-type"] = "application/json"
        if self.token is not None:
            headers["authorization"] = f"Bearer {self.token}"
        return headers

    @staticmethod
    def _error(error: urllib.error.HTTPError) -> "BodenError":
        try:
            answer = json.loads(error.read().decode("utf-8"))
        except ValueError:
            answer = {"error": error.reason}
        if not isinstance(answer, dict):
            answer = {"error": error.reason}
        if "error" not in answer and answer.get("status") == "degraded":  # /health's 503 carries the health body
            answer = {"error": f"degraded: {answer.get('storage')}"}
        field = answer.get("field")
        return BodenError(error.code, str(answer.get("error")), field if isinstance(field, str) else None)

    def _call(self, method: str, path: str, body: Optional[Any] = None, idempotent: bool = False, raw: bool = False) -> Any:
        data = None if body is None else json.dumps(body).encode("utf-8")
        headers = self._headers(data)
        if idempotent:
            headers["idempotency-key"] = uuid.uuid4().hex
        attempts = self.retries + 1 if method == "GET" or idempotent else 1
        for attempt in range(attempts):
            request = urllib.request.Request(self.base_url + path, data=data, method=method, headers=headers)
            try:
                with urllib.request.urlopen(request, timeout=self.timeout) as response:
                    text = response.read().decode("utf-8")
                    return text if raw else json.loads(text)
            except urllib.error.HTTPError as error:
                raise self._error(error) from None
            except (urllib.error.URLError, TimeoutError, ConnectionError) as error:
                if attempt + 1 == attempts:
                    reason = error.reason if isinstance(error, urllib.error.URLError) else error
                    raise BodenError(0, f"cannot reach {self.base_url} ({reason}); is `npx boden serve` running?") from None
                time.sleep(0.2 * 2**attempt)
        raise AssertionError("unreachable")


def _node(node_id: str, plan: Optional[str], code: Optional[str], operator: Optional[str], parents: Optional[Sequence[Optional[str]]]) -> Node:
    node: Node = {"id": node_id}
    if plan is not None:
        node["plan"] = plan
    if code is not None:
        node["code"] = code
    if operator is not None:
        node["operator"] = operator
    if parents is not None:
        node["parents"] = list(parents)
    return node


def _read_events(response: Any) -> Iterator[Tuple[str, EventPayload]]:
    """Server-sent events of an open response, until `closed` or the end of the stream."""
    with response:
        name: Optional[str] = None
        data: List[str] = []
        for raw in response:
            line = raw.decode("utf-8").rstrip("\r\n")
            if line == "":
                if name is not None:
                    yield name, cast(EventPayload, json.loads("\n".join(data)))
                    if name == "closed":
                        return
                name, data = None, []
            elif line.startswith("event:"):
                name = line[len("event:"):].strip()
            elif line.startswith("data:"):
                data.append(line[len("data:"):].lstrip())
