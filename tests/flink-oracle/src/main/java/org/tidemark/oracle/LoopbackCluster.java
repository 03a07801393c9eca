package org.tidemark.oracle;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.CoreOptions;
import org.apache.flink.configuration.JobManagerOptions;
import org.apache.flink.configuration.MetricOptions;
import org.apache.flink.configuration.RestOptions;
import org.apache.flink.configuration.TaskManagerOptions;

import java.io.IOException;
import java.time.Duration;

/** What the REST fixtures (RestCluster, SubmitCluster) share: a MiniCluster on 127.0.0.1 that ends by itself. */
final class LoopbackCluster {
    private LoopbackCluster() {}

    /**
     * Every server of the cluster on the loopback interface only, the REST API on a free port; its temporary files
     * in a folder of the process's own (TempFolder).
     */
    static Configuration configuration() throws IOException {
        Configuration conf = new Configuration();
        conf.set(CoreOptions.TMP_DIRS, TempFolder.create("tidemark-cluster-").toString());
        conf.set(RestOptions.BIND_ADDRESS, "127.0.0.1");
        conf.set(RestOptions.ADDRESS, "127.0.0.1");
        conf.set(RestOptions.PORT, 0);
        conf.set(JobManagerOptions.BIND_HOST, "127.0.0.1");
        conf.set(JobManagerOptions.ADDRESS, "127.0.0.1");
        conf.set(TaskManagerOptions.BIND_HOST, "127.0.0.1");
        conf.set(TaskManagerOptions.HOST, "127.0.0.1");
        // The REST handlers read metrics from a store the MetricFetcher refreshes at most this often (10 s by
        // default): often enough that the watermarks move between two polls of a reader.
        conf.set(MetricOptions.METRIC_FETCHER_UPDATE_INTERVAL, Duration.ofMillis(500));
        return conf;
    }

    /** Ends the process after `deadlineMs` whatever happens, so that a fixture a test forgot cannot linger. */
    static void stopAfter(String name, long deadlineMs) {
        Thread watchdog = new Thread(() -> {
            try {
                Thread.sleep(deadlineMs);
            } catch (InterruptedException e) {
                return;
            }
            System.err.println(name + ": still running after " + deadlineMs / 1000 + " s, stopping");
            Runtime.getRuntime().halt(3);
        }, name + "-deadline");
        watchdog.setDaemon(true);
        watchdog.start();
    }
}
