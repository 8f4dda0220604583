"""mypy plugin: precise types for ORM Column attributes and query results."""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Callable, Optional

from mypy.nodes import ARG_POS
from mypy.plugin import AttributeContext, FunctionContext, Plugin
from mypy.types import Type, UnionType, NoneType

from . import _context

COLUMN_TYPES = {
    "sqlalchemy.sql.sqltypes.Integer": "builtins.int",
    "sqlalchemy.sql.sqltypes.String": "builtins.str",
    "sqlalchemy.sql.sqltypes.Boolean": "builtins.bool",
    "sqlalchemy.sql.sqltypes.Float": "builtins.float",
}


class StrictOrmPlugin(Plugin):
    def get_function_hook(self, fullname: str) -> Optional[Callable[[FunctionContext], Type]]:
        if fullname == "sqlalchemy.sql.schema.Column":
            return self._column
        return None

    def _column(self, ctx: FunctionContext) -> Type:
        if not ctx.arg_types or not ctx.arg_types[0]:
            return ctx.default_return_type
        sa_type = ctx.arg_types[0][0]
        name = getattr(getattr(sa_type, "type", None), "fullname", "")
        target = COLUMN_TYPES.get(name)
        if target is None:
            return ctx.default_return_type
        inst = ctx.api.named_generic_type(target, [])
        nullable = any(n == "nullable" for names in ctx.arg_names for n in names if n)
        return UnionType([inst, NoneType()]) if nullable else inst


def plugin(version: str) -> type[Plugin]:
    _context.sync()
    return StrictOrmPlugin
