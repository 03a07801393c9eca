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

Every wait is bounded; the broker serves until this script closes its standard input, at most 10 minutes.
"""
import argparse
import csv
import json
import os
import subprocess
import sys
import time

EXAMPLE = "kafka-partition-stalls"


def fires(lines):
    """The fires of jsonl output as a sorted list of (key, window, result)."""
    out = []
    for line in lines:
        o = json.loads(line)
        if o.get("type") == "fire":
            out.append((o["key"], tuple(o["window"]), o["result"]))
    return sorted(out)


def run(tidemark, args, timeout=120):
    p = subprocess.run([tidemark, "run"] + args, capture_output=True, text=True, timeout=timeout)
    return p.returncode, p.stdout.splitlines(), p.stderr


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tidemark", required=True)
    ap.add_argument("--source-dir", required=True)
    ap.add_argument("--work-dir", required=True)
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

    # the example's clicks: partition, timestamp (its time), key (its user), value (the click as JSON)
    records = os.path.join(args.work_dir, "clicks.tsv")
    with open(os.path.join(examples, "kafka-clicks.csv"), newline="") as f, open(records, "w") as out:
        for row in csv.DictReader(f):
            value = json.dumps({"user": row["user"], "time": int(row["time"])})
            out.write("%s\t%s\t%s\t%s\n" % (row["partition"], row["time"], row["user"], value))

    classpath = os.path.join(build, "kafka-broker-1.jar") + os.pathsep + os.path.join(build, "lib", "*")
    broker = subprocess.Popen(["java", "-Xmx256m", "-cp", classpath, "org.tidemark.kafka.Broker", "clicks", "4", records,
                               "600"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    failures = 0
    try:
        bootstrap = None
        deadline = time.time() + 120
        while time.time() < deadline:
            line = broker.stdout.readline()
            if not line:
                break
            if line.startswith("BOOTSTRAP="):
                bootstrap = line.strip().split("=", 1)[1]
                break
        if not bootstrap:
            print(broker.stderr.read() if broker.poll() is not None else "")
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
