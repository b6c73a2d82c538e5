"""Drives `memoss edit N` through a pseudo-terminal, as a person at a keyboard would, to show that
each prompt puts the field's current value on the line, editable in place: fixing one word of a
title is deleting that word and typing it again, Enter keeps a value as it is, and a line emptied
clears the notes. Prints one line per check; exits 1 on the first failure.

    MEMOSS_CLOCK=2026-11-21T20:00:00Z python3 edit_prefill.py MEMOSS_BINARY WORK_FOLDER
"""
import os
import subprocess
import sys

import pexpect

binary, folder = sys.argv[1], sys.argv[2]
env = dict(os.environ, XDG_STATE_HOME=os.path.join(folder, "state"), TZ="America/New_York", NO_COLOR="1", TERM="dumb")
store = os.path.join(folder, "prefill.sqlite")
PROMPT = "memoss> "


def memoss(*arguments):
    return subprocess.run([binary, "--db", store] + list(arguments), env=env, capture_output=True, text=True, check=True).stdout


def check(name, condition, detail=""):
    print(("ok   " if condition else "FAIL ") + name + ("" if condition else ": " + detail))
    if not condition:
        sys.exit(1)


memoss("add", "Call the dentsit", "--date", "2026-11-23", "--time", "09:00", "--notes", "ask about the crown", "--new-tag", "Health")

child = pexpect.spawn(binary, ["--db", store], env=env, encoding="utf-8", timeout=10, dimensions=(40, 200))
child.expect_exact(PROMPT)
child.sendline("edit 1")
# The title is on the line as it is; Ctrl-W deletes its last word, which is typed again.
child.expect_exact("Title: Call the dentsit")
child.sendcontrol("w")
child.send("dentist\r")
child.expect_exact("Notes (optional, - for none): ask about the crown")
child.send("\r")
child.expect_exact("Date: 2026-11-23")
child.send("\r")
child.expect_exact("Time: 09:00")
# One word of the time changed in place: back over "00", type "30".
child.send("\b\b30\r")
child.expect_exact("Repeat (a number, or a phrase such as every 2 weeks on tue,thu): Never")
child.send("\r")
child.expect_exact("Tags (names or numbers, by commas or spaces, - for none, +Name [1–8] creates): Health")
child.send("\r")
child.expect_exact("Priority (none, low, medium, high, or !, !!, !!!): none")
child.send("\r")
child.expect_exact("Alarms: at due time")
child.send("\r")
child.expect_exact("Save? [Y/n/e/d] ")
child.send("y\r")
child.expect_exact('Saved "Call the dentist", due Mon 23 Nov 09:30.')
child.expect_exact(PROMPT)
shown = memoss("show", "1")
check("Fixing one word of the title is that word; Enter keeps the rest", "Call the dentist\n" in shown and "ask about the crown" in shown
      and "#Health" in shown and "Mon 23 Nov 09:30" in shown, shown)

# A line emptied (Ctrl-U) clears the notes.
child.sendline("edit 1")
child.expect_exact("Title: Call the dentist")
child.send("\r")
child.expect_exact("Notes (optional, - for none): ask about the crown")
child.sendcontrol("u")
child.send("\r")
for _ in range(6):  # date, time, repeat, tags, priority, alarms
    child.expect_exact(": ")
    child.send("\r")
child.expect_exact("Save? [Y/n/e/d] ")
child.send("y\r")
child.expect_exact('Saved "Call the dentist"')
child.expect_exact(PROMPT)
shown = memoss("show", "1")
check("A line emptied clears the notes", "Notes:" not in shown and "#Health" in shown, shown)

# Adding still offers defaults in brackets, the line left empty.
child.sendline("add")
child.expect_exact("Title: ")
child.send("Buy milk\r")
child.expect_exact("Notes (optional, - for none): ")
child.send("\r")
child.expect_exact("Date [2026-11-22]: ")
child.sendcontrol("c")
child.expect_exact("Cancelled; nothing was saved.")
child.expect_exact(PROMPT)
check("Adding keeps the bracketed defaults", True)
child.sendline("quit")
child.expect(pexpect.EOF)
