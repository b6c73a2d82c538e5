#!/usr/bin/env bash
# popup_screenshots.sh — a desktop popup from `memoss watch --notify --nag 1m`,
# checked on screen: shown when it fires, replaced (not doubled) when the nag
# shows it again, closed when the notification is answered from another process.
#
# It starts its own X server (Xvfb :77), a private session bus (dbus-daemon) and
# dunst as the notification server, adds one reminder due in about a minute to a
# throw-away store and runs `memoss watch --notify --nag 1m` on it. It takes three
# screenshots of the whole X display and prints `dunstctl count` at each step:
#   a-fired.png      after it fires           expect displayed 1
#   b-nagged.png     after the nag re-shows it expect displayed 1 (replaced, not 2)
#   c-dismissed.png  after `memoss dismiss 1`  expect displayed 0
# Takes about 2.5 to 3 minutes. Everything it started is stopped on exit.
#
# Run:  Tools/AlarmLateness/popup_screenshots.sh PATH/TO/memoss [SHOT_DIR]
#       (SHOT_DIR defaults to /tmp/memoss-shots)
# Needs: Xvfb, dbus-daemon, dunst + dunstctl, ImageMagick's `import`
#        (apt-get install xvfb dbus dunst imagemagick). Uses the real clock
#        (MEMOSS_CLOCK unset), TZ=UTC and a temporary HOME.
# Exit status 0 when the three counts are 1, 1, 0.
set -euo pipefail

BIN=${1:?usage: popup_screenshots.sh PATH/TO/memoss [SHOT_DIR]}
SHOTS=${2:-/tmp/memoss-shots}
BIN=$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")
DISPLAY_NUM=${DISPLAY_NUM:-77}
for tool in Xvfb dbus-daemon dunst dunstctl import; do
    command -v "$tool" > /dev/null || { echo "missing: $tool" >&2; exit 2; }
done

unset MEMOSS_CLOCK MEMOSS_DB XDG_DATA_HOME
export TZ=UTC LC_ALL=C.UTF-8
WORK=$(mktemp -d /tmp/memoss-popup.XXXXXX)
export HOME=$WORK/home XDG_CONFIG_HOME=$WORK/home/.config XDG_RUNTIME_DIR=$WORK/run
mkdir -p "$HOME" "$XDG_CONFIG_HOME/dunst" "$XDG_RUNTIME_DIR" "$SHOTS"
chmod 700 "$XDG_RUNTIME_DIR"
STORE=$WORK/store.sqlite
export DISPLAY=:$DISPLAY_NUM
export DBUS_SESSION_BUS_ADDRESS=unix:path=$WORK/bus

