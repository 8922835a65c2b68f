"""A client for `boden serve`: score, gate and shape the nodes of a Python search loop.

Standard library only (Python >= 3.9); copy this file next to your agent or `pip install ./clients/python`.

    from boden_client import BodenClient
    boden = BodenClient("http://127.0.0.1:7878")
    boden.create_run("my-run", bonus={"strength": 0.5}, adaptive={})
    admission = boden.admit("my-run", "n1", plan, code, operator="draft")
    if admission["accepted"]:
        ...  # evaluate the node
        boden.observe("my-run", "n1", plan, code, valid=True, value=score)
    shaped = boden.select("my-run", [{"id": "n1", "value": score}])
    # shaped["values"]: the values to rank by; shaped["directive"]: text for the next prompt (or None)
"""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
import uuid
from typing import Any, Dict, Iterator, List, Optional, Tuple

__all__ = ["BodenClient", "BodenError"]


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
    def health(self) -> Dict[str, Any]:
        """The service's status and how many runs it holds."""
        return self._call("GET", "/health")

    def create_run(self, run_id: str, metric: str = "nearest-neighbour", bonus: Optional[Dict[str, Any]] = None, adaptive: Optional[Dict[str, Any]] = None, gate: Optional[Dict[str, Any]] = None, judge: str = "none", qd: Optional[Dict[str, Any]] = None, descriptors: Optional[Dict[str, Any]] = None, objective: Optional[Dict[str, Any]] = None, exist_ok: bool = False) -> Dict[str, Any]:
        """Creates a run (with `exist_ok=True`, a run of that id that is already open is joined: its summary is
        returned, as when a script is run again against the same service); `objective` ({"direction": "minimize" | "maximize", "name": "rmse"}) is the host metric's
        direction and name, kept in the export (without it the first outcome naming a direction sets it); `bonus`, `adaptive`, `gate` and `qd` (the quality-diversity archive: `alpha`, `strength`,
        `seed`) are the middleware's options ({} for the defaults); `judge="rubric"` adds the cheap judge's 0-4
        verdict to every admission; `descriptors` (`axes`, `embeddingClusters`) says what a node's cell is (each
        admission's `cell`, with numeric `metrics` per axis)."""
        spec: Dict[str, Any] = {"id": run_id, "metric": metric, "judge": judge}
        for name, options in (("bonus", bonus), ("adaptive", adaptive), ("gate", gate), ("qd", qd), ("descriptors", descriptors), ("objective", objective)):
            if options is not None:
                spec[name] = options
        try:
            return self._call("POST", "/runs", spec)
        except BodenError as error:
            if exist_ok and error.status == 409:
                return self.summary(run_id)
            raise

    def runs(self) -> List[Dict[str, Any]]:
        """Summaries of the open runs."""
        return self._call("GET", "/runs")["runs"]

    def summary(self, run_id: str) -> Dict[str, Any]:
        """Mode, mean novelty, concepts tried and counts of a run: material for the agent's memory prompt."""
        return self._call("GET", f"/runs/{run_id}")

    def close_run(self, run_id: str) -> Dict[str, Any]:
        """Closes a run (its log is kept); returns its last summary."""
        return self._call("DELETE", f"/runs/{run_id}")

    def export_run(self, run_id: str) -> str:
        """The run's observed nodes cut into episodes, as boden's episode JSON lines: save it and run
        `npx boden score <file>` (export before closing the run)."""
        return self._call("GET", f"/runs/{run_id}/export", raw=True)

    def events(self, run_id: str, timeout: Optional[float] = None) -> Iterator[Tuple[str, Dict[str, Any]]]:
        """Follows a run's shaping events as (name, payload): node-scored, candidate-rejected, selection-made,
        mode-changed, and last closed (with the run's summary). Following starts when this returns (earlier events
        are not replayed), so call it before the calls you want to hear about and read it in another thread. Reading
        blocks between events; `timeout` (seconds without data) makes a silent wait raise TimeoutError."""
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
        return self._call("GET", "/metrics", raw=True)

    def openapi(self) -> Dict[str, Any]:
        """The service's OpenAPI 3.1 document."""
        return self._call("GET", "/openapi.json")

    # -- nodes --------------------------------------------------------------------------------------------------
    def admit(self, run_id: str, node_id: str, plan: str, code: str, operator: Optional[str] = None, parents: Optional[List[str]] = None) -> Dict[str, Any]:
        """Scores a new node before evaluating it: accepted, resample, novelty (the run's metric), scores (every
        metric), verdict (with judge="rubric"), nearest, concepts. `parents` (primary first) gives the export its tree."""
        return self._call("POST", f"/runs/{run_id}/admit", _node(node_id, plan, code, operator, parents), idempotent=True)

    def observe(self, run_id: str, node_id: str, plan: Optional[str], code: Optional[str], valid: bool, value: Optional[float] = None, operator: Optional[str] = None, parents: Optional[List[Optional[str]]] = None, direction: Optional[str] = None) -> None:
        """Reports an evaluated node: `valid` when it ran and scored, `value` in the host's units (higher is better
        unless the run's objective or `direction` says "minimize"). A node admitted before may be named by its id
        alone (`plan` and `code` None), as a host that learns fitness after admission (ShinkaEvolve) does."""
        node = _node(node_id, plan, code, operator, parents)
        outcome: Dict[str, Any] = {"valid": valid, "value": value}
        if direction is not None:
            outcome["direction"] = direction
        self._call("POST", f"/runs/{run_id}/observe", {"node": node, "outcome": outcome}, idempotent=True)

    def select(self, run_id: str, candidates: List[Dict[str, Any]], value_range: Optional[Dict[str, float]] = None) -> Dict[str, Any]:
        """Shapes candidates ({"id", "value", "children"?, "visits"?}): shaped values, exploration knobs, directive."""
        body: Dict[str, Any] = {"candidates": candidates}
        if value_range is not None:
            body["valueRange"] = value_range
        return self._call("POST", f"/runs/{run_id}/select", body, idempotent=True)

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
        return BodenError(error.code, str(answer.get("error")), answer.get("field"))

    def _call(self, method: str, path: str, body: Optional[Dict[str, Any]] = None, idempotent: bool = False, raw: bool = False) -> Any:
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


def _node(node_id: str, plan: Optional[str], code: Optional[str], operator: Optional[str], parents: Optional[List[Optional[str]]]) -> Dict[str, Any]:
    node: Dict[str, Any] = {"id": node_id}
    if plan is not None:
        node["plan"] = plan
    if code is not None:
        node["code"] = code
    if operator is not None:
        node["operator"] = operator
    if parents is not None:
        node["parents"] = list(parents)
    return node


def _read_events(response: Any) -> Iterator[Tuple[str, Dict[str, Any]]]:
    """Server-sent events of an open response, until `closed` or the end of the stream."""
    with response:
        name, data = None, []
        for raw in response:
            line = raw.decode("utf-8").rstrip("\r\n")
            if line == "":
                if name is not None:
                    yield name, json.loads("\n".join(data))
                    if name == "closed":
                        return
                name, data = None, []
            elif line.startswith("event:"):
                name = line[len("event:"):].strip()
            elif line.startswith("data:"):
                data.append(line[len("data:"):].lstrip())
