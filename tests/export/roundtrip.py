#!/usr/bin/env python3
"""The export round trip: every built-in example written as a Flink job (`tidemark export-job`), built offline
with Maven against the Flink the oracle resolved, run on a local MiniCluster (`java -jar`), and its printed lines
compared with what `tidemark run --format text` prints.

How the lines are compared follows what a real job reproduces (the program's header says the same):
  * one watermark generator and one window subtask: the same lines in the same order, except that the lines
    one watermark prints in a row may come in any order (the timers of several keys or windows that end at the
    same time: Flink leaves their order open, docs/execution-model.md);
  * one generator, several window subtasks: each print subtask's lines in that order ("2> ..." apart from
    "1> ..."), since subtasks print from threads of their own;
  * several generators: the same lines as a multiset, a listed window's elements as a multiset too, since the
    generators' periodic emissions run on the job's wall clock;
  * the end-of-stream trigger: the same lines in any order, each list as it is, since every key fires at once at
    the end of input, in an order Flink leaves open.
A job graph (a scenario with `sources`, docs/job-graph.md) is compared as a multiset of its operators' lines, each
behind its print("name") prefix: its sources and operator inputs interleave on the job's clock. A scenario the export
refuses is listed with the reason; processing-time scenarios are not compared (their windows follow the job's wall
clock), nor is a graph for which Tidemark prints nothing. --random-graphs N adds N seeded random graphs
(random_graphs.py) for which Tidemark prints something. The comparison is checked to fail on a changed line before it is trusted.

With --sql every example and scenario the SQL export accepts (`tidemark export-job --sql`) is exported as a Flink
SQL job instead and compared the same way, with two differences: SQL hashes its grouping keys its own way and the
job prints from one subtask, so Tidemark's subtask prefixes are left out ("2> " of a chain, "name:2> " of a job
graph's operator, which becomes "name> "); and the lines of several keys are compared
as a multiset (a SQL window aggregation leaves the order of keys that fire on one watermark open). --table-version
builds the SQL jobs against that release of Flink's Table API modules (the one the oracle resolved).

Every job is bounded in time, counted from its replay's start (the source's first line on stderr), which must come
within a few minutes: a job whose input ends must end within its replay time plus a margin; one whose input never
ends is stopped once its replay time and the scenario's tail have passed. The last line is
"K passed, F failed, S skipped (at least N must be compared)".
"""

import argparse
import collections
import concurrent.futures
import contextlib
import json
import os
import pathlib
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

from random_graphs import random_graph

# A job's replay clock starts when its source announces it on stderr ("replaying N records ..."), after the
# MiniCluster has started and a SQL job has planned its query, which on a loaded machine can take a minute or more.
STARTUP_LIMIT_S = 240
REPLAY_STARTED = re.compile(r"^replaying \d+ records? at their arrival times$")
# Slack after the replay and its tail for the last fires to be printed.
END_MARGIN_S = 10
MAX_JOB_S = 240
# How the tests start an exported job: it runs for seconds, mostly waiting for its records' arrival times, so
# the JIT's optimising tier and a parallel collector only cost CPU the other jobs and tests need (the C1 tier
# alone and the serial collector halve a SQL job's CPU time). Options of the test's JVM, not of the job.
JOB_JAVA = ["java", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1"]


@contextlib.contextmanager
def job_java(parent):
    """JOB_JAVA with a temporary folder of the JVM's own under `parent`, removed when the block ends: a local Flink
    cluster unpacks its RPC system there (over 20 MB a JVM) beside its working folder, and a job stopped by a signal
    leaves both behind, which filled the machine's /tmp over a day of test runs."""
    folder = tempfile.mkdtemp(prefix="jvm-tmp-", dir=parent)
    try:
        yield JOB_JAVA + ["-Djava.io.tmpdir=" + folder]
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def jvm_said(stderr, tail=2000):
    """A failed JVM's stderr cut to fit a report: each exception's own line first (a stack trace's root cause is in
    its last "Caused by:", often thousands of characters before its end), then the end of the text."""
    causes = [line.strip() for line in stderr.splitlines()
              if re.match(r"\s*(Caused by: |Exception in thread |[\w.$]+(Exception|Error)\b)", line)]
    return "\n".join(causes[-8:] + ["..."] if causes else []) + stderr.strip()[-tail:]


def run(cmd, **kw):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kw)


