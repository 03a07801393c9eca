#!/usr/bin/env python3
"""`tidemark run --kafka` against a real Kafka broker: Apache Kafka's own server in KRaft mode (tests/kafka/broker,
from Maven Central, on 127.0.0.1 only), with the kafka-partition-* examples' clicks produced to a topic of 4
partitions, each to its partition with its time as the record's timestamp.

1. From the earliest offsets: the run reads all 16 records with their partitions and offsets, and its fires (key,
   window and count) are those of the kafka-partition-stalls example read from its file (an unbounded topic: they
   depend on the largest timestamp of each partition, not on when the records came).
2. From a time (`--from 20000`, OffsetsInitializer.timestamp): each partition from its first record at or after it
   (partition 3's one click, at 12500, is before it: none from there).
3. A topic that does not exist, and a broker that is gone: a clear message, in a few seconds.
4. A real Flink job for each Flink line the oracle follows: `tidemark export-job` writes the example as a
   KafkaSource job (the flink-connector-kafka release for that line), its `--produce` writes the example's records
   into a topic of their own, and the job runs on a local MiniCluster over that topic. Its printed lines must be
   those of `tidemark run EXAMPLE --kafka` over the same topic, as a multiset (both read the topic as fast as the
   broker serves it). Twice: unbounded as the example is (the job is stopped once it has printed what Tidemark
   printed and a few seconds more have passed), and bounded (endOfInput "max-watermark": setBounded, so the job
   ends by itself; the read, saved and replayed as the bounded topic it was, each reader finishing a partition
   after its last record, must print the same). Per-partition watermarks make both deterministic: a partition holds its reader back until its
   records are read, and each partition's clicks are in time order. (With the watermarks after the source, whether
   partition 3's click is late depends on how reader 0 interleaves partitions 1 and 3, which is why Flink has
   per-partition watermarks; that variant is not compared.) Each comparison is checked to fail against the other
   variant's lines. The records' timestamps are from 1970 and the broker checks retention every 2 s: `--produce`
   creates its topic without time-based retention, and refuses a topic with the default 7 days.
5. Who reads each partition: on the topics of part 4, with 2 and 3 readers where the topic's start index differs
   from that of the example's topic "clicks", a real job (a bounded KafkaSource on a local cluster, each record
   tagged with the subtask that read it: the oracle's --kafka-owners), the oracle's split assignment (the
   connector's own KafkaSourceEnumerator) and Tidemark's live read (the channel of each record) must agree.
6. A job graph whose sources read two topics: `tidemark export-job` writes the graph example
   two-topics-silent-partition (per-partition watermarks, views' partition 1 silent until its one record) as a
   DataStream job with a KafkaSource per topic, its `--produce` writes each source's records into a topic of its
   own, and the job runs on a local MiniCluster over them; its printed lines must be those of `tidemark run` of the
   graph, as a multiset (a partition's records are in time order, so none can be late however the job reads them),
   unbounded and bounded as in part 4, each checked to fail against the other variant's lines.

Every wait is bounded; the broker serves until this script closes its standard input, at most 10 minutes.
"""
import argparse
import csv
import json
import os
import pathlib
import subprocess
import sys
import threading
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "export"))
import roundtrip  # noqa: E402  (printed_lines and same, shared with the export round trip)

EXAMPLE = "kafka-partition-stalls"
GRAPH = "two-topics-silent-partition"  # resources/examples/graphs
JOB_VARIANTS = [("unbounded", "none"), ("bounded", "max-watermark")]
JOB_S = 120  # the most a job may take, MiniCluster start included
QUIET_S = 4  # how long an unbounded job is watched after it printed what Tidemark printed


def fires(lines):
    """The fires of jsonl output as a sorted list of (key, window, result)."""
    out = []
    for line in lines:
        o = json.loads(line)
        if o.get("type") == "fire":
            out.append((o["key"], tuple(o["window"]), o["result"]))
    return sorted(out)


