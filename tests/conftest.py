"""Shared pytest set-up: puts ``pysrc`` on the path so tests use the source
tree (the Pyodide and browser tests use the built wheel instead)."""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "pysrc"))
SHARED = os.path.join(os.path.dirname(ROOT), "shared")
