"""mypy plugin entry point: report missing stub packages during type checking."""
from __future__ import annotations

import json
import os
from typing import Callable, List, Optional, Tuple

from mypy.nodes import MypyFile
from mypy.plugin import Plugin

from . import index

CACHE = os.path.join(".mypy_cache", "stub-sync.json")


class StubSyncPlugin(Plugin):
    def __init__(self, options) -> None:
        super().__init__(options)
        self._missing: set[str] = set()
        self._suggestions = index.lookup_cached(CACHE)

    def get_additional_deps(self, file: MypyFile) -> List[Tuple[int, str, int]]:
        for imp in file.imports:
            names = getattr(imp, "ids", None) or [getattr(imp, "id", "")]
            for name in names:
                top = (name[0] if isinstance(name, tuple) else name).split(".")[0]
                if top and top not in self._suggestions:
                    self._missing.add(top)
        if self._missing:
            self._suggestions.update(index.resolve(sorted(self._missing)))
            self._missing.clear()
            os.makedirs(os.path.dirname(CACHE), exist_ok=True)
            with open(CACHE, "w", encoding="utf-8") as fh:
                json.dump(self._suggestions, fh)
        return []

    def get_customize_class_mro_hook(self, fullname: str) -> Optional[Callable]:
        return None


def plugin(version: str):
    return StubSyncPlugin
