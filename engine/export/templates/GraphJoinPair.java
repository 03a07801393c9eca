    /** An interval join's pair, at the larger of the two timestamps (Flink's): it prints (key,left,right). */
    public static final class JoinPair extends ProcessJoinFunction<Event, Event, Event> {
        @Override
        public void processElement(Event left, Event right, Context ctx, Collector<Event> out) {
            out.collect(Event.output(left.key, ctx.getTimestamp(), null,
                    "(" + left.key + "," + left.timestamp + "," + right.timestamp + ")"));
        }
    }

