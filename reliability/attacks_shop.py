"""Attacks on shop (see attacks.py)."""

from __future__ import annotations

ATTACKS: list = []
