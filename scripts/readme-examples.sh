#!/usr/bin/env bash
# Runs every `umpire …` example of README.md and GUIDE.md as written, so that drift shows
# (CI runs it, with the binary `cargo test` built).
#
#   [UMPIRE=path/to/umpire] scripts/readme-examples.sh [FILE …]
#
# Without UMPIRE it builds the release binary first. Each file's ```sh blocks are read top to
# bottom in one scratch folder of their own (so `game new g.json` and the `game play g.json`
# after it meet), with `corpus/` linked in and `umpire` first on the PATH. For every command:
#   - `[a | b]` optional parts are dropped, `\` continues a line;
#   - lines `>` or bare words right after it are its standard input (the `infer play` script);
#   - it must exit 0, 1 or 3 (yes, no, unknown), never 2 (refused) or worse, and never panic;
#     a command whose comment says `exit 2` shows a refusal, and must exit 2;
#   - each `#   text` line right after it is output it must print: the text up to a ` ...`
#     or a run of three spaces must appear in what it printed (spaces squeezed).
# Commands that need a person or the world outside (the REPL, `--human`, `--typed`,
# `man`, writing under ~) are listed as skipped. Exit status: the number of failures.
set -u
cd "$(dirname "$0")/.."
[ $# -eq 0 ] && set -- README.md GUIDE.md
if [ -z "${UMPIRE:-}" ]; then
  cargo build --release --quiet --bin umpire || exit 100   # as `cargo install` builds it
  UMPIRE=target/release/umpire
fi
umpire=$(realpath "$UMPIRE")
failed=0
for readme in "$@"; do
scratch=$(mktemp -d)
ln -s "$(pwd)/corpus" "$scratch/corpus"
mkdir "$scratch/bin" && ln -s "$umpire" "$scratch/bin/umpire"
# The strategy table goes to the scratch folder, not the user's cache.
echo "== $readme"
XDG_CACHE_HOME="$scratch/cache" python3 - "$readme" "$scratch" <<'PY'
import os, re, subprocess, sys

readme, scratch = sys.argv[1], sys.argv[2]
env = dict(os.environ, PATH=f"{scratch}/bin:" + os.environ["PATH"], NO_COLOR="1")
SKIP = [r"^umpire repl\b", r"^umpire serve\b", r"--human\b", r"--typed\b", r"\bman\b", r"~", r"^umpire dice play\b"]

def blocks(text):
    inside = False
    for line in text.splitlines():
        if line.startswith("```"):
            inside = line.strip() == "```sh" if not inside else False
            if not inside:
                yield None
            continue
        if inside:
            yield line

def commands(lines):
    """(command, expected output lines, stdin) in order."""
    current = None
    for line in lines:
        if line is None:
            if current: yield current
            current = None
            continue
        if current and current[0].endswith("\\"):
            current[0] = current[0][:-1] + " " + line.strip()
            continue
        if line.startswith("umpire "):
            if current: yield current
            current = [line, [], []]
        elif current and re.match(r"^#\s{2,}\S", line):
            current[1].append(line[1:])
        elif current and (line.startswith("> ") or re.match(r"^[a-z]+\s*(#|$)", line)):
            current[2].append(re.sub(r"\s+#.*$", "", line[2:] if line.startswith("> ") else line))
        else:
            if current: yield current
            current = None
    if current: yield current

def strip_comment(command):
    # A `#` after two spaces starts the comment (quotes never hold two spaces and a #).
    return re.split(r"\s{2,}#", command, maxsplit=1)[0].strip()

def squeeze(text):
    return re.sub(r"\s+", " ", text).strip()

failures = skipped = ran = 0
for command, expected, stdin in commands(blocks(open(readme, encoding="utf-8").read())):
    shell = re.sub(r"\s*\[[^\]]*\]", "", strip_comment(command))
    if any(re.search(p, shell) for p in SKIP) or ("| dot" in shell and subprocess.run(["which", "dot"], capture_output=True).returncode):
        print(f"skipped  {shell}")
        skipped += 1
        continue
    ran += 1
    feed = "\n".join(stdin) + "\n" if stdin else ""
    try:
        run = subprocess.run(["bash", "-c", shell], cwd=scratch, env=env, input=feed, capture_output=True, text=True, timeout=180)
    except subprocess.TimeoutExpired:
        print(f"FAILED   {shell}\n         no answer in 180 s")
        failures += 1
        continue
    printed = squeeze(run.stdout + run.stderr)
    wrong = []
    refusal = re.search(r"\s{2,}#\s*exit 2\b", command) is not None
    if (run.returncode != 2) if refusal else (run.returncode not in (0, 1, 3)):
        wrong.append(f"exit {run.returncode}")
    if "panicked" in printed:
        wrong.append("a panic")
    for want in expected:
        head = re.split(r"\.\.\.| {3,}", want.strip())[0]
        if head and squeeze(head) not in printed:
            wrong.append(f"no `{head.strip()}` in the output")
    if wrong:
        failures += 1
        print(f"FAILED   {shell}")
        for w in wrong:
            print(f"         {w}")
        print("         it printed: " + (run.stdout + run.stderr)[:600].replace("\n", "\n                     "))
    else:
        print(f"ok       {shell}")
print(f"\n{ran} examples run, {skipped} skipped, {failures} failed")
sys.exit(min(failures, 99))
PY
failed=$((failed + $?))
rm -rf "$scratch"
done
exit $((failed > 99 ? 99 : failed))
