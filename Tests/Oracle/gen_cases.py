#!/usr/bin/env python3
"""Seeded recurrence cases for recurrence_oracle.py, aimed where calendars go wrong.

Prints a JSON list of exactly --n cases (the same --seed, --n, --rules, --zones and tz database give
the same bytes). Each case has the oracle's fields, an "id" and a "kind" (ignored by the oracle).

--rules classic (the default): the rules of the first Memoss (none; daily; weekly on one day;
monthly on a day), started at month ends, around 29 February (2028 is a leap year, 2100 is not),
inside and at the edges of every DST gap and overlap the zones have in 2025-2030, on every pair of
start and target weekday across a year's end, with end dates before, on and after the start and on
transition days, and `after`.
--rules all adds intervals, weekday sets, the last day, the nth and last weekday (in months with
four and five of them), yearly rules (29 February every year and every fourth year across 2100),
`times` with and without an end, and these rules landing on DST transition days.

Zones: America/New_York, Europe/London, Australia/Sydney, UTC and Australia/Lord_Howe (a 30-minute
shift), or --zones A,B,C, or --zones all: every zone of the system tz database whose UTC offset
changes in 2025-2030 (its TZif files, without symbolic links and the posix/ and right/ copies).
Transitions are found by reading the zones, not written down.

  python3 gen_cases.py [--seed 1] [--n 400] [--rules classic|all] [--zones A,B|all]
"""
import argparse
import calendar
import datetime as dt
import functools
import json
import os
import random
import sys
import zoneinfo
from zoneinfo import ZoneInfo

UTC = dt.timezone.utc
YEARS = range(2025, 2031)
FEW_ZONES = ["America/New_York", "Europe/London", "Australia/Sydney", "UTC", "Australia/Lord_Howe"]


# --- the tz database ------------------------------------------------------------------------------

@functools.lru_cache(maxsize=None)
def transitions(zone_name, year):
    """The offset changes of a zone whose wall time begins in `year`: (kind, first wall minute,
    first wall minute after), kind "gap" (those wall times do not exist) or "overlap" (they happen
    twice). Found a day at a time, then to the second by halving."""
    zone = ZoneInfo(zone_name)
    found = []
    moment = dt.datetime(year, 1, 1, tzinfo=UTC) - dt.timedelta(days=1)
    stop = dt.datetime(year + 1, 1, 1, tzinfo=UTC) + dt.timedelta(days=1)
    offset = moment.astimezone(zone).utcoffset()
    while moment < stop:
        later = moment + dt.timedelta(days=1)
        if later.astimezone(zone).utcoffset() != offset:
            low, high = moment, later
            while high - low > dt.timedelta(seconds=1):
                middle = low + (high - low) / 2
                if middle.astimezone(zone).utcoffset() == offset:
                    low = middle
                else:
                    high = middle
            change = high.replace(microsecond=0)
            new = change.astimezone(zone).utcoffset()
            before, after = (change + offset).replace(tzinfo=None), (change + new).replace(tzinfo=None)
            kind, first, last = ("gap", before, after) if new > offset else ("overlap", after, before)
            if first.year == year:
                found.append((kind, first, last))
            offset, moment = new, change
            continue
        moment = later
    return tuple(found)


def system_zones():
    base = next((folder for folder in zoneinfo.TZPATH if os.path.isdir(folder)), None)
    if base is None:
        sys.exit("error: no tz database folder (install tzdata)")
    names = []
    for folder, subfolders, files in os.walk(base):
        if folder == base:
            subfolders[:] = [name for name in subfolders if name not in ("posix", "right")]
        for name in files:
            path = os.path.join(folder, name)
            if os.path.islink(path):
                continue
            with open(path, "rb") as file:
                if file.read(4) == b"TZif":
                    names.append(os.path.relpath(path, base))
    return sorted(names)


@functools.lru_cache(maxsize=None)
def zones_with_transitions():
    return tuple(zone for zone in system_zones() if any(transitions(zone, year) for year in YEARS))


def sunday_first(day):
    return day.isoweekday() % 7 + 1


def minute(moment):
    return moment.strftime("%Y-%m-%dT%H:%M")


# --- cases ------------------------------------------------------------------------------------------