def scenarios(examples_dir, more_dirs, only):
    """(name, what tidemark takes) of every built-in example, by name, and of every scenario file in more_dirs."""
    found = [(p.stem, p.stem, p) for p in sorted(pathlib.Path(examples_dir).glob("*.json"))]
    for d in more_dirs:
        found += [(p.stem, str(p), p) for p in sorted(pathlib.Path(d).glob("*.json"))]
    return [f for f in found if not only or f[0] in only]


def printed_lines(text_output, with_watermarks=False):
    """The part of each `tidemark run --format text --time-format epoch-ms` line that Flink's print sink writes: fires,
    a job graph's join pairs and process-function outputs, and late records sent to a side output (dropped ones are
    not printed by a job). With with_watermarks, (line, watermark) pairs: the watermark at which each was printed."""
    lines = []
    for line in text_output.splitlines():
        watermark = line[line.rfind(" watermark ") + 1:]
        m = (re.match(r"^(.*?> )?late \(.*\) ts -?\d+ (dropped|side-output), watermark", line)
             or re.match(r"^(.*?> )?late (?:left|right) \(.*\) (dropped|side-output), watermark", line))
        if m:
            if m.group(2) == "side-output":
                cut = line.rindex(" ts ") if " ts " in line else line.rindex(" side-output")
                lines.append((line[:cut], watermark))
            continue
        at = line.rfind(" window ")
        if at < 0:
            at = line.rfind(" at ")  # a join pair or a process function's output, at its timestamp
        if at < 0:
            at = line.rfind(" without timestamp")  # a processing-time timer's output
        if at < 0:
            raise ValueError("not an output line of tidemark run: " + line)
        lines.append((line[:at], watermark))
    return lines if with_watermarks else [line for line, _ in lines]


def in_firing_order(expected, actual, watermarks):
    """actual is expected in order, but for lines printed at one watermark in a row, which may come in any order:
    Flink leaves the order of timers with equal timestamps open (docs/execution-model.md)."""
    if len(expected) != len(actual):
        return False
    start = 0
    while start < len(expected):
        end = start
        while end < len(expected) and watermarks[end] == watermarks[start]:
            end += 1
        if collections.Counter(expected[start:end]) != collections.Counter(actual[start:end]):
            return False
        start = end
    return True


def sorted_list(line):
    """A line whose result is a list, with the list's elements sorted (as a multiset)."""
    m = re.match(r"^(.*)\[(.*)\]\)$", line)
    if not m or not m.group(2):
        return line
    elements = sorted(m.group(2).split(","), key=lambda v: (v == "null", float(v) if v != "null" else 0.0))
    return m.group(1) + "[" + ",".join(elements) + "])"


def comparison_mode(scenario):
    if "sources" in scenario:
        # a job graph: its sources' generators and its operators' inputs interleave on the job's clock
        return "multiset"
    p = scenario["pipeline"]
    if p.get("window", {}).get("trigger", {}).get("type") == "end-of-stream":
        # every key fires at Long.MAX_VALUE, in the order Flink's timer queue leaves them
        return "keys-unordered"
    channels = p.get("watermarks", {}).get("parallelism", 1)
    window = p.get("window", {})
    subtasks = window.get("parallelism", 1) if window.get("keyBy", "key") is not None else 1
    if channels > 1:
        return "multiset"
    if subtasks > 1:
        return "per-subtask"
    return "exact"


def without_subtask(line):
    """A line as a SQL job prints it from one subtask: "2> (a,3)" → "(a,3)", "sum:2> (a,3)" → "sum> (a,3)"."""
    return re.sub(r"^(\S*?):\d+> ", r"\1> ", re.sub(r"^\d+> ", "", line))


def sql_mode(scenario, expected):
    keys = {re.sub(r"^\d+> ", "", line).split(",", 1)[0] for line in expected}
    return "exact" if comparison_mode(scenario) == "exact" and len(keys) <= 1 else "multiset"


def same(expected, actual, mode, watermarks=None):
    """Whether actual matches expected in the comparison mode; with watermarks (of each expected line), the lines
    one watermark prints in a row may come in any order."""
    if watermarks is None:
        watermarks = list(range(len(expected)))  # every line its own
    if mode == "exact":
        return in_firing_order(expected, actual, watermarks)
    if mode == "keys-unordered":
        return collections.Counter(expected) == collections.Counter(actual)
    if mode == "per-subtask":
        def by_subtask(lines, marks):
            groups = collections.defaultdict(lambda: ([], []))
            for line, mark in zip(lines, marks):
                m = re.match(r"^(\d+)> ", line)
                groups[m.group(1) if m else ""][0].append(line)
                groups[m.group(1) if m else ""][1].append(mark)
            return groups
        exp, act = by_subtask(expected, watermarks), by_subtask(actual, [None] * len(actual))
        return exp.keys() == act.keys() and all(in_firing_order(exp[k][0], act[k][0], exp[k][1]) for k in exp)
    return collections.Counter(map(sorted_list, expected)) == collections.Counter(map(sorted_list, actual))


