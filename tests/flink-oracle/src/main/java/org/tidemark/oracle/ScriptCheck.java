package org.tidemark.oracle;

import java.io.File;
import java.io.PrintStream;
import java.util.List;

/**
 * One of Flink's classes played on a script, for a differential test of the engine's class of the same name
 * (tests/differential, OracleScripts.h): every script's lines are printed after "#FILE path".
 */
@FunctionalInterface
interface ScriptCheck {
    List<String> play(File script) throws Exception;

    static boolean printEach(List<File> scripts, PrintStream out, ScriptCheck check) throws Exception {
        for (File f : scripts) {
            out.println("#FILE " + f.getPath());
            for (String line : check.play(f)) {
                out.println(line);
            }
        }
        out.flush();
        return true;
    }
}
