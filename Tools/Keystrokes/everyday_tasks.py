#!/usr/bin/env python3
"""Keystrokes for ten everyday tasks: Memoss (from the shell and at its prompt) beside Taskwarrior.

Each task is typed as a person would, counting every character and Enter (and the answers a
program asks for: Taskwarrior asks before a delete and an undo). Every command is run for real,
Taskwarrior in a TASKDATA of its own, Memoss on a store of its own on the tests' clock, so a count
is only printed for commands that did what the task says.

    python3 Tools/Keystrokes/everyday_tasks.py [PATH-TO-memoss]   # default .build/debug/memoss
"""
import os
import subprocess
import sys
import tempfile

# (task, Taskwarrior's lines, Memoss's shell lines, Memoss's prompt lines); a line after the first
# of a command is an answer to its question.
TASKS = [
    ("add with a date and a tag", [["task add Call the dentist due:fri +Health"]],
     [["memoss add Call the dentist due:fri +Health"]], [["add Call the dentist due:fri +Health"]]),
    ("list", [["task list"]], [["memoss list"]], [["list"]]),
    ("filter by tag", [["task +Health list"]], [["memoss list +Health"]], [["list +Health"]]),
    ("search text", [["task /dentist/ list"]], [["memoss list dentist"]], [["list dentist"]]),
    ("complete", [["task 1 done"]], [["memoss done 1"]], [["done 1"]]),
    ("add a repeating one", [["task add Water the plants due:sun recur:weekly"]],
     [["memoss add Water the plants due:sun rep:weekly"]], [["add Water the plants due:sun rep:weekly"]]),
    ("edit one field", [["task 2 modify due:mon"]], [["memoss edit 2 due:mon"]], [["edit 2 due:mon"]]),
    ("delete", [["task 2 delete", "yes"]], [["memoss rm 2"]], [["rm 2"]]),
    ("undo", [["task undo", "yes"]], [["memoss undo"]], [["undo"]]),
    ("export", [["task export > tasks.json"]], [["memoss export > tasks.ics"]], [["export -o tasks.ics"]]),
]


def keys(commands):
    return sum(len(line) + 1 for command in commands for line in command)


def run_shell(commands, env, cwd):
    for command in commands:
        answers = "".join(line + "\n" for line in command[1:])
        result = subprocess.run(command[0], shell=True, input=answers, text=True, env=env, cwd=cwd,
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=60)
        if os.environ.get("VERBOSE"):
            print(f"$ {command[0]}\n{result.stdout}", file=sys.stderr)
        if result.returncode != 0:
            sys.exit(f"failed: {command[0]} ({result.returncode})\n{result.stdout}")


def main():
    memoss = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/debug/memoss")
    work = tempfile.mkdtemp(prefix="memoss-keys-")
    bin_dir = os.path.join(work, "bin")
    os.mkdir(bin_dir)
    os.symlink(memoss, os.path.join(bin_dir, "memoss"))
    env = dict(os.environ, HOME=work, TZ="America/New_York", PATH=bin_dir + ":/usr/bin:/bin",
               TASKDATA=os.path.join(work, "task"), TASKRC=os.path.join(work, "taskrc"),
               MEMOSS_DB=os.path.join(work, "store.sqlite"), MEMOSS_CLOCK="2026-11-21T20:00:00Z")
    open(env["TASKRC"], "w").write(f"data.location={env['TASKDATA']}\nconfirmation=on\n")
    prompt = os.path.join(work, "prompt")
    os.mkdir(prompt)
    rows, totals = [], [0, 0, 0]
    for name, taskwarrior, shell, at_prompt in TASKS:
        run_shell(taskwarrior, env, work)
        run_shell(shell, env, work)
        counts = [keys(taskwarrior), keys(shell), keys(at_prompt)]
        rows.append((name, *counts))
        totals = [a + b for a, b in zip(totals, counts)]
    # The prompt's lines, typed into one session on a store of its own.
    prompt_env = dict(env, MEMOSS_DB=os.path.join(prompt, "store.sqlite"))
    lines = "".join(line + "\n" for _, _, _, at_prompt in TASKS for command in at_prompt for line in command)
    session = subprocess.run([memoss], input=lines, text=True, env=prompt_env, cwd=prompt,
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=60)
    if session.returncode != 0 or "memoss:" in session.stdout:
        sys.exit(f"the prompt session failed:\n{session.stdout}")
    print("| task | Taskwarrior 2.6 | Memoss, shell | Memoss, prompt |")
    print("| --- | ---: | ---: | ---: |")
    for name, tw, sh, pr in rows:
        print(f"| {name} | {tw} | {sh} | {pr} |")
    print(f"| **all ten** | **{totals[0]}** | **{totals[1]}** | **{totals[2]}** |")


if __name__ == "__main__":
    main()
