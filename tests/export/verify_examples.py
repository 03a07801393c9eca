#!/usr/bin/env python3
"""`tidemark verify` against the real oracle: every built-in example, chain or job graph (and every scenario in
--scenarios) must be confirmed by Flink, output for output.
A run in which neither side prints anything confirms nothing, so at least one output per example is required (but
for the graph examples whose lesson is that nothing comes out, where Flink must print nothing too).
Then the comparison must see a 1 ms error: with Flink's output altered by 1 ms in a window bound, a watermark and
a record timestamp of an example on epoch milliseconds, and in a window bound of a job graph's second window (a
`java` on PATH that runs the real one and alters what it prints), `tidemark verify` must report a disagreement
each time.
The last line is "K passed, F failed"."""

import argparse
import os
import pathlib
import re
import shutil
import stat
import subprocess
import sys
import tempfile

# The example on epoch milliseconds, and one millisecond taken off a number of its first fire, by what it is; and
# the same in a job graph, whose operators' outputs are checked one by one.
EPOCH_EXAMPLE = "post000-parallelism3"
GRAPH_EXAMPLE = "window-over-window"
ALTERATIONS = [
    (EPOCH_EXAMPLE, "window end", r'("window":\[\d+,)(\d+)'),
    (EPOCH_EXAMPLE, "watermark", r'("watermark":)(\d+)'),
    (EPOCH_EXAMPLE, "record timestamp", r'("result":\[)(\d+)'),
    (GRAPH_EXAMPLE, "window end", r'("window":\[\d+,)(\d+)'),
]
# Graph examples whose lesson is a stall: nothing comes out, and Flink must print nothing either.
SILENT_GRAPHS = {"rules-without-watermarks-stalls"}

# A `java` that runs the real one and, on the oracle's output, takes 1 ms off the first number that PATTERN finds
# in the first fire (the scenario and the jar are the real ones: only what Flink printed is altered).
WRAPPER = """#!%(python)s
import re, subprocess, sys
r = subprocess.run([%(java)r] + sys.argv[1:], stdout=subprocess.PIPE, text=True)
lines = r.stdout.split("\\n")
for i, line in enumerate(lines):
    if '"type":"fire"' in line and len(sys.argv) > 2 and sys.argv[-1].endswith(".json"):
        lines[i] = re.sub(%(pattern)r, lambda m: m.group(1) + str(int(m.group(2)) - 1), line, count=1)
        if lines[i] == line:
            sys.exit("the alteration found nothing to alter in " + line)
        break
sys.stdout.write("\\n".join(lines))
sys.exit(r.returncode)
"""


def tamper_checks(args):
    """Each alteration must make `tidemark verify` report a disagreement; returns (passed, failed)."""
    java = shutil.which("java")
    passed = failed = 0
    for example, what, pattern in ALTERATIONS:
        with tempfile.TemporaryDirectory() as folder:
            wrapper = pathlib.Path(folder) / "java"
            wrapper.write_text(WRAPPER % {"python": sys.executable, "java": java, "pattern": pattern})
            wrapper.chmod(wrapper.stat().st_mode | stat.S_IXUSR)
            env = dict(os.environ, PATH=folder + os.pathsep + os.environ.get("PATH", ""))
            r = subprocess.run([args.tidemark, "verify", example, "--oracle-jar", args.oracle_jar],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=300, env=env)
        summary = (r.stdout.strip().splitlines() or [""])[-1]
        seen = r.returncode == 1 and re.search(r"agrees with \d+ of \d+ outputs; 1 only in Flink$", summary)
        print("%s %s: %s 1 ms off: %s" % ("OK  " if seen else "FAIL", example, what, summary or r.stderr.strip()),
              flush=True)
        if seen:
            passed += 1
        else:
            failed += 1
            print(r.stdout + r.stderr)
    return passed, failed


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--tidemark", required=True)
    ap.add_argument("--examples", required=True)
    ap.add_argument("--scenarios", help="a folder of more scenario files")
    ap.add_argument("--oracle-jar", required=True)
    args = ap.parse_args()
    passed = failed = 0
    # examples by name, as a user names them; the other scenarios by path
    examples = pathlib.Path(args.examples)
    found = [(p, p.stem) for p in sorted(examples.glob("*.json")) + sorted((examples / "graphs").glob("*.json"))]
    if args.scenarios:
        found += [(p, str(p)) for p in sorted(pathlib.Path(args.scenarios).glob("*.json"))]
    graphs = 0
    for path, name in found:
        text = path.read_text()
        if '"pipeline"' not in text and '"operators"' not in text:
            continue  # not a scenario
        graphs += '"operators"' in text
        r = subprocess.run([args.tidemark, "verify", name, "--oracle-jar", args.oracle_jar],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=300)
        summary = (r.stdout.strip().splitlines() or [""])[-1]
        agreed = r"neither Tidemark nor Flink outputs anything" if path.stem in SILENT_GRAPHS else \
            r"agrees with (all [1-9]\d* outputs|the one output)$"
        ok = r.returncode == 0 and re.search(agreed, summary)
        print("%s %s: %s" % ("OK  " if ok else "FAIL", path.stem, summary or r.stderr.strip()), flush=True)
        if ok:
            passed += 1
        else:
            failed += 1
            print(r.stdout + r.stderr)
    if graphs < 8:
        print("FAIL only %d job graphs found under %s" % (graphs, examples / "graphs"))
        failed += 1
    tampered_passed, tampered_failed = tamper_checks(args)
    passed += tampered_passed
    failed += tampered_failed
    print("%d passed, %d failed" % (passed, failed))
    return 0 if failed == 0 and passed > 0 else 1


if __name__ == "__main__":
    sys.exit(main())