pids=()
cleanup() {
    # stop in reverse order of start: watch, dunst, dbus-daemon, Xvfb
    for (( k = ${#pids[@]} - 1; k >= 0; k-- )); do
        kill -TERM "${pids[k]}" 2>/dev/null || true
        wait "${pids[k]}" 2>/dev/null || true
    done
    [[ ${KEEP:-0} == 1 ]] && echo "work folder kept: $WORK" || rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

wait_for() {  # wait_for SECONDS COMMAND...: poll every 0.2 s
    local deadline=$(( $(date +%s) + $1 )); shift
    until "$@" > /dev/null 2>&1; do
        (( $(date +%s) < deadline )) || return 1
        sleep 0.2
    done
}
counts() {
    printf '%-34s dunstctl count: displayed %s, waiting %s, history %s\n' "$1" \
        "$(dunstctl count displayed)" "$(dunstctl count waiting)" "$(dunstctl count history)"
}
shot() { import -display "$DISPLAY" -window root "$SHOTS/$1"; echo "  screenshot: $SHOTS/$1"; }
deliveries() { grep -c '^Reminder:' "$WORK/watch.out" || true; }
delivered_at_least() { (( $(deliveries) >= $1 )); }
displayed_is() { [[ $(dunstctl count displayed) == "$1" ]]; }

# ---- X, bus, dunst --------------------------------------------------------------
Xvfb "$DISPLAY" -screen 0 1024x768x24 -nolisten tcp > "$WORK/xvfb.log" 2>&1 &
pids+=($!)
wait_for 10 xdpyinfo -display "$DISPLAY" || { echo "Xvfb did not start"; cat "$WORK/xvfb.log"; exit 1; }

dbus-daemon --session --nofork --address="$DBUS_SESSION_BUS_ADDRESS" > "$WORK/dbus.log" 2>&1 &
pids+=($!)
wait_for 10 test -S "$WORK/bus" || { echo "dbus-daemon did not start"; cat "$WORK/dbus.log"; exit 1; }

cat > "$XDG_CONFIG_HOME/dunst/dunstrc" <<'EOF'
[global]
    monitor = 0
    follow = none
    width = 420
    height = 200
    origin = top-right
    offset = 20x20
    font = Sans 12
    frame_width = 2
    frame_color = "#8fbcbb"
    padding = 10
    horizontal_padding = 12
    format = "<b>%a</b>\n<b>%s</b>\n%b"
    markup = full
    show_indicators = yes
    indicate_hidden = yes
    idle_threshold = 0
    history_length = 20
[urgency_low]
    background = "#2e3440"
    foreground = "#eceff4"
    timeout = 0
[urgency_normal]
    background = "#2e3440"
    foreground = "#eceff4"
    timeout = 0
[urgency_critical]
    background = "#bf616a"
    foreground = "#ffffff"
    timeout = 0
EOF
dunst -config "$XDG_CONFIG_HOME/dunst/dunstrc" > "$WORK/dunst.log" 2>&1 &
pids+=($!)
wait_for 10 dunstctl count displayed || { echo "dunst did not start"; cat "$WORK/dunst.log"; exit 1; }
counts "dunst running, nothing sent yet:"
# Record the Notify / CloseNotification calls and their replies on the private bus.
dbus-monitor --session "interface='org.freedesktop.Notifications'" "type='method_return'" "type='signal',interface='org.freedesktop.Notifications'" > "$WORK/bus.log" 2>&1 &
pids+=($!)

# ---- the reminder and watch -------------------------------------------------------
due=$(( ($(date +%s) + 30 + 59) / 60 * 60 ))   # next minute at least 30 s away
"$BIN" --db "$STORE" add "Water the plants" --notes "The ferns by the window" \
    --date "$(date -u -d "@$due" +%F)" --time "$(date -u -d "@$due" +%H:%M)"
"$BIN" --db "$STORE" watch --notify --nag 1m > "$WORK/watch.out" 2>&1 &
pids+=($!)
echo "watch started; fires at $(date -u -d "@$due" +%T) UTC (now $(date -u +%T))"

fail=0
expect() { [[ $(dunstctl count displayed) == "$1" ]] || { echo "  UNEXPECTED: displayed should be $1"; fail=1; }; }

# (a) it fires
wait_for $(( due - $(date +%s) + 20 )) delivered_at_least 1 || { echo "did not fire"; cat "$WORK/watch.out"; exit 1; }
sleep 2
echo "(a) fired at $(date -u +%T)"
counts "(a) after it fired:"
expect 1
shot a-fired.png

# (b) the nag shows it again a minute later
wait_for 90 delivered_at_least 2 || { echo "nag did not show it again"; cat "$WORK/watch.out"; exit 1; }
sleep 2
echo "(b) shown again at $(date -u +%T)"
counts "(b) after the nag re-showed it:"
expect 1
shot b-nagged.png

# (c) answered from another process
echo "(c) answering it from another process:"
"$BIN" --db "$STORE" notifications | sed 's/^/    /'
"$BIN" --db "$STORE" dismiss 1 | sed 's/^/    /'
wait_for 10 displayed_is 0 || true
sleep 1
counts "(c) after memoss dismiss 1:"
expect 0
shot c-dismissed.png

echo "watch printed:"
sed 's/^/    /' "$WORK/watch.out"
echo "dunst history (summary, body, id):"
dunstctl history | python3 -c '
import json, sys
for n in json.load(sys.stdin)["data"][0]:
    print("   ", n["summary"]["data"], "|", n["body"]["data"], "| id", n["id"]["data"], "| app", n["appname"]["data"])' || true
echo "notification bus traffic (Notify: replaces_id -> id returned; actions; CloseNotification; signals):"
python3 - "$WORK/bus.log" <<'PY' || true
import re, sys
lines = open(sys.argv[1]).read().split("\n")
def body(i):  # the argument lines of the message on line i (a body may span lines)
    out = []
    i += 1
    while i < len(lines) and not re.match(r"(method call|method return|signal|error) ", lines[i]):
        out.append(lines[i].strip()); i += 1
    return out
calls = {}
for i, l in enumerate(lines):
    m = re.match(r"method call .*sender=(\S+) .*serial=(\d+) .*member=(Notify|CloseNotification)$", l)
    if m:
        sender, serial, member = m.groups()
        b = body(i)
        if member == "Notify":
            text = "\n".join(b)
            replaces = b[1].split()[-1]
            summary = b[3]
            acts = re.findall(r'string "([^"]*)"', text[text.index("array ["):text.index("]")])
            calls[(sender, serial)] = f"Notify from {sender} replaces_id={replaces} {summary} actions={acts}"
        else:
            print(f"    CloseNotification from {sender} id={b[0].split()[-1]}")
        continue
    m = re.match(r"method return .*destination=(\S+) .*reply_serial=(\d+)", l)
    if m and (m.group(1), m.group(2)) in calls:
        print("   ", calls.pop((m.group(1), m.group(2))), "-> returned", " ".join(body(i)))
        continue
    m = re.match(r"signal .*member=(NotificationClosed|ActionInvoked)$", l)
    if m:
        print("    signal", m.group(1), body(i))
PY
if (( fail )); then echo "RESULT: popup NOT as expected"; else echo "RESULT: shown, replaced (one popup), closed"; fi
exit $fail
