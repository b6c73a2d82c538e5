#!/usr/bin/env python3
"""Memoss's recurrence oracle: the occurrences of a repeat rule, computed twice without Memoss's code.

Reads a JSON list of cases (or one case) on standard input and prints, for each, its occurrences as
local date-times with the offset in force (2026-03-08T03:30:00-04:00). Every case is computed two ways
that share nothing but the case's reading, and the two must agree:

  1. an RFC 5545 RRULE written as text and expanded by python-dateutil's `rrulestr`, each nominal
     wall time resolved by the standard library's `zoneinfo` (PEP 495, fold=0);
  2. a construction period by period (the nth day, week, month or year from the start's, the
     matching days in it worked out by arithmetic), each wall time resolved by searching the
     instants whose local reading it is (UTC to local readings only; no fold).

A case (fields with the value null count as absent; "id", "tags", "why" and "expected" are ignored):
  tz        an IANA zone                                                       (required)
  start     the local wall time YYYY-MM-DDTHH:MM[:SS]                          (required)
  rule      none | daily | weekly | monthly | yearly                          (required)
  interval  every how many days, weeks (Monday to Sunday), months or years, counted from the
            start's own period; default 1 (none: 1 only)
  weekdays  weekly: the days, 1 = Sunday … 7 = Saturday; weekday: one of them (default: the start's)
  day       monthly: 1–31, clamped to the month's last day, or -1 for the last day (default: the start's)
  nth       monthly: 1–4 or -1 (the last), with weekday
  times     the series ends after this many occurrences
  end       YYYY-MM-DD: the last local day an occurrence may fall on (inclusive)
  after     print only occurrences after this instant (a local wall time, or ISO 8601 with an offset)
  count     print at most this many                                            (required)

The rules (Tests/Oracle/README.md has them in full): the time of day never moves; a start the rule
does not fall on is not an occurrence; a wall time in a DST gap moves forward by the gap, one that
happens twice is the first; `times` counts before `end` and `after` filter.

  python3 recurrence_oracle.py < cases.json               # [[local, …], …]
  python3 recurrence_oracle.py --detail < cases.json      # + utc, nominal, dst (gap|overlap|null)
  python3 recurrence_oracle.py --selftest                 # hand_cases*.json and invalid_cases.json

Exit status: 0; 1 when the two computations disagree or a self-test case fails; 2 for a case that is
not valid (the message names it) or input that is not JSON.
"""
import argparse
import calendar
import datetime as dt
import json
import os
import sys
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from dateutil import rrule as du_rrule

UTC = dt.timezone.utc
RRULE_DAYS = {1: "SU", 2: "MO", 3: "TU", 4: "WE", 5: "TH", 6: "FR", 7: "SA"}
LAST_YEAR = 2300  # no case reaches it; a walk that does has run away


class Invalid(ValueError):
    """A case the oracle refuses, with the reason."""


# --- reading a case ---------------------------------------------------------------------------------

def integer(value):
    return isinstance(value, int) and not isinstance(value, bool)


def wall_time(text, name):
    if isinstance(text, str):
        for form in ("%Y-%m-%dT%H:%M:%S", "%Y-%m-%dT%H:%M"):
            try:
                return dt.datetime.strptime(text, form)
            except ValueError:
                continue
    raise Invalid(f"{name} must be a local time YYYY-MM-DDTHH:MM[:SS], not {text!r}")


def sunday_first(day):
    """A date's weekday as cases number it: 1 = Sunday … 7 = Saturday."""
    return day.isoweekday() % 7 + 1


