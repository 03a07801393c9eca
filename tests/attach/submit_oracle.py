#!/usr/bin/env python3
"""`tidemark export-job … --submit URL` against a real Flink cluster, on 127.0.0.1 only.

Starts the Flink oracle's submission fixture (`flink-oracle.jar --submit-cluster PORTFILE`: a MiniCluster whose REST
API listens on a free loopback port and takes jars, flink-runtime-web being on its class path; the jobs run in that
process, so what they print() comes out on its stdout), then:
  * `tidemark export-job EXAMPLE --out DIR --flink-version LINE --submit URL --offline --format jsonl` must export
    the example, build it offline (Maven resolved Flink when the oracle was built), upload the jar, run it and
    follow it to its end: exit status 0, a "submitted" line, polls, and the end with the job FINISHED under the
    --job-name given;
  * the job's printed lines, caught from the fixture's stdout, must be the lines `tidemark run EXAMPLE --format
    text` prints (compared as tests/export/roundtrip.py compares a job run with java -jar; the comparison is first
    checked to fail on a changed line), and the fixture must say that this very job finished;
  * a cluster without jar submission (`--no-web-submit`, web.submit.enable: false) must be said, with the
    `flink run -m` command that runs the jar instead, exit status 1; and once that cluster is gone, a refused
    connection, exit status 1.
Everything is bounded in time: each fixture stops itself within 100 s, each command has a timeout.
"""
import argparse
import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "export"))
import roundtrip  # noqa: E402  the export round trip's reading and comparison of printed lines


# What Flink's own start scripts give a JobManager on Java 17 (env.java.opts.all): running a submitted jar's main()
# sets the program's environment through reflection into java.util.
JVM_OPENS = ["--add-opens=java.base/java.util=ALL-UNNAMED", "--add-opens=java.base/java.lang=ALL-UNNAMED"]


def fail(message):
    print("FAIL: " + message, flush=True)
    sys.exit(1)


def run(cmd, timeout, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, **kw)


