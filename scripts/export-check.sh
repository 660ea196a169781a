#!/usr/bin/env bash
# Does `umpire export --tptp` mean the board? For N random boards whose variable names are
# chosen to collide once written (x' beside x_p, ∃! under x_u, a binder reusing a name in a
# sibling), each statement is also written in TPTP by this script's own translator (fresh
# variables V1, V2, …), and E must prove `ours <=> umpire's` for every statement.
#   scripts/export-check.sh [N=1000] [SEED=38]      (needs eprover: apt-get install eprover)
# Prints how many E proved, how many it could not decide within 3 s (nested ↔ over ∃! can
# be hard for it), and every one it refutes: a refuted one is a wrong export. Not in CI.
set -u
cd "$(dirname "$0")/.."
n=${1:-1000}
seed=${2:-38}
command -v eprover >/dev/null || { echo "export-check: no eprover (apt-get install eprover)"; exit 2; }
cargo build --release --quiet --bin umpire || exit 100
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 - "$n" "$seed" "$work" "$(pwd)/target/release/umpire" <<'PY'
import random, re, subprocess, sys
n, seed, work, umpire = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4]
random.seed(seed)
NAMES = ["x", "x'", "x_p", "y", "x_u", "X", "x_1"]

class Fresh:
    def __init__(self): self.k = 0
    def __call__(self):
        self.k += 1
        return f"V{self.k}"

def term(bound, depth):
    r = random.random()
    if depth == 0 or r < 0.5:
        if not bound or r < 0.1:
            return ("c",)
        return ("v", random.choice(bound))
    if r < 0.8:
        return ("father", term(bound, depth - 1))
    return ("+", term(bound, depth - 1), term(bound, depth - 1))

def atom(bound):
    k = random.randrange(4)
    if k == 0: return ("happy", term(bound, 1))
    if k == 1: return ("likes", term(bound, 1), term(bound, 1))
    if k == 2: return ("=", term(bound, 2), term(bound, 1))
    return ("!=", term(bound, 1), term(bound, 1))

def formula(bound, depth):
    r = random.random()
    if depth == 0 or r < 0.3:
        a = atom(bound)
        return ("not", a) if random.random() < 0.25 else a
    if r < 0.6:
        return (random.choice(["and", "or", "imp", "iff"]), formula(bound, depth - 1), formula(bound, depth - 1))
    free = [v for v in NAMES if v not in bound]
    if not free:
        return atom(bound)
    v = random.choice(free)
    return (random.choice(["all", "ex", "ex1"]), v, formula(bound + [v], depth - 1))

SYM = {"and": "∧", "or": "∨", "imp": "→", "iff": "↔", "all": "∀", "ex": "∃", "ex1": "∃!"}
def board_term(t):
    if t[0] == "c": return "c"
    if t[0] == "v": return t[1]
    if t[0] == "father": return f"father({board_term(t[1])})"
    return f"({board_term(t[1])} + {board_term(t[2])})"
def board(f):
    k = f[0]
    if k == "happy": return f"happy({board_term(f[1])})"
    if k == "likes": return f"likes({board_term(f[1])}, {board_term(f[2])})"
    if k == "=": return f"{board_term(f[1])} = {board_term(f[2])}"
    if k == "!=": return f"{board_term(f[1])} ≠ {board_term(f[2])}"
    if k == "not": return f"¬({board(f[1])})"
    if k in ("and", "or", "imp", "iff"): return f"({board(f[1])}) {SYM[k]} ({board(f[2])})"
    return f"{SYM[k]}{f[1]} ({board(f[2])})"

def tptp_term(t, env):
    if t[0] == "c": return "c"
    if t[0] == "v": return env[t[1]]
    if t[0] == "father": return f"father({tptp_term(t[1], env)})"
    return f"'+'({tptp_term(t[1], env)},{tptp_term(t[2], env)})"
def tptp(f, env, fresh):
    k = f[0]
    if k == "happy": return f"happy({tptp_term(f[1], env)})"
    if k == "likes": return f"likes({tptp_term(f[1], env)},{tptp_term(f[2], env)})"
    if k == "=": return f"{tptp_term(f[1], env)} = {tptp_term(f[2], env)}"
    if k == "!=": return f"{tptp_term(f[1], env)} != {tptp_term(f[2], env)}"
    if k == "not": return f"~ ({tptp(f[1], env, fresh)})"
    op = {"and": "&", "or": "|", "imp": "=>", "iff": "<=>"}
    if k in op: return f"(({tptp(f[1], env, fresh)}) {op[k]} ({tptp(f[2], env, fresh)}))"
    v = fresh()
    inner = tptp(f[2], {**env, f[1]: v}, fresh)
    if k == "all": return f"(! [{v}] : ({inner}))"
    if k == "ex": return f"(? [{v}] : ({inner}))"
    w = fresh()
    again = tptp(f[2], {**env, f[1]: w}, fresh)
    return f"(? [{v}] : (({inner}) & (! [{w}] : (({again}) => {w} = {v}))))"

checked, proved, undecided, wrong = 0, 0, 0, []
for b in range(n):
    fs = [formula([], 4) for _ in range(random.randint(1, 4))]
    path = f"{work}/b{b}.board"
    open(path, "w").write("".join(board(f) + "\n" for f in fs))
    out = subprocess.run([umpire, "export", "--tptp", path], capture_output=True, text=True)
    theirs = re.findall(r"^fof\(s\d+, axiom, (.*)\)\.$", out.stdout, re.M)
    if out.returncode != 0 or len(theirs) != len(fs):
        wrong.append((b, "export failed", out.stderr.strip()[:200]))
        continue
    for i, f in enumerate(fs):
        ours = tptp(f, {}, Fresh())
        problem = f"fof(same, conjecture, (({ours}) <=> ({theirs[i]}))).\n"
        open(f"{work}/p.p", "w").write(problem)
        e = subprocess.run(["eprover", "--auto", "--cpu-limit=3", "-s", f"{work}/p.p"], capture_output=True, text=True)
        checked += 1
        status = re.search(r"SZS status (\w+)", e.stdout)
        status = status.group(1) if status else "no answer"
        if status == "Theorem":
            proved += 1
        elif status in ("ResourceOut", "GaveUp", "no answer"):
            undecided += 1
        else:
            wrong.append((b, f"statement {i + 1}: E says {status}", board(f)))
print(f"{n} boards, {checked} statements: E proved {proved} exports equivalent, could not decide {undecided} within 3 s, refuted {len(wrong)}")
for w in wrong:
    print("  board", *w)
sys.exit(1 if wrong else 0)
PY
