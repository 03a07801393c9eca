# The Flink releases Tidemark is tested against, one per Flink line it follows: the one place they are written.
# The oracle is built against them (cmake/FlinkOracle.cmake passes them to Maven), `tidemark export-job` writes
# them into a job's pom.xml (the generated engine/export/TestedReleases.h), and the round trips run them.
#
# Each line: the line, its Maven profile of tests/flink-oracle/pom.xml, the Flink release, the release of the
# Table API's modules (the newest one Maven Central serves everywhere; it runs on the line's DataStream classes),
# and the release of flink-connector-kafka built for the line.
set(TIDEMARK_FLINK_LINES 1.20 2.3)
set(TIDEMARK_FLINK_1.20_PROFILE flink-1.20)
set(TIDEMARK_FLINK_1.20_RELEASE 1.20.5)
set(TIDEMARK_FLINK_1.20_TABLE_RELEASE 1.20.3)
set(TIDEMARK_FLINK_1.20_KAFKA_CONNECTOR 3.3.0-1.20)
set(TIDEMARK_FLINK_2.3_PROFILE flink-2)
set(TIDEMARK_FLINK_2.3_RELEASE 2.3.0)
set(TIDEMARK_FLINK_2.3_TABLE_RELEASE 2.3.0)
# 5.0.0-2.2 is the newest connector, built for Flink 2.2 and on
set(TIDEMARK_FLINK_2.3_KAFKA_CONNECTOR 5.0.0-2.2)

# The C++ side's copy, generated: one entry per line.
set(tested_releases "")
foreach(line IN LISTS TIDEMARK_FLINK_LINES)
    string(REPLACE "." ";" parts ${line})
    list(GET parts 0 major)
    list(GET parts 1 minor)
    string(APPEND tested_releases "    TestedRelease {FlinkVersion {${major}, ${minor}}, \"${TIDEMARK_FLINK_${line}_RELEASE}\", "
                                  "\"${TIDEMARK_FLINK_${line}_TABLE_RELEASE}\", \"${TIDEMARK_FLINK_${line}_KAFKA_CONNECTOR}\"},\n")
endforeach()
set(TIDEMARK_TESTED_RELEASES "${tested_releases}")
configure_file(${PROJECT_SOURCE_DIR}/engine/export/TestedReleases.h.in
               ${PROJECT_BINARY_DIR}/generated/engine/export/TestedReleases.h @ONLY)