class Cluster:
    """The fixture as a child process: its stdout (the jobs' print()) and stderr (what it says) go to files."""

    def __init__(self, java, jar, work, name, submit=True):
        self.port_file = os.path.join(work, name + ".port")
        self.out_path = os.path.join(work, name + ".out")
        self.log_path = os.path.join(work, name + ".log")
        self.out = open(self.out_path, "w")
        self.log = open(self.log_path, "w")
        cmd = [java] + JVM_OPENS + ["-jar", jar, "--submit-cluster", self.port_file] \
            + ([] if submit else ["--no-web-submit"])
        # its working folder holds no data/events.csv: the submitted job must read the copy in its jar
        self.proc = subprocess.Popen(cmd, cwd=work, stdout=self.out, stderr=self.log)

    def port(self):
        deadline = time.time() + 45
        while not os.path.exists(self.port_file):
            if self.proc.poll() is not None or time.time() > deadline:
                fail("the cluster did not start (log: %s):\n%s" % (self.log_path, self.log_text()[-3000:]))
            time.sleep(0.2)
        return int(open(self.port_file).read().strip())

    def wait(self, timeout):
        try:
            self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.stop()
            fail("the cluster did not end within %d s after the job (log: %s)" % (timeout, self.log_path))
        self.out.close()
        self.log.close()

    def stop(self):
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()

    def log_text(self):
        self.log.flush()
        return open(self.log_path).read()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tidemark", required=True)
    ap.add_argument("--oracle-jar", required=True)
    ap.add_argument("--java", default="java")
    ap.add_argument("--flink-version", required=True, help="the oracle's Flink line: 1.20 or 2.3")
    ap.add_argument("--example", default="sliding-windows", help="a built-in example whose input ends")
    args = ap.parse_args()
    started = time.time()

    work = tempfile.mkdtemp(prefix="tidemark-submit-")
    job_dir = os.path.join(work, "job")
    job_name = "tidemark submit " + args.example

    # What the job must print: tidemark's own output, as a print sink writes it.
    expected_run = run([args.tidemark, "run", args.example, "--format", "text", "--time-format", "epoch-ms"], 60)
    if expected_run.returncode != 0:
        fail("tidemark run %s: %s" % (args.example, expected_run.stderr))
    expected = roundtrip.printed_lines(expected_run.stdout)
    examples = pathlib.Path(__file__).resolve().parent.parent.parent / "resources" / "examples"
    mode = roundtrip.comparison_mode(json.loads((examples / (args.example + ".json")).read_text()))
    if not expected:
        fail("tidemark run %s printed no lines to compare" % args.example)

    cluster = Cluster(args.java, args.oracle_jar, work, "cluster")
    try:
        url = "http://127.0.0.1:%d" % cluster.port()
        print("cluster at", url, "after %.1f s" % (time.time() - started), flush=True)
        submit = run([args.tidemark, "export-job", args.example, "--out", job_dir, "--flink-version",
                      args.flink_version, "--job-name", job_name, "--submit", url, "--offline", "--polls", "240",
                      "--interval-ms", "250", "--format", "jsonl"], 150)
        if submit.returncode != 0:
            fail("export-job --submit exited %d:\n%s\ncluster log:\n%s"
                 % (submit.returncode, submit.stderr[-4000:], cluster.log_text()[-3000:]))
        lines = [json.loads(l) for l in submit.stdout.splitlines()]
        submitted = [l for l in lines if l["type"] == "submitted"]
        polls = [l for l in lines if l["type"] == "poll"]
        ends = [l for l in lines if l["type"] == "end"]
        if len(submitted) != 1 or submitted[0]["name"] != job_name or not submitted[0]["jar"].endswith(".jar"):
            fail("expected one submitted line naming %r and its jar: %s" % (job_name, submitted))
        job = submitted[0]["job"]
        if len(ends) != 1 or ends[0]["state"] != "FINISHED" or ('"%s"' % job_name) not in ends[0]["message"]:
            fail("expected the job %r to be followed to FINISHED: %s\n%s" % (job_name, ends, submit.stderr))
        if any(p["job"] != job for p in polls):
            fail("a poll of another job than the one submitted")
        print("submitted job %s, followed for %d polls to its end, after %.1f s"
              % (job, len(polls), time.time() - started), flush=True)
        cluster.wait(30)
    finally:
        cluster.stop()

    said = open(cluster.log_path).read()
    if ("submit-cluster: job %s finished" % job) not in said:
        fail("the cluster did not say that job %s finished:\n%s" % (job, said[-3000:]))
    printed = [l for l in open(cluster.out_path).read().splitlines() if l.strip()]
    with open(os.path.join(job_dir, "pom.xml")) as pom:
        if "<include>events.csv</include>" not in pom.read():
            fail("the exported project does not pack data/events.csv into its jar")
    changed = list(expected)
    changed[len(changed) // 2] = changed[len(changed) // 2].replace(")", "0)", 1)
    if roundtrip.same(expected, changed, mode):
        fail("the comparison does not see a changed line")
    if not roundtrip.same(expected, printed, mode):
        fail("the submitted job printed other lines than tidemark run %s --format text (%s):\nexpected:\n  %s\n"
             "printed:\n  %s" % (args.example, mode, "\n  ".join(expected), "\n  ".join(printed)))
    print("the job printed the %d lines tidemark predicts (%s), after %.1f s"
          % (len(printed), mode, time.time() - started), flush=True)

    # A cluster that takes no jars, then no cluster at all.
    closed = Cluster(args.java, args.oracle_jar, work, "closed", submit=False)
    try:
        url = "http://127.0.0.1:%d" % closed.port()
        refused = run([args.tidemark, "export-job", args.example, "--out", job_dir, "--force", "--flink-version",
                       args.flink_version, "--submit", url, "--offline"], 120)
        if refused.returncode != 1 or "does not take jars through its REST API" not in refused.stderr \
                or ("flink run -m 127.0.0.1:%d " % closed.port()) not in refused.stderr:
            fail("a cluster without jar submission: exit %d\n%s" % (refused.returncode, refused.stderr))
        print("no jar submission: said, with the flink run command", flush=True)
    finally:
        closed.stop()
    gone = run([args.tidemark, "export-job", args.example, "--out", job_dir, "--force", "--flink-version",
                args.flink_version, "--submit", url, "--offline"], 120)
    if gone.returncode != 1 or "connection refused" not in gone.stderr:
        fail("the cluster gone: exit %d\n%s" % (gone.returncode, gone.stderr))
    print("cluster gone: connection refused", flush=True)
    shutil.rmtree(work, ignore_errors=True)  # kept when a check fails, for its logs
    print("PASS in %.1f s" % (time.time() - started), flush=True)


if __name__ == "__main__":
    main()
