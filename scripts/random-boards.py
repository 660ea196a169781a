#!/usr/bin/env python3
"""Writes random game boards (the card game's six symbols, up to three variables) for the
comparison scripts: scripts/random-boards.py [count] [seed] [folder].
Statements are quantified like the Q cards play them; terms nest father and + a little."""
import random
import sys

count = int(sys.argv[1]) if len(sys.argv) > 1 else 60
seed = int(sys.argv[2]) if len(sys.argv) > 2 else 7
folder = sys.argv[3] if len(sys.argv) > 3 else "/tmp/random-boards"
random.seed(seed)
VARIABLES = ["x", "y", "z"]


def term(vs, depth):
    r = random.random()
    if depth == 0 or r < 0.5:
        return random.choice(vs)
    if r < 0.8:
        return f"father({term(vs, depth - 1)})"
    return f"({term(vs, depth - 1)} + {term(vs, depth - 1)})"


def atom(vs):
    r = random.random()
    if r < 0.2:
        return f"blonde({term(vs, 1)})"
    if r < 0.4:
        return f"happy({term(vs, 1)})"
    if r < 0.6:
        return f"likes({term(vs, 1)}, {term(vs, 1)})"
    if r < 0.8:
        return f"smarter({term(vs, 1)}, {term(vs, 1)})"
    return f"{term(vs, 2)} = {term(vs, 1)}"


def formula(vs, depth):
    r = random.random()
    if depth == 0 or r < 0.35:
        return atom(vs) if random.random() < 0.8 else "¬" + atom(vs)
    if r < 0.8:
        op = random.choice(["∧", "∨", "→", "↔"])
        return f"({formula(vs, depth - 1)}) {op} ({formula(vs, depth - 1)})"
    unused = [v for v in VARIABLES if v not in vs]
    if unused:
        v = unused[0]
        return f"{random.choice(['∀', '∃'])}{v} ({formula(vs + [v], depth - 1)})"
    return "¬(" + formula(vs, depth - 1) + ")"


import os

os.makedirs(folder, exist_ok=True)
for i in range(count):
    lines = []
    for _ in range(random.randint(3, 7)):
        prefix = random.choice(["∀x", "∀x∀y", "∃x", "∀x∃y", "∃x∀y", "∀x∀y∀z"])
        vs = VARIABLES[: sum(prefix.count(v) for v in VARIABLES)]
        lines.append(f"{prefix} ({formula(vs, 2)})")
    with open(f"{folder}/r{i:02}.board", "w") as f:
        f.write("\n".join(lines) + "\n")
