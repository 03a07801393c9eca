    /**
     * A source's records replayed at their arrival times as rows (key, v, t), each to the watermark assigner
     * Tidemark sends it to; the index runs to `last`, after which the replay waits for the input's end.
     */
    static DataStream<Row> replayed(StreamExecutionEnvironment env, List<Event> events, String source, long last,
            long inputEndMs, int assigners) {
        return env.fromSequence(0, last).setParallelism(1)
                .flatMap(new Replay(Event.of(events, source), inputEndMs, events.size())).setParallelism(1)
                .name("replay " + source)
                .partitionCustom((Integer channel, int channels) -> channel, (Event event) -> event.channel)
                .map(event -> Row.of(event.key, event.value, event.timestamp))
                .returns(Types.ROW_NAMED(new String[] {"key", "v", "t"}, Types.STRING, Types.DOUBLE, Types.LONG))
                .setParallelism(assigners);
    }

    /** A source's table: its columns, the time attribute ts and the WATERMARK declaration. */
    static Schema table(String watermark) {
        return Schema.newBuilder()
                .column("key", DataTypes.STRING())
                .column("v", DataTypes.DOUBLE())
                .column("t", DataTypes.BIGINT())
                .columnByExpression("ts", "TO_TIMESTAMP_LTZ(t, 3)")
                .watermark("ts", watermark)
                .build();
    }

    /**
     * A view's rows printed as print(name) prints the operator's output, from one subtask: (key,result) of a
     * window ((result) of a windowAll), (key,left,right) of a join's pair.
     */
    static void print(StreamTableEnvironment tableEnv, String view, String name, boolean pairs) {
        tableEnv.toDataStream(tableEnv.from(view))
                .map(row -> pairs
                        ? "(" + row.getField("key") + "," + row.getField("lt") + "," + row.getField("rt") + ")"
                        : "(" + (row.getField("key") == null ? "" : row.getField("key") + ",")
                                + number((Double) row.getField("v")) + ")")
                .returns(Types.STRING)
                .setParallelism(1)
                .print(name)
                .setParallelism(1);
    }