def read_case(case):
    """The case as a dict of checked values, or Invalid."""
    if not isinstance(case, dict):
        raise Invalid(f"a case is an object, not {case!r}")
    given = {key: value for key, value in case.items() if value is not None}
    try:
        zone = ZoneInfo(given.get("tz"))
    except (ZoneInfoNotFoundError, ValueError, TypeError):
        raise Invalid(f"tz {given.get('tz')!r} is not a zone of the tz database")
    start = wall_time(given.get("start"), "start")
    rule = given.get("rule")
    if rule not in ("none", "daily", "weekly", "monthly", "yearly"):
        raise Invalid(f"rule must be none, daily, weekly, monthly or yearly, not {rule!r}")
    count = given.get("count")
    if not integer(count) or count < 0:
        raise Invalid(f"count must be a whole number from 0, not {count!r}")

    allowed = {"none": set(), "daily": {"interval"}, "weekly": {"interval", "weekday", "weekdays"},
               "monthly": {"interval", "day", "nth", "weekday"}, "yearly": {"interval"}}[rule]
    # The first cases of the project's history carried a weekday or day on rules that do not use one.
    tolerated = {"none": {"weekday", "day"}, "daily": {"weekday", "day"}, "weekly": {"day"}}.get(rule, set())
    for key in ("interval", "weekday", "weekdays", "day", "nth"):
        if key in given and key not in allowed and key not in tolerated:
            if key == "interval" and given[key] == 1 and integer(given[key]):
                continue
            raise Invalid(f"{key} does not go with rule {rule}")

    interval = given.get("interval", 1) if rule != "none" else 1
    if not integer(interval) or interval < 1:
        raise Invalid(f"interval must be a whole number from 1, not {interval!r}")

    weekdays, day, nth, weekday = None, None, None, None
    if rule == "weekly":
        if "weekday" in given and "weekdays" in given:
            raise Invalid("weekday and weekdays: give one")
        weekdays = given.get("weekdays", [given.get("weekday", sunday_first(start))])
        if (not isinstance(weekdays, list) or not weekdays or len(set(weekdays)) != len(weekdays)
                or not all(integer(w) and 1 <= w <= 7 for w in weekdays)):
            raise Invalid(f"weekdays must be distinct days 1-7 (1 = Sunday), not {weekdays!r}")
        weekdays = frozenset(weekdays)
    elif rule == "monthly":
        if "nth" in given:
            if "day" in given:
                raise Invalid("day and nth: give one")
            nth, weekday = given["nth"], given.get("weekday")
            if nth not in (1, 2, 3, 4, -1) or not integer(nth):
                raise Invalid(f"nth must be 1, 2, 3, 4 or -1, not {nth!r}")
            if not integer(weekday) or not 1 <= weekday <= 7:
                raise Invalid(f"nth needs a weekday 1-7 (1 = Sunday), not {weekday!r}")
        else:
            if "weekday" in given:
                raise Invalid("weekday on a monthly rule needs nth")
            day = given.get("day", start.day)
            if not integer(day) or not (1 <= day <= 31 or day == -1):
                raise Invalid(f"day must be 1-31 or -1, not {day!r}")

    times = given.get("times")
    if times is not None and (not integer(times) or times < 1):
        raise Invalid(f"times must be a whole number from 1, not {times!r}")
    end = given.get("end")
    if end is not None:
        try:
            end = dt.date.fromisoformat(end)
        except (TypeError, ValueError):
            raise Invalid(f"end must be YYYY-MM-DD, not {end!r}")
    after = given.get("after")
    if after is not None:
        try:
            moment = dt.datetime.fromisoformat(after)
        except (TypeError, ValueError):
            raise Invalid(f"after must be a date and time, not {after!r}")
        after = moment.astimezone(UTC) if moment.tzinfo else resolve_by_fold(moment, zone).astimezone(UTC)
    return {"zone": zone, "start": start, "rule": rule, "interval": interval, "weekdays": weekdays,
            "day": day, "nth": nth, "weekday": weekday, "times": times, "end": end, "after": after,
            "count": count}


# --- way 1: an RRULE's text, expanded by dateutil; zoneinfo's fold=0 -----------------------------------

