#!/usr/bin/python3
"""compare_ref.py - an independent reference for s2r-compare's numbers.

Written from upstream's definitions with python's csv and statistics
modules only (never from the C code), it recomputes what a compare record
says and checks every number of the records given:

  compare_ref.py ab OUT.ndjson METHOD [TARGETS.json] -- [@WORKLOAD] ARM=FILE ...
  compare_ref.py cal OUT.ndjson METHOD WARMUP REAL SIM
  compare_ref.py timeline OUT.ndjson FILE

A record value must equal the reference after both are written with 10
significant digits (the records' precision); the replicas' CV, which
python computes with exact fractions, within 1e-9 relative.  Prints
"checked N numbers" and exits 1 on the first list of mismatches."""
import csv
import json
import math
import statistics
import sys

checked = 0
bad = []


def close(got, want, what, rel=0.0):
    global checked
    checked += 1
    if want is None or (isinstance(want, float) and math.isnan(want)):
        ok = got is None
    elif got is None:
        ok = False
    elif rel:
        ok = abs(got - want) <= rel * max(abs(want), 1e-300)
    else:
        ok = float("%.10g" % want) == float(got)
    if not ok:
        bad.append(f"{what}: got {got!r}, want {want!r}")


def rows(path):
    return list(csv.DictReader(open(path, newline="")))


def ok(r):
    fin = r.get("finish_reason", "")
    return r["status"] == "ok" and (int(r["output_tokens"]) > 0 or
                                    fin != "") and fin != "abort"


def lat(r, m):
    s, f, l, o = (int(r[k]) for k in ("send_time_us", "first_chunk_time_us",
                  "last_chunk_time_us", "output_tokens"))
    if not ok(r):
        return None
    if m == "ttft_ms":
        return (f - s) / 1000 if f > 0 else None
    if m == "e2e_ms":
        return (l - s) / 1000 if l > 0 else None
    return (l - f) / (o - 1) / 1000 if f > 0 and l > 0 and o > 1 else None


def pct(xs, p, method):
    xs = sorted(xs)
    if len(xs) == 1:
        return xs[0]
    if method == "exclusive":
        return statistics.quantiles(xs, n=100, method="exclusive")[p - 1]
    h = (len(xs) - 1) * p / 100          # numpy's linear (type 7)
    lo = math.floor(h)
    return xs[lo] if lo + 1 >= len(xs) else xs[lo] + (h - lo) * (xs[lo + 1] - xs[lo])


def stat(xs, st, method):
    if not xs:
        return None
    return statistics.fmean(xs) if st == "mean" else pct(xs, int(st[1:]), method)


def goodput(rs, targets):
    """BLIS observe: counted ok/error/timeout rows, good within targets."""
    out = {}
    for r in rs:
        c = r.get("slo_class", "") or "default"
        t = targets.get(c)
        if not t or not any(t.get(k, 0) > 0 for k in ("ttft_ms", "itl_ms", "e2e_ms")):
            continue
        if r["status"] not in ("ok", "error", "timeout"):
            continue
        g = out.setdefault(c, [0, 0])
        g[1] += 1
        s, f, l = (int(r[k]) for k in ("send_time_us", "first_chunk_time_us",
                                       "last_chunk_time_us"))
        if not ok(r) or f <= 0 or l <= 0 or f - s <= 0 or l - s < f - s:
            continue
        if t.get("ttft_ms", 0) > 0 and (f - s) / 1000 > t["ttft_ms"]:
            continue
        if t.get("e2e_ms", 0) > 0 and (l - s) / 1000 > t["e2e_ms"]:
            continue
        g[0] += 1
    return out


def span_s(rs):
    first = min(int(r["send_time_us"]) for r in rs)
    last = max(int(r["last_chunk_time_us"]) for r in rs)
    return (last - first) / 1e6


def arm_values(files, method, targets):
    """{(metric, stat, class): (value, n, [per replica])} of one arm."""
    reps = [rows(f) for f in files]
    allr = [r for rs in reps for r in rs]
    v = {}
    for m in ("ttft_ms", "tpot_ms", "e2e_ms"):
        xs = [x for x in (lat(r, m) for r in allr) if x is not None]
        for st in ("mean", "p50", "p90", "p99"):
            per = [stat([x for x in (lat(r, m) for r in rs) if x is not None], st, method)
                   for rs in reps]
            v[(m, st, None)] = (stat(xs, st, method), len(xs), per)
    fails = sum(not ok(r) for r in allr)
    v[("error_rate", "value", None)] = (fails / len(allr), len(allr),
        [sum(not ok(r) for r in rs) / len(rs) for rs in reps])
    if targets:
        gp = [goodput(rs, targets) for rs in reps]
        for c in sorted(set(k for g in gp for k in g)):
            good = sum(g.get(c, [0, 0])[0] for g in gp)
            cnt = sum(g.get(c, [0, 0])[1] for g in gp)
            v[("slo_attainment", "value", c)] = (good / cnt, cnt,
                [g[c][0] / g[c][1] if g.get(c, [0, 0])[1] else None for g in gp])
            v[("goodput_rps", "value", c)] = (good / sum(span_s(rs) for rs in reps), cnt,
                [g.get(c, [0, 0])[0] / span_s(rs) for g, rs in zip(gp, reps)])
    return v


