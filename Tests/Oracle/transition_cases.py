#!/usr/bin/env python3
"""Recurrence cases at every UTC-offset change of every zone of the system tz database
in the oracle's years (2025-2030), for RecurrenceOracleTests.

Transitions come from the oracle's own search (gen_cases.transitions); this file only
chooses starts around them. For each transition it takes, sampled with --seed:
wall times at the window's first minute, one inside it, its last minute and the first
minute after it (for a gap that ends at midnight, 23:xx the evening before, where the
shift crosses midnight), each with a rule that lands on the transition day (daily from a
day or two before, weekly on its weekday, monthly on its day, or none), an end date on
the transition day or the day after in about one case in four, and an `after` instant
in about one in eight.

    python3 transition_cases.py --oracles ../../../shared/oracles --seed 7 [--per 3]
"""
import argparse
import datetime as dt
import json
import random
import sys


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--oracles", required=True)
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--per", type=int, default=3, help="cases per transition")
    a = ap.parse_args()
    sys.path.insert(0, a.oracles)
    import gen_cases as g

    r = random.Random(a.seed)
    cases = []
    for zone in g.zones_with_transitions():
        for year in g.YEARS:
            for kind, day, start_wall, end_wall in g.transitions(zone, year):
                base = dt.datetime.combine(day, start_wall)
                width = max(1, int((dt.datetime.combine(day, end_wall) - base).total_seconds() // 60))
                offsets = sorted({0, r.randrange(width), width - 1, width})
                for offset in r.sample(offsets, min(a.per, len(offsets))):
                    wall = (base + dt.timedelta(minutes=offset)).time()
                    rule = r.choice(["daily", "weekly", "monthly", "none"])
                    extra = {}
                    if rule == "daily":
                        start_day = day - dt.timedelta(days=r.randint(0, 2))
                    elif rule == "weekly":
                        start_day = day - dt.timedelta(days=r.randint(0, 13))
                        extra["weekday"] = g.wd(day)
                    elif rule == "monthly":
                        start_day = day - dt.timedelta(days=r.randint(0, 40))
                        extra["day"] = day.day
                    else:
                        start_day = day
                    start = dt.datetime.combine(start_day, wall)
                    if rule != "none" and r.random() < 0.25:
                        extra["end"] = (day + dt.timedelta(days=r.randint(0, 1))).isoformat()
                    if r.random() < 0.125:
                        extra["after"] = g.fmt(start + dt.timedelta(minutes=r.randint(1, 1500)))
                    cases.append({"id": f"{zone} {kind} {day} +{offset}m", "tz": zone, "start": g.fmt(start),
                                  "rule": rule, "count": r.randint(2, 5), **extra})
    json.dump(cases, sys.stdout)


if __name__ == "__main__":
    main()
