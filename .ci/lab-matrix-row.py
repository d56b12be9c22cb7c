#!/usr/bin/env python3
"""One row of .ci/lab-matrix (or, with --table, the markdown table of every row so far).

  lab-matrix-row.py RES SCHEME SCENARIO ITERATIONS   -> RES/SCHEME-SCENARIO/row.json, one TSV line
  lab-matrix-row.py --table RES                      -> markdown table on stdout

Alignment of the run's clock (events.csv and iterations.csv "seconds", 0 when the workers are
ready) with the fault's wall-clock time: .ci/lab-matrix logs "wall_ms iteration" each time the
client's progress line shows a new iteration (progress.log). The run's zero in wall-clock time is
min over those samples of (wall_ms - 1000 * seconds of that iteration in iterations.csv): the client
sees an iteration only after it happened, so the minimum is the tightest bound (late by at most the
client's polling lag at its best sample). The fault's run time is then (fault_ms - zero) / 1000.
Cross-check: the ApplicationMaster's own WARN line for the worker ("declared failed", same clock
as fault_ms, UTC) minus fault_ms.
"""
import csv
import datetime
import glob
import json
import os
import re
import sys

SCEN_ORDER = ["none", "freeze60", "freeze", "partition", "kill", "slow", "net", "freeze-am"]
SCHEME_ORDER = ["uncoded", "cyclic", "lag", "dsag"]
SCEN_TEXT = {
    "none": "fault-free",
    "freeze60": "freeze a worker host 60 s",
    "freeze": "freeze a worker host for good",
    "partition": "partition a worker host",
    "kill": "kill a worker host",
    "slow": "worker host at 0.1 core",
    "net": "worker host link 5 Mbit/s",
    "freeze-am": "freeze the AM's host",
}


def read_kv(path):
    d = {}
    if not os.path.exists(path):
        return d
    for line in open(path):
        p = line.split()
        if not p:
            continue
        d[p[0]] = p[1:]
    return d


def find(rd, name):
    hits = sorted(glob.glob(os.path.join(rd, "out", "**", name), recursive=True))
    return hits[0] if hits else None