def check_side(rec, side, want, what):
    value, n, per = want
    close(rec[side]["value"], value, f"{what} {side}.value")
    close(rec[side].get("n"), n, f"{what} {side}.n")
    if len(per) > 1:
        for i, p in enumerate(per):
            close(rec[side]["per_replica"][i], p, f"{what} {side}.per_replica[{i}]")
        cv = statistics.stdev(per) / statistics.fmean(per) if statistics.fmean(per) else None
        close(rec[side]["cv"], cv, f"{what} {side}.cv", rel=1e-9)


def ab(out, method, rest):
    targets = {}
    if rest[0] != "--":
        targets = json.load(open(rest[0]))
        rest = rest[1:]
    arms, workload, specs = {}, None, rest[1:]
    if specs and specs[0].startswith("@"):
        workload, specs = specs[0][1:], specs[1:]
    for spec in specs:
        name, path = spec.split("=", 1)
        arms.setdefault(name, []).append(path)
    vals = {a: arm_values(fs, method, targets) for a, fs in arms.items()}
    for line in open(out):
        rec = json.loads(line)
        if rec["analysis"] != "ab" or (workload is not None and
                                        rec["scope"].get("workload") != workload):
            continue
        key = (rec["metric"], rec["stat"], rec["scope"].get("class"))
        what = f"{rec['a']['arm']}-{rec['b']['arm']} {key}"
        if key not in vals[rec["a"]["arm"]]:
            if targets or rec["a"]["value"] is not None or "why" not in rec:
                bad.append(f"{what}: no reference")
            continue
        wa, wb = vals[rec["a"]["arm"]][key], vals[rec["b"]["arm"]][key]
        check_side(rec, "a", wa, what)
        check_side(rec, "b", wb, what)
        close(rec["delta"], wb[0] - wa[0], what + " delta")
        close(rec["change_pct"], (wb[0] - wa[0]) / abs(wa[0]) * 100 if wa[0] else None,
              what + " change_pct")


def cal(out, method, warm, real, sim):
    warm = int(warm)
    R = {int(r["request_id"]): r for r in rows(real) if int(r["request_id"]) >= warm}
    S = {int(r["request_id"]): r for r in rows(sim) if int(r["request_id"]) >= warm}
    ids = sorted(i for i in R if i in S and ok(R[i]) and ok(S[i]))
    recs = [json.loads(l) for l in open(out)]
    get = {(r["metric"], r["stat"]): r for r in recs}
    close(get[("coverage", "value")]["value"], sum(i in S for i in R) / len(R), "coverage")
    for m in ("ttft_ms", "tpot_ms", "e2e_ms"):
        pairs = [(lat(R[i], m), lat(S[i], m)) for i in ids]
        pairs = [p for p in pairs if None not in p]
        x = [p[0] for p in pairs]
        y = [p[1] for p in pairs]
        for st in ("mean", "p50", "p90", "p95", "p99"):
            r = get[(m, st)]
            close(r["a"]["value"], stat(x, st, method), f"{m} {st} real")
            close(r["b"]["value"], stat(y, st, method), f"{m} {st} sim")
        nz = [(a, b) for a, b in pairs if a != 0]
        mape = math.fsum(abs(a - b) / a for a, b in nz) / len(nz)
        r = statistics.correlation(x, y)
        close(get[(m, "mape")]["value"], mape, m + " mape")
        close(get[(m, "pearson_r")]["value"], r, m + " pearson_r")
        me = math.fsum(b - a for a, b in nz)
        want = "over-predict" if me > 0 else "under-predict" if me < 0 else "neutral"
        if get[(m, "bias")]["value"] != want:
            bad.append(f"{m} bias: got {get[(m, 'bias')]['value']}, want {want}")
        grade = ("excellent" if mape < .10 and r > .95 else "good" if mape < .20 and r > .85
                 else "fair" if mape < .35 and r > .70 else "poor")
        if get[(m, "grade")]["value"] != grade:
            bad.append(f"{m} grade: got {get[(m, 'grade')]['value']}, want {grade}")


def timeline(out, path):
    rs = rows(path)
    t0 = min(int(r["send_time_us"]) for r in rs)
    tmax = max([int(r["send_time_us"]) for r in rs] +
               [int(r["last_chunk_time_us"]) for r in rs if ok(r) and int(r["last_chunk_time_us"]) > 0])
    nb = (tmax - t0) // 1000000 + 1
    sent, done = [0] * nb, [0] * nb
    for r in rs:
        sent[(int(r["send_time_us"]) - t0) // 1000000] += 1
        if ok(r) and int(r["last_chunk_time_us"]) > 0:
            done[(int(r["last_chunk_time_us"]) - t0) // 1000000] += 1
    rec = next(json.loads(l) for l in open(out)
               if json.loads(l)["metric"] == "requests.per_second")
    close(len(rec["points"]), nb, "bins")
    for k, p in enumerate(rec["points"][:nb]):
        close(p[0], k, f"bin {k} t_s")
        close(p[1], sent[k], f"bin {k} sent")
        close(p[2], done[k], f"bin {k} completed")


if __name__ == "__main__":
    mode, out, *args = sys.argv[1:]
    {"ab": lambda: ab(out, args[0], args[1:]),
     "cal": lambda: cal(out, *args),
     "timeline": lambda: timeline(out, *args)}[mode]()
    print(f"checked {checked} numbers")
    if bad:
        print("\n".join(bad[:20]))
        sys.exit(1)
