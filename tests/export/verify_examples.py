#!/usr/bin/env python3
"""`tidemark verify` against the real oracle: every built-in example (and every scenario in --scenarios) must be
confirmed by Flink, output for output.
A run in which neither side prints anything confirms nothing, so at least one output per example is required.
The last line is "K passed, F failed"."""

import argparse
import pathlib
import re
import subprocess
import sys


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--tidemark", required=True)
    ap.add_argument("--examples", required=True)
    ap.add_argument("--scenarios", help="a folder of more scenario files")
    ap.add_argument("--oracle-jar", required=True)
    args = ap.parse_args()
    passed = failed = 0
    # examples by name, as a user names them; the other scenarios by path
    found = [(p, p.stem) for p in sorted(pathlib.Path(args.examples).glob("*.json"))]
    if args.scenarios:
        found += [(p, str(p)) for p in sorted(pathlib.Path(args.scenarios).glob("*.json"))]
    for path, name in found:
        if '"pipeline"' not in path.read_text():
            continue  # not a scenario
        r = subprocess.run([args.tidemark, "verify", name, "--oracle-jar", args.oracle_jar],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=300)
        summary = (r.stdout.strip().splitlines() or [""])[-1]
        ok = r.returncode == 0 and re.search(r"agrees with all [1-9]\d* outputs$", summary)
        print("%s %s: %s" % ("OK  " if ok else "FAIL", path.stem, summary or r.stderr.strip()), flush=True)
        if ok:
            passed += 1
        else:
            failed += 1
            print(r.stdout + r.stderr)
    print("%d passed, %d failed" % (passed, failed))
    return 0 if failed == 0 and passed > 0 else 1


if __name__ == "__main__":
    sys.exit(main())
