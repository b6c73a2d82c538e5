"""Drives `memoss` through a pseudo-terminal, as a person at a keyboard would, to show that the
readline mode completes commands, tag names (those added meanwhile too) and listed numbers, keeps
history between runs, and that Ctrl-C abandons a flow without leaving the program. Prints one line
per check; exits 1 on the first failure.

    MEMOSS_CLOCK=2026-11-21T20:00:00Z python3 readline_session.py MEMOSS_BINARY WORK_FOLDER
"""
import os
import subprocess
import sys

import pexpect

binary, folder = sys.argv[1], sys.argv[2]
env = dict(os.environ, XDG_STATE_HOME=os.path.join(folder, "state"), TZ="America/New_York", NO_COLOR="1", TERM="dumb")
store = os.path.join(folder, "store.sqlite")
PROMPT = "memoss> "


def start():
    child = pexpect.spawn(binary, ["--db", store], env=env, encoding="utf-8", timeout=10, dimensions=(40, 200))
    child.expect_exact(PROMPT)
    return child


def check(name, condition):
    print(("ok   " if condition else "FAIL ") + name)
    if not condition:
        sys.exit(1)


child = start()
# Tab completes a command name and a tag name.
child.send("ad\t")
child.expect_exact("add ")
child.send('"Pay rent" --date 2027-03-01 --tag Wo\t')
child.expect_exact("--tag Work ")
child.sendline("")
child.expect_exact('Added 1. "Pay rent"')
child.expect_exact(PROMPT)
check("Tab completes the command and the tag name", True)

child.sendline("list")
child.expect_exact("1. [ ] Pay rent")
child.expect_exact(PROMPT)
# Tab offers the listed numbers after a command that takes one.
child.send("done \t")
child.expect_exact("done 1")
child.sendline("")
child.expect_exact('Completed "Pay rent".')
child.expect_exact(PROMPT)
check("Tab completes a listed number", True)

# Tab offers a tag another process added while the prompt waited, and one a command here added.
subprocess.run([binary, "--db", store, "tag", "add", "Garden"], env=env, check=True, stdout=subprocess.DEVNULL)
child.send("list --tag Gar\t")
child.expect_exact("--tag Garden ")
child.sendline("")
child.expect_exact(PROMPT)
child.sendline("tag add Errands")
child.expect_exact(PROMPT)
child.send("list --tag Err\t")
child.expect_exact("--tag Errands ")
child.sendline("")
child.expect_exact(PROMPT)
check("Tab completes tags added by another process and by this prompt", True)

# Tab completes a tag or list named as a word, as commands and queries take them (it completed
# only after --tag).
child.send("list +Gar\t")
child.expect_exact("list +Garden ")
child.sendline("")
child.expect_exact(PROMPT)
child.send("list tag:Err\t")
child.expect_exact("list tag:Errands ")
child.sendline("")
child.expect_exact(PROMPT)
child.send("list list:Remi\t")
child.expect_exact("list list:Reminders ")
child.sendline("")
child.expect_exact(PROMPT)
# A name with spaces is a tag only as tag:"…" (+Word games would be title words).
child.sendline('tag add "Word games"')
child.expect_exact(PROMPT)
child.send("list +Word\t")
child.expect_exact('"tag:Word games"')
child.sendline("")
child.expect_exact(PROMPT)
check("Tab completes +Tag, tag:Tag and list:List words", True)

# Ctrl-C abandons the add flow; the program stays.
child.sendline("add")
child.expect_exact("Title: ")
child.send("Half typed")
child.sendcontrol("c")
child.expect_exact("Cancelled; nothing was saved.")
child.expect_exact(PROMPT)
child.sendline("list")
child.expect_exact("Completed")
child.expect_exact(PROMPT)
check("Ctrl-C abandons the flow and stores nothing", "Half typed" not in child.before)

# Ctrl-D at the prompt quits.
child.sendcontrol("d")
child.expect(pexpect.EOF)
child.close()
check("Ctrl-D at the prompt quits with status 0", child.exitstatus == 0)

# History survives: Up brings back the last command of the previous run.
child = start()
child.send("\x1b[A")
child.expect_exact("list")
child.sendline("")
child.expect_exact("1. [x] Pay rent")
child.expect_exact(PROMPT)
check("Up recalls the previous run's last command", True)
child.sendline("quit")
child.expect(pexpect.EOF)

# Before a new prompt lists, Tab offers the numbers of the stored listing (its numbers then): it
# offered none.
child = start()
child.send("show \t")
child.expect_exact("show 1")
child.sendline("")
child.expect_exact("Pay rent")
child.expect_exact(PROMPT)
check("Tab completes a number of the stored listing before the prompt lists", True)
child.sendline("quit")
child.expect(pexpect.EOF)
