#!/usr/bin/env python3
"""Picks the prover's schedule from `benches/schedule.rs` measurements, greedily.

    scripts/pick-schedule.py MEASUREMENTS.tsv... [--budget 8000] [--margin 1.5]
        [--classes CLASSES.tsv --class NAME] [--start NAME:MS,NAME:MS...]

Each measurement line is `problem, strategy, outcome, ms` (the strategy alone, within a
slice). A slot is a strategy with a slice long enough for the problems it refutes within
it (times `--margin`, for a machine busy with the other engines, at least 50 ms). Each step
adds the slot that refutes the most problems not yet refuted per millisecond (a strategy
picked again has its slot lengthened, costing the difference), until the
budget is spent or no slot refutes anything new. `--start` gives slots to begin with.
With `--classes` (the bench's `--classes` output), only problems of that class count.
Prints the slots, what each adds, and the problems left.
"""
import sys
from collections import defaultdict

def main():
    args = sys.argv[1:]
    files, budget, margin, classes, klass, start = [], 8000.0, 1.5, None, None, []
    i = 0
    while i < len(args):
        a = args[i]
        if a == "--budget": budget = float(args[i + 1]); i += 2
        elif a == "--margin": margin = float(args[i + 1]); i += 2
        elif a == "--classes": classes = args[i + 1]; i += 2
        elif a == "--class": klass = args[i + 1]; i += 2
        elif a == "--start":
            start = [(s.rsplit(":", 1)[0], float(s.rsplit(":", 1)[1])) for s in args[i + 1].split(",")]
            i += 2
        else: files.append(a); i += 1
    keep = None
    if classes:
        keep = {l.split("\t")[0] for l in open(classes) if klass in l.split("\t")[1].strip().split("|")
                or l.split("\t")[1].strip() == klass}
    times = defaultdict(dict)  # strategy -> problem -> ms
    problems = set()
    for f in files:
        for line in open(f):
            p, s, outcome, ms = line.rstrip("\n").split("\t")
            if keep is not None and p not in keep:
                continue
            problems.add(p)
            if outcome == "refuted":
                t = max(50.0, float(ms) * margin)
                times[s][p] = min(t, times[s].get(p, t))
    solved, spent, slots = set(), 0.0, {}
    # A strategy picked again has its slot lengthened (runs are deterministic, so the
    # longer slice refutes what the shorter one did): it costs the difference.
    def cost(s, t):
        return t - slots[s][0] if s in slots else t
    def add(s, t):
        nonlocal spent
        new = sorted(p for p, need in times[s].items() if need <= t and p not in solved)
        solved.update(new)
        spent += cost(s, t)
        before = slots[s][1] if s in slots else []
        slots[s] = (t, before + new)
    for s, t in start:
        add(s, t)
    while spent < budget:
        best = None
        for s, by in times.items():
            for t in sorted(set(by.values())):
                c = cost(s, t)
                if c <= 0:
                    continue
                if spent + c > budget:
                    break
                gain = sum(1 for p, need in by.items() if need <= t and p not in solved)
                if gain and (best is None or gain / c > best[0]):
                    best = (gain / c, s, t)
        if best is None:
            break
        add(best[1], best[2])
    slots = [(s, t, new) for s, (t, new) in slots.items()]
    refutable = set(p for by in times.values() for p in by)
    for s, t, new in slots:
        print(f"{s:40} {t:7.0f} ms  +{len(new):3}  {' '.join(new) if len(new) < 6 else ''}")
    print(f"{len(solved)} of {len(problems)} ({len(refutable)} refuted by some strategy) in {spent:.0f} ms")
    print("left:", " ".join(sorted(refutable - solved)))

main()