def watermark_settings(scenario):
    """Each source's watermarks: the chain's one, or a job graph's per source."""
    if "sources" in scenario:
        return [source.get("watermarks", {}) for source in scenario["sources"].values()]
    return [scenario["pipeline"].get("watermarks", {})]


def end_of_input(scenario):
    return (scenario if "sources" in scenario else scenario["pipeline"]).get("endOfInput", "none")


def processing_time(scenario):
    if "sources" in scenario:
        return False  # a job graph's windows are event-time ones (its rules refuse the others)
    window = scenario["pipeline"].get("window", {})
    return (window.get("assigner", {}).get("timeDomain") == "processing"
            or window.get("trigger", {}).get("type") == "processing-time")


def replay_seconds(project, scenario):
    """How long the replay runs: the last arrival (or the input's end), then the tail in which periodic emission
    and idleness still act (docs/execution-model.md, the horizon)."""
    rows = (project / "data" / "events.csv").read_text().splitlines()[1:]
    last = max(int(r.split(",", 1)[0]) for r in rows)
    last = max(last, scenario.get("inputEndMs", 0))
    tail = 0
    for wm in watermark_settings(scenario):
        period = wm.get("periodMs", 200)
        idle = wm.get("idlenessMs", 0)
        tail = max(tail, idle + 3 * period if idle > 0 else period)
    return (last + tail) / 1000.0


def run_job(project, scenario):
    """The job's printed lines: it ends by itself when its input ends, else it is stopped after its replay. Its
    time is counted from the replay's start, not from the JVM's, so a slow start-up does not cut the replay short."""
    jar = next((project / "target").glob("*.jar"))
    endless = end_of_input(scenario) != "max-watermark"
    budget = replay_seconds(project, scenario) + END_MARGIN_S
    if budget > MAX_JOB_S:
        raise RuntimeError("the replay would take %.0f s, more than the %d s a job may run here" % (budget, MAX_JOB_S))
    with job_java(project) as java:
        proc = subprocess.Popen(java + ["-jar", str(jar.relative_to(project))], cwd=project, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True, start_new_session=True)
        out, err, replay_started = [], [], threading.Event()

        def read_stdout():
            out.extend(proc.stdout)

        def read_stderr():
            for line in proc.stderr:
                err.append(line)
                if REPLAY_STARTED.match(line.strip()):
                    replay_started.set()

        readers = [threading.Thread(target=f, daemon=True) for f in (read_stdout, read_stderr)]
        for r in readers:
            r.start()
        launched = time.monotonic()
        problem = None
        while proc.poll() is None and not replay_started.is_set() and time.monotonic() - launched < STARTUP_LIMIT_S:
            replay_started.wait(0.2)
        if proc.poll() is None and not replay_started.is_set():
            problem = "the job's replay did not start within %d s" % STARTUP_LIMIT_S
        else:
            try:
                proc.wait(timeout=budget if endless else budget + 30)
            except subprocess.TimeoutExpired:
                if not endless:
                    problem = "the job did not end within %.0f s of its replay's start" % (budget + 30)
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
        elif proc.returncode != 0:
            problem = "the job failed (exit %d)" % proc.returncode
    for r in readers:
        r.join(timeout=20)
    if problem:
        raise RuntimeError(problem + ": " + jvm_said("".join(err)))
    return [line.rstrip("\n") for line in out if line.strip()]


