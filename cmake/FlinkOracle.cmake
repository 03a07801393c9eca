# The Flink oracle (tests/flink-oracle): Apache Flink's own operators driven by a scenario's arrivals, one jar per
# Flink line. With -DTIDEMARK_ORACLE=ON it is built with the program, laid out in the build tree as it is installed
# (share/tidemark/flink-oracle/flink-<line>/), and installed, so that `tidemark verify` and Verify with Flink find it
# in both places (cli::installedOracleJar); the tests against real Flink use the same jars.
if(NOT TIDEMARK_ORACLE)
    return()
endif()

find_program(TIDEMARK_JAVA java)
find_program(TIDEMARK_MAVEN mvn)
if(NOT TIDEMARK_JAVA OR NOT TIDEMARK_MAVEN)
    message(FATAL_ERROR "TIDEMARK_ORACLE=ON needs java (17) and mvn (Debian: openjdk-17-jdk-headless maven)")
endif()

set(oracle_dir ${PROJECT_SOURCE_DIR}/tests/flink-oracle)
file(GLOB_RECURSE oracle_sources CONFIGURE_DEPENDS ${oracle_dir}/src/*)

# What the oracle loads when it plays a scenario or a job graph (`tidemark verify`): the operators, their test
# harness, the Kafka connector's enumerator, the DataStream API that builds a window join's operator (whose
# fromSequence loads the datagen connector) and what those load. The rest of its lib/ (the MiniCluster's RPC and web UI, the Table
# planner's modules, test frameworks) serves only the tests against a running job, and would more than triple the
# package.
set(oracle_runtime_jars
    chill-java-* commons-collections-* commons-io-* commons-lang3-* commons-math3-* flink-annotations-*
    flink-connector-base-* flink-connector-datagen-* flink-connector-kafka-*
    flink-core-[0-9]* flink-core-api-* flink-datastream-[0-9]* flink-java-* flink-metrics-core-* flink-rpc-core-*
    flink-runtime-[0-9]* flink-shaded-asm-* flink-shaded-guava-* flink-shaded-jackson-* flink-streaming-java-*
    flink-table-common-* flink-table-runtime-* flink-test-utils-junit-* jackson-annotations-* jackson-core-*
    jackson-databind-* kafka-clients-* kryo-* log4j-api-* log4j-core-* log4j-slf4j-impl-* minlog-*
    objenesis-* reflectasm-* snakeyaml-engine-* commons-compress-*
    slf4j-api-*)
set(oracle_runtime_patterns "")
foreach(glob IN LISTS oracle_runtime_jars)
    list(APPEND oracle_runtime_patterns PATTERN ${glob}.jar)
endforeach()

# One oracle per Flink line of cmake/FlinkReleases.cmake, each a Maven profile of tests/flink-oracle/pom.xml built
# into its own folder against the line's tested releases, which the build passes to Maven (the pom names none).
# TIDEMARK_ORACLE_JAR_1_20 and TIDEMARK_ORACLE_JAR_2 name the two jars, TIDEMARK_ORACLE_FLINK_LINES the two lines.
set(oracle_jar_vars TIDEMARK_ORACLE_JAR_1_20 TIDEMARK_ORACLE_JAR_2)
set(lines "")
set(previous_jar "")
foreach(line jar_var IN ZIP_LISTS TIDEMARK_FLINK_LINES oracle_jar_vars)
    set(profile ${TIDEMARK_FLINK_${line}_PROFILE})
    list(APPEND lines ${line})
    set(relative_dir tidemark/flink-oracle/flink-${line})
    set(build ${TIDEMARK_BUILD_DATADIR}/${relative_dir})
    set(jar ${build}/flink-oracle.jar)
    set(${jar_var} ${jar} CACHE INTERNAL "The Flink oracle jar of Flink ${line}")

    # Maven resolves Flink into ~/.m2 once (from Maven Central); later builds work from that cache. The lines are
    # built one after the other, so that two builds never write the same cache at once. The jar is touched
    # because Maven leaves an unchanged jar's time as it was.
    add_custom_command(OUTPUT ${jar}
                       COMMAND ${TIDEMARK_MAVEN} -q -B -f ${oracle_dir}/pom.xml package -P${profile} -Doracle.build.dir=${build}
                               -Dflink.version=${TIDEMARK_FLINK_${line}_RELEASE}
                               -Dflink.table.version=${TIDEMARK_FLINK_${line}_TABLE_RELEASE}
                               -Dflink.kafka.version=${TIDEMARK_FLINK_${line}_KAFKA_CONNECTOR}
                       COMMAND ${CMAKE_COMMAND} -E touch ${jar}
                       DEPENDS ${oracle_dir}/pom.xml ${oracle_sources} ${previous_jar}
                               ${PROJECT_SOURCE_DIR}/cmake/FlinkReleases.cmake
                       COMMENT "Building the Flink ${line} oracle with Maven"
                       VERBATIM)
    set(previous_jar ${jar})
    add_custom_target(tidemark_flink_oracle_${line} ALL DEPENDS ${jar})

    install(FILES ${jar} DESTINATION ${CMAKE_INSTALL_DATADIR}/${relative_dir})
    install(DIRECTORY ${build}/lib/ DESTINATION ${CMAKE_INSTALL_DATADIR}/${relative_dir}/lib
            FILES_MATCHING ${oracle_runtime_patterns})
endforeach()
set(TIDEMARK_ORACLE_FLINK_LINES "${lines}" CACHE INTERNAL "The Flink lines the oracle is built for")
