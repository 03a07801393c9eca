"""Seeded random job graphs (docs/job-graph.md) whose output a real job reproduces, for the export round trip.

A job exported from a graph replays its records at their arrival times, and its generators emit on the job's wall
clock. Its output is Tidemark's whenever every record's watermark is out before the next record arrives anywhere
in the job, whatever phase the job's periodic emission has: so the records here come 500 ms apart across the job
(source i's at i * 500 + k * 1500 ms) against a 200 ms emission period, and no source goes idle (idleness is
timed by the job's wall clock; the idleness examples check it). Within that, the graphs vary what decides the
output: one to three sources with one or two generators, out-of-order and late timestamps, unions, interval joins
with open or closed bounds and late side outputs, window joins and coGroups, each process function, connected
streams, a broadcast rules stream, windows of each assigner with allowed lateness and late side outputs, windows
over windows, and both ends of input.

random_graph(seed, sql=True) draws only what the SQL export writes (docs/flink.md → A job graph in SQL): unions,
interval joins without late side outputs and window joins over tumbling or sliding windows, then windows without
allowed lateness or side outputs, one emission for every source and event times above 0.
"""

import random

KEYS = ["a", "b", "c"]
SPACING_MS = 1500  # between two records of one source
OFFSET_MS = 500  # between the sources' clocks


def _source(rng, index, records):
    out, base = [], 5000  # late offsets stay above 0
    for k in range(records):
        base += rng.choice([500, 1000, 1500, 2000])
        # mostly ahead, sometimes well behind the watermark: late data for windows, joins and the sort; on a
        # 500 ms grid, so that join bounds, window ends and timers are often met exactly
        ts = max(0, base + rng.choice([0, 500, -1000, -2500, -5000, -5000]))
        out.append({"key": rng.choice(KEYS), "ts": ts, "value": rng.randint(1, 20),
                    "arrival": index * OFFSET_MS + k * SPACING_MS})
    watermarks = {"emit": rng.choice(["periodic", "periodic", "per-event"]), "periodMs": 200,
                  "parallelism": rng.choice([1, 1, 2])}
    if rng.random() < 0.3:
        watermarks["strategy"] = "monotonous"
    else:
        watermarks.update({"strategy": "bounded-out-of-orderness", "maxOutOfOrdernessMs": rng.choice([0, 500, 1000])})
    return {"input": {"records": out}, "watermarks": watermarks}


def _window(rng, keyed, reads_values, sql=False, sessions=True):
    assigners = [{"type": "tumbling", "sizeMs": rng.choice([2000, 5000])},
                 {"type": "sliding", "sizeMs": 4000, "slideMs": 2000},
                 {"type": "session", "gapMs": 1500}]
    assigner = rng.choice(assigners if sessions else assigners[:2])
    window = {"keyBy": "key" if keyed else None, "assigner": assigner,
              "function": {"type": rng.choice(["count", "sum", "max"]) if reads_values else "count"}}
    if keyed and rng.random() < 0.5:
        window["parallelism"] = 2
    if rng.random() < 0.4 and not sql:
        window["allowedLatenessMs"] = rng.choice([1000, 3000])
    if rng.random() < 0.5 and not sql:
        window["lateSideOutput"] = True
    return window


def random_graph(seed, sql=False):
    """A graph scenario (a dict) and a word for each kind of operator it has; with sql, one the SQL export writes."""
    rng = random.Random(seed)
    n = rng.choice([1, 2, 2, 3])
    sources = {"s%d" % i: _source(rng, i, rng.randint(7, 12)) for i in range(n)}
    if sql:
        for source in sources.values():
            source["watermarks"]["emit"] = sources["s0"]["watermarks"]["emit"]  # SQL's assigners share one interval
            for r in source["input"]["records"]:
                r["ts"] = max(1, r["ts"])  # SQL's assigner emits nothing at or below 0
    operators, kinds = [], []
    stream, values, keyed = "s0", True, True
    if n >= 2:
        combine = rng.choice(["union", "interval-join", "window-join"] if sql else
                             ["union", "interval-join", "co-process", "broadcast-process", "window-join", "co-group"])
        kinds.append(combine)
        if combine != "union":
            sources.pop("s2", None)  # two inputs: a third source would be read by nothing
        if combine == "union":
            operators.append({"type": "union", "name": "both", "inputs": sorted(sources)})
            stream = "both"
        elif combine == "interval-join":
            lower, upper = rng.choice([-2000, -1000, 0]), rng.choice([0, 1000, 2000])
            operators.append({"type": "interval-join", "name": "joined", "inputs": ["s0", "s1"],
                              "parallelism": rng.choice([1, 2]),
                              "between": {"lowerMs": lower, "upperMs": upper,
                                          "lowerInclusive": rng.random() < 0.7, "upperInclusive": rng.random() < 0.7,
                                          "lateSideOutputs": rng.random() < 0.5 and not sql}})
            stream, values = "joined", False
        elif combine in ("window-join", "co-group"):
            window = _window(rng, True, False, sql, sessions=not sql)
            del window["function"]  # the join is the function
            window.pop("lateSideOutput", None)  # neither has one in Flink
            operators.append({"type": combine, "name": "windowed", "inputs": ["s0", "s1"], "window": window})
            stream, values = "windowed", False
        elif combine == "co-process":
            operators.append({"type": "co-process", "name": "unmatched", "inputs": ["s0", "s1"],
                              "parallelism": rng.choice([1, 2]),
                              "function": {"type": "unmatched-timeout", "timeoutMs": rng.choice([1000, 3000])}})
            stream = "unmatched"
        else:
            rules = sources["s1"]
            for r in rules["input"]["records"]:
                del r["key"]
                r["value"] = rng.choice([1000, 2000, 4000])
            operators.append({"type": "broadcast-process", "name": "quiet", "inputs": ["s0", "s1"],
                              "parallelism": rng.choice([1, 2]),
                              "function": {"type": "rule-timeout", "timeoutMs": 3000}})
            stream = "quiet"
    if sql and stream in ("joined", "windowed"):
        pass  # a join's pairs carry no time attribute a SQL window reads
    elif rng.random() < 0.4 and not sql:
        function = rng.choice([{"type": "event-time-timeout", "timeoutMs": rng.choice([1000, 2500])},
                               {"type": "sort-until-watermark"},
                               {"type": "periodic-count", "intervalMs": rng.choice([2000, 5000])}])
        operators.append({"type": "process", "name": "timed", "inputs": [stream], "parallelism": rng.choice([1, 2]),
                          "function": function})
        kinds.append(function["type"])
        stream = "timed"
    if (not operators or rng.random() < 0.8) and not (sql and stream in ("joined", "windowed")):
        keyed = rng.random() < 0.75
        operators.append({"type": "window", "name": "per-window", "inputs": [stream],
                          "window": _window(rng, keyed, values, sql)})
        kinds.append("window")
        if rng.random() < 0.35:
            second = {"keyBy": "key" if keyed else None,
                      "assigner": {"type": "tumbling", "sizeMs": 10000},
                      "function": {"type": rng.choice(["count", "max", "sum"])}}
            operators.append({"type": "window", "name": "over-windows", "inputs": ["per-window"], "window": second})
            kinds.append("window-over-window")
    scenario = {"tidemark": 1, "name": "random graph %d" % seed, "sources": sources, "operators": operators,
                "endOfInput": rng.choice(["max-watermark", "max-watermark", "none"])}
    return scenario, kinds