def rrule_text(p):
    """The RFC 5545 RRULE a case means (without DTSTART), or None for a one-time case."""
    rule, start = p["rule"], p["start"]
    if rule == "none":
        return None
    parts = [f"FREQ={rule.upper()}"]
    if p["interval"] > 1:
        parts.append(f"INTERVAL={p['interval']}")
    if rule == "weekly":
        parts.append("WKST=MO")
        parts.append("BYDAY=" + ",".join(RRULE_DAYS[w] for w in sorted(p["weekdays"])))
    elif rule == "monthly" and p["nth"] is not None:
        parts.append(f"BYDAY={p['nth']}{RRULE_DAYS[p['weekday']]}")
    elif rule == "monthly":
        day = p["day"]
        if day == -1 or day == 31:
            parts.append("BYMONTHDAY=-1")
        elif day <= 28:
            parts.append(f"BYMONTHDAY={day}")
        else:  # the latest of 28 … day the month has
            parts.append("BYMONTHDAY=" + ",".join(str(d) for d in range(28, day + 1)) + ";BYSETPOS=-1")
    elif rule == "yearly":
        if (start.month, start.day) == (2, 29):
            parts.append("BYMONTH=2;BYMONTHDAY=-1")
        else:
            parts.append(f"BYMONTH={start.month};BYMONTHDAY={start.day}")
    if p["times"] is not None:
        parts.append(f"COUNT={p['times']}")
    return ";".join(parts)


def nominal_by_rrule(p):
    text = rrule_text(p)
    if text is None:
        yield p["start"]
        return
    # dateutil (unlike RFC 5545) does not count a DTSTART the rule does not match: as Memoss.
    for moment in du_rrule.rrulestr(text, dtstart=p["start"]):
        if moment.year > LAST_YEAR:
            return
        yield moment


def resolve_by_fold(wall, zone):
    """PEP 495: fold=0 reads a gap's wall time with the offset before it, an overlap's as the first."""
    return wall.replace(tzinfo=zone, fold=0).astimezone(UTC).astimezone(zone)


# --- way 2: period by period; instants searched among the zone's offsets --------------------------------

def month_after(year, month, months):
    index = year * 12 + month - 1 + months
    return index // 12, index % 12 + 1


def days_in(year, month):
    return calendar.monthrange(year, month)[1]


