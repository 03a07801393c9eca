    /**
     * Gives each window join or coGroup result the timestamp Flink put on it, the window's maxTimestamp(), which the
     * join function does not see; the operators after it read it as Tidemark does.
     */
    public static final class Stamped extends ProcessFunction<Event, Event> {
        @Override
        public void processElement(Event result, Context ctx, Collector<Event> out) {
            result.timestamp = ctx.timestamp();
            out.collect(result);
        }
    }