def run(tidemark, args, timeout=120):
    """`tidemark run ARGS`: its exit code, its lines and its stderr; a run that outlasts the timeout is killed and
    reported as exit code None."""
    try:
        p = subprocess.run([tidemark, "run"] + args, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired as late:
        err = late.stderr.decode(errors="replace") if isinstance(late.stderr, bytes) else (late.stderr or "")
        return None, [], "tidemark run did not end within %d s; its stderr:\n%s" % (timeout, err)
    return p.returncode, p.stdout.splitlines(), p.stderr


def broker_tail(path, lines=40):
    """The last lines the broker printed, for a failure's report."""
    try:
        with open(path, errors="replace") as f:
            return "the broker's last lines:\n  " + "\n  ".join(f.read().splitlines()[-lines:])
    except OSError:
        return ""


def export_jobs(args, examples, work):
    """The example as a KafkaSource job per Flink line and variant, built by one Maven run; [] on failure."""
    cases = []
    for line in args.flink_versions:
        for variant, end in JOB_VARIANTS:
            name = "%s-%s" % (line.replace(".", "_"), variant)
            scenario = json.load(open(os.path.join(examples, EXAMPLE + ".json")))
            scenario["input"]["file"] = os.path.abspath(os.path.join(examples, scenario["input"]["file"]))
            scenario["pipeline"]["endOfInput"] = end
            # the job graph of two topics, records inline
            graph = json.load(open(os.path.join(examples, "graphs", GRAPH + ".json")))
            graph["endOfInput"] = end
            for case, written in (({"name": name}, scenario),
                                  ({"name": "graph-" + name,
                                    "topics": [s for s, source in graph["sources"].items() if "kafka" in source]},
                                   graph)):
                case.update(variant=variant, scenario=os.path.join(work, case["name"] + ".json"),
                            project=os.path.join(work, case["name"]))
                with open(case["scenario"], "w") as f:
                    json.dump(written, f, indent=2)
                r = subprocess.run([args.tidemark, "export-job", case["scenario"], "--out", case["project"], "--force",
                                    "--flink-version", line], capture_output=True, text=True, timeout=60)
                if r.returncode != 0:
                    print(r.stderr)
                    return []
                cases.append(case)
    with open(os.path.join(work, "pom.xml"), "w") as f:
        f.write('<project xmlns="http://maven.apache.org/POM/4.0.0"><modelVersion>4.0.0</modelVersion>'
                "<groupId>tidemark.kafka</groupId><artifactId>jobs</artifactId><version>1.0</version>"
                "<packaging>pom</packaging><modules>%s</modules></project>\n"
                % "".join("<module>%s</module>" % c["name"] for c in cases))
    b = subprocess.run(["mvn", "-q", "-B", "package", "-DskipTests"], cwd=work, capture_output=True, text=True,
                       timeout=900)
    if b.returncode != 0:
        print(b.stdout[-4000:] + b.stderr[-2000:])
        return []
    for c in cases:
        c["jar"] = str(next(pathlib.Path(c["project"], "target").glob("*.jar")))
    return cases


def topic_args(case, topic):
    """A chain's job reads one topic (--topic NAME); a graph's one per source (--topic SOURCE=NAME), `topic` + its
    name."""
    if "topics" not in case:
        return ["--topic", topic]
    return [a for source in case["topics"] for a in ("--topic", "%s=%s-%s" % (source, topic, source))]


def job_lines(case, bootstrap, topic, expected):
    """What the job prints: a bounded job until it ends, an unbounded one until it has printed as many lines as
    expected and QUIET_S more seconds have passed (or JOB_S in all)."""
    with roundtrip.job_java(case["project"]) as java:
        proc = subprocess.Popen(java + ["-jar", case["jar"], "--bootstrap", bootstrap] + topic_args(case, topic),
                                cwd=case["project"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        lines, errors = [], []
        readers = [threading.Thread(target=lambda: lines.extend(l.rstrip("\n") for l in proc.stdout), daemon=True),
                   threading.Thread(target=lambda: errors.extend(proc.stderr), daemon=True)]
        for t in readers:
            t.start()
        deadline = time.time() + JOB_S
        quiet_until = None
        while time.time() < deadline and proc.poll() is None:
            if case["variant"] == "unbounded" and len(lines) >= len(expected):
                quiet_until = quiet_until or time.time() + QUIET_S
                if time.time() >= quiet_until:
                    break
            time.sleep(0.2)
        ended = proc.poll() is not None
        if not ended:
            proc.kill()
        proc.wait(timeout=30)
    for t in readers:
        t.join(30)  # the pipes are closed: the readers end once they have read what is left
    if case["variant"] == "bounded" and not ended:
        return None, "the bounded job did not end within %d s" % JOB_S
    if ended and proc.returncode != 0:
        return None, "the job failed (exit %d): %s" % (proc.returncode, roundtrip.jvm_said("".join(errors)))
    printed = [l for l in lines if l.strip()]
    if not printed:
        return None, "the job printed nothing (exit %s); its stderr ends:\n%s" % (
            proc.returncode, "".join(errors)[-3000:])
    return printed, None


def compare_jobs(args, cases, bootstrap):
    """Part 4: each job against `tidemark run --kafka` over the same topic; the number of failures."""
    failures = 0
    expected_of = {}
    if cases:
        # The example's timestamps are from 1970 and retention goes by them: --produce refuses a topic with the
        # default 7 days (this broker checks every 2 s, so an unguarded topic would be empty at once).
        topic = "clicks-kept-7-days"
        refused = subprocess.run(roundtrip.JOB_JAVA + ["-jar", cases[0]["jar"], "--produce", "--bootstrap", bootstrap,
                                                       "--topic", topic],
                                 cwd=cases[0]["project"], capture_output=True, text=True, timeout=120)
        if refused.returncode != 1 or "retention.ms=-1 on the topic" not in refused.stderr:
            print("FAIL: --produce into topic %s (7 days' retention) was not refused (exit %d): %s"
                  % (topic, refused.returncode, refused.stderr[-2000:]))
            failures += 1
        else:
            print("ok: --produce refuses a topic that would delete the scenario's 1970 records")
    for case in cases:
        if "topics" in case:
            continue  # a job graph's: compare_graph_jobs
        topic = "job-" + case["name"]
        produced = subprocess.run(roundtrip.JOB_JAVA + ["-jar", case["jar"], "--produce", "--bootstrap", bootstrap,
                                                        "--topic", topic],
                                  cwd=case["project"], capture_output=True, text=True, timeout=120)
        if produced.returncode != 0 or "wrote 16 records" not in produced.stderr:
            print("FAIL %s: --produce: %s" % (case["name"], produced.stderr[-2000:]))
            failures += 1
            continue
        saved = os.path.join(os.path.dirname(case["project"]), case["name"] + "-read.json")
        rc, out, err = run(args.tidemark, [case["scenario"], "--kafka", bootstrap, "--topic", topic, "--max-records",
                                           "16", "--format", "text", "--save-scenario", saved], timeout=60)
        expected = roundtrip.printed_lines("\n".join(out)) if rc == 0 else []
        if not expected:
            print("FAIL %s: tidemark run --kafka printed nothing to compare: %s\n%s"
                  % (case["name"], err, broker_tail(args.broker_log)))
            failures += 1
            continue
        if case["variant"] == "bounded":
            # The live read drains at its end; its saved run replayed as the bounded topic it was, each reader
            # finishing a partition after its last record, must print the same lines.
            read = json.load(open(saved))
            drained = read["pipeline"].get("endOfInput")
            read["pipeline"]["endOfInput"] = "max-watermark"
            with open(saved, "w") as f:
                json.dump(read, f)
            rc, replay, err = run(args.tidemark, [saved, "--format", "text"])
            if drained != "drain" or rc != 0 or not roundtrip.same(
                    expected, roundtrip.printed_lines("\n".join(replay)), "multiset"):
                print("FAIL %s: the saved read (endOfInput %s) replayed bounded prints\n    %s\n  the read\n    %s"
                      % (case["name"], drained, "\n    ".join(replay or [err]), "\n    ".join(expected)))
                failures += 1
        expected_of[case["name"]] = expected
        failures += check_job(args, case, bootstrap, topic, expected, "tidemark run --kafka",
                              "Flink's KafkaSource job")
    failures += must_differ(cases, expected_of)
    return failures


def check_job(args, case, bootstrap, topic, expected, expected_from, what):
    """Runs the job over the topic and compares its lines with `expected` (those of `expected_from`) as a multiset;
    its lines stay in case["actual"] for must_differ. The number of failures."""
    started = time.time()
    actual, problem = job_lines(case, bootstrap, topic, expected)
    case["actual"] = actual or []
    if problem:
        print("FAIL %s: %s\n%s" % (case["name"], problem, broker_tail(args.broker_log)))
        return 1
    if not roundtrip.same(expected, actual, "multiset"):
        print("FAIL %s: the job printed\n    %s\n  %s\n    %s"
              % (case["name"], "\n    ".join(actual or ["(nothing)"]), expected_from, "\n    ".join(expected)))
        return 1
    print("ok: %s %s printed Tidemark's %d lines (%.0f s)" % (what, case["name"], len(expected), time.time() - started))
    return 0


def must_differ(cases, expected_of):
    """The comparison must be able to fail: each job's lines against the other variant's (of the same Flink line and
    kind of job); the number of failures."""
    failures = 0
    for case in cases:
        for other in cases:
            if other is case or other["name"].rsplit("-", 1)[0] != case["name"].rsplit("-", 1)[0]:
                continue
            if other["name"] in expected_of and roundtrip.same(expected_of[other["name"]], case.get("actual", []),
                                                               "multiset"):
                print("FAIL %s: its lines also match those of %s: the comparison cannot tell them apart"
                      % (case["name"], other["name"]))
                failures += 1
    return failures


def compare_graph_jobs(args, cases, bootstrap):
    """Part 6: each job graph's KafkaSource job against `tidemark run` of the graph; the number of failures."""
    failures = 0
    expected_of = {}
    graphs = [case for case in cases if "topics" in case]
    for case in graphs:
        topic = "job-" + case["name"]
        produced = subprocess.run(roundtrip.JOB_JAVA + ["-jar", case["jar"], "--produce", "--bootstrap", bootstrap]
                                  + topic_args(case, topic), cwd=case["project"], capture_output=True, text=True,
                                  timeout=120)
        wrote = ['wrote %d records to topic "%s-%s"' % (n, topic, source)
                 for source, n in (("clicks", 6), ("views", 5))]
        if produced.returncode != 0 or not all(w in produced.stderr for w in wrote):
            print("FAIL %s: --produce: %s" % (case["name"], produced.stderr[-2000:]))
            failures += 1
            continue
        rc, out, err = run(args.tidemark, [case["scenario"], "--format", "text"])
        expected = roundtrip.printed_lines("\n".join(out)) if rc == 0 else []
        if not expected:
            print("FAIL %s: tidemark run printed nothing to compare: %s" % (case["name"], err))
            failures += 1
            continue
        expected_of[case["name"]] = expected
        failures += check_job(args, case, bootstrap, topic, expected, "tidemark run",
                              "the job graph's KafkaSource job")
    return failures + must_differ(graphs, expected_of)


def hash_start(topic, readers):
    """KafkaSourceEnumerator#getSplitOwner's start index: the reader of partition 0 (to choose topics by)."""
    h = 0
    for c in topic:
        h = (31 * h + ord(c)) & 0xFFFFFFFF
    return ((h * 31) & 0x7FFFFFFF) % readers


def tidemark_owners(args, case, bootstrap, topic, readers):
    """The reader Tidemark gives each partition of the topic when it reads it live: from its steps, the channel of
    each record, and from its saved read, the record's partition."""
    scenario = json.load(open(case["scenario"]))
    scenario["pipeline"]["source"]["parallelism"] = readers
    copy = os.path.join(args.work_dir, "owners-%s-%d.json" % (topic, readers))
    saved = os.path.join(args.work_dir, "owners-%s-%d-read.json" % (topic, readers))
    with open(copy, "w") as f:
        json.dump(scenario, f)
    rc, out, err = run(args.tidemark, [copy, "--kafka", bootstrap, "--topic", topic, "--max-records", "16",
                                       "--steps", "--format", "jsonl", "--save-scenario", saved], timeout=60)
    if rc != 0:
        return None, err
    partitions = [r["partition"] for r in json.load(open(saved))["input"]["records"] if "partition" in r]
    owners = [-1] * scenario["pipeline"]["source"]["kafka"]["partitions"]
    for line in out:
        step = json.loads(line)
        if step.get("type") == "step" and step.get("kind") == "event":
            partition = partitions[step["record"] - 1]
            if owners[partition] not in (-1, step["channel"]):
                return None, "partition %d on channels %d and %d" % (partition, owners[partition], step["channel"])
            owners[partition] = step["channel"]
    return owners, None


def compare_owners(args, cases, bootstrap):
    """Part 5: which reader reads each partition, in a real KafkaSource job (the oracle's --kafka-owners), in the
    oracle (the connector's enumerator) and in Tidemark, on topics whose start index differs from the example's
    ("clicks"), so that a formula fixed to one start would show; the number of failures."""
    failures = 0
    for line, jar in zip(args.flink_versions, args.oracle_jars):
        case = next((c for c in cases if c["name"].startswith(line.replace(".", "_") + "-")), None)
        if case is None:
            continue
        checked = 0
        for topic in ("job-%s-bounded" % line.replace(".", "_"), "job-%s-unbounded" % line.replace(".", "_")):
            for readers in (2, 3):
                if hash_start(topic, readers) == hash_start("clicks", readers):
                    continue
                r = subprocess.run(["java", "-jar", jar, "--kafka-owners", bootstrap, topic, "4", str(readers)],
                                   capture_output=True, text=True, timeout=300)
                job = json.loads(r.stdout.strip().splitlines()[-1]) if r.stdout.strip() else None
                owners, problem = tidemark_owners(args, case, bootstrap, topic, readers)
                if r.returncode != 0 or job is None or -1 in job["job"]:
                    print("FAIL %s: the oracle's --kafka-owners on %s with %d readers (exit %d): %s %s"
                          % (line, topic, readers, r.returncode, r.stdout[-500:], r.stderr[-2000:]))
                    failures += 1
                elif problem or owners != job["job"]:
                    print("FAIL %s: topic %s with %d readers: Flink's KafkaSource job reads partitions 0..3 with "
                          "readers %s, Tidemark with %s" % (line, topic, readers, job["job"], problem or owners))
                    failures += 1
                else:
                    checked += 1
                    print("ok: topic %s, %d readers (partition 0 to reader %d; \"clicks\": %d): Flink %s's KafkaSource "
                          "job, its enumerator and Tidemark read partitions 0..3 with readers %s"
                          % (topic, readers, hash_start(topic, readers), hash_start("clicks", readers), line,
                             job["job"]))
        if checked < 1:
            print("FAIL %s: no topic whose partitions' readers were compared" % line)
            failures += 1
    return failures


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tidemark", required=True)
    ap.add_argument("--source-dir", required=True)
    ap.add_argument("--work-dir", required=True)
    ap.add_argument("--flink-versions", nargs="+", default=[], help="the Flink lines whose KafkaSource job to run")
    ap.add_argument("--oracle-jars", nargs="+", default=[], help="the oracle jar of each of those lines, in order")
    args = ap.parse_args()
    os.makedirs(args.work_dir, exist_ok=True)
    examples = os.path.join(args.source_dir, "resources", "examples")
    broker_dir = os.path.join(args.source_dir, "tests", "kafka", "broker")
    build = os.path.join(args.work_dir, "broker")

    started = time.time()
    mvn = subprocess.run(["mvn", "-q", "-B", "-f", os.path.join(broker_dir, "pom.xml"), "package", "-DskipTests",
                          "-Dbroker.build.directory=" + build], capture_output=True, text=True, timeout=900)
    if mvn.returncode != 0:
        print(mvn.stdout + mvn.stderr)
        print("FAIL: cannot build the broker (tests/kafka/broker)")
        return 1
    print("broker built in %.1f s" % (time.time() - started))
    jobs_work = os.path.join(args.work_dir, "jobs")
    os.makedirs(jobs_work, exist_ok=True)
    jobs = export_jobs(args, examples, jobs_work) if args.flink_versions else []
    if args.flink_versions and not jobs:
        print("FAIL: cannot export or build the KafkaSource jobs")
        return 1
    if jobs:
        print("%d KafkaSource jobs exported and built in %.1f s" % (len(jobs), time.time() - started))

    # the example's clicks: partition, timestamp (its time), key (its user), value (the click as JSON)
    records = os.path.join(args.work_dir, "clicks.tsv")
    with open(os.path.join(examples, "kafka-clicks.csv"), newline="") as f, open(records, "w") as out:
        for row in csv.DictReader(f):
            value = json.dumps({"user": row["user"], "time": int(row["time"])})
            out.write("%s\t%s\t%s\t%s\n" % (row["partition"], row["time"], row["user"], value))

    classpath = os.path.join(build, "kafka-broker-1.jar") + os.pathsep + os.path.join(build, "lib", "*")
    # The broker's output goes to a file, whose tail a failure shows (a pipe nobody reads would block the broker
    # once full); its standard output is read for the bootstrap line and copied there too.
    broker_log = args.broker_log = os.path.join(args.work_dir, "broker.log")
    open(broker_log, "w").close()
    with open(broker_log, "a") as log:
        broker = subprocess.Popen(["java", "-Xmx256m", "-cp", classpath, "org.tidemark.kafka.Broker", "clicks", "4",
                                   records, "600"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=log,
                                  text=True)
    bootstrap_seen = threading.Event()
    announced = []

    def read_broker_stdout():
        with open(broker_log, "a") as log:
            for line in broker.stdout:
                if line.startswith("BOOTSTRAP=") and not announced:
                    announced.append(line.strip().split("=", 1)[1])
                    bootstrap_seen.set()
                log.write(line)
                log.flush()
        bootstrap_seen.set()  # it ended without one

    threading.Thread(target=read_broker_stdout, daemon=True).start()
    failures = 0
    try:
        bootstrap_seen.wait(120)
        bootstrap = announced[0] if announced else None
        if not bootstrap:
            print(broker_tail(broker_log))
            print("FAIL: the broker did not start within 120 s")
            return 1
        print("broker at %s after %.1f s" % (bootstrap, time.time() - started))

        # 1. every record, as the example reads them from its file
        saved = os.path.join(args.work_dir, "kafka-run.json")
        pipeline = ["--parallelism", "2", "--tumbling", "10s", "--out-of-orderness", "2s", "--function", "count",
                    "--format", "jsonl"]
        rc, out, err = run(args.tidemark, ["--kafka", bootstrap, "--topic", "clicks", "--max-records", "16",
                                           "--save-scenario", saved] + pipeline)
        rc_file, out_file, err_file = run(args.tidemark, [os.path.join(examples, EXAMPLE + ".json"), "--format",
                                                          "jsonl"])
        if rc != 0 or rc_file != 0:
            print(err + err_file)
            print("FAIL: a run failed")
            failures += 1
        elif fires(out) != fires(out_file) or not fires(out):
            print("FAIL: the topic's fires differ from the example's:\n  topic:   %s\n  example: %s"
                  % (fires(out), fires(out_file)))
            failures += 1
        else:
            print("ok: %d fires from the topic, as from %s" % (len(fires(out)), EXAMPLE))
        scenario = json.load(open(saved))
        got = sorted((r["partition"], r["offset"], r["ts"]) for r in scenario["input"]["records"])
        want = []
        counts = {}
        for row in csv.DictReader(open(os.path.join(examples, "kafka-clicks.csv"), newline="")):
            p = int(row["partition"])
            want.append((p, counts.get(p, 0), int(row["time"])))
            counts[p] = counts.get(p, 0) + 1
        if got != sorted(want) or scenario["pipeline"]["source"]["kafka"]["partitions"] != 4:
            print("FAIL: the saved run's records are not the topic's:\n  %s" % got)
            failures += 1
        else:
            print("ok: the saved run has the 16 records with their partitions, offsets and timestamps")

        # 2. from a time: each partition from its first record at or after 20000
        rc, out, err = run(args.tidemark, ["--kafka", bootstrap, "--topic", "clicks", "--from", "20000",
                                           "--max-records", "3", "--save-scenario", saved] + pipeline)
        times = sorted(r["ts"] for r in json.load(open(saved))["input"]["records"]) if rc == 0 else []
        if times != [21000, 22500, 24000]:
            print(err)
            print("FAIL: --from 20000 read %s, expected [21000, 22500, 24000]" % times)
            failures += 1
        else:
            print("ok: --from 20000 starts each partition at its first record at or after it")

        # 3. a topic that does not exist
        t = time.time()
        rc, out, err = run(args.tidemark, ["--kafka", bootstrap, "--topic", "nope", "--tumbling", "10s"], timeout=60)
        if rc != 1 or 'topic "nope" does not exist' not in err:
            print(err)
            print("FAIL: a missing topic was not reported")
            failures += 1
        else:
            print("ok: a missing topic is reported in %.1f s" % (time.time() - t))

        # 4. Flink's own KafkaSource over the same records
        failures += compare_jobs(args, jobs, bootstrap)

        # 5. who reads each partition: a real job, the connector's enumerator and Tidemark
        failures += compare_owners(args, [job for job in jobs if "topics" not in job], bootstrap)

        # 6. a job graph of two topics
        failures += compare_graph_jobs(args, jobs, bootstrap)
    finally:
        broker.stdin.close()
        try:
            broker.wait(timeout=60)
        except subprocess.TimeoutExpired:
            broker.kill()

    # 3. the broker is gone
    t = time.time()
    rc, out, err = run(args.tidemark, ["--kafka", bootstrap, "--topic", "clicks", "--tumbling", "10s"], timeout=60)
    if rc != 1 or "did not answer within 5 s" not in err or time.time() - t > 15:
        print(err)
        print("FAIL: a broker that is gone was not reported within seconds")
        failures += 1
    else:
        print("ok: a broker that is gone is reported in %.1f s" % (time.time() - t))
    print("%s in %.0f s" % ("FAILED" if failures else "passed", time.time() - started))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
