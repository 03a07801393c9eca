#!/usr/bin/env python3
"""`tidemark attach` against a real Flink cluster, on 127.0.0.1 only.

Starts the Flink oracle's REST fixture (`flink-oracle.jar --rest-cluster PORTFILE`: a MiniCluster whose REST API
listens on a free loopback port, running a slow, bounded job with two sources, a two-input co-map and a keyed
tumbling window), then:
  * `tidemark attach URL --format jsonl` must list the job, RUNNING;
  * while `tidemark attach URL --job ID --format jsonl` follows the job until it ends, this script reads the same
    REST endpoints itself, many times a second (the job's metrics, as Flink's REST API reports them). Every
    watermark tidemark printed — each subtask's currentInputWatermark, a two-input task's currentInput1/2Watermark
    (Flink 1.20 reports them, 2.3 does not), a source's currentOutputWatermark — must be one this script read for
    the same vertex and subtask, in the same order, and each kind the REST API reported must be printed; the low watermark must be the minimum, the holding subtask the one at it; the window's
    watermark must have moved; and the job's end must be said, with exit status 0;
  * an unknown job is an HTTP 404 with exit status 1, and once the cluster is gone, a refused connection.
Everything is bounded in time: the fixture stops itself within 60 s, each command has a timeout.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request

LONG_MIN = -(2**63)


def fail(message):
    print("FAIL: " + message, flush=True)
    sys.exit(1)


def get(url, timeout=5):
    with urllib.request.urlopen(url, timeout=timeout) as r:
        return json.loads(r.read().decode("utf-8"))


class Observer(threading.Thread):
    """Reads the job's watermark metrics straight from the REST API until stopped: every value seen, per key."""

    def __init__(self, base, job):
        super().__init__(daemon=True)
        self.base, self.job = base, job
        self.seen = {}  # (vertex id, subtask, what) -> list of values in the order read
        self.rounds = 0
        self.stop_event = threading.Event()

    def note(self, key, value):
        values = self.seen.setdefault(key, [])
        if not values or values[-1] != value:
            values.append(value)

    def run(self):
        extras = {}  # vertex id -> metric ids of per-input and output watermarks
        deadline = time.time() + 90
        while not self.stop_event.is_set() and time.time() < deadline:
            try:
                vertices = get(f"{self.base}/jobs/{self.job}")["vertices"]
                for v in vertices:
                    vid = v["id"]
                    for m in get(f"{self.base}/jobs/{self.job}/vertices/{vid}/watermarks"):
                        subtask = int(m["id"].split(".")[0])
                        self.note((vid, subtask, "input"), int(m["value"]))
                    if not extras.get(vid):  # listed again until some turn up: a deploying task has none yet
                        ids = [m["id"] for m in get(f"{self.base}/jobs/{self.job}/vertices/{vid}/metrics")]
                        extras[vid] = [i for i in ids if re.match(r"^\d+\..+\.currentInput\d+Watermark$", i)
                                       or (v["name"].startswith("Source: ")
                                           and re.match(r"^\d+\.[^.]+\.currentOutputWatermark$", i))]
                    if extras[vid]:
                        query = ",".join(extras[vid])
                        for m in get(f"{self.base}/jobs/{self.job}/vertices/{vid}/metrics?get={query}"):
                            parts = m["id"].split(".")
                            what = parts[-1]
                            self.note((vid, int(parts[0]), what), int(m["value"]))
                self.rounds += 1
            except (urllib.error.URLError, OSError, ValueError, KeyError):
                pass  # the job ending or the cluster going; tidemark's side is checked on its own
            time.sleep(0.05)


def run(cmd, timeout):
    return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)


