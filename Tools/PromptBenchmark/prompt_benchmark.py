#!/usr/bin/env python3
"""The prompt's latencies and a one-shot write after a day without delivery, two builds side by side.

For each build (`--builds NAME=BINDIR …`, each with `memoss` and `memoss-import`) it imports
`../shared/bench`'s reminders (`gen_reminders.py --seed 1`) into a store of its own, runs one
prompt to deliver what the import left due, then, the builds in turn, `--runs` times:

- per prompt with nothing typed: a prompt fed `--lines` empty lines, less one fed none, per line;
- `done ID` at the prompt: a prompt completing `--lines` open one-time reminders (by id), less
  one fed none, per command; beside it the sqlite3 shell running as many `sql_query.sh` `done-K`
  updates in one process, less none, per update;
- `add` and `edit ID` at the prompt: a prompt adding `--lines` reminders (a title, a date and a
  time), and one giving as many open reminders a new title and time, each less one fed none;
- a one-shot `add` a day after the last delivery (`MEMOSS_CLOCK`), beside `sql_query.sh add-K`.

Prints a Markdown table: medians and min–max (ms). The prompts read a script on standard input
(not a terminal), on a set clock.

    python3 Tools/PromptBenchmark/prompt_benchmark.py --builds before=/tmp/a/release after=.build/release
"""
import argparse
import csv
import os
import shutil
import sqlite3
import statistics
import subprocess
import tempfile
import time

parser = argparse.ArgumentParser()
parser.add_argument("--builds", nargs="+", required=True, help="NAME=DIR with memoss and memoss-import")
parser.add_argument("--size", type=int, default=100_000)
parser.add_argument("--runs", type=int, default=7)
parser.add_argument("--lines", type=int, default=200)
parser.add_argument("--shared", default="../shared")
args = parser.parse_args()
bench = os.path.join(args.shared, "bench")
builds = [b.split("=", 1) for b in args.builds]
folder = tempfile.mkdtemp(prefix="memoss-prompt-bench-")
CLOCK = "2026-11-21T20:00:00Z"
DAY_LATER = "2026-11-22T20:00:00Z"
base_env = {"TZ": "Europe/Berlin", "PATH": "/usr/bin:/bin", "HOME": folder, "LANG": "C.UTF-8", "NO_COLOR": "1"}


def env(clock):
    return dict(base_env, MEMOSS_CLOCK=clock)


def timed(argv, stdin=b"", environment=None):
    start = time.perf_counter()
    result = subprocess.run(argv, input=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=environment or base_env)
    elapsed = time.perf_counter() - start
    if result.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} exited {result.returncode}: {result.stderr.decode()[-400:]}")
    return elapsed


shared_csv = os.path.join(folder, "shared.csv")
mine_csv = os.path.join(folder, "memoss.csv")
subprocess.run(["python3", os.path.join(bench, "gen_reminders.py"), "-n", str(args.size), "--seed", "1", "--out", shared_csv], check=True)
with open(shared_csv, newline="") as source, open(mine_csv, "w", newline="") as target:
    reader, writer = csv.reader(source), csv.writer(target)
    header = next(reader)
    column = header.index("recurrence")
    header[column] = "repeat"
    writer.writerow(header)
    for row in reader:
        row[column] = "never" if row[column] == "none" else row[column]
        writer.writerow(row)
reference = os.path.join(folder, "reference.sqlite")
subprocess.run(["sh", os.path.join(bench, "load_cli.sh"), reference, shared_csv], check=True, stdout=subprocess.DEVNULL)

