"""Request handlers of a web server (falseclass, set 152): a function registered with ``@app.post("/v1/...")``
(FastAPI, Flask, Starlette, Sanic, aiohttp route tables: ``<x>.get/post/put/delete/patch/head/options/route/
api_route/websocket(...)`` as a decorator) runs once per request for the server's life. A clock it reads around its
work logs that one request's latency; the first request's cold start is the latency that request really had, not a
cold sample mixed into a steady-state figure, so the missing-warmup rule does not report it (a missing
synchronize still is: the logged latency would be the launch's)."""

from __future__ import annotations

import ast

_ROUTES = frozenset({"get", "post", "put", "delete", "patch", "head", "options", "route", "api_route",
                     "websocket", "add_route"})


def _handler(fn: ast.AST) -> bool:
    for d in getattr(fn, "decorator_list", ()):
        if isinstance(d, ast.Call) and isinstance(d.func, ast.Attribute) and d.func.attr in _ROUTES and \
                d.args and isinstance(d.args[0], ast.Constant) and isinstance(d.args[0].value, str) and \
                d.args[0].value.startswith("/"):
            return True
    return False


def in_request_handler(node: ast.AST) -> bool:
    """``node`` lies in the body of a function registered as a request handler (the nearest enclosing function)."""
    p = getattr(node, "_wp_parent", None)
    while p is not None and not isinstance(p, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.Module)):
        p = getattr(p, "_wp_parent", None)
    return isinstance(p, (ast.FunctionDef, ast.AsyncFunctionDef)) and _handler(p)