def in_order(values, seen):
    """The values of `values` that are in `seen` come in `seen`'s order (a poll never goes back in time); returns
    those that are not, or None when the order is broken. A value the REST API reported only between two of this
    script's reads (a loaded machine can stall it for longer than the metric store's 500 ms) is not in `seen`."""
    at = 0
    unseen = []
    for v in values:
        try:
            at = seen.index(v, at)
        except ValueError:
            if v in seen:
                return None  # seen, but earlier: out of order
            unseen.append(v)
    return unseen


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tidemark", required=True)
    ap.add_argument("--oracle-jar", required=True)
    ap.add_argument("--java", default="java")
    args = ap.parse_args()

    work = tempfile.mkdtemp(prefix="tidemark-attach-")
    port_file = os.path.join(work, "port")
    log = open(os.path.join(work, "cluster.log"), "w")
    cluster = subprocess.Popen([args.java, "-jar", args.oracle_jar, "--rest-cluster", port_file],
                               stdout=log, stderr=subprocess.STDOUT)
    try:
        deadline = time.time() + 45
        while not os.path.exists(port_file):
            if cluster.poll() is not None or time.time() > deadline:
                fail("the REST cluster did not start (log: %s)" % log.name)
            time.sleep(0.2)
        port = int(open(port_file).read().strip())
        base = f"http://127.0.0.1:{port}"
        print("cluster at", base, flush=True)

        listed = run([args.tidemark, "attach", base, "--format", "jsonl"], 30)
        if listed.returncode != 0:
            fail("tidemark attach (list) exited %d: %s" % (listed.returncode, listed.stderr))
        jobs = [json.loads(l) for l in listed.stdout.splitlines()]
        running = [j for j in jobs if j["type"] == "job" and j["state"] == "RUNNING"]
        if len(running) != 1:
            fail("expected one RUNNING job, listed: %s" % listed.stdout)
        job = running[0]["id"]
        direct = get(f"{base}/jobs/overview")["jobs"]
        if [j["jid"] for j in direct] != [j["id"] for j in jobs]:
            fail("the jobs listed differ from /jobs/overview: %s vs %s" % (jobs, direct))

        observer = Observer(base, job)
        observer.start()
        followed = run([args.tidemark, "attach", base, "--job", job, "--format", "jsonl", "--polls", "100",
                        "--interval-ms", "400"], 75)
        time.sleep(0.5)
        observer.stop_event.set()
        observer.join(10)
        if followed.returncode != 0:
            fail("tidemark attach --job exited %d: %s" % (followed.returncode, followed.stderr))
        lines = [json.loads(l) for l in followed.stdout.splitlines()]
        polls = [l for l in lines if l["type"] == "poll"]
        ends = [l for l in lines if l["type"] == "end"]
        print("tidemark polled %d times, the observer read the REST API %d times" % (len(polls), observer.rounds),
              flush=True)
        if len(polls) < 10:
            fail("only %d polls before the job ended" % len(polls))
        if len(ends) != 1 or "FINISHED" not in ends[0]["message"] or "has ended" not in followed.stderr:
            fail("the job's end was not said: %s / %s" % (ends, followed.stderr))

        names = {v["name"] for v in polls[0]["vertices"]}
        for expected in ("Source: events", "Source: control", "align"):
            if expected not in names:
                fail("vertex %r not among %s" % (expected, names))

        # every value tidemark printed, per (vertex, subtask, metric), in the order it printed them
        printed = {}
        compared = 0
        window_values = set()
        for p in polls:
            for v in p["vertices"]:
                values = [s["currentInputWatermark"] for s in v["subtasks"] if s["currentInputWatermark"] is not None]
                low = min(values) if values else None
                expected_low = low if low is not None and low > LONG_MIN else None
                if v["lowWatermark"] != expected_low:
                    fail("poll %d, %s: low watermark %s, the minimum is %s" % (p["poll"], v["name"], v["lowWatermark"],
                                                                              expected_low))
                if values:
                    holder = next(s["subtask"] for s in v["subtasks"] if s["currentInputWatermark"] == low)
                    if v["holdingSubtask"] != holder:
                        fail("poll %d, %s: holding subtask %s, not %s" % (p["poll"], v["name"], v["holdingSubtask"],
                                                                         holder))
                if v["name"].startswith("Source: ") and values:
                    fail("a source reported an input watermark: %s" % v)
                for s in v["subtasks"]:
                    if s["currentInputWatermark"] is not None:
                        printed.setdefault((v["id"], s["subtask"], "input"), []).append(s["currentInputWatermark"])
                        if v["name"].startswith("window"):
                            window_values.add(s["currentInputWatermark"])
                    for i, w in enumerate(s.get("inputWatermarks", [])):
                        printed.setdefault((v["id"], s["subtask"], "currentInput%dWatermark" % (i + 1)), []).append(w)
                    if "currentOutputWatermark" in s:
                        printed.setdefault((v["id"], s["subtask"], "currentOutputWatermark"), []).append(
                            s["currentOutputWatermark"])
        # what the REST API reports, tidemark must print: Flink 1.20 has per-input watermarks for the two-input
        # co-map, Flink 2.3 does not register them
        kinds = {k[2] for k in printed}
        reported = {k[2] for k in observer.seen}
        for needed in ("input", "currentOutputWatermark") + tuple(sorted(w for w in reported if w.startswith("currentInput"))):
            if needed not in kinds:
                fail("tidemark printed no %s (the REST API reported %s)" % (needed, sorted(reported)))
        print("metrics compared: %s" % ", ".join(sorted(kinds)), flush=True)
        unseen = []
        for key, values in printed.items():
            seen = observer.seen.get(key, [])
            missed = in_order(values, seen)
            if missed is None:
                fail("%s: tidemark printed %s, the REST API reported %s" % (key, values, seen))
            unseen += [(key, v) for v in missed]
            compared += len(values)
        # A few values this script's reads stepped over are allowed; a systematic difference (every value off by
        # one, another subtask's values) leaves most of them unseen.
        if len(unseen) > max(2, compared // 50):
            fail("%d of %d watermarks tidemark printed were never reported: %s" % (len(unseen), compared, unseen[:10]))
        if unseen:
            print("note: %d of %d values fell between two reads of this script: %s" % (len(unseen), compared, unseen),
                  flush=True)
        moved = [w for w in window_values if w > LONG_MIN]
        if len(moved) < 3:
            fail("the window's watermark hardly moved: %s" % sorted(window_values))
        print("OK: %d watermarks printed, each one the REST API reported; the window's moved through %d values"
              % (compared, len(moved)), flush=True)

        missing = run([args.tidemark, "attach", base, "--job", "0" * 32, "--polls", "1"], 30)
        if missing.returncode != 1 or "HTTP 404" not in missing.stderr:
            fail("an unknown job: exit %d, %s" % (missing.returncode, missing.stderr))
        print("OK: an unknown job:", missing.stderr.strip(), flush=True)
    finally:
        try:
            cluster.wait(70)
        except subprocess.TimeoutExpired:
            cluster.kill()
            fail("the REST cluster did not stop by itself")
        log.close()

    refused = run([args.tidemark, "attach", base], 30)
    if refused.returncode != 1 or "connection refused" not in refused.stderr:
        fail("a cluster that is gone: exit %d, %s" % (refused.returncode, refused.stderr))
    print("OK: once the cluster is gone:", refused.stderr.strip(), flush=True)
    shutil.rmtree(work, ignore_errors=True)  # kept when a check fails, for the cluster's log


if __name__ == "__main__":
    main()