def draw_random_graphs(args, work):
    """(name, file, file) of --random-graphs seeded graphs for which `tidemark run` prints something (a graph that
    prints nothing compares nothing), drawn from --seed on; their kinds of operator are in their names. With --sql,
    graphs the SQL export writes (random_graph(seed, sql=True)), leaving out those where an interval join drops a
    late record: SQL's interval join has no late rows, a difference the export's README states."""
    folder = work / "random-graphs"
    folder.mkdir()
    drawn, seed = [], args.seed
    while len(drawn) < args.random_graphs:
        if seed - args.seed >= 20 * args.random_graphs:
            raise SystemExit("only %d of %d random graphs printed something in %d seeds"
                             % (len(drawn), args.random_graphs, seed - args.seed))
        scenario, kinds = random_graph(seed, sql=args.sql)
        name = "random-%d-%s" % (seed, "-".join(kinds) or "window")
        path = folder / (name + ".json")
        path.write_text(json.dumps(scenario, indent=1))
        seed += 1
        t = run([args.tidemark, "run", str(path), "--format", "text"])
        if t.returncode != 0:
            raise SystemExit("tidemark run refused random graph %s (a generator out of step with the graph rules):\n%s"
                             % (path, t.stderr))
        if args.sql:
            e = run([args.tidemark, "export-job", str(path), "--sql", "--out", str(folder / "probe"), "--force"])
            if e.returncode != 0:
                raise SystemExit("export-job --sql refused random graph %s (a generator out of step with the SQL "
                                 "export):\n%s" % (path, e.stderr))
            if re.search(r"late (left|right) .* dropped", t.stdout):
                print("SKIP %s (an interval join drops a late record, which SQL's would pair)" % name, flush=True)
                continue
        if printed_lines(t.stdout):
            drawn.append((name, str(path), path))
    return drawn


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tidemark", required=True)
    ap.add_argument("--examples", required=True, help="the folder of the built-in examples")
    ap.add_argument("--scenarios", nargs="*", default=[], help="folders of more scenario files to export")
    ap.add_argument("--flink-version", required=True, help="the Flink line to export for: 1.20 or 2.3")
    ap.add_argument("--work-dir", required=True)
    ap.add_argument("--jobs", type=int, default=3, help="jobs run at once (they mostly wait for their records)")
    ap.add_argument("--only", nargs="*", help="only these examples")
    ap.add_argument("--sql", action="store_true", help="export Flink SQL jobs (export-job --sql)")
    ap.add_argument("--table-version", help="the release of Flink's Table API modules the SQL jobs build against")
    ap.add_argument("--random-graphs", type=int, default=0,
                    help="also this many seeded random job graphs (random_graphs.py), each printing something")
    ap.add_argument("--seed", type=int, default=1, help="the first random graph's seed")
    ap.add_argument("--at-least", type=int, default=1,
                    help="fail unless at least this many exported jobs are run and compared (a skip checks nothing)")
    args = ap.parse_args()

    work = pathlib.Path(args.work_dir)
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)

    # The comparison must be able to fail: a changed, a missing and a reordered line are differences.
    probe = ["1> (a,[1,2])", "2> (b,3)", "1> (a,[1,2,4])"]
    assert not same(probe, probe[:-1], "exact") and not same(probe, ["1> (a,[1,2])", "2> (b,4)", probe[2]], "multiset")
    assert not same(probe, [probe[2], probe[1], probe[0]], "per-subtask") and same(probe, probe[::-1], "multiset")
    assert same(probe, ["1> (a,[2,1])", probe[1], probe[2]], "multiset") and not same(probe, probe[::-1], "exact")
    assert same(probe, probe[::-1], "keys-unordered") and not same(probe, ["1> (a,[2,1])", probe[1], probe[2]],
                                                                   "keys-unordered")
    # a job graph's lines: each operator's prefix kept, what a print sink leaves out cut, dropped records left out
    graph = ["paid> (o1,1000,1800) at 1800, watermark -9223372036854775808",
             "paid:2> late left (o4,900) side-output, watermark 999", "paid> late right (o5,100) dropped, watermark 999",
             "per-10s> (home,3) window [0,10000) on-time, watermark 10999",
             "per-10s> late (home,4) ts 5 side-output, watermark 10999"]
    assert printed_lines("\n".join(graph)) == ["paid> (o1,1000,1800)", "paid:2> late left (o4,900)",
                                                "per-10s> (home,3)", "per-10s> late (home,4)"]
    # lines one watermark prints may come in any order, lines of different watermarks may not
    marks = ["watermark 4999", "watermark 4999", "watermark 9999"]
    assert same(probe, [probe[1], probe[0], probe[2]], "exact", marks)
    assert not same(probe, [probe[0], probe[2], probe[1]], "exact", marks)
    assert not same(probe, [probe[1], probe[0], "1> (a,[1,2,5])"], "exact", marks)

    assert without_subtask("2> (a,3)") == "(a,3)" and without_subtask("sum-4s:2> (a,3)") == "sum-4s> (a,3)"
    assert without_subtask("mean> (6)") == "mean> (6)"

    skipped, cases = [], []
    found = scenarios(args.examples, args.scenarios, args.only)
    if args.random_graphs:
        found += draw_random_graphs(args, work)
    for name, given, path in found:
        scenario = json.loads(path.read_text())
        if "pipeline" not in scenario and "sources" not in scenario:
            continue  # not a scenario
        if "kafka" in scenario.get("pipeline", {}).get("source", {}) or any(
                "kafka" in source for source in scenario.get("sources", {}).values()):
            skipped.append((name, "its KafkaSource job reads a topic: tests/kafka/e2e.py runs it against a broker"))
            continue
        project = work / name
        r = run([args.tidemark, "export-job", given, "--out", str(project), "--flink-version", args.flink_version]
                + (["--sql"] if args.sql else []))
        if r.returncode != 0:
            skipped.append((name, "the export refuses it: " + r.stderr.strip()))
            continue
        if processing_time(scenario):
            skipped.append((name, "processing-time windows follow the job's wall clock"))
            continue
        t = run([args.tidemark, "run", given, "--format", "text", "--time-format", "epoch-ms"])  # Flink prints numbers
        if t.returncode != 0:
            raise SystemExit("tidemark run %s failed: %s" % (name, t.stderr))
        printed = printed_lines(t.stdout, with_watermarks=True)
        expected = [line for line, _ in printed]
        if not expected and "sources" in scenario:
            # a graph that shows a stall (rules-without-watermarks-stalls): nothing to compare is no pass
            skipped.append((name, "tidemark run prints nothing for it: there is nothing to compare"))
            continue
        if args.sql:
            expected = [without_subtask(line) for line in expected]
        cases.append((name, scenario, project, expected, [watermark for _, watermark in printed]))
    if not cases:
        raise SystemExit("no example could be exported: nothing to compare")

    # One Maven build for every project: a parent that names them as modules.
    modules = "".join("<module>%s</module>" % name for name, _, _, _, _ in cases)
    (work / "pom.xml").write_text(
        '<project xmlns="http://maven.apache.org/POM/4.0.0"><modelVersion>4.0.0</modelVersion>'
        "<groupId>tidemark.roundtrip</groupId><artifactId>all</artifactId><version>1.0</version>"
        "<packaging>pom</packaging><modules>%s</modules></project>\n" % modules)
    started = time.monotonic()
    table = ["-Dflink.table.version=" + args.table_version] if args.sql and args.table_version else []
    b = run(["mvn", "-o", "-q", "-B", "package"] + table, cwd=work)
    if b.returncode != 0:
        raise SystemExit("mvn package of the exported jobs failed:\n" + b.stdout[-6000:] + b.stderr[-3000:])
    print("built %d exported %sjobs in %.0f s (Flink %s)" % (len(cases), "SQL " if args.sql else "",
                                                             time.monotonic() - started, args.flink_version), flush=True)

    def check(case):
        name, scenario, project, expected, watermarks = case
        mode = sql_mode(scenario, expected) if args.sql else comparison_mode(scenario)
        began = time.monotonic()
        try:
            actual = run_job(project, scenario)
        except Exception as e:  # a failed or hanging job is a failure of this case, with its reason
            return name, False, "%s (%s)" % (e, mode), expected, []
        ok = same(expected, actual, mode, watermarks) and len(expected) > 0
        detail = "%s, %d lines, %.0f s" % (mode, len(expected), time.monotonic() - began)
        if not expected:
            detail += "; Tidemark prints nothing, so nothing was compared"
        return name, ok, detail, expected, actual

    failed = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for name, ok, detail, expected, actual in pool.map(check, cases):
            print("%s %s (%s)" % ("OK  " if ok else "FAIL", name, detail), flush=True)
            if not ok:
                failed += 1
                print("  tidemark run prints:\n    " + "\n    ".join(expected or ["(nothing)"]))
                print("  the exported job prints:\n    " + "\n    ".join(actual or ["(nothing)"]))
    for name, why in skipped:
        print("SKIP %s (%s)" % (name, why))
    print("%d passed, %d failed, %d skipped (at least %d must be compared)"
          % (len(cases) - failed, failed, len(skipped), args.at_least))
    return 1 if failed or len(cases) < args.at_least else 0


if __name__ == "__main__":
    sys.exit(main())
