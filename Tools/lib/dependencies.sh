# shellcheck shell=bash disable=SC2034 # the lists are used by the scripts that source this
# What Memoss's scripts need, installed only when missing: sourced by Tools/run, Tools/test,
# Tools/install and .ci/run. Debian's packages through apt-get (as root, or through sudo when not
# root and something is missing); Python packages through pip, into .build/python (a virtual
# environment that sees the system's packages) when the python3 on PATH lacks them.

# Debian packages, by what needs them.
MEMOSS_BUILD_PACKAGES=(
  libsqlite3-dev       # the store: SQLite with FTS5 and the session extension (undo)
  libreadline-dev      # the prompt's line editing, history and completion
  tzdata               # every time zone a reminder can be in
  libcurl4-openssl-dev # memoss-sync's HTTP (libcurl's multi interface, Shared/CCurl)
  libxml2-dev          # memoss-sync's XML (Foundation's XMLParser)
  libncurses-dev       # terminfo (libtinfo): which colours and attributes a terminal has; memoss-tui's ncursesw
)
MEMOSS_TEST_PACKAGES=(
  sqlite3              # tests damage stores on purpose and read them back
  dbus-daemon dbus-bin # a session bus of the test's own, and dbus-monitor (watch --notify)
  libglib2.0-bin       # gdbus (watch --notify)
  dunst xvfb           # a real notification server, on a display of its own
  systemd              # systemd-analyze checks the shipped user unit
  less                 # list is paged through the real pager
  tmux zsh fish        # Tab in bash, zsh and fish at a real terminal (shell completion); listings and the full screen in a real terminal
  ncurses-term         # tmux-direct: the full screen's truecolor in the tests' tmux
  groff-base           # groff reads every man page without a warning
  openssl              # the sync tests' self-signed certificate for an https server on loopback
)
# Python modules the tests import or start, as module=package.
MEMOSS_TEST_PYTHON=(
  dateutil=python-dateutil                      # the recurrence oracle (Tests/Oracle)
  icalendar=icalendar                           # Tests/Oracle/ics_check.py reads exported calendars
  recurring_ical_events=recurring-ical-events   # … and expands their rules
  pexpect=pexpect                               # the prompt at a real pseudo-terminal
  radicale=radicale                             # a CalDAV server for the sync tests
  xandikos=xandikos                             # another one
  todoman=todoman                               # second clients beside Memoss on those servers: todoman
  vdirsyncer=vdirsyncer                         # … syncing through vdirsyncer
  caldav=caldav                                 # … and the python caldav library
)

memoss_say() { printf '%s\n' "$*" >&2; }

# memoss_need_packages WHY PACKAGE…: installs the packages that are not installed.
memoss_need_packages() {
  local why=$1; shift
  local missing=() package
  for package in "$@"; do
    dpkg-query -W -f '${Status}' "$package" 2>/dev/null | grep -q "ok installed" || missing+=("$package")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  memoss_say "Installing Debian packages $why: ${missing[*]}"
  local run=()
  if [ "$(id -u)" -ne 0 ]; then
    if ! command -v sudo >/dev/null 2>&1; then
      memoss_say "memoss: these are missing and this is not root; as root run: apt-get install -y ${missing[*]}"
      exit 1
    fi
    run=(sudo)
  fi
  "${run[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -q >&2
  "${run[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}" >&2
}

# memoss_need_swift: the toolchain cannot come from apt; say where it comes from.
memoss_need_swift() {
  command -v swift >/dev/null 2>&1 && return 0
  memoss_say "memoss: swift is not on PATH; install the Swift 6.3 toolchain (https://www.swift.org/install/linux/) and add its usr/bin to PATH."
  exit 1
}

# memoss_python_missing: prints the packages of MEMOSS_TEST_PYTHON whose module python3 cannot import.
memoss_python_missing() {
  local spec
  for spec in "${MEMOSS_TEST_PYTHON[@]}"; do
    python3 -c "import ${spec%%=*}" >/dev/null 2>&1 || printf '%s\n' "${spec#*=}"
  done
}

# memoss_need_python ROOT: makes python3 on PATH import every module of MEMOSS_TEST_PYTHON, through
# ROOT/.build/python when it has to (and puts that first on PATH for what runs next).
memoss_need_python() {
  local venv=$1/.build/python
  command -v python3 >/dev/null 2>&1 || memoss_need_packages "for the tests' Python helpers" python3
  [ -x "$venv/bin/python3" ] && export PATH="$venv/bin:$PATH"
  local missing
  missing=$(memoss_python_missing)
  [ -z "$missing" ] && return 0
  if [ ! -x "$venv/bin/python3" ]; then
    memoss_say "Making a Python environment for the tests in $venv (it also sees the system's packages)"
    if ! python3 -m venv --system-site-packages "$venv" >/dev/null 2>&1; then
      rm -rf "$venv"
      memoss_need_packages "to make that environment" python3-venv
      python3 -m venv --system-site-packages "$venv" >&2
    fi
    export PATH="$venv/bin:$PATH"
  fi
  memoss_say "Installing Python packages for the tests into $venv: ${missing//$'\n'/ }"
  # shellcheck disable=SC2086
  "$venv/bin/python3" -m pip install -q $missing >&2
  missing=$(memoss_python_missing)
  if [ -n "$missing" ]; then
    memoss_say "memoss: python3 still cannot import: ${missing//$'\n'/ }"
    exit 1
  fi
}