stores, open_ids, edit_ids = {}, {}, {}
for name, directory in builds:
    store = os.path.join(folder, f"{name}.sqlite")
    timed([os.path.join(directory, "memoss-import"), "--allow-past", "--db", store, mine_csv])
    timed([os.path.join(directory, "memoss"), "--db", store], b"quit\n", env(CLOCK))  # delivers what the import left due
    with sqlite3.connect(store) as db:
        rows = db.execute("SELECT lower(hex(id)) FROM reminder WHERE isCompleted = 0 AND recurrenceRule = 'never' "
                          "AND scheduledAt IS NOT NULL ORDER BY id LIMIT ?", (args.runs * args.lines + 10,)).fetchall()
    stores[name], open_ids[name] = store, [row[0][:12] for row in rows]
    with sqlite3.connect(store) as db:
        rows = db.execute("SELECT lower(hex(id)) FROM reminder WHERE isCompleted = 0 AND recurrenceRule = 'never' "
                          "AND scheduledAt > ? ORDER BY id DESC LIMIT ?", (1_795_377_600_000, args.runs * args.lines)).fetchall()
    edit_ids[name] = [row[0][:12] for row in rows]

figures = {}


def record(key, value):
    figures.setdefault(key, []).append(value * 1000)


ref_ids = [row[0] for row in sqlite3.connect(reference).execute(
    "SELECT id FROM reminders WHERE completed = 0 ORDER BY id LIMIT ?", (args.runs * args.lines,)).fetchall()]
def per_line(memoss, store, lines):
    """A prompt fed `lines` (each a line) less one fed none, per line."""
    empty = timed([memoss, "--db", store], b"quit\n", env(CLOCK))
    fed = timed([memoss, "--db", store], ("".join(line + "\n" for line in lines) + "quit\n").encode(), env(CLOCK))
    return (fed - empty) / len(lines)


for run in range(args.runs):
    for name, directory in builds:
        memoss, store = os.path.join(directory, "memoss"), stores[name]
        record((name, "per prompt, nothing typed"), per_line(memoss, store, [""] * args.lines))
        ids = open_ids[name][run * args.lines:(run + 1) * args.lines]
        record((name, "`done ID` at the prompt"), per_line(memoss, store, [f"done {i[:8]}-{i[8:12]}" for i in ids]))
        record((name, "`add` at the prompt"), per_line(memoss, store, [
            f"add \"Bench {run}-{line}\" --date 2027-06-01 --time 10:00" for line in range(args.lines)]))
        ids = edit_ids[name][run * args.lines:(run + 1) * args.lines]
        record((name, "`edit ID` at the prompt"), per_line(memoss, store, [
            f"edit {i[:8]}-{i[8:12]} --title \"Edited {run}\" --time 11:30" for i in ids]))
        record((name, "one-shot `add` a day after the last delivery"),
               timed([memoss, "--db", store, "add", f"Bench {run}", "--date", "2027-06-01", "--time", "10:00"], environment=env(DAY_LATER)))
    ids = ref_ids[run * args.lines:(run + 1) * args.lines]
    empty = timed(["sqlite3", reference, "SELECT 1;"])
    many = timed(["sqlite3", reference, "".join(f"UPDATE reminders SET completed = 1 WHERE id = {i};" for i in ids)])
    record(("sqlite3", "`done ID` at the prompt"), (many - empty) / args.lines)
    record(("sqlite3", "one-shot `add` a day after the last delivery"), timed(["sh", os.path.join(bench, "sql_query.sh"), reference, f"add-{run}"]))

print(f"{args.size:,} reminders, {args.runs} runs, {args.lines} lines per prompt run; ms, median (min–max)\n")
names = [name for name, _ in builds] + ["sqlite3"]
print("| measure | " + " | ".join(names) + " |")
print("| --- |" + " --- |" * len(names))
for measure in ["per prompt, nothing typed", "`done ID` at the prompt", "`add` at the prompt", "`edit ID` at the prompt",
                "one-shot `add` a day after the last delivery"]:
    cells = []
    for name in names:
        values = figures.get((name, measure))
        cells.append(f"{statistics.median(values):.2f} ({min(values):.2f}–{max(values):.2f})" if values else "")
    print(f"| {measure} | " + " | ".join(cells) + " |")
shutil.rmtree(folder)
