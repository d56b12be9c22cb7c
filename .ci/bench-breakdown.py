#!/usr/bin/env python3
"""Where the time of `bench stragglers` runs goes (issue 26 §4), from each run's iterations.csv and
latency-trace.csv: per round, the answer that completed it (the used worker whose answer came
last), split into that worker's compute and the rest of its latency (transfer, queueing, a frozen
or throttled host's pause), and the ApplicationMaster's part (the round's time minus that latency:
decoding, the optimizer's step, checkpoints, sending the next task).

  .ci/bench-breakdown.py BENCH_OUT [--target GAP]     (default 1e-4)

BENCH_OUT is a `bench stragglers --out` directory (<scenario>/<method>/seed-<r>/). Rounds are
counted up to the first one at the target gap (all rounds when never reached). Prints one line per
(scenario, method): medians over the seeds of the time to target, rounds, the first round's
seconds (container warm-up: class loading, JIT), and per later round the median round, compute,
wait (latency - compute of the completing answer) and AM milliseconds; then the fault column of
the run (bench.json's details).
"""
import csv
import json
import os
import statistics
import sys


def read_csv(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def run_breakdown(run, target):
    its = read_csv(os.path.join(run, "iterations.csv"))
    lat = read_csv(os.path.join(run, "latency-trace.csv"))
    end = len(its) - 1
    for i, r in enumerate(its):
        if r["gap"] and float(r["gap"]) <= target:
            end = i
            break
    by_round = {}
    for r in lat:
        if r["use"] != "used":
            continue
        by_round.setdefault(int(r["iteration"]), []).append(r)
    rounds, compute, wait, am = [], [], [], []
    for i in range(1, end + 1):
        t = int(its[i]["iteration"])
        dt = float(its[i]["seconds"]) - float(its[i - 1]["seconds"])
        used = by_round.get(t)
        if not used:
            continue
        last = max(used, key=lambda r: float(r["received"]))
        latency = float(last["latency"])
        c = float(last["compute"]) if last["compute"] else float("nan")
        rounds.append(dt)
        compute.append(c)
        wait.append(latency - c)
        am.append(dt - latency)
    return {
        "seconds": float(its[end]["seconds"]),
        "reached": bool(its[end]["gap"]) and float(its[end]["gap"]) <= target,
        "rounds": end + 1,
        "first": float(its[0]["seconds"]),
        "round": statistics.median(rounds) if rounds else float("nan"),
        "compute": statistics.median(compute) if compute else float("nan"),
        "wait": statistics.median(wait) if wait else float("nan"),
        "am": statistics.median(am) if am else float("nan"),
    }


def main():
    args = sys.argv[1:]
    if not args or args[0].startswith("-"):
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    root = args[0]
    target = float(args[args.index("--target") + 1]) if "--target" in args else 1e-4
    faults = {}
    bench = os.path.join(root, "bench.json")
    order = []
    if os.path.exists(bench):
        for row in json.load(open(bench)):
            order.append((row["scenario"], row["method"]))
            faults[(row["scenario"], row["method"])] = [
                d.get("fault") for d in row["details"]
            ]
    else:
        for s in sorted(os.listdir(root)):
            if os.path.isdir(os.path.join(root, s)) and s != "data":
                for m in sorted(os.listdir(os.path.join(root, s))):
                    order.append((s, m))
    print(
        "scenario        method          to-target s  rounds  first s  round ms  compute ms"
        "  wait ms  AM ms  (medians over seeds; per round: the answer that completed it)"
    )
    for s, m in order:
        d = os.path.join(root, s, m)
        if not os.path.isdir(d):
            continue
        runs = []
        for seed in sorted(os.listdir(d)):
            p = os.path.join(d, seed)
            if os.path.exists(os.path.join(p, "iterations.csv")):
                try:
                    runs.append(run_breakdown(p, target))
                except (OSError, KeyError, ValueError) as e:
                    print(f"  {p}: unreadable ({e})", file=sys.stderr)
        if not runs:
            continue

        def med(k):
            return statistics.median(r[k] for r in runs)

        reached = sum(r["reached"] for r in runs)
        print(
            f"{s:<15} {m:<15} {med('seconds'):>11.2f} {med('rounds'):>7.0f} {med('first'):>8.2f}"
            f" {1e3 * med('round'):>9.0f} {1e3 * med('compute'):>11.0f} {1e3 * med('wait'):>8.0f}"
            f" {1e3 * med('am'):>6.0f}  reached {reached}/{len(runs)}"
        )
        for f in faults.get((s, m), []):
            if f:
                print(f"{'':<32}fault: {f}")


if __name__ == "__main__":
    main()
