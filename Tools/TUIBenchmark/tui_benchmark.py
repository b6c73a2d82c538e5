#!/usr/bin/env python3
"""Times the full screen (memoss-tui) in a pseudo-terminal, as a user's terminal drives it.

For each size it generates ../shared/bench's reminders (gen_reminders.py --seed 1), imports them
with memoss-import into a store in a temporary folder, then, on a set clock (MEMOSS_CLOCK) in a
fixed zone, in an 80x24 pseudo-terminal:

- start to first screen: from starting memoss-tui (or `memoss tui`, which runs it in its place)
  until the first frame is written (its last line, the keys, has arrived);
- keystroke to redraw: from writing a key until the frame it changes has been written (the last
  byte of the redraw, found by 15 ms of silence after it, which is not counted), for moving the
  selection (j, k), completing the selected reminder (space: a write and a reload) and undoing it
  (u), and for G (to the last card: the last cards of each section are read from its end, not
  those between).

Medians and min-max, in milliseconds. Build first:
    swift build -c release --product memoss-tui --product memoss-import --product memoss
Usage:
    python3 Tools/TUIBenchmark/tui_benchmark.py [--sizes 10000,100000] [--runs 7] [--keys 40]
"""
import argparse
import csv
import fcntl
import os
import select
import shutil
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RELEASE = os.path.join(ROOT, ".build", "release")
SHARED = os.path.join(ROOT, "..", "shared", "bench")
CLOCK = "2026-11-21T20:00:00Z"
SILENCE = 0.015


def environment(store):
    return {"PATH": "/usr/bin:/bin", "HOME": os.path.dirname(store), "TERM": "xterm-256color", "LANG": "C.UTF-8",
            "TZ": "America/New_York", "MEMOSS_CLOCK": CLOCK, "MEMOSS_DB": store}


def make_store(size, folder):
    shared = os.path.join(folder, f"r{size}.csv")
    mine = os.path.join(folder, f"m{size}.csv")
    subprocess.run([sys.executable, os.path.join(SHARED, "gen_reminders.py"), "-n", str(size), "--seed", "1", "--out", shared],
                   check=True)
    with open(shared, newline="") as source, open(mine, "w", newline="") as target:
        reader, writer = csv.reader(source), csv.writer(target)
        header = next(reader)
        column = header.index("recurrence")
        header[column] = "repeat"
        writer.writerow(header)
        for row in reader:
            row[column] = "never" if row[column] == "none" else row[column]
            writer.writerow(row)
    store = os.path.join(folder, f"s{size}.sqlite")
    subprocess.run([os.path.join(RELEASE, "memoss-import"), "--allow-past", "--db", store, mine], check=True,
                   stdout=subprocess.DEVNULL)
    # The first command after an import plans the notifications, and what is due is delivered once:
    # done here, so every timed start finds the store as a day of use leaves it.
    for command in (["list", "--limit", "1"], ["due"]):
        subprocess.run([os.path.join(RELEASE, "memoss")] + command, env=environment(store), check=True,
                       stdout=subprocess.DEVNULL)
    return store


class Screen:
    """memoss-tui in an 80x24 pseudo-terminal."""

    def __init__(self, store, through_memoss=False):
        self.master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        # `memoss tui` finds the store in MEMOSS_DB, as a user's shell would have it.
        command = [os.path.join(RELEASE, "memoss"), "tui"] if through_memoss \
            else [os.path.join(RELEASE, "memoss-tui"), "--db", store]
        self.started = time.perf_counter()
        self.process = subprocess.Popen(command, stdin=slave, stdout=slave,
                                        stderr=slave, env=environment(store), start_new_session=True)
        os.close(slave)
        self.output = b""

    def read(self, timeout):
        ready, _, _ = select.select([self.master], [], [], timeout)
        if not ready:
            return None
        try:
            return os.read(self.master, 65536)
        except OSError:
            return b""

    def first_screen(self):
        while b"q quit" not in self.output:
            chunk = self.read(10)
            if not chunk:
                raise RuntimeError("memoss-tui drew no screen: " + self.output[-300:].decode(errors="replace"))
            self.output += chunk
        return time.perf_counter() - self.started

    def settle(self, quiet=0.3):
        while self.read(quiet) is not None:
            pass

    def key(self, key):
        """Milliseconds from writing `key` to the last byte of the redraw."""
        self.settle(0.05)
        sent = time.perf_counter()
        os.write(self.master, key)
        chunk = self.read(10)
        if chunk is None:
            raise RuntimeError(f"no redraw after {key!r}")
        last = time.perf_counter()
        while self.read(SILENCE) is not None:
            last = time.perf_counter()
        return (last - sent) * 1000

    def close(self):
        os.write(self.master, b"q")
        self.process.wait(timeout=10)
        os.close(self.master)


def summary(values):
    return f"{statistics.median(values):.1f} ms ({min(values):.1f}–{max(values):.1f})"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="10000,100000")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--keys", type=int, default=40)
    options = parser.parse_args()
    for binary in ("memoss-tui", "memoss-import", "memoss"):
        if not os.access(os.path.join(RELEASE, binary), os.X_OK):
            sys.exit(f"build {binary} in release first (swift build -c release --product {binary})")
    folder = tempfile.mkdtemp(prefix="memoss-tui-bench-")
    rows = ["| reminders | measure | median (min–max) | samples |", "| --- | --- | --- | --- |"]
    try:
        for size in [int(text) for text in options.sizes.split(",")]:
            store = make_store(size, folder)
            starts, via_memoss, moves, completes, undos, ends = [], [], [], [], [], []
            for _ in range(options.runs):
                screen = Screen(store, through_memoss=True)
                via_memoss.append(screen.first_screen() * 1000)
                screen.settle()
                screen.close()
                screen = Screen(store)
                starts.append(screen.first_screen() * 1000)
                screen.settle()
                for index in range(options.keys):
                    moves.append(screen.key(b"j" if index % 2 == 0 else b"k"))
                for _ in range(3):
                    completes.append(screen.key(b" "))
                    undos.append(screen.key(b"u"))
                ends.append(screen.key(b"G"))
                screen.close()
            rows.append(f"| {size:,} | start to first screen (memoss-tui) | {summary(starts)} | {len(starts)} |")
            rows.append(f"| {size:,} | start to first screen (`memoss tui`, through exec) | {summary(via_memoss)} | {len(via_memoss)} |")
            rows.append(f"| {size:,} | keystroke to redraw: j/k | {summary(moves)} | {len(moves)} |")
            rows.append(f"| {size:,} | keystroke to redraw: space (complete) | {summary(completes)} | {len(completes)} |")
            rows.append(f"| {size:,} | keystroke to redraw: u (undo) | {summary(undos)} | {len(undos)} |")
            rows.append(f"| {size:,} | keystroke to redraw: G (the last cards, read from the end) | {summary(ends)} | {len(ends)} |")
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    print("\n".join(rows))


if __name__ == "__main__":
    main()
