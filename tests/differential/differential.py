#!/usr/bin/env python3
"""Differential test: Tidemark (`tidemark run --format jsonl`) against the Flink oracle.

Runs the built-in examples, the oracle's reference-post scenarios, the regression scenarios, the
conformance cases that can be written as scenarios, and N seeded random scenarios through both, and
compares, for each scenario, the picture and the outputs:
  * the trajectory: `tidemark run --steps` against the oracle's step lines, step by step: the
    happening (kind, processing time, record, channel or subtask), inputs processed, each channel's
    forwarded watermark and idle status and each window subtask's watermark after it;
  * the outputs of each step as a multiset (Flink leaves the order of equal-timestamp timers of
    different keys unspecified), so each fire is compared with the step that produced it;
  * the streaming runner (`tidemark run --stream`) against the oracle's outputs, grouped by afterInput;
  * refusals ("#ERROR …") agree only when they are of the same kind (refusal_kind: an invalid
    configuration, a job that failed, or a run that never ends) and name the same subject with the same
    values (REFUSAL_SUBJECTS); a timeout, a crash, a signal, an empty message or an unknown subject never
    agrees; the summary counts the random scenarios each side refused;
  * every field is compared exactly (watermark and subtask included), numbers by their exact value
    (an integral double as its integer: the spelling of a double may differ, its value may not);
  * lists are compared in order, merged session panes too: Flink concatenates them in the order of
    its HashSet of merged windows, and Tidemark follows it.
Before comparing it proves the comparison can fail (self_check): altered copies of Flink's output for two
examples (a watermark off by 1 ms, a fire moved one step, a list reordered, an idle flag flipped, a Kafka
partition's watermark changed) must each be reported as a mismatch, or the run fails.
On a mismatch it prints the seed, writes the scenario, shrinks it to a minimal failing scenario and
prints both outputs as a diff. Exit status 1 if anything differs.
"""
import argparse
import collections
import copy
import difflib
import glob
import itertools
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time


# ----------------------------------------------------------------------------- running both sides

class Oracle:
    """The oracle jar in --serve mode: one JVM for the whole run."""

    def __init__(self, jar):
        self.proc = subprocess.Popen(["java", "-Xss4m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-jar", jar, "--serve",
                                      "--steps"],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, encoding="utf-8")

    def run(self, path):
        self.proc.stdin.write(os.path.abspath(path) + "\n")
        self.proc.stdin.flush()
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if line == "":
                raise RuntimeError("the oracle exited")
            line = line.rstrip("\n")
            if line == "#END":
                return lines
            lines.append(line)

    def close(self):
        self.proc.stdin.close()
        self.proc.wait(timeout=30)


def run_tidemark(exe, path, mode):
    """`tidemark run` with every step (mode "--steps") or through the streaming runner ("--stream")."""
    try:
        p = subprocess.run([exe, "run", path, "--format", "jsonl", mode], capture_output=True, text=True,
                           encoding="utf-8", timeout=60)
    except subprocess.TimeoutExpired:
        return ["#ERROR tidemark timed out"]
    if p.returncode != 0:
        return ["#ERROR tidemark exit %d: %s" % (p.returncode, p.stderr.strip().replace("\n", " "))]
    return [l for l in p.stdout.splitlines() if l.strip()]


# ----------------------------------------------------------------------------- comparison

def canon_num(x):
    """A number as its exact value: an integer as itself, an integral double as that integer (Java's 7.0 is
    Tidemark's 7; an epoch-sized sum beyond 2^53 is printed as Java's shortest decimal on one side and as exact digits
    on the other), any other double as itself: the engine adds a window's values in Flink's order, so a sum agrees to
    its last bit or not at all."""
    if isinstance(x, bool) or x is None:
        return x
    if isinstance(x, float) and x.is_integer() and -2 ** 63 <= x < 2 ** 63:
        return int(x)
    if isinstance(x, int) and not -2 ** 63 <= x < 2 ** 63:
        return float(x)  # no long is this large: a double, spelt in digits ("9223372036854776000" is 2^63)
    return x


_timeouts = itertools.count()

# Below this many random scenarios the shares of eventful ones are printed but not enforced.
MIN_RANDOM_FOR_SHARES = 100


# What a refusal is about, found in each side's message (Tidemark says Flink's words where Flink's exception has
# them): two refusals agree only when they name the same subject with the same values. A refusal whose message
# names no subject here agrees with nothing, so that a new kind of refusal is looked at before it can pass.
REFUSAL_SUBJECTS = [
    ("a merged window ending before the watermark",
     r"cannot become earlier than the current watermark by merging\. Current watermark: (-?\d+) "
     r"window: TimeWindow\{start=(-?\d+), end=(-?\d+)\}"),
    ("sliding windows of a timestamp that never end", r"assigning sliding windows to timestamp (-?\d+) does not terminate"),
    ("timers that never stop firing", r"more than \d+ (?:timer )?firings"),
]


def _unique(what):
    return "%s %d" % (what, next(_timeouts))  # equal to nothing, not even another of its kind


def refusal_kind(line):
    """What a "#ERROR …" line refuses, so that two refusals agree only when they are of one kind (an invalid
    configuration, a job that failed while running, a run that never ends) and name one subject (REFUSAL_SUBJECTS).
    A timeout, a crash, a signal, an empty message or a subject not in the table is unique: it never agrees."""
    text = line[len("#ERROR"):].strip()
    if "timed out" in text:
        return _unique("#TIMEOUT")
    exited = re.match(r"tidemark exit (-?\d+): ?(.*)", text)
    if exited and (int(exited.group(1)) < 0 or int(exited.group(1)) >= 128 or not exited.group(2).strip()):
        return _unique("#CRASH")  # killed by a signal, or nothing said
    message = exited.group(2) if exited else re.sub(r"^\S+\.json: ", "", text)
    if not message.strip():
        return _unique("#EMPTY")
    subject = next((("%s %s" % (name, m.groups())) for name, pattern in REFUSAL_SUBJECTS
                    for m in [re.search(pattern, message)] if m), None)
    if subject is None:
        return _unique("#UNKNOWN SUBJECT")
    if "does not terminate" in text:
        return "#ENDLESS: " + subject
    if "the job failed" in text or ("Exception" in text and "IllegalArgumentException" not in text):
        return "#FAILED: " + subject
    return "#INVALID: " + subject


def canon(line):
    if line.startswith("#"):
        return refusal_kind(line)
    try:
        o = json.loads(line)
    except json.JSONDecodeError:
        return ("unparsable", line)
    r = o.get("result")
    if isinstance(r, list):
        r = [canon_num(v) for v in r]
        o["result"] = r
    else:
        o["result"] = canon_num(r) if "result" in o else None
    for k in ("value",):
        if k in o:
            o[k] = canon_num(o[k])
    return json.dumps(o, sort_keys=True)


