"""Reads one soak run back: Prometheus's stored series, the JVM's GC log and the RSS samples.

Prints one row per window (default 5 minutes) from the measured start: throughput, p99 of each
operation, heap in use after the forced full collection at the window's end, RSS at the window's
end, errors so far; for the embedded store also RocksDB's live SST bytes and pending compaction
bytes. Then the drift from the second window's start (minute 5) to the end, as bench/soak.sh's
figures are judged. Standard library only.

    python3 soak_report.py PROM_URL RUN GC_LOG JVM_START_EPOCH RSS_TSV WINDOW_SECONDS [tiered]
"""
import json
import re
import statistics
import sys
import time
import urllib.parse
import urllib.request


def query(prom, expr, at=None):
    params = {"query": expr}
    if at is not None:
        params["time"] = f"{at:.3f}"
    with urllib.request.urlopen(f"{prom}/api/v1/query?{urllib.parse.urlencode(params)}", timeout=30) as r:
        body = json.load(r)
    if body["status"] != "success":
        raise SystemExit(f"query {expr} failed: {body}")
    return body["data"]["result"]


def scalar(prom, expr, at=None):
    result = query(prom, expr, at)
    return float(result[0]["value"][1]) if result else float("nan")


def range_query(prom, expr, start, end, step):
    params = {"query": expr, "start": f"{start:.3f}", "end": f"{end:.3f}", "step": f"{step}"}
    with urllib.request.urlopen(f"{prom}/api/v1/query_range?{urllib.parse.urlencode(params)}", timeout=60) as r:
        body = json.load(r)
    result = body["data"]["result"]
    return [(float(t), float(v)) for t, v in result[0]["values"]] if result else []


def gc_full_after(gc_log):
    """(uptime seconds, heap MB after) of every full collection the script asked for (jcmd GC.run)."""
    out = []
    pattern = re.compile(r"^\[([0-9.]+)s\].*Pause Full \((?:System\.gc\(\)|Diagnostic Command)\) (\d+)M->(\d+)M")
    with open(gc_log) as f:
        for line in f:
            m = pattern.search(line)
            if m:
                out.append((float(m.group(1)), int(m.group(3))))
    return out


def rss_samples(path):
    rows = []
    with open(path) as f:
        for line in f:
            t, kb = line.split()
            rows.append((float(t), int(kb) / 1024))
    return rows


def main():
    prom, run, gc_log = sys.argv[1], sys.argv[2], sys.argv[3]
    jvm_start, rss_tsv, window = float(sys.argv[4]), sys.argv[5], int(sys.argv[6])
    tiered = len(sys.argv) > 7 and sys.argv[7] == "tiered"
    measured = f'run="{run}",warmup="false"'
    total = f"sum(ycsb_operations_total{{{measured}}})"
    now = time.time()
    series = range_query(prom, total, now - 6 * 3600, now, 5)
    started = [t for t, v in series if v > 0]
    if not started:
        raise SystemExit(f"no measured operations stored for run {run}")
    start, end = started[0], series[-1][0]
    ops = [o["metric"]["operation"] for o in query(prom, f"sum by (operation) (ycsb_operations_total{{{measured}}} @ {end:.3f})")]
    windows = int((end - start) // window)
    rss = rss_samples(rss_tsv)
    # the GC log counts the JVM's uptime; as epoch seconds from the launch
    fulls = [(jvm_start + t, mb) for t, mb in gc_full_after(gc_log)]
    intended = bool(query(prom, f"count(ycsb_operation_intended_latency_seconds_bucket{{{measured}}} @ {end:.3f})"))
    heads = ["minutes", "ops/s"] + [f"{o} p99 (us)" for o in ops]
    if intended:
        heads += [f"{o} intended p99 (us)" for o in ops]
    heads += ["heap after full GC (MB)", "RSS (MB)", "errors"]
    if tiered:
        heads += ["live SST (MB)", "pending compaction (MB)"]
    print("| " + " | ".join(heads) + " |")
    print("|" + "---|" * len(heads))
    rows = []
    for k in range(windows):
        a, b = start + k * window, start + (k + 1) * window
        count = scalar(prom, f"sum(ycsb_operations_total{{{measured}}} @ {b:.3f})") \
            - scalar(prom, f"sum(ycsb_operations_total{{{measured}}} @ {a:.3f})")
        cells = [f"{k * window / 60:g}-{(k + 1) * window / 60:g}", f"{count / window:,.0f}"]
        for o in ops:
            sel = f'ycsb_operation_latency_seconds_bucket{{{measured},operation="{o}"}}'
            p99 = scalar(prom, f"histogram_quantile(0.99, sum by (le) ({sel} @ {b:.3f}) - sum by (le) ({sel} @ {a:.3f}))")
            cells.append(f"{p99 * 1e6:,.0f}")
        for o in ops if intended else []:
            sel = f'ycsb_operation_intended_latency_seconds_bucket{{{measured},operation="{o}"}}'
            p99 = scalar(prom, f"histogram_quantile(0.99, sum by (le) ({sel} @ {b:.3f}) - sum by (le) ({sel} @ {a:.3f}))")
            cells.append(f"{p99 * 1e6:,.0f}")
        # the full collection the script forced nearest the window's end
        heap = min(fulls, key=lambda f: abs(f[0] - b))[1] if fulls else float("nan")
        rss_b = min(rss, key=lambda r: abs(r[0] - b))[1] if rss else float("nan")
        errors = scalar(prom, f'sum(ycsb_operations_total{{{measured},outcome!="OK"}} @ {b:.3f})')
        errors = 0 if errors != errors else errors  # NaN: no series other than OK
        cells += [f"{heap:,.0f}", f"{rss_b:,.0f}", f"{errors:,.0f}"]
        row = {"ops": count / window, "heap": heap, "rss": rss_b, "errors": errors}
        if tiered:
            sst = scalar(prom, f'max(ycsb_tier_live_sst_bytes{{run="{run}"}} @ {b:.3f})') / 2**20
            pending = scalar(prom, f'max(ycsb_tier_pending_compaction_bytes{{run="{run}"}} @ {b:.3f})') / 2**20
            cells += [f"{sst:,.0f}", f"{pending:,.1f}"]
        rows.append(row)
        print("| " + " | ".join(cells) + " |")
    if len(rows) >= 2:
        first, last = rows[0], rows[-1]
        print()
        print(f"| from minute {window / 60:g} to the end ({len(rows) * window / 60:g} min) | figure |")
        print("|---|---|")
        print(f"| throughput per window against the first's ({first['ops']:,.0f} ops/s) | within "
              f"{max(abs(r['ops'] / first['ops'] - 1) for r in rows) * 100:.1f}% |")
        print(f"| heap in use after a full collection | {first['heap']:,.0f} -> {last['heap']:,.0f} MB "
              f"({(last['heap'] / first['heap'] - 1) * 100:+.1f}%) |")
        print(f"| RSS | {first['rss']:,.0f} -> {last['rss']:,.0f} MB ({(last['rss'] / first['rss'] - 1) * 100:+.1f}%) |")
        print(f"| operations not OK | {last['errors']:,.0f} |")

if __name__ == "__main__":
    main()
