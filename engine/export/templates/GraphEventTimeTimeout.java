    /**
     * No second record for this key within timeoutMs of event time: each record arms a timer at its timestamp +
     * timeoutMs, deleting the one armed before; when a timer fires the key has been silent that long, and its last
     * record goes out, at the timer's time.
     */
    public static final class EventTimeTimeout extends KeyedProcessFunction<String, Event, Event> {
        private static final ValueStateDescriptor<Long> ARMED = new ValueStateDescriptor<>("armed", Long.class);
        private static final ValueStateDescriptor<Event> LAST = new ValueStateDescriptor<>("last", Event.class);
        private final long timeoutMs;

        EventTimeTimeout(long timeoutMs) {
            this.timeoutMs = timeoutMs;
        }

        @Override
        public void processElement(Event record, Context ctx, Collector<Event> out) throws Exception {
            ValueState<Long> armed = getRuntimeContext().getState(ARMED);
            if (armed.value() != null) {
                ctx.timerService().deleteEventTimeTimer(armed.value());
            }
            long at = ctx.timestamp() + timeoutMs;
            ctx.timerService().registerEventTimeTimer(at);
            armed.update(at);
            getRuntimeContext().getState(LAST).update(record);
        }

        @Override
        public void onTimer(long timestamp, OnTimerContext ctx, Collector<Event> out) throws Exception {
            Event last = getRuntimeContext().getState(LAST).value();
            if (last != null) {
                out.collect(Event.fromTimer(last, timestamp));
            }
            getRuntimeContext().getState(ARMED).clear();
            getRuntimeContext().getState(LAST).clear();
        }
    }

