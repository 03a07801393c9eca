#!/usr/bin/env python3
"""The export of a job that reads a socket (`tidemark export-job SCENARIO --socket HOST:PORT`), run for real: each
scenario below is exported for a loopback port, built offline, and run on a local MiniCluster (`java -jar`) while
a peer on 127.0.0.1 sends it the lines of the scenario's own events file, a few hundred milliseconds apart, then
closes. The job's printed lines must be the lines `tidemark run` prints for the same file with the input ending
when the lines do (endOfInput "max-watermark", as the source's end does in Flink), as a multiset: the lines
arrive on the wall clock. Into the first scenario's lines the peer slips one line that is no record; the job
must report it on stderr and print the same lines. The comparison is checked to fail on a changed line before it
is trusted.

Every job and every peer is bounded in time; the last line is "K passed, F failed".
"""

import argparse
import json
import pathlib
import shutil
import socket
import subprocess
import sys
import threading
import time

import roundtrip

# The line formats they cover: text (post 001), CSV with a header, named columns and a zoned pattern (offset
# days), JSON lines with lateness (post 002), JSON lines into windowAll, CSV with a late side output, CSV into
# sliding windows.
SCENARIOS = ["post001-delay3s", "offset-days-utc8", "post002-allowed-lateness", "keyed-vs-windowall-all",
             "late-side-output", "sliding-windows"]
BAD_LINE = "this is no record"
PACE_S = 0.3  # above the examples' 200 ms emission period, so that a watermark is emitted between two lines
JOB_S = 90


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Peer(threading.Thread):
    """Listens on 127.0.0.1 like `nc -lk`, sends the lines to the first connection a PACE_S apart, then closes."""

    def __init__(self, lines, port):
        super().__init__(daemon=True)
        self.lines = lines
        self.server = socket.create_server(("127.0.0.1", port))
        self.server.settimeout(60)
        self.error = None

    def run(self):
        try:
            conn, _ = self.server.accept()
            with conn:
                time.sleep(1.0)  # the job's operators are running once its source has connected
                for line in self.lines:
                    conn.sendall((line + "\n").encode("utf-8"))
                    time.sleep(PACE_S)
                time.sleep(1.0)
        except OSError as e:
            self.error = str(e)
        finally:
            self.server.close()


def scenario_copy(examples, name, work):
    """The example with its events file named by its full path, and the input ending with its lines."""
    path = pathlib.Path(examples) / (name + ".json")
    scenario = json.loads(path.read_text())
    events = path.parent / scenario["input"]["file"]
    scenario["input"]["file"] = str(events)
    scenario["pipeline"]["endOfInput"] = "max-watermark"
    copy = work / (name + ".json")
    copy.write_text(json.dumps(scenario, indent=2))
    return copy, events.read_text(encoding="utf-8").splitlines()


def check(args, name, work, with_bad_line):
    copy, lines = scenario_copy(args.examples, name, work)
    expected_run = roundtrip.run([args.tidemark, "run", str(copy), "--format", "text"])
    if expected_run.returncode != 0:
        return "tidemark run failed: " + expected_run.stderr.strip()
    expected = roundtrip.printed_lines(expected_run.stdout)
    if not expected:
        return "tidemark prints nothing for it: nothing to compare"

    port = free_port()
    project = work / (name + "-job")
    exported = roundtrip.run([args.tidemark, "export-job", str(copy), "--out", str(project), "--force",
                              "--flink-version", args.flink_version, "--socket", "127.0.0.1:%d" % port])
    if exported.returncode != 0:
        return "not exported: " + exported.stderr.strip()
    built = roundtrip.run(["mvn", "-o", "-q", "-B", "package"], cwd=project, timeout=600)
    if built.returncode != 0:
        return "the build failed: " + (built.stdout + built.stderr).strip()[-2000:]

    sent = list(lines)
    if with_bad_line:
        sent.insert(len(sent) // 2, BAD_LINE)
    peer = Peer(sent, port)
    peer.start()
    jar = next((project / "target").glob("*.jar"))
    try:
        with roundtrip.job_java(project) as java:
            job = subprocess.run(java + ["-jar", str(jar)], cwd=project, stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, text=True, timeout=JOB_S)
    except subprocess.TimeoutExpired:
        return "the job did not end within %d s of its peer closing" % JOB_S
    peer.join(5)
    if peer.error:
        return "the peer failed: " + peer.error
    if job.returncode != 0:
        return "the job failed (exit %d): %s" % (job.returncode, roundtrip.jvm_said(job.stderr))
    actual = [line for line in job.stdout.splitlines() if line.strip()]
    if not roundtrip.same(expected, actual, "multiset"):
        return "the job printed\n  %s\nTidemark\n  %s" % ("\n  ".join(actual), "\n  ".join(expected))
    if with_bad_line and ("skipped" not in job.stderr or BAD_LINE not in job.stderr):
        return "the job did not report the line that is no record: " + job.stderr.strip()[-1000:]
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--tidemark", required=True)
    ap.add_argument("--examples", required=True)
    ap.add_argument("--flink-version", required=True)
    ap.add_argument("--work-dir", required=True)
    args = ap.parse_args()

    # the comparison must be able to fail
    if roundtrip.same(["6> (a,5)", "6> (a,3)"], ["6> (a,5)", "6> (a,4)"], "multiset"):
        print("the comparison does not see a changed line")
        return 1

    work = pathlib.Path(args.work_dir)
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    passed = failed = 0
    for i, name in enumerate(SCENARIOS):
        started = time.monotonic()
        problem = check(args, name, work, with_bad_line=(i == 0))
        took = time.monotonic() - started
        if problem:
            failed += 1
            print("FAIL %s (%.0f s): %s" % (name, took, problem), flush=True)
        else:
            passed += 1
            print("OK   %s (%.0f s)" % (name, took), flush=True)
    print("%d passed, %d failed" % (passed, failed))
    return 0 if failed == 0 and passed > 0 else 1


if __name__ == "__main__":
    sys.exit(main())