def is_step(line):
    return line.startswith('{"type":"step"')


def quiet_emissions(lines):
    """Periodic emissions after which no step line shows a change and nothing is output: the steps Tidemark keeps
    as runs, not one by one (engine/player/StepList.h), and rebuilds for its step lines."""
    shown = lambda o: {k: v for k, v in o.items()
                       if k not in ("step", "processingTime", "kind", "channel", "afterInput", "record", "key", "ts")}
    count, previous, pending = 0, None, False
    for l in lines:
        if is_step(l):
            count += pending
            o = json.loads(l)
            pending = o.get("kind") == "periodic" and shown(o) == previous
            previous = shown(o)
        elif not l.startswith("#"):
            pending = False
    return count + pending


def refusals(lines):
    return sorted(refusal_kind(l) for l in lines if l.startswith("#"))


def trajectory(lines):
    """The steps of a --steps run (what the timeline draws) and the outputs of each step as a multiset."""
    steps, outputs = [], collections.defaultdict(collections.Counter)
    for l in lines:
        if is_step(l):
            o = json.loads(l)
            o.pop("key", None)  # the record's key as the input spells it: not a decision
            steps.append(json.dumps(o, sort_keys=True))
        elif not l.startswith("#"):
            outputs[len(steps)][canon(l)] += 1
    return steps, outputs


def grouped(lines):
    groups = collections.defaultdict(collections.Counter)
    for l in lines:
        if is_step(l):
            continue
        try:
            n = json.loads(l).get("afterInput", -1) if not l.startswith("#") else -2
        except json.JSONDecodeError:
            n = -3
        groups[n][canon(l)] += 1
    return groups


def differences(runs, oracle_lines):
    """What differs between Tidemark's runs and the oracle: [] when nothing does."""
    steps_run, stream_run = runs
    ref = refusals(oracle_lines)
    found = [what for what, run in (("refusal (--steps)", steps_run), ("refusal (--stream)", stream_run))
             if refusals(run) != ref]
    if ref or found:
        return found
    t_steps, t_outputs = trajectory(steps_run)
    o_steps, o_outputs = trajectory(oracle_lines)
    if t_steps != o_steps:
        found.append("trajectory")
    if t_outputs != o_outputs:
        found.append("outputs per step")
    if grouped(stream_run) != grouped(oracle_lines):
        found.append("streaming runner")
    return found


def first_difference(a, b):
    """The first step where two trajectories differ, for the report."""
    for i, (x, y) in enumerate(itertools.zip_longest(a, b)):
        if x != y:
            return i + 1, y, x
    return None


# ----------------------------------------------------------------------------- random scenarios

KEYS = ["a", "b", "c", "1", "2", "key1", "key2", "0001", "sensor_1", "\u00e9", "x y"]