def days_of_period(p, index):
    """The dates the rule selects in the period `index` periods after the start's (ascending)."""
    rule, first = p["rule"], p["start"].date()
    if rule == "daily":
        return [first + dt.timedelta(days=index)]
    if rule == "weekly":
        monday = first - dt.timedelta(days=first.weekday()) + dt.timedelta(weeks=index)
        week = [monday + dt.timedelta(days=k) for k in range(7)]
        return [d for d in week if sunday_first(d) in p["weekdays"]]
    if rule == "monthly":
        year, month = month_after(first.year, first.month, index)
        last = days_in(year, month)
        if p["nth"] is None:
            return [dt.date(year, month, last if p["day"] == -1 else min(p["day"], last))]
        # The first such weekday of the month, then whole weeks on; the last is within the last 7 days.
        offset = (p["weekday"] - sunday_first(dt.date(year, month, 1))) % 7
        first_one = 1 + offset
        wanted = first_one + 7 * (p["nth"] - 1) if p["nth"] > 0 else first_one + 7 * ((last - first_one) // 7)
        return [dt.date(year, month, wanted)]
    year = first.year + index
    return [dt.date(year, first.month, min(first.day, days_in(year, first.month)))]


def nominal_by_periods(p):
    start = p["start"]
    if p["rule"] == "none":
        yield start
        return
    produced, index = 0, 0
    while True:
        days = days_of_period(p, index)
        if days and days[0].year > LAST_YEAR:
            return
        for day in days:
            if day < start.date():
                continue
            yield dt.datetime.combine(day, start.time())
            produced += 1
            if p["times"] is not None and produced == p["times"]:
                return
        index += p["interval"]


def offset_at(instant, zone):
    return instant.astimezone(zone).utcoffset()


def resolve_by_search(wall, zone):
    """The instant whose local reading is `wall` (the earlier of two); in a gap, `wall` read with the
    offset in force just before the gap (RFC 5545 §3.3.5). Only UTC → local readings are used."""
    as_utc = wall.replace(tzinfo=UTC)
    offsets = {offset_at(as_utc + dt.timedelta(hours=h), zone) for h in (-30, -15, 0, 15, 30)}
    readings = sorted(as_utc - o for o in offsets if offset_at(as_utc - o, zone) == o)
    if readings:
        return readings[0].astimezone(zone)
    # A gap: the change lies between the two readings; the offset before it is the one before the change.
    low, high = as_utc - max(offsets), as_utc - min(offsets)
    while high - low > dt.timedelta(seconds=1):
        middle = low + (high - low) / 2
        if offset_at(middle, zone) == offset_at(low, zone):
            low = middle
        else:
            high = middle
    return (as_utc - offset_at(low, zone)).astimezone(zone)


# --- both ways ------------------------------------------------------------------------------------------

def occurrences(p, nominal, resolve, zone):
    """(nominal, resolved) pairs after the end, after and count filters."""
    if p["count"] == 0:
        return []
    found = []
    for wall in nominal(p):
        if p["end"] is not None and wall.date() > p["end"] + dt.timedelta(days=2):
            break
        moment = resolve(wall, zone)
        if p["end"] is not None and moment.date() > p["end"]:
            continue
        if p["after"] is not None and moment.astimezone(UTC) <= p["after"]:
            continue
        found.append((wall, moment))
        if len(found) == p["count"]:
            break
    return found


def local_text(moment):
    return moment.isoformat(timespec="seconds")


def dst(wall, zone):
    first, second = wall.replace(tzinfo=zone, fold=0), wall.replace(tzinfo=zone, fold=1)
    if first.utcoffset() == second.utcoffset():
        return None
    return "overlap" if resolve_by_fold(wall, zone).replace(tzinfo=None) == wall else "gap"


class Disagreement(AssertionError):
    """The two computations of a case differ: a bug in this oracle."""


def compute(case, detail=False):
    p = read_case(case)
    one = occurrences(p, nominal_by_rrule, resolve_by_fold, p["zone"])
    # dateutil's own zones ignore a TZif file's rule for the years after its last transition (2037 in
    # Debian's files), so both ways read the zone through zoneinfo: way 2 only from UTC to local.
    two = occurrences(p, nominal_by_periods, resolve_by_search, p["zone"])
    one_text = [(w.isoformat(), local_text(m)) for w, m in one]
    two_text = [(w.isoformat(), local_text(m.astimezone(p["zone"]))) for w, m in two]
    if one_text != two_text or [m.utcoffset() for _, m in one] != [m.utcoffset() for _, m in two]:
        raise Disagreement(f"{case}:\n  rrule:   {one_text}\n  periods: {two_text}")
    if not detail:
        return [local_text(m) for _, m in one]
    return {"case": case, "occurrences": [
        {"local": local_text(m), "utc": m.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
         "nominal": w.isoformat(timespec="seconds"), "dst": dst(w, p["zone"])} for w, m in one]}


def selftest():
    here = os.path.dirname(os.path.abspath(__file__))
    failures, total = 0, 0
    for name in ("hand_cases.json", "hand_cases_rules.json", "invalid_cases.json"):
        with open(os.path.join(here, name), encoding="utf-8") as f:
            for case in json.load(f):
                total += 1
                try:
                    got = compute(case)
                except Invalid as refusal:
                    got = {"error": str(refusal)}
                want = {"error": case["error"]} if "error" in case else case["expected"]
                if got != want:
                    failures += 1
                    print(f"FAIL {case['id']}\n  want {want}\n  got  {got}")
    print(f"{total - failures} passed, {failures} failed")
    return 1 if failures else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--detail", action="store_true", help="objects with local, utc, nominal and dst")
    parser.add_argument("--selftest", action="store_true", help="the hand-checked and invalid cases")
    arguments = parser.parse_args()
    if arguments.selftest:
        return selftest()
    try:
        cases = json.load(sys.stdin)
    except json.JSONDecodeError as error:
        print(f"error: standard input is not JSON: {error}", file=sys.stderr)
        return 2
    results = []
    for index, case in enumerate(cases if isinstance(cases, list) else [cases]):
        try:
            results.append(compute(case, detail=arguments.detail))
        except Invalid as refusal:
            print(f"error: case {index}: {refusal}", file=sys.stderr)
            return 2
        except Disagreement as disagreement:
            print(f"error: case {index}: the two computations differ: {disagreement}", file=sys.stderr)
            return 1
    print("[\n" + ",\n".join(json.dumps(result, ensure_ascii=False) for result in results) + "\n]")
    return 0


if __name__ == "__main__":
    sys.exit(main())
