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
from typing import Any, Dict, List, Optional

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

    def create_run(self, run_id: str, metric: str = "nearest-neighbour", bonus: Optional[Dict[str, Any]] = None, adaptive: Optional[Dict[str, Any]] = None, gate: Optional[Dict[str, Any]] = None) -> Dict[str, Any]:
        """Creates a run; `bonus`, `adaptive` and `gate` are the middleware's options ({} for the defaults)."""
        spec: Dict[str, Any] = {"id": run_id, "metric": metric}
        for name, options in (("bonus", bonus), ("adaptive", adaptive), ("gate", gate)):
            if options is not None:
                spec[name] = options
        return self._call("POST", "/runs", spec)

    def runs(self) -> List[Dict[str, Any]]:
        """Summaries of the open runs."""
        return self._call("GET", "/runs")["runs"]

    def summary(self, run_id: str) -> Dict[str, Any]:
        """Mode, mean novelty, concepts tried and counts of a run: material for the agent's memory prompt."""
        return self._call("GET", f"/runs/{run_id}")

    def close_run(self, run_id: str) -> Dict[str, Any]:
        """Closes a run (its log is kept); returns its last summary."""
        return self._call("DELETE", f"/runs/{run_id}")

    # -- nodes --------------------------------------------------------------------------------------------------
    def admit(self, run_id: str, node_id: str, plan: str, code: str, operator: Optional[str] = None) -> Dict[str, Any]:
        """Scores a new node before evaluating it: accepted, resample, novelty, nearest, concepts."""
        node: Dict[str, Any] = {"id": node_id, "plan": plan, "code": code}
        if operator is not None:
            node["operator"] = operator
        return self._call("POST", f"/runs/{run_id}/admit", node, idempotent=True)

    def observe(self, run_id: str, node_id: str, plan: str, code: str, valid: bool, value: Optional[float] = None) -> None:
        """Reports an evaluated node: `valid` when it ran and scored, `value` its usefulness (higher is better)."""
        self._call("POST", f"/runs/{run_id}/observe", {"node": {"id": node_id, "plan": plan, "code": code}, "outcome": {"valid": valid, "value": value}}, idempotent=True)

    def select(self, run_id: str, candidates: List[Dict[str, Any]], value_range: Optional[Dict[str, float]] = None) -> Dict[str, Any]:
        """Shapes candidates ({"id", "value", "children"?, "visits"?}): shaped values, exploration knobs, directive."""
        body: Dict[str, Any] = {"candidates": candidates}
        if value_range is not None:
            body["valueRange"] = value_range
        return self._call("POST", f"/runs/{run_id}/select", body, idempotent=True)

    # -- transport ----------------------------------------------------------------------------------------------
    def _call(self, method: str, path: str, body: Optional[Dict[str, Any]] = None, idempotent: bool = False) -> Any:
        data = None if body is None else json.dumps(body).encode("utf-8")
        headers = {"accept": "application/json"}
        if data is not None:
            headers["content-type"] = "application/json"
        if self.token is not None:
            headers["authorization"] = f"Bearer {self.token}"
        if idempotent:
            headers["idempotency-key"] = uuid.uuid4().hex
        attempts = self.retries + 1 if method == "GET" or idempotent else 1
        for attempt in range(attempts):
            request = urllib.request.Request(self.base_url + path, data=data, method=method, headers=headers)
            try:
                with urllib.request.urlopen(request, timeout=self.timeout) as response:
                    return json.loads(response.read().decode("utf-8"))
            except urllib.error.HTTPError as error:
                try:
                    answer = json.loads(error.read().decode("utf-8"))
                except ValueError:
                    answer = {"error": error.reason}
                raise BodenError(error.code, str(answer.get("error")), answer.get("field")) from None
            except (urllib.error.URLError, TimeoutError, ConnectionError) as error:
                if attempt + 1 == attempts:
                    reason = error.reason if isinstance(error, urllib.error.URLError) else error
                    raise BodenError(0, f"cannot reach {self.base_url} ({reason}); is `npx boden serve` running?") from None
                time.sleep(0.2 * 2**attempt)
        raise AssertionError("unreachable")
