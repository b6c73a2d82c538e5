#!/usr/bin/env python3
"""Soak: many syncs of many reminders sent at once to a real Xandikos, counting failures and hangs.

Usage (from the repository's root, after building memoss, memoss-sync and memoss-import in release):
    python3 Tools/SyncSafety/xandikos_runs.py [--runs 100] [--reminders 200] [--limit 180] [--build .build/release]

Xandikos (from PyPI) is started on a free loopback port in a temporary folder. Each run, on a new
store: add the account, import --reminders reminders, `memoss sync` (all sent at once: six in flight
until Xandikos answers 423 Locked), then delete them all here and `memoss sync --force`. A run
fails when a sync exits non-zero, prints other than "home: sent 200 new." / "home: sent 200
deleted.", or leaves the server with other than 200 and then 0 to-dos; it hangs when a sync is
still running after --limit seconds (it is then killed). Prints the counts, the time of each sync
(median, min–max) and the first failures' output.
"""
import argparse
import http.client
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "Tools"))
from loopback import free_port, wait_for  # noqa: E402
COLLECTION = "/user/calendars/calendar/"


def resources(port):
    """How many to-dos the task list holds."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    connection.request("PROPFIND", COLLECTION, '<?xml version="1.0"?><d:propfind xmlns:d="DAV:"><d:prop><d:getetag/></d:prop></d:propfind>',
                       {"Depth": "1", "Content-Type": "application/xml"})
    body = connection.getresponse().read()
    return len(re.findall(rb"<(?:\w+:)?href>[^<]*\.ics</(?:\w+:)?href>", body))


def run(command, limit):
    """(exit status or None when it hung, standard output, standard error, seconds)."""
    started = time.monotonic()
    process = subprocess.Popen(command, env={"HOME": "/nonexistent", "TZ": "UTC", "PATH": "/usr/bin:/bin"},
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        out, err = process.communicate(timeout=limit)
        return process.returncode, out.decode(), err.decode(), time.monotonic() - started
    except subprocess.TimeoutExpired:
        process.kill()
        out, err = process.communicate()
        return None, out.decode(), err.decode(), time.monotonic() - started


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=100)
    parser.add_argument("--reminders", type=int, default=200)
    parser.add_argument("--limit", type=float, default=180)
    parser.add_argument("--build", default=os.path.join(ROOT, ".build/release"))
    options = parser.parse_args()
    memoss, importer = os.path.join(options.build, "memoss"), os.path.join(options.build, "memoss-import")
    folder = tempfile.mkdtemp(prefix="memoss-xandikos-")
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "xandikos.web", "-d", os.path.join(folder, "data"), "-l", "127.0.0.1",
                               "-p", str(port), "--autocreate", "--defaults"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wait_for(port)
    csv = os.path.join(folder, "reminders.csv")
    with open(csv, "w") as f:
        f.write("title,date,time,tags\n")
        for index in range(options.reminders):
            f.write(f"Task {index},2099-{1 + index % 12:02d}-{1 + index % 28:02d},09:00,T{index % 5}\n")
    failures, hangs, times, notes = 0, 0, {"send": [], "delete": []}, []
    try:
        for number in range(1, options.runs + 1):
            store = os.path.join(folder, f"run-{number}.sqlite")
            added = run([memoss, "--db", store, "sync", "add", "home", f"http://127.0.0.1:{port}{COLLECTION}", "--user", "user"], 60)
            imported = run([importer, "--db", store, csv], 60)
            if added[0] != 0 or imported[0] != 0:
                sys.exit(f"run {number}: setting up failed: {added[2]}{imported[2]}")
            hung, problems = False, []
            status, out, err, took = run([memoss, "--db", store, "sync"], options.limit)
            if status is None:
                hung = True
                problems.append(f"send hung past {options.limit} s")
            else:
                times["send"].append(took)
                count = resources(port)
                if status != 0 or out != f"home: sent {options.reminders} new.\n" or count != options.reminders:
                    problems.append(f"send: exit {status}, {count} on the server: {out!r} {err!r}")
            subprocess.run(["sqlite3", store, "DELETE FROM reminder"], check=True)
            status, out, err, took = run([memoss, "--db", store, "sync", "--force"], options.limit)
            if status is None:
                hung = True
                problems.append(f"delete hung past {options.limit} s")
            else:
                times["delete"].append(took)
                count = resources(port)
                if status != 0 or out != f"home: sent {options.reminders} deleted.\n" or count != 0:
                    problems.append(f"delete: exit {status}, {count} on the server: {out!r} {err!r}")
            if resources(port):
                # Whatever a failed run left, so the next run starts from an empty task list.
                run([memoss, "--db", store, "sync", "--force"], options.limit)
            hangs += 1 if hung else 0
            failures += 1 if problems and not hung else 0
            notes += [f"run {number}: {problem}" for problem in problems]
            print(f"run {number}: {'; '.join(problems) or 'ok'}", flush=True)
    finally:
        server.kill()
        server.wait()
        shutil.rmtree(folder, ignore_errors=True)

    def spread(values):
        return f"{statistics.median(values):.2f} s ({min(values):.2f}–{max(values):.2f})" if values else "none"

    print()
    print(f"{options.runs} runs of {options.reminders} reminders sent at once to Xandikos, then deleted: "
          f"{failures} failures, {hangs} hangs")
    print(f"sync sending {options.reminders} new: {spread(times['send'])}; sync deleting them: {spread(times['delete'])}")
    for note in notes[:10]:
        print(note)


if __name__ == "__main__":
    main()
