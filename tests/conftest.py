"""Shared test set-up: the package lives in py/; browser tests use Debian's Chromium."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))