class Cases:
    def __init__(self, seed, zones, rich):
        self.random = random.Random(seed)
        self.zones = zones
        self.rich = rich
        self.shifting = [(zone, change) for zone in zones for year in YEARS for change in transitions(zone, year)]
        self.made = []

    def add(self, kind, **fields):
        self.made.append({"id": f"{kind}-{len(self.made)}", "kind": kind, **fields})

    # what the draws share
    def zone(self):
        return self.random.choice(self.zones)

    def day(self, years=YEARS):
        year, month = self.random.choice(list(years)), self.random.randint(1, 12)
        return dt.date(year, month, self.random.randint(1, calendar.monthrange(year, month)[1]))

    def time(self):
        return dt.time(self.random.randrange(24), self.random.choice([0, 30, 15, 45, 5, self.random.randrange(60)]))

    def interval(self):
        return self.random.choice([1, 1, 2, 3, 4]) if self.rich else 1

    def weekdays(self):
        r = self.random
        return r.choice([[2, 3, 4, 5, 6], [1, 7], [7, 1], list(range(1, 8)), [4],
                         r.sample(range(1, 8), r.randint(1, 6))])

    def rule_fields(self, rule, start):
        """A rule's own fields for a start (the rich ones only with --rules all)."""
        r = self.random
        if rule == "weekly":
            if self.rich and r.random() < 0.5:
                return {"weekdays": self.weekdays()}
            return {"weekday": r.choice([sunday_first(start), r.randint(1, 7)])}
        if rule == "monthly":
            if self.rich and r.random() < 0.3:
                return {"nth": r.choice([1, 2, 3, 4, -1]), "weekday": r.randint(1, 7)}
            return {"day": r.choice([start.day, r.randint(1, 31), 29, 30, 31] + ([-1] if self.rich else []))}
        return {}

    def limits(self, rule, start, chance=0.25):
        """Sometimes an end, a `times` (rich) or an `after`."""
        r, extra = self.random, {}
        if rule != "none" and self.rich and r.random() < 0.2:
            extra["times"] = r.randint(1, 8)
        if r.random() < chance:
            reach = {"none": 2, "daily": 12, "weekly": 70, "monthly": 400, "yearly": 2000}[rule]
            extra["end"] = (start.date() + dt.timedelta(days=r.randint(-3, reach))).isoformat()
        if r.random() < chance / 2:
            extra["after"] = minute(start + dt.timedelta(hours=r.randint(1, 24 * 40)))
        return extra

    def case(self, kind, zone, start, rule, count=None, **fields):
        if rule != "none" and self.rich and "interval" not in fields:
            fields["interval"] = self.interval()
        fields = {key: value for key, value in fields.items() if not (key == "interval" and value == 1)}
        limits = self.limits(rule, start)
        self.add(kind, tz=zone, start=minute(start), rule=rule, **fields, **limits,
                 count=count if count is not None else self.random.randint(1, 12))

    # the draws
    def month_end(self):
        r = self.random
        year, month = r.choice(YEARS), r.randint(1, 12)
        last = calendar.monthrange(year, month)[1]
        start = dt.datetime.combine(dt.date(year, month, r.randint(last - 3, last)), self.time())
        self.case("month-end", self.zone(), start, "monthly", day=r.choice([28, 29, 30, 31, start.day]))

    def leap_day(self):
        r = self.random
        start = r.choice([dt.date(2028, 2, 29), dt.date(2028, 2, r.randint(25, 28)), dt.date(2028, 1, 31),
                          dt.date(2100, 1, r.randint(28, 31)), dt.date(2027, 12, 31)])
        start = dt.datetime.combine(start, self.time())
        rule = r.choice(["daily", "weekly", "monthly", "monthly", "none"] + (["yearly"] * 2 if self.rich else []))
        self.case("leap-day", self.zone(), start, rule, **self.rule_fields(rule, start.date()))

    def shift(self):
        """A wall time at, in or just after a DST change, with a rule that lands on its day."""
        r = self.random
        if not self.shifting:
            return self.anything()
        zone, (kind, first, last) = r.choice(self.shifting)
        width = max(1, int((last - first).total_seconds() // 60))
        wall = first + dt.timedelta(minutes=r.choice([0, 1, width // 2, width - 1, width]))
        day = first.date()
        rule = r.choice(["daily", "weekly", "monthly", "none"] + (["yearly", "weekly"] if self.rich else []))
        if rule == "daily":
            start_day = day - dt.timedelta(days=r.randint(0, 4))
            fields = {}
            if self.rich and r.random() < 0.4:  # every k days from a day that reaches the change
                fields["interval"] = k = r.randint(2, 4)
                start_day = day - dt.timedelta(days=k * r.randint(0, 2))
        elif rule == "weekly":
            start_day = day - dt.timedelta(days=r.randint(0, 20))
            fields = {"weekday": sunday_first(day)}
            if self.rich and r.random() < 0.5:
                fields = {"weekdays": sorted({sunday_first(day)} | set(r.sample(range(1, 8), 2)))}
        elif rule == "monthly":
            start_day = day - dt.timedelta(days=r.randint(0, 70))
            fields = {"day": day.day}
            if self.rich and r.random() < 0.5:  # the 2nd Sunday of March, the last Sunday of October …
                nth = (day.day - 1) // 7 + 1
                last_one = day.day + 7 > calendar.monthrange(day.year, day.month)[1]
                fields = {"nth": -1 if last_one and (nth == 5 or r.random() < 0.5) else min(nth, 4),
                          "weekday": sunday_first(day)}
                if nth == 5 and not last_one:
                    fields = {"day": day.day}
        elif rule == "yearly":
            start_day = day.replace(year=day.year - r.randint(0, 2))
            fields = {}
        else:
            start_day, fields = day, {}
        fields.setdefault("interval", 1)
        self.case(f"dst-{kind}", zone, dt.datetime.combine(start_day, wall.time()), rule, **fields)

    def weekday_wrap(self):
        r = self.random
        start_day = dt.date(r.choice(YEARS), 12, r.randint(24, 31)) if r.random() < 0.4 else self.day()
        target = r.choice([1, 7, sunday_first(start_day), sunday_first(start_day) % 7 + 1, r.randint(1, 7)])
        self.case("weekday", self.zone(), dt.datetime.combine(start_day, self.time()), "weekly", weekday=target)

    def ends(self):
        r = self.random
        zone, rule = self.zone(), r.choice(["daily", "weekly", "monthly", "none"])
        start = dt.datetime.combine(self.day(), self.time())
        changes = [change[1].date() for year in YEARS for change in transitions(zone, year) if change[1] >= start]
        end = r.choice([start.date() - dt.timedelta(days=r.randint(1, 30)), start.date(),
                        start.date() + dt.timedelta(days=r.randint(1, 100))] + changes[:1])
        fields = self.rule_fields(rule, start.date())
        self.add("end", tz=zone, start=minute(start), rule=rule, **fields, end=end.isoformat(), count=r.randint(1, 30))

    def one_time(self):
        start = dt.datetime.combine(self.day(), self.time())
        self.case("none", self.zone(), start, "none", count=self.random.randint(0, 2))

    def anything(self):
        rule = self.random.choice(["none", "daily", "weekly", "monthly"] + (["yearly"] if self.rich else []))
        start = dt.datetime.combine(self.day(), self.time())
        self.case("random", self.zone(), start, rule, **self.rule_fields(rule, start.date()))

    def weekday_set(self):
        r = self.random
        start = dt.datetime.combine(self.day() if r.random() < 0.7 else dt.date(r.choice(YEARS), 12, r.randint(26, 31)),
                                    self.time())
        self.case("weekdays", self.zone(), start, "weekly", weekdays=self.weekdays(), interval=r.randint(1, 4))

    def nth_weekday(self):
        r = self.random
        start = dt.datetime.combine(self.day(), self.time())
        self.case("nth", self.zone(), start, "monthly", nth=r.choice([1, 2, 3, 4, -1, -1]), weekday=r.randint(1, 7),
                  count=r.randint(3, 14))

    def last_day(self):
        r = self.random
        year, month = r.choice([2027, 2028, 2099, 2100, r.choice(YEARS)]), r.randint(1, 12)
        last = calendar.monthrange(year, month)[1]
        start = dt.datetime.combine(dt.date(year, month, r.randint(max(1, last - 5), last)), self.time())
        self.case("last-day", self.zone(), start, "monthly", day=r.choice([-1, -1, 29, 30, 31]), count=r.randint(3, 14))

    def yearly(self):
        r = self.random
        start = r.choice([dt.date(2028, 2, 29), dt.date(2096, 2, 29), dt.date(2027, 2, 28), dt.date(2026, 12, 31),
                          dt.date(2027, 1, 1), self.day()])
        interval = 4 if start == dt.date(2096, 2, 29) else r.randint(1, 4)
        self.case("yearly", self.zone(), dt.datetime.combine(start, self.time()), "yearly", interval=interval,
                  count=r.randint(2, 8))

    def counted(self):
        r = self.random
        rule = r.choice(["daily", "weekly", "monthly", "yearly"])
        start = dt.datetime.combine(self.day(), self.time())
        times = r.randint(1, 8)
        fields = self.rule_fields(rule, start.date())
        extra = {}
        if r.random() < 0.4:
            extra["end"] = (start.date() + dt.timedelta(days=r.randint(0, 60))).isoformat()
        if r.random() < 0.2:
            extra["after"] = minute(start + dt.timedelta(days=r.randint(0, 10)))
        self.add("times", tz=self.zone(), start=minute(start), rule=rule, interval=self.interval(), **fields,
                 times=times, count=r.choice([times - 1, times, times + 3]) if times > 1 else times + 2, **extra)

    def draws(self):
        classic = [self.month_end, self.leap_day, self.shift, self.shift, self.weekday_wrap, self.ends,
                   self.one_time, self.anything]
        rich = [self.weekday_set, self.nth_weekday, self.last_day, self.yearly, self.counted, self.shift]
        return classic + (rich if self.rich else [])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--n", type=int, default=400)
    parser.add_argument("--rules", choices=["classic", "all"], default="classic")
    parser.add_argument("--zones", default=",".join(FEW_ZONES))
    arguments = parser.parse_args()
    zones = list(zones_with_transitions()) if arguments.zones == "all" else arguments.zones.split(",")
    for zone in zones:
        try:
            ZoneInfo(zone)
        except (zoneinfo.ZoneInfoNotFoundError, ValueError):
            sys.exit(f"error: {zone!r} is not a zone of the tz database")
    cases = Cases(arguments.seed, zones, arguments.rules == "all")
    draws = cases.draws()
    while len(cases.made) < arguments.n:
        draws[len(cases.made) % len(draws)]()
    json.dump(cases.made[:arguments.n], sys.stdout)
    print()


if __name__ == "__main__":
    main()