def row(res, scheme, sc, iterations):
    rd = os.path.join(res, f"{scheme}-{sc}")
    fl = read_kv(os.path.join(rd, "fault.log"))
    r = {"scheme": scheme, "scenario": sc, "requested": iterations}
    s = {}
    r["client_note"] = ""
    try:
        s = json.load(open(os.path.join(rd, "train.json")))
    except Exception:
        # the client printed no summary (it crashed, or was killed): the run's own summary.json
        sp = find(rd, "summary.json")
        if sp:
            s = json.load(open(sp))
            r["client_note"] = "client printed no summary; status from the run's summary.json"
    end = fl.get("end_ms", ["", ""])
    r["rc"] = int(end[2]) if len(end) > 2 else None
    r["hang"] = "hang_ms" in fl
    r["status"] = s.get("status") or ("HANG" if r["hang"] else "?")
    r["diagnostic"] = s.get("diagnostic", "")
    r["objective"] = s.get("objective")
    r["iterations"] = s.get("iterations")
    r["wall"] = s.get("wallSeconds")
    r["app"] = (fl.get("app") or [""])[0] if fl.get("app") else ""
    if r["hang"]:
        r["status"] = "HANG"
    if not r["status"] or r["status"] in ("?", "HANG"):
        err = open(os.path.join(rd, "train.err")).read() if os.path.exists(os.path.join(rd, "train.err")) else ""
        r["diagnostic"] = r["diagnostic"] or " | ".join(
            l for l in err.replace("\r", "\n").splitlines() if l.strip() and not l.startswith("training: iteration"))[-400:]
    submit = int(fl["submit_ms"][0]) if "submit_ms" in fl else None
    fault = int(fl["fault_ms"][0]) if "fault_ms" in fl else None
    r["victim"] = fl["fault_ms"][2] if fault else ""
    r["fault_iteration"] = int(fl["fault_ms"][4]) if fault else None
    r["am_host"] = fl["fault_ms"][6] if fault and len(fl["fault_ms"]) > 6 else ""
    r["fault_cmd_s"] = int(fl["fault_cmd_ms"][0]) / 1000 if "fault_cmd_ms" in fl else None
    r["end_s"] = (int(end[0]) - submit) / 1000 if end and end[0] and submit else None
    # iterations.csv
    secs = {}
    its = []
    ip = find(rd, "iterations.csv")
    if ip:
        for rr in csv.DictReader(open(ip)):
            k = int(rr["iteration"])
            its.append(k)
            secs.setdefault(k, float(rr["seconds"]))
    r["rows"] = len(its)
    # the longest pause between consecutive iterations (a stall), and after which iteration
    ks = sorted(secs)
    pauses = [(secs[b] - secs[a], a) for a, b in zip(ks, ks[1:])]
    r["stall_s"], r["stall_after"] = max(pauses) if pauses else (None, None)
    uniq = sorted(set(its))
    gaps = [(a, b) for a, b in zip(uniq, uniq[1:]) if b != a + 1]
    r["repeats"] = len(its) - len(uniq)
    r["gaps"] = gaps
    r["last_iteration"] = uniq[-1] if uniq else None
    # alignment
    zero = None
    pp = os.path.join(rd, "progress.log")
    if os.path.exists(pp) and secs:
        cands = []
        for line in open(pp):
            w, k = line.split()
            k = int(k)
            # the client's "iteration k/N" counts the iterations done: the last one is index k - 1
            for kk in (k - 1,):
                if kk in secs:
                    cands.append(int(w) - 1000 * secs[kk])
                    break
        if cands:
            zero = min(cands)
    r["zero_ms"] = zero
    r["fault_run_s"] = (fault - zero) / 1000 if fault and zero else None
    # events.csv
    ep = find(rd, "events.csv")
    evs = list(csv.DictReader(open(ep))) if ep else []
    r["events"] = [f"{e['iteration']}@{float(e['seconds']):.1f}s w{e['worker']} {e['node']} {e['event']}: {e['reason'][:200]}" for e in evs]
    det = None
    for e in evs:
        if e["event"] in ("hung", "failed") and (r["fault_run_s"] is None or float(e["seconds"]) >= r["fault_run_s"] - 1):
            det = e
            break
    r["detect_event"] = f"{det['event']}: {det['reason'][:300]}" if det else ""
    r["detect_s"] = float(det["seconds"]) - r["fault_run_s"] if det and r["fault_run_s"] is not None else None
    rep = [e for e in evs if e["event"] == "replaced"]
    m = [re.search(r"ready ([0-9.]+) s after it was asked for", e["reason"]) for e in rep]
    r["replace_s"] = [float(x.group(1)) for x in m if x]
    r["replace_how"] = [e["reason"][:160] for e in rep]
    # the AM's own line, same clock as fault_ms
    r["detect_log_s"] = None
    r["am_lines"] = []
    for f in sorted(glob.glob(os.path.join(rd, "*.AppMaster.stderr"))):
        for line in open(f, errors="replace"):
            mm = re.match(r"^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d),(\d{3}) (WARN|ERROR) +(\S+): (.*)", line)
            if not mm:
                continue
            t = datetime.datetime.strptime(mm.group(1), "%Y-%m-%d %H:%M:%S").replace(tzinfo=datetime.timezone.utc)
            tms = int(t.timestamp() * 1000) + int(mm.group(2))
            msg = mm.group(5)
            if mm.group(4).startswith(("coordinator", "yarn", "am")):
                r["am_lines"].append(f"{os.path.basename(f)[:40]} {mm.group(1)[11:]} {mm.group(4)}: {msg[:260]}")
            if (fault and r["detect_log_s"] is None and tms >= fault - 3000 and re.search(r"worker \d+ .*(declared|hung|failed)", msg)):
                r["detect_log_s"] = (tms - fault) / 1000
    # the ApplicationMaster's host frozen: detection is the ResourceManager's (attempt 1 leaves
    # RUNNING once the node is LOST), recovery the first progress line of the next attempt
    r["am_failed_s"] = r["am_resumed_s"] = None
    if sc == "freeze-am" and fault and r["app"]:
        rm = os.path.join(os.environ.get("LAB_DIR", "target/lab"), "logs", "master-rm.log")
        att = "appattempt_" + r["app"][len("application_"):] + "_000001 State change from RUNNING to"
        for f in (rm + ".1", rm):
            if os.path.exists(f):
                for line in open(f, errors="replace"):
                    if att in line:
                        t = datetime.datetime.strptime(line[:19], "%Y-%m-%d %H:%M:%S").replace(tzinfo=datetime.timezone.utc)
                        r["am_failed_s"] = (int(t.timestamp() * 1000) + int(line[20:23]) - fault) / 1000
                        break
        if os.path.exists(pp):
            for line in open(pp):
                w, k = map(int, line.split())
                if w > fault and k > (r["fault_iteration"] or 0):
                    r["am_resumed_s"] = (w - fault) / 1000
                    break
    # baseline
    try:
        b = json.load(open(os.path.join(res, f"{scheme}-none", "row.json")))
        if b.get("objective") is not None and r["objective"] is not None and sc != "none":
            r["base_objective"] = b["objective"]
            r["rel_diff"] = abs(r["objective"] - b["objective"]) / abs(b["objective"])
            r["base_wall"] = b.get("wall")
    except Exception:
        pass
    json.dump(r, open(os.path.join(rd, "row.json"), "w"), indent=1)
    return r