def random_scenario(seed):
    rnd = random.Random(seed)
    ch = rnd.choice
    n = rnd.randint(1, 28)
    window_all = rnd.random() < 0.2
    keys = rnd.sample(KEYS, rnd.randint(1, 4))
    base = ch([0, 0, -20000, 1_600_000_000_000, -3])
    gran = ch([1, 10, 100, 500, 1000])
    p = rnd.randint(1, 4)
    partitioning = ch(["rebalance", "rebalance", "channel", "forward"])
    strategy = ch(["bounded-out-of-orderness", "bounded-out-of-orderness", "monotonous", "legacy-bounded-out-of-orderness", "input"])
    assigner_type = ch(["tumbling", "tumbling", "sliding", "session", "global"])
    processing = assigner_type != "global" and rnd.random() < 0.15
    trig = ch(["default", "default", "default", "event-time", "count", "continuous-event-time", "processing-time"])
    if assigner_type == "global" and trig not in ("default", "count", "continuous-event-time"):
        trig = "default"  # event-time / processing-time triggers are typed for TimeWindow only
    if assigner_type == "global" and trig == "default" and rnd.random() < 0.8:
        trig = ch(["count", "continuous-event-time"])
    if processing or trig == "processing-time":
        gran = max(gran, 10)  # processing-time timers (…99 / …9) never coincide with an arrival (…0)

    records = []
    cur = 0
    arrival = 0
    explicit_arrivals = rnd.random() < 0.4
    for i in range(n):
        if rnd.random() < (0.25 if strategy == "input" else 0.07):
            wm = {"watermark": base + cur - rnd.randint(0, 5) * gran}
            if p > 1 and rnd.random() < 0.5:
                wm["channel"] = rnd.randrange(p)
            if explicit_arrivals:
                arrival += rnd.randint(0, 20) * 10
                wm["arrival"] = arrival
            records.append(wm)
        step = rnd.choice([0, 1, 1, 1, 2, 3, -1, -2, -4, 6])  # disorder, duplicates, jumps
        cur = max(cur + step * gran, -5 * gran)
        ts = base + cur
        rec = {}
        if not window_all:
            rec["key"] = ch(keys)
        rec["value"] = ch([rnd.randint(-20, 100), rnd.randint(0, 9), rnd.randint(-8, 8) + 0.5, 0.25])
        rec["ts"] = ts
        if partitioning in ("channel", "forward") and (partitioning == "channel" or rnd.random() < 0.9):
            rec["channel"] = rnd.randrange(p)
        if explicit_arrivals:
            arrival += ch([0, 10, 100, 250, 500, 1000, 1500, 3000])
            rec["arrival"] = arrival
        records.append(rec)

    wm = {"strategy": strategy, "maxOutOfOrdernessMs": ch([0, 0, 500, 1000, 2000, 3000]) if "bounded" in strategy else 0,
          "emit": ch(["per-event", "periodic", "periodic"]), "periodMs": ch([100, 200, 200, 500, 1000]),
          "idlenessMs": ch([0, 0, 0, 500, 1500, 3000]), "parallelism": p, "partitioning": partitioning,
          "firstChannel": rnd.randrange(p)}
    size = ch([1000, 2000, 3000, 5000, 700])
    assigner = {"type": assigner_type}
    if assigner_type == "tumbling":
        assigner.update(sizeMs=size, offsetMs=ch([0, 0, 0, 100, -300, size // 2]) if size > 500 else 0)
    elif assigner_type == "sliding":
        slide = ch([500, 1000, size // 2 if size >= 1000 else 500, size * 2])
        assigner.update(sizeMs=size, slideMs=slide, offsetMs=ch([0, 0, 100]) if slide > 100 else 0)
    elif assigner_type == "session":
        assigner.update(gapMs=ch([500, 1000, 2000, 3000]))
    if processing:
        assigner["timeDomain"] = "processing"
    trigger = {"type": trig}
    if trig == "count":
        trigger["count"] = rnd.randint(1, 4)
    if trig == "continuous-event-time":
        trigger["intervalMs"] = ch([500, 1000, 2000])
    window = {"keyBy": None if window_all else "key", "assigner": assigner, "trigger": trigger,
              "purging": rnd.random() < 0.25, "allowedLatenessMs": ch([0, 0, 500, 1000, 3000]),
              "lateSideOutput": rnd.random() < 0.4,
              "function": {"type": ch(["count", "sum", "min", "max", "avg", "list", "list"]),
                           "field": "ts" if rnd.random() < 0.15 else "value"},
              "parallelism": 1 if window_all else rnd.randint(1, 4)}
    if rnd.random() < 0.15:
        et = ch(["count", "time", "delta"])
        ev = {"type": et, "evictAfter": rnd.random() < 0.5}
        if et == "count":
            ev["maxCount"] = rnd.randint(1, 3)
        elif et == "time":
            ev["keepMs"] = ch([0, 500, 1000, 2000])
        else:
            ev["threshold"] = ch([1, 5, 10, 50])
        window["evictor"] = ev
    end = ch(["none", "max-watermark"])
    if assigner_type == "global" and trig == "continuous-event-time":
        end = "none"  # the global window's continuous trigger would fire forever at Long.MAX_VALUE
    # Cases drawn from a second generator, so that every scenario above stays as it was: keyed records under
    # windowAll (the key must play no part), and up to 128 window subtasks (max parallelism 256 from 86 up).
    extra = random.Random("extra-%d" % seed)
    if window_all and extra.random() < 0.5:
        for rec in records:
            if "watermark" not in rec:
                rec["key"] = extra.choice(keys)
    if not window_all and extra.random() < 0.1:
        window["parallelism"] = extra.randint(5, 128)
    # Cases the first generator never makes: records without a value where the function needs none, numeric
    # and empty keys, the never and end-of-stream triggers of the global window, lateness that overflows the
    # cleanup time, and longer runs with more keys.
    if extra.random() < 0.1 and (window["function"]["type"] == "count" or window["function"]["field"] == "ts"):
        for rec in records:
            if "watermark" not in rec and extra.random() < 0.5:
                rec.pop("value", None)
    if not window_all and extra.random() < 0.1:
        numeric = [extra.choice([0, 1, 7, 42, -3, 1000000]), extra.choice(["", "7", "01"])]
        for rec in records:
            if "key" in rec and extra.random() < 0.5:
                rec["key"] = extra.choice(numeric)
    if assigner_type == "global" and extra.random() < 0.15:
        window["trigger"] = {"type": extra.choice(["never"] + ["end-of-stream"] * 7)}
        trig = window["trigger"]["type"]
        if trig == "end-of-stream":
            end = "max-watermark"  # the end of the stream is what it waits for
    if extra.random() < 0.05:
        window["allowedLatenessMs"] = extra.choice([2 ** 62, 2 ** 63 - 1])
    # Most runs should show something: a bounded source flushes every window at the end, and a few stragglers
    # far behind the others make late records (dropped, side output, or re-firing within the lateness).
    if end == "none" and not (assigner_type == "global" and trig == "continuous-event-time") and extra.random() < 0.9:
        end = "max-watermark"
    if assigner_type == "global" and trig == "default" and extra.random() < 0.75:
        window["trigger"] = {"type": "count", "count": extra.randint(1, 3)}  # the global window never fires
    if assigner_type == "global" and trig == "continuous-event-time":
        trigger["intervalMs"] = gran * extra.choice([2, 3, 5])  # within the records' span of event time
        if extra.random() < 0.7:
            wm["maxOutOfOrdernessMs"] = 0  # a watermark that can pass the records' span
    def later(step):
        """An arrival `step` ms after every record so far: arrivals never go back."""
        last = max((r.get("arrival", 0) for r in records), default=0) if explicit_arrivals else 1000 * (len(records) - 1)
        return last + step

    if strategy == "input" and end == "none" and extra.random() < 0.7:
        final = {"watermark": base + cur + size}  # on every channel: past the records, short of the end
        if explicit_arrivals:
            final["arrival"] = later(10)
        records.append(final)
    if (processing or trig == "processing-time") and records and extra.random() < 0.8:
        # a record that comes well after the others, so that processing time passes their windows' ends
        rec = {"value": 1, "ts": base + cur, "arrival": later(2 * size + 1000)}
        explicit_arrivals = True  # the records after it must come later still
        if not window_all:
            rec["key"] = extra.choice(keys)
        if partitioning == "channel":
            rec["channel"] = extra.randrange(p)
        records.append(rec)
    if records and extra.random() < 0.55:
        arrival_now = later(0)
        for _ in range(extra.randint(1, 3)):
            rec = {"value": extra.randint(0, 9), "ts": base + cur - extra.choice([1, 2, 3, 5]) * size}
            if not window_all or "key" in records[0]:
                rec["key"] = extra.choice(keys)
            if partitioning == "channel":
                rec["channel"] = extra.randrange(p)
            if explicit_arrivals:
                arrival_now += extra.choice([100, 1000, 3000])
                rec["arrival"] = arrival_now
            records.append(rec)
    if not window_all and extra.random() < 0.08:
        second = extra.sample(["x", "1", "y z"], 2)  # keyBy(0, 1): a Tuple2 key, hashed and printed as Flink's
        for rec in records:
            if "key" in rec:
                rec["key"] = [str(rec["key"]), extra.choice(second)]
    sc = {"tidemark": 1, "name": "random-%d" % seed, "description": "seeded random scenario %d" % seed,
          "input": {"records": records},
          "pipeline": {"source": {"parallelism": p if partitioning == "forward" else 1}, "watermarks": wm,
                       "window": window, "endOfInput": end}}
    # Drawn last, so that every case above stays as it was: longer runs over more keys, timestamps at the ends of
    # Java's long, and records that arrive exactly when a processing-time timer is due.
    if extra.random() < 0.06:
        more_keys = ["k%d" % i for i in range(extra.randint(5, 20))] if not window_all else [None]
        for _ in range(extra.randint(100, 200) - len(records)):
            cur = max(cur + extra.choice([0, 1, 1, 2, -1, -3]) * gran, -5 * gran)
            rec = {"value": extra.randint(-5, 50), "ts": base + cur}
            if not window_all:
                rec["key"] = extra.choice(more_keys)
                if any(isinstance(r.get("key"), list) for r in records):
                    rec["key"] = [rec["key"], extra.choice(["x", "1"])]  # composite like the others
            if partitioning == "channel":
                rec["channel"] = extra.randrange(p)
            if "arrival" in records[-1]:
                rec["arrival"] = later(extra.choice([0, 10, 100, 500]))
            records.append(rec)
    if (assigner_type == "global" and window["trigger"]["type"] == "continuous-event-time" and end == "none"
            and extra.random() < 0.8):
        # an unbounded source whose watermark passes the records' next fire times (explicit, on every channel)
        records.append({"watermark": base + cur + 4 * window["trigger"]["intervalMs"]})
        if "arrival" in records[-2]:
            records[-1]["arrival"] = later(100)
    # Flink SQL's CUMULATE in place of a tumbling or sliding window, from a generator of its own so that the draws
    # above and below stay as they were for every other scenario.
    cumulate = random.Random("cumulate-%d" % seed)
    if assigner_type in ("tumbling", "sliding") and cumulate.random() < 0.2:
        max_size = cumulate.choice([1000, 2000, 3000, 5000, 6000])
        step = cumulate.choice([d for d in (100, 250, 500, 1000, 2000, 3000) if max_size % d == 0 and max_size // d <= 20])
        window["assigner"] = {"type": "cumulate", "maxSizeMs": max_size, "stepMs": step,
                              "offsetMs": cumulate.choice([0, 0, 0, 100, -300, step, max_size + 700])}
        if processing:
            window["assigner"]["timeDomain"] = "processing"
    if extra.random() < 0.05 and window["assigner"]["type"] != "cumulate":
        # (not cumulate: Flink's CumulativeWindowAssigner loops past Long.MAX_VALUE where SQL's slices do not)
        _shift_to_long_end(sc, extra)
    if extra.random() < 0.6:
        _arrive_on_timer_times(sc, extra)
    # Drawn last of all: an input that stays open after its last record (a recorded live source closes later),
    # so that periodic emission, idleness and processing-time timers run on before the end of input.
    if extra.random() < 0.2:
        period = wm["periodMs"]
        more = extra.choice([0, extra.randint(1, 3 * period), extra.randint(1, 5) * 1000,
                             wm["idlenessMs"] + extra.randint(1, 3) * period])
        sc["inputEndMs"] = _last_arrival(sc) + more
    # A Kafka source in place of the plain one, from a generator of its own so that every draw above stays as it was.
    # (Not where only watermark records move event time, which a topic cannot carry.)
    kafka = random.Random("kafka-%d" % seed)
    watermark_driven = wm["strategy"] == "input" or (
        window["assigner"]["type"] == "global" and window["trigger"]["type"] == "continuous-event-time" and end == "none")
    if kafka.random() < 0.3 and not watermark_driven:
        _as_kafka_source(sc, kafka)
    # Records that arrive at their event time (replayed, maybe faster), from a generator of its own: only where no
    # record has an arrival of its own and nothing above was drawn from the arrivals (processing-time timers, an
    # input that ends after its last arrival).
    replay = random.Random("arrivals-%d" % seed)
    if (replay.random() < 0.15 and not any("arrival" in r for r in sc["input"]["records"]) and "inputEndMs" not in sc
            and not processing and window["trigger"]["type"] != "processing-time"):
        sc["eventTimeArrivalSpeedup"] = replay.choice([1, 1, 2, 10, 1000])
    return sc


KAFKA_TOPICS = ["clicks", "orders", "sensor-readings", "t", "events", "payments-eu"]


def _as_kafka_source(sc, rnd):
    """The scenario's records read from a Kafka topic of 1 to 8 partitions by its watermark channels as source
    readers, watermarks per partition (most often) or after the source; some partitions silent. A topic carries no
    watermark records: they go."""
    p = sc["pipeline"]
    w = p["watermarks"]
    readers = w.get("parallelism", 1)
    partitions = rnd.randint(1, 8)
    p["source"] = {"parallelism": readers,
                   "kafka": {"topic": rnd.choice(KAFKA_TOPICS), "partitions": partitions,
                             "watermarks": "per-partition" if rnd.random() < 0.8 else "after-source"}}
    w["partitioning"] = "forward"
    w.pop("firstChannel", None)
    if w["strategy"].startswith("legacy") and p["source"]["kafka"]["watermarks"] == "per-partition":
        # (the legacy extractor makes no watermark per partition, and is refused)
        w["strategy"] = "bounded-out-of-orderness"
        w["maxOutOfOrdernessMs"] = rnd.choice([0, 100, 1000, 3000])
    silent = set(rnd.sample(range(partitions), rnd.randint(0, partitions - 1))) if rnd.random() < 0.5 else set()
    if silent and w["idlenessMs"] == 0 and rnd.random() < 0.7:
        w["idlenessMs"] = rnd.choice([500, 1000, 3000])  # what a user does about a silent partition
    active = [q for q in range(partitions) if q not in silent]
    offsets = collections.Counter()
    records = []
    for r in sc["input"]["records"]:
        if "watermark" in r:
            continue
        r.pop("channel", None)
        # runs of records from one partition, as a consumer's fetches deliver them
        r["partition"] = records[-1]["partition"] if records and rnd.random() < 0.4 else rnd.choice(active)
        r["offset"] = offsets[r["partition"]]
        offsets[r["partition"]] += 1
        records.append(r)
    sc["input"]["records"] = records
    # A bounded topic ends split by split; a job stopped with --drain ends every reader at once.
    if p["endOfInput"] == "max-watermark" and rnd.random() < 0.3:
        p["endOfInput"] = "drain"


def split_start(topic, readers):
    """The reader of partition 0 as KafkaSourceEnumerator#getSplitOwner places it (used only to pick another topic:
    the oracle takes ownership from the connector itself)."""
    h = 0
    for c in topic:
        h = (31 * h + ord(c)) & 0xFFFFFFFF
    return ((h * 31) & 0x7FFFFFFF) % readers


def other_owner_topic(sc):
    """A copy of a Kafka scenario read from another of KAFKA_TOPICS whose partition 0 goes to another reader; None
    when it has one reader."""
    kafka = sc["pipeline"]["source"]["kafka"]
    readers = sc["pipeline"]["source"].get("parallelism", 1)
    for topic in KAFKA_TOPICS:
        if readers > 1 and split_start(topic, readers) != split_start(kafka["topic"], readers):
            other = json.loads(json.dumps(sc))
            other["pipeline"]["source"]["kafka"]["topic"] = topic
            return other
    return None


def _last_arrival(sc):
    """The last arrival, as the execution model resolves arrivals (a record without one: the previous + 1000 ms)."""
    last, t = 0, 0
    for i, r in enumerate(sc["input"]["records"]):
        t = r.get("arrival", 0 if i == 0 else t + 1000)
        last = t if i == 0 else max(last, t)
    return last


LONG_MIN, LONG_MAX = -2 ** 63, 2 ** 63 - 1


def _shift_to_long_end(sc, rnd):
    """Moves every timestamp (records and watermark records) next to Long.MIN_VALUE or Long.MAX_VALUE, where window
    ends, cleanup times and watermarks wrap or saturate exactly as Java's long arithmetic makes them."""
    recs = sc["input"]["records"]
    stamps = [r["ts"] if "ts" in r else r["watermark"] for r in recs]
    if not stamps:
        return
    lo, hi = min(stamps), max(stamps)
    if rnd.random() < 0.5:
        shift = LONG_MAX - hi - rnd.choice([0, 1, 2, 500, 1000, 4999])
    else:
        shift = LONG_MIN - lo + rnd.choice([1, 2, 500, 1000, 4999])  # Long.MIN_VALUE itself means "no timestamp"
    for r in recs:
        for k in ("ts", "watermark"):
            if k in r:
                r[k] += shift
    win = sc["pipeline"]["window"]
    if not (win["assigner"]["type"] == "global" and win["trigger"]["type"] == "continuous-event-time"):
        sc["pipeline"]["endOfInput"] = "max-watermark"  # the end of event time, right next to these timestamps


def _timer_times(sc):
    """Processing times at which the window operator's processing-time timers can be due: window ends - 1 of a
    processing-time assigner (from the arrivals), or of event-time windows under a processing-time trigger (which
    registers window.maxTimestamp() as a processing-time timer)."""
    win = sc["pipeline"]["window"]
    a = win["assigner"]
    recs = [r for r in sc["input"]["records"] if "watermark" not in r]
    arrivals, t = [], 0
    for i, r in enumerate(sc["input"]["records"]):
        t = r.get("arrival", 0 if i == 0 else t + 1000)
        if "watermark" not in r:
            arrivals.append(t)
    if a.get("timeDomain") == "processing":
        points = arrivals
    elif win["trigger"]["type"] == "processing-time":
        points = [r["ts"] for r in recs]
    else:
        return []
    times = set()
    for x in points:
        if a["type"] == "session":
            times.add(x + a["gapMs"] - 1)
        elif a["type"] in ("tumbling", "sliding", "cumulate"):
            step = a.get("slideMs") or a.get("stepMs") or a["sizeMs"]
            off = a.get("offsetMs", 0)
            times.add(x - (x - off) % step + step - 1)
    return sorted(t for t in times if 0 <= t <= 10 ** 9)


def _arrive_on_timer_times(sc, rnd):
    """Gives one to three records an arrival exactly at a time a processing-time timer is due: Flink fires a timer
    for T at T + 1 at the earliest, so the record is processed first (at time T) and the timer fires after it."""
    times = _timer_times(sc)
    recs = [r for r in sc["input"]["records"] if "watermark" not in r]
    if not times or not recs:
        return
    for _ in range(rnd.randint(1, 3)):
        rnd.choice(recs)["arrival"] = rnd.choice(times)


# ----------------------------------------------------------------------------- conformance cases

def conformance_scenarios(cases_dir):
    """Pipeline conformance cases whose input is elements and watermarks, written as scenarios whose
    watermarks come only from the input (strategy `input`)."""
    out = []
    for f in sorted(glob.glob(os.path.join(cases_dir, "*.json"))):
        d = json.load(open(f, encoding="utf-8"))
        if d.get("kind") != "pipeline":
            continue
        p = d["pipeline"]
        w = p["window"]
        trig = p.get("trigger", "event-time")
        if any(i["type"] == "processing-time" or (i["type"] == "element" and i.get("ts") is None) for i in d["input"]):
            continue
        if trig.startswith("test:") or w.get("gapRules") or "pointSessionValue" in w or w.get("stagger", "aligned") != "aligned":
            continue
        fn = {"sum": "sum", "reduce-sum": "sum", "count": "count", "pane-list": "list"}.get(p.get("function"))
        if fn is None:
            continue
        purging = trig.startswith("purging(")
        if purging:
            trig = trig[len("purging("):-1]
        tname, _, targ = trig.partition(":")
        if tname not in ("event-time", "processing-time", "count", "continuous-event-time"):
            continue
        trigger = {"type": tname}
        if tname == "count":
            trigger["count"] = int(targ)
        if tname == "continuous-event-time":
            trigger["intervalMs"] = int(targ)
        assigner = {"type": w["type"]}
        if w.get("timeDomain", "event") != "event":
            continue
        for src, dst in (("size", "sizeMs"), ("slide", "slideMs"), ("offset", "offsetMs"), ("gap", "gapMs")):
            if src in w:
                assigner[dst] = w[src]
        window = {"keyBy": "key" if p.get("keyed", True) else None, "assigner": assigner, "trigger": trigger,
                  "purging": purging, "allowedLatenessMs": p.get("allowedLateness", 0),
                  "lateSideOutput": p.get("lateSideOutput", False), "function": {"type": fn, "field": "value"},
                  "parallelism": 1}
        ev = p.get("evictor")
        if ev:
            e = {"type": ev["type"], "evictAfter": ev.get("evictAfter", False)}
            if ev["type"] == "count":
                e["maxCount"] = ev["maxCount"]
            elif ev["type"] == "time":
                e["keepMs"] = ev["windowSize"]
            else:
                e["threshold"] = ev["threshold"]
            window["evictor"] = e
        records = []
        for i in d["input"]:
            if i["type"] == "watermark":
                records.append({"watermark": i["ts"]})
            else:
                r = {"value": i["value"], "ts": i["ts"]}
                if p.get("keyed", True):
                    r["key"] = str(i["key"])
                records.append(r)
        out.append((os.path.basename(f), {
            "tidemark": 1, "name": "conformance-" + d["name"], "description": "from conformance case " + d["name"],
            "input": {"records": records},
            "pipeline": {"source": {"parallelism": 1},
                         "watermarks": {"strategy": "input", "emit": "per-event", "periodMs": 0, "parallelism": 1,
                                        "partitioning": "rebalance", "firstChannel": 0},
                         "window": window, "endOfInput": "none"}}))
    return out


# ----------------------------------------------------------------------------- shrinking

def simplifications(sc):
    """Smaller or simpler variants of a scenario, most aggressive first."""
    recs = sc["input"]["records"]
    n = len(recs)
    chunk = n // 2
    while chunk >= 1:
        for start in range(0, n, chunk):
            c = copy.deepcopy(sc)
            c["input"]["records"] = recs[:start] + recs[start + chunk:]
            yield c
        chunk //= 2
    w = sc["pipeline"]["watermarks"]
    win = sc["pipeline"]["window"]
    edits = [
        lambda c: c["pipeline"]["window"].pop("evictor", None) is not None,
        lambda c: _set(c["pipeline"]["window"], "lateSideOutput", False),
        lambda c: _set(c["pipeline"]["window"], "purging", False),
        lambda c: _set(c["pipeline"]["window"], "allowedLatenessMs", 0),
        lambda c: _set(c["pipeline"]["window"], "trigger", {"type": "default"}),
        lambda c: _set(c["pipeline"]["window"], "parallelism", 1),
        lambda c: _set(c["pipeline"]["window"]["function"], "type", "count"),
        lambda c: _set(c["pipeline"]["window"]["function"], "field", "value"),
        lambda c: _set(c["pipeline"]["watermarks"], "idlenessMs", 0),
        lambda c: _set(c["pipeline"]["watermarks"], "emit", "per-event"),
        lambda c: _set(c["pipeline"]["watermarks"], "firstChannel", 0),
        lambda c: _set(c["pipeline"], "endOfInput", "none"),
        lambda c: c.pop("inputEndMs", None) is not None,
        lambda c: _one_channel(c),
        lambda c: _drop_field(c, "arrival"),
        lambda c: _drop_field(c, "channel") if c["pipeline"]["watermarks"].get("partitioning") == "rebalance" else False,
    ]
    for e in edits:
        c = copy.deepcopy(sc)
        if e(c) and c != sc:
            yield c


def _set(d, k, v):
    if d.get(k) == v:
        return False
    d[k] = v
    return True


def _one_channel(c):
    w = c["pipeline"]["watermarks"]
    if w.get("parallelism", 1) == 1:
        return False
    if "kafka" in c["pipeline"]["source"]:
        w["parallelism"] = c["pipeline"]["source"]["parallelism"] = 1  # one reader owns every partition
        return True
    w.update(parallelism=1, partitioning="rebalance", firstChannel=0)
    c["pipeline"]["source"] = {"parallelism": 1}
    for r in c["input"]["records"]:
        r.pop("channel", None)
    return True


def _drop_field(c, field):
    changed = False
    for r in c["input"]["records"]:
        if field in r:
            del r[field]
            changed = True
    return changed


# ----------------------------------------------------------------------------- main

# ----------------------------------------------------------------------------- the comparison proves itself

LONG_MIN = -2 ** 63


def _alter_step(lines, field, change):
    """The first step line whose `field` list has a value other than Long.MIN_VALUE, with `change` applied to it."""
    for i, l in enumerate(lines):
        if is_step(l):
            o = json.loads(l)
            values = o.get(field)
            for j, v in enumerate(values or []):
                if v != LONG_MIN:
                    values[j] = change(v)
                    return lines[:i] + [json.dumps(o, separators=(",", ":"))] + lines[i + 1:]
    return None


def _move_first_fire(lines):
    """The first fire one step later."""
    for i, l in enumerate(lines):
        if l.startswith('{"type":"fire"'):
            rest = lines[:i] + lines[i + 1:]
            for j in range(i, len(rest)):
                if is_step(rest[j]):
                    return rest[:j + 1] + [l] + rest[j + 1:]
    return None


def _reorder_first_list(lines):
    """The first result list with two different values, reversed."""
    for i, l in enumerate(lines):
        if l.startswith('{"type":"fire"'):
            o = json.loads(l)
            r = o.get("result")
            if isinstance(r, list) and len(set(map(str, r))) > 1:
                o["result"] = list(reversed(r))
                return lines[:i] + [json.dumps(o, separators=(",", ":"))] + lines[i + 1:]
    return None


def _flip_first_idle_flag(lines):
    """Channel 0 of the first step idle when it was active, or active when it was idle."""
    for i, l in enumerate(lines):
        if is_step(l):
            o = json.loads(l)
            idle = o.get("idleChannels")
            if idle is not None:
                o["idleChannels"] = [c for c in idle if c != 0] if 0 in idle else sorted(idle + [0])
                return lines[:i] + [json.dumps(o, separators=(",", ":"))] + lines[i + 1:]
    return None


ALTERATIONS = [
    ("a watermark off by 1 ms", lambda lines: _alter_step(lines, "channelWatermarks", lambda v: v + 1)),
    ("a fire moved one step", _move_first_fire),
    ("a list reordered", _reorder_first_list),
    ("an idle flag flipped", _flip_first_idle_flag),
    ("a Kafka partition's watermark changed", lambda lines: _alter_step(lines, "partitionWatermarks", lambda v: v - 1)),
]
SELF_CHECK_EXAMPLES = ["post000-parallelism3.json", "kafka-partition-with-idleness.json"]


def self_check(args, check, load):
    """Each alteration of Flink's output, on the first example where it applies, must be a mismatch; the examples
    themselves must agree first (an alteration of nothing proves nothing). Returns the failures."""
    runs = []
    for name in SELF_CHECK_EXAMPLES:
        sc = load(os.path.join(args.source_dir, "resources/examples", name))
        sc["flinkVersion"] = ".".join(str(args.flink_version).split(".")[:2])
        t_runs, o_out, path = check(sc, "self-check-" + name)
        if differences(t_runs, o_out) or any(l.startswith("#") for l in o_out):
            print("SELF-CHECK %s: the example must agree before its output is altered" % name)
            return 1
        os.remove(path)
        runs.append((t_runs, o_out))
    failures = 0
    for what, alter in ALTERATIONS:
        altered = next(((t, a) for t, o in runs for a in [alter(o)] if a is not None), None)
        if altered is None:
            print("SELF-CHECK %s: no example has anything to alter" % what)
            failures += 1
        elif not differences(*altered):
            print("SELF-CHECK %s: not reported as a mismatch" % what)
            failures += 1
    print("self-check: %d of %d alterations of Flink's output reported as mismatches"
          % (len(ALTERATIONS) - failures, len(ALTERATIONS)))
    return failures


# What the random generator makes, each counted in the summary (and kept by the soak record), so that a record
# made before a generator existed shows by its zero.
GENERATORS = ["kafka", "cumulate", "session", "sliding", "global", "processing-time", "windowAll", "composite keys",
              "evictor", "trigger", "watermark records", "live run"]


def generators_of(sc):
    """The GENERATORS a random scenario draws on."""
    window = sc["pipeline"]["window"]
    assigner = window["assigner"]
    records = sc["input"]["records"]
    found = {
        "kafka": "kafka" in sc["pipeline"].get("source", {}),
        "cumulate": assigner["type"] == "cumulate",
        "session": assigner["type"] == "session",
        "sliding": assigner["type"] == "sliding",
        "global": assigner["type"] == "global",
        "processing-time": assigner.get("timeDomain") == "processing",
        "windowAll": window.get("keyBy") is None,
        "composite keys": any(isinstance(r.get("key"), list) for r in records),
        "evictor": window.get("evictor", {}).get("type", "none") != "none",
        "trigger": window.get("trigger", {}).get("type", "default") != "default",
        "watermark records": any("watermark" in r for r in records),
        "live run": "inputEndMs" in sc,
    }
    return [g for g in GENERATORS if found[g]]


def first_seed(given, source_dir):
    """--first-seed as a number; 'commit' draws it from the checkout's commit (1 without git)."""
    if given != "commit":
        return int(given)
    try:
        head = subprocess.run(["git", "-C", source_dir, "rev-parse", "HEAD"], capture_output=True, text=True,
                              timeout=30).stdout.strip()
    except (OSError, subprocess.TimeoutExpired):
        head = ""
    return 1 + int(head[:8], 16) % 10 ** 7 if head else 1


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tidemark", required=True, help="path to the tidemark executable")
    ap.add_argument("--oracle-jar", required=True)
    ap.add_argument("--source-dir", required=True)
    ap.add_argument("--work-dir", required=True, help="where failing scenarios are written")
    ap.add_argument("--count", type=int, default=500, help="number of seeded random scenarios")
    ap.add_argument("--first-seed", default="1",
                    help="the first random seed, or 'commit': drawn from the checkout's commit, so that each commit "
                         "explores seeds of its own (the range is printed, to re-run a failure)")
    ap.add_argument("--max-report", type=int, default=10, help="mismatches shrunk and printed in full")
    ap.add_argument("--flink-version", required=True,
                    help="the release line of the oracle jar (1.20, 2.3): written into every scenario as flinkVersion; "
                         "scenarios that name another line are skipped")
    ap.add_argument("--minicluster-random", type=int, metavar="K",
                    help="instead: write the --count random scenarios and run them as real jobs on a local MiniCluster "
                         "(the oracle's --minicluster check); fail unless at least K of them are checked")
    args = ap.parse_args()
    args.first_seed = first_seed(args.first_seed, args.source_dir)
    if args.minicluster_random is not None:
        return minicluster_random(args)
    print("random seeds %d-%d (re-run with --first-seed %d --count %d)"
          % (args.first_seed, args.first_seed + args.count - 1, args.first_seed, args.count), flush=True)

    os.makedirs(args.work_dir, exist_ok=True)
    tmp = tempfile.mkdtemp(prefix="scenario-", dir=args.work_dir)
    oracle = Oracle(args.oracle_jar)
    started = time.time()

    def write(sc, name):
        path = os.path.join(tmp, name)
        with open(path, "w", encoding="utf-8") as f:
            json.dump(sc, f, indent=1, ensure_ascii=False)
        return path

    def check(sc, name):
        path = write(sc, name)
        runs = (run_tidemark(args.tidemark, path, "--steps"), run_tidemark(args.tidemark, path, "--stream"))
        return runs, oracle.run(path), path

    def load(f):
        sc = json.load(open(f, encoding="utf-8"))
        inp = sc.get("input", {})
        if "file" in inp and not os.path.isabs(inp["file"]):
            # the copy lives elsewhere: point it at the event file next to the original
            inp["file"] = os.path.join(os.path.dirname(os.path.abspath(f)), inp["file"])
        return sc

    failures = self_check(args, check, load)
    if failures:
        oracle.close()
        return 1

    cases = []
    for pattern in ("resources/examples/*.json", "tests/flink-oracle/scenarios/*.json", "tests/differential/regressions/*.json",
                    "tests/differential/regressions/refused/*.json"):
        for f in sorted(glob.glob(os.path.join(args.source_dir, pattern))):
            cases.append((os.path.relpath(f, args.source_dir), None, lambda f=f: load(f)))
    for name, sc in conformance_scenarios(os.path.join(args.source_dir, "tests/conformance/cases")):
        cases.append(("conformance/" + name, None, lambda sc=sc: sc))
    for seed in range(args.first_seed, args.first_seed + args.count):
        cases.append(("random seed %d" % seed, seed, lambda seed=seed: random_scenario(seed)))

    counts = collections.Counter()
    line = lambda v: ".".join(str(v).split(".")[:2])
    for label, seed, make in cases:
        sc = make()
        if line(sc.get("flinkVersion", args.flink_version)) != line(args.flink_version):
            counts["skipped"] += 1
            print("SKIP %s: it follows Flink %s, this oracle runs %s" % (label, sc["flinkVersion"], args.flink_version))
            continue
        sc["flinkVersion"] = line(args.flink_version)
        name = ("seed-%d.json" % seed) if seed is not None else label.replace("/", "_")
        t_runs, o_out, path = check(sc, name)
        o_outputs = [l for l in o_out if not is_step(l)]
        counts["scenarios"] += 1
        counts["outputs"] += len(o_outputs)
        counts["steps"] += len(o_out) - len(o_outputs)
        counts["quiet"] += quiet_emissions(o_out)
        if seed is not None:
            shown = [json.loads(l) for l in o_outputs if not l.startswith("#")]
            counts["random"] += 1
            refused_by_tidemark = any(l.startswith("#") for l in t_runs[0] + t_runs[1])
            refused_by_flink = any(l.startswith("#") for l in o_out)
            counts["random refused by Tidemark"] += refused_by_tidemark
            counts["random refused by Flink"] += refused_by_flink
            counts["random refused alike"] += refused_by_tidemark and refused_by_flink and not differences(t_runs, o_out)
            counts["random with output"] += bool(shown)
            counts["random with a late record"] += any(
                o.get("type") == "late" or o.get("timing") == "late" for o in shown)
            for generator in generators_of(sc):
                counts["generator " + generator] += 1
            counts["random at event time"] += "eventTimeArrivalSpeedup" in sc
            kafka = sc["pipeline"].get("source", {}).get("kafka")
            if kafka:
                counts["random kafka"] += 1
                counts["random kafka per partition"] += kafka["watermarks"] == "per-partition"
                counts["random kafka with output"] += bool(shown)
                counts["random kafka with an idle partition"] += any(
                    json.loads(l).get("idlePartitions") for l in o_out if is_step(l))
                # a split that finished while the input still went on
                counts["random kafka with a split finished early"] += any(
                    json.loads(l).get("finishedPartitions") and json.loads(l)["afterInput"] < len(sc["input"]["records"])
                    for l in o_out if is_step(l))
                # the same records from a topic whose partitions start on another reader: what is compared changes
                # (the readers' watermarks and statuses), so a wrong owner on either side would be a mismatch
                other = other_owner_topic(sc)
                if other is not None and not refused_by_tidemark:
                    moved = run_tidemark(args.tidemark, write(other, "other-topic.json"), "--steps")
                    counts["random kafka where the topic moves the partitions"] += moved != t_runs[0]
        must_refuse = "/refused/" in label  # a job Flink itself never finishes: both sides must fail it alike
        if must_refuse and not (refusals(o_out) and refusals(t_runs[0]) and refusals(t_runs[1])):
            failures += 1
            print("NOT REFUSED %s: both sides must fail this job" % label)
            continue
        if seed is None and not must_refuse and any(l.startswith("#ERROR") for l in o_out + t_runs[0] + t_runs[1]):
            failures += 1
            print("REFUSED %s: a fixed scenario must run on both sides" % label)
            print("  flink-oracle: %s" % " ".join(l for l in o_out if l.startswith("#")))
            print("  tidemark:     %s" % " ".join(l for l in t_runs[0] + t_runs[1] if l.startswith("#")))
            continue
        found = differences(t_runs, o_out)
        if not found:
            os.remove(path)
            continue
        failures += 1
        print("MISMATCH %s%s: %s" % (label, "" if seed is None else " (seed %d)" % seed, ", ".join(found)))
        print("  scenario: %s" % path)
        if failures > args.max_report:
            continue
        # shrink, keeping the kind of difference
        best, best_t, best_o = sc, t_runs, o_out
        attempts = 0
        progress = True
        while progress and attempts < 400:
            progress = False
            for cand in simplifications(best):
                attempts += 1
                ct, co, cpath = check(cand, "shrinking.json")
                if set(differences(ct, co)) & set(found):
                    best, best_t, best_o = cand, ct, co
                    progress = True
                    break
                if attempts >= 400:
                    break
        small = write(best, name.replace(".json", "") + "-min.json")
        print("  minimal scenario (%d records): %s" % (len(best["input"]["records"]), small))
        print("  " + json.dumps(best, ensure_ascii=False))
        shown_t = best_t[1] if found == ["streaming runner"] else best_t[0]
        if not found[0].startswith("refusal") and found[0] != "streaming runner":
            where = first_difference(trajectory(best_t[0])[0], trajectory(best_o)[0])
            if where:
                print("  first step that differs: %d\n    flink-oracle: %s\n    tidemark:     %s" % where)
        for l in difflib.unified_diff(best_o, shown_t, "flink-oracle", "tidemark", lineterm="", n=2):
            print("    " + l)
    oracle.close()
    elapsed = time.time() - started
    print("differential: %d scenarios, %d oracle outputs, %d steps compared (%d of them quiet periodic emissions), "
          "%d mismatching, %.1f s (Flink %s; %d scenarios of another Flink line skipped)"
          % (counts["scenarios"], counts["outputs"], counts["steps"], counts["quiet"], failures, elapsed,
             args.flink_version, counts["skipped"]))
    if counts["random"]:
        print("  generators: " + ", ".join("%s %d" % (g, counts["generator " + g]) for g in GENERATORS))
    print("  refused: %d of the random scenarios by Tidemark, %d by Flink, %d by both for the same reason"
          % (counts["random refused by Tidemark"], counts["random refused by Flink"], counts["random refused alike"]))
    # Random scenarios that show nothing test little: the generator must keep most of them eventful.
    if counts["random kafka"]:
        print("  Kafka sources: %d of the random scenarios (%d with watermarks per partition, %d with an idle partition, "
              "%d with a split finished before the last record, %d with output)"
              % (counts["random kafka"], counts["random kafka per partition"], counts["random kafka with an idle partition"],
                 counts["random kafka with a split finished early"], counts["random kafka with output"]))
        print("  Kafka split owners: in %d of the Kafka scenarios, another topic name (another reader for partition "
              "0) changes the compared lines" % counts["random kafka where the topic moves the partitions"])
        if counts["random kafka"] >= MIN_RANDOM_FOR_SHARES // 10 and not counts[
                "random kafka where the topic moves the partitions"]:
            print("SHARE TOO LOW: no Kafka scenario whose outcome depends on which reader owns a partition")
            failures += 1
    if counts["random"]:
        print("  arrivals at event time (eventTimeArrivalSpeedup): %d of the random scenarios"
              % counts["random at event time"])
    if counts["random"] >= MIN_RANDOM_FOR_SHARES and not counts["random at event time"]:
        print("SHARE TOO LOW: no random scenario whose records arrive at their event time")
        failures += 1
    if counts["random"] >= MIN_RANDOM_FOR_SHARES:
        for what, least in (("random with output", 0.90), ("random with a late record", 0.30)):
            share = counts[what] / counts["random"]
            print("  %s: %d of %d (%.1f%%, at least %d%%)" % (what, counts[what], counts["random"], 100 * share, 100 * least))
            if share < least:
                print("SHARE TOO LOW: %s" % what)
                failures += 1
    return 1 if failures else 0


def minicluster_random(args):
    """The random scenarios as real DataStream jobs: the check runs those whose outcome no interleaving of a real
    job can change, and skips the others with the reason; at least K must be checked, and none may fail."""
    os.makedirs(args.work_dir, exist_ok=True)
    folder = tempfile.mkdtemp(prefix="minicluster-", dir=args.work_dir)
    for seed in range(args.first_seed, args.first_seed + args.count):
        sc = random_scenario(seed)
        sc["flinkVersion"] = args.flink_version
        with open(os.path.join(folder, "seed-%05d.json" % seed), "w", encoding="utf-8") as f:
            json.dump(sc, f, indent=1, ensure_ascii=False)
    p = subprocess.run(["java", "-jar", args.oracle_jar, "--minicluster", "--at-least", str(args.minicluster_random),
                        folder], capture_output=True, text=True, encoding="utf-8", timeout=1500)
    lines = p.stdout.splitlines()
    summary = next((l for l in reversed(lines) if l.startswith("checked ")), None)
    for l in lines:
        if not l.startswith(("OK", "SKIP")):
            print(l)
    if summary is None:
        print("minicluster: no summary (exit %d): %s" % (p.returncode, p.stderr.strip()[-2000:]))
        return 1
    checked = int(summary.split()[1].rstrip(","))
    print("minicluster: %d random scenarios (seeds %d-%d), %s"
          % (args.count, args.first_seed, args.first_seed + args.count - 1, summary))
    if p.returncode != 0 or checked < args.minicluster_random:
        return 1
    shutil.rmtree(folder)
    return 0


if __name__ == "__main__":
    sys.exit(main())
