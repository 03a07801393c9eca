package org.tidemark.oracle;

import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * java -jar flink-oracle.jar SCENARIO.json           one scenario, JSON lines on stdout (exit 1 on error)
 * java -jar flink-oracle.jar --batch PATH...         files or directories (*.json); a "#SCENARIO path"
 *                                                    line before each scenario's output, "#ERROR msg" on failure
 * java -jar flink-oracle.jar --serve                 reads one scenario path per stdin line, answers with
 *                                                    its output lines then "#END" (JVM start-up paid once)
 * java -jar flink-oracle.jar --minicluster [--at-least K] PATH...   end-to-end check: each scenario as a real DataStream
 *                                                    job on a local MiniCluster vs. the harness run
 * java -jar flink-oracle.jar --kafka-owners BOOTSTRAP TOPIC PARTITIONS READERS   which reader reads each partition:
 *                                                    a real KafkaSource job beside the connector's enumerator
 * java -jar flink-oracle.jar --version               "flink X.Y.Z": the Flink version this jar runs
 * java -jar flink-oracle.jar --rest-cluster PORTFILE a MiniCluster with its REST API on 127.0.0.1 running a
 *                                                    slow, bounded job; its port goes to PORTFILE (RestCluster)
 * java -jar flink-oracle.jar --submit-cluster PORTFILE [--no-web-submit]
 *                                                    a MiniCluster on 127.0.0.1 that takes a jar through its REST
 *                                                    API and runs it; the job's print() on stdout (SubmitCluster)
 *
 * With --steps (after the mode) every happening is printed as a step line before its outputs, as
 * `tidemark run --steps --format jsonl` prints it.
 */
public final class Main {
    private Main() {}

    private static boolean steps = false;

    public static void main(String[] args) throws Exception {
        List<String> rest = new ArrayList<>(Arrays.asList(args));
        steps = rest.remove("--steps");
        args = rest.toArray(new String[0]);
        PrintStream out = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), false, StandardCharsets.UTF_8);
        if (args.length == 0) {
            System.err.println("usage: flink-oracle SCENARIO.json | --batch PATH... | --serve | --minicluster [--at-least K] PATH... | --source-reader SCRIPT... | --interval-join SCRIPT... | --process SCRIPT... | --graph SCENARIO... | --version");
            System.exit(2);
        }
        switch (args[0]) {
            case "--version" -> {
                out.println("flink " + Scenario.runtimeFlinkVersion());
                out.flush();
            }
            case "--batch" -> {
                for (File f : expand(Arrays.asList(args).subList(1, args.length))) {
                    out.println("#SCENARIO " + f.getPath());
                    runOne(f, out, true);
                }
                out.flush();
            }
            case "--serve" -> {
                BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
                String line;
                while ((line = in.readLine()) != null) {
                    if (line.isBlank()) {
                        continue;
                    }
                    runOne(new File(line.trim()), out, true);
                    out.println("#END");
                    out.flush();
                }
            }
            case "--rest-cluster" -> {
                if (args.length != 2) {
                    System.err.println("usage: flink-oracle --rest-cluster PORTFILE");
                    System.exit(2);
                }
                System.exit(RestCluster.run(new File(args[1]), out));
            }
            case "--submit-cluster" -> {
                boolean noSubmit = args.length == 3 && args[2].equals("--no-web-submit");
                if (args.length != 2 && !noSubmit) {
                    System.err.println("usage: flink-oracle --submit-cluster PORTFILE [--no-web-submit]");
                    System.exit(2);
                }
                System.exit(SubmitCluster.run(new File(args[1]), !noSubmit));
            }
            case "--source-reader", "--process", "--interval-join", "--graph" -> {
                ScriptCheck check = switch (args[0]) {
                    case "--source-reader" -> SourceReaderCheck::play;
                    case "--process" -> ProcessCheck::play;
                    case "--graph" -> f -> GraphOracle.play(f, steps);
                    default -> IntervalJoinCheck::play;
                };
                boolean ok = ScriptCheck.printEach(expand(Arrays.asList(args).subList(1, args.length)), out, check);
                System.exit(ok ? 0 : 1);
            }
            case "--kafka-owners" -> {
                System.exit(KafkaOwnersCheck.run(Arrays.copyOfRange(args, 1, args.length), out));
            }
            case "--window-bench" -> {
                System.exit(WindowBench.run(Arrays.copyOfRange(args, 1, args.length), out));
            }
            case "--minicluster" -> {
                // --minicluster [--at-least K] PATH...: fail unless at least K scenarios are checked (default 1)
                int from = 1;
                int atLeast = 1;
                if (args.length > 2 && args[1].equals("--at-least")) {
                    atLeast = Integer.parseInt(args[2]);
                    from = 3;
                }
                boolean ok = MiniClusterCheck.run(expand(Arrays.asList(args).subList(from, args.length)), atLeast, out);
                out.flush();
                System.exit(ok ? 0 : 1);
            }
            default -> {
                boolean ok = runOne(new File(args[0]), out, false);
                out.flush();
                System.exit(ok ? 0 : 1);
            }
        }
        System.exit(0);
    }

    private static boolean runOne(File f, PrintStream out, boolean inline) {
        try {
            for (String l : Oracle.run(Scenario.load(f), steps)) {
                out.println(l);
            }
            return true;
        } catch (Exception | LinkageError e) {
            String msg = f.getPath() + ": " + e;
            if (inline) {
                out.println("#ERROR " + msg.replace('\n', ' '));
            } else {
                System.err.println(msg);
                e.printStackTrace();
            }
            return false;
        }
    }

    static List<File> expand(List<String> paths) {
        List<File> files = new ArrayList<>();
        for (String p : paths) {
            File f = new File(p);
            if (f.isDirectory()) {
                File[] list = f.listFiles((d, n) -> n.endsWith(".json"));
                if (list != null) {
                    Arrays.sort(list);
                    files.addAll(Arrays.asList(list));
                }
            } else {
                files.add(f);
            }
        }
        return files;
    }
}