def fmt(x, f="{:.1f}"):
    if x is None:
        return "—"
    try:
        return f.format(float(x))
    except (TypeError, ValueError):
        return str(x)


def table(res):
    rows = []
    for p in glob.glob(os.path.join(res, "*", "row.json")):
        rows.append(json.load(open(p)))
    rows.sort(key=lambda r: (SCHEME_ORDER.index(r["scheme"]) if r["scheme"] in SCHEME_ORDER else 9,
                             SCEN_ORDER.index(r["scenario"]) if r["scenario"] in SCEN_ORDER else 9))
    out = ["| scheme | scenario | victim (AM on) | fault at it. / run s | outcome | detect (events.csv / AM log) | replace | iterations (rows, gaps) | objective (rel. to fault-free) | wall s |",
           "|---|---|---|---|---|---|---|---|---|---|"]
    have = {(r["scheme"], r["scenario"]) for r in rows}
    missing = [(a, b) for a in SCHEME_ORDER for b in SCEN_ORDER if (a, b) not in have]
    for r in rows:
        outcome = r["status"]
        if r.get("diagnostic"):
            outcome += ": " + r["diagnostic"].replace("|", "/")[:400]
        if r.get("client_note"):
            outcome += " (" + r["client_note"] + ")"
        rel = ""
        if r.get("rel_diff") is not None:
            rel = f" ({r['rel_diff']:.1e})"
        its = f"{r.get('iterations')}/{r['requested']} ({r.get('rows')}, {len(r.get('gaps') or [])} gaps{', ' + str(r['repeats']) + ' repeats' if r.get('repeats') else ''})"
        out.append("| {} | {} | {} | {} | {} | {} / {} | {} | {} | {}{} | {} |".format(
            r["scheme"], SCEN_TEXT.get(r["scenario"], r["scenario"]),
            f"{r['victim']} ({r['am_host']})" if r.get("victim") else "—",
            f"{r['fault_iteration']} / {fmt(r.get('fault_run_s'))}" if r.get("fault_iteration") is not None else "—",
            outcome,
            *((f"attempt 1 failed {fmt(r.get('am_failed_s'))}", "RM") if r["scenario"] == "freeze-am"
              else (fmt(r.get("detect_s")), fmt(r.get("detect_log_s")))),
            (f"next attempt training ≤ {fmt(r.get('am_resumed_s'))} s after the freeze" if r["scenario"] == "freeze-am"
             else ", ".join(f"{x:.1f} s" for x in r.get("replace_s") or []) or "—"),
            its, fmt(r.get("objective"), "{:.10f}"), rel, fmt(r.get("wall"))))
    for a, b in missing:
        out.append(f"| {a} | {SCEN_TEXT[b]} | not yet run | | | | | | | |")
    return "\n".join(out)


if __name__ == "__main__":
    if sys.argv[1] == "--table":
        print(table(sys.argv[2]))
    else:
        r = row(sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]))
        print("\t".join(str(r.get(k)) for k in ("scheme", "scenario", "status", "victim", "fault_run_s", "detect_s",
                                                 "detect_log_s", "replace_s", "iterations", "objective", "rel_diff", "wall")))
