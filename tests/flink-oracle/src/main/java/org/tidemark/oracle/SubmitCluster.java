package org.tidemark.oracle;

import org.apache.flink.api.common.JobID;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.WebOptions;
import org.apache.flink.runtime.client.JobStatusMessage;
import org.apache.flink.runtime.jobmaster.JobResult;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.minicluster.MiniClusterConfiguration;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Collection;
import java.util.concurrent.TimeUnit;

/**
 * A Flink cluster to submit a jar to: a MiniCluster whose REST API listens on 127.0.0.1 (a free port, written to
 * PORTFILE once it is up) and takes jars (POST /jars/upload, /jars/:jarid/run: flink-runtime-web is on the class
 * path and uploads go to a folder of their own), as a standalone cluster's JobManager does. The jobs run in this
 * process, so what they print() comes out on its stdout; what the cluster says goes to stderr.
 *
 * It waits for one job to be submitted, and ends a few seconds after that job ends. With --no-web-submit the
 * cluster offers no jar submission (web.submit.enable: false), as some production clusters do. The process ends
 * within 100 s whatever happens.
 */
final class SubmitCluster {
    private SubmitCluster() {}

    static final long FIRST_JOB_MS = 70_000;
    static final long LINGER_MS = 3_000;
    static final long DEADLINE_MS = 100_000;

    static int run(File portFile, boolean webSubmit) throws Exception {
        LoopbackCluster.stopAfter("submit-cluster", DEADLINE_MS);

        // gone however the process ends, short of the watchdog's halt (a test stops a cluster it no longer needs)
        Path uploads = TempFolder.create("tidemark-submit-cluster-");
        Configuration conf = LoopbackCluster.configuration();
        conf.set(WebOptions.SUBMIT_ENABLE, webSubmit);
        conf.set(WebOptions.UPLOAD_DIR, uploads.toString());

        MiniClusterConfiguration config = new MiniClusterConfiguration.Builder()
                .setConfiguration(conf)
                .setNumTaskManagers(1)
                .setNumSlotsPerTaskManager(8)
                .build();
        try (MiniCluster cluster = new MiniCluster(config)) {
            cluster.start();
            URI rest = cluster.getRestAddress().get(20, TimeUnit.SECONDS);
            writePort(portFile, rest.getPort());
            System.err.println("submit-cluster: rest " + rest + (webSubmit ? "" : " (no jar submission)"));

            JobID job = null;
            long until = System.currentTimeMillis() + FIRST_JOB_MS;
            while (job == null) {
                Collection<JobStatusMessage> jobs = cluster.listJobs().get(5, TimeUnit.SECONDS);
                if (!jobs.isEmpty()) {
                    job = jobs.iterator().next().getJobId();
                } else if (System.currentTimeMillis() > until) {
                    System.err.println("submit-cluster: no job was submitted within " + FIRST_JOB_MS / 1000 + " s");
                    return 1;
                } else {
                    Thread.sleep(100);
                }
            }
            System.err.println("submit-cluster: job " + job + " submitted");
            JobResult result = cluster.requestJobResult(job).get(DEADLINE_MS, TimeUnit.MILLISECONDS);
            System.out.flush();
            System.err.println("submit-cluster: job " + job + (result.isSuccess() ? " finished" : " failed"));
            // a reader polling the job sees it ended before the cluster goes
            Thread.sleep(LINGER_MS);
        }
        return 0;
    }

    // Written whole or not at all: a reader polling for the file never sees half a number.
    private static void writePort(File portFile, int port) throws IOException {
        File tmp = new File(portFile.getPath() + ".tmp");
        Files.writeString(tmp.toPath(), port + "\n", StandardCharsets.UTF_8);
        Files.move(tmp.toPath(), portFile.toPath(), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }
}
