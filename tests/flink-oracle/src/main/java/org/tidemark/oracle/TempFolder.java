package org.tidemark.oracle;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * A temporary folder of this process's own, removed when the process exits (short of a halt). A local Flink
 * cluster unpacks its RPC system (over 20 MB) and keeps its working folders under io.tmp.dirs, and a cluster still
 * shutting down when the process exits leaves them in the machine's temporary folder: given one of these, they go.
 */
final class TempFolder {
    private TempFolder() {}

    static Path create(String prefix) throws IOException {
        Path folder = Files.createTempDirectory(prefix);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> deleteAll(folder), prefix + "cleanup"));
        return folder;
    }

    static void deleteAll(Path folder) {
        try (Stream<Path> paths = Files.walk(folder)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            System.err.println("cannot remove " + folder + ": " + e.getMessage());
        }
    }
}
