    /**
     * A running count per key, emitted every intervalMs of event time: each record adds one and, when no timer is
     * armed, arms one at the end of the period its timestamp falls in (as a tumbling window's maxTimestamp). When it
     * fires the key's count so far goes out, at the timer's time; the key's next record arms the next one, so the
     * end of input's last watermark ends it.
     */
    public static final class PeriodicCount extends KeyedProcessFunction<String, Event, Event> {
        private static final ValueStateDescriptor<Long> COUNT = new ValueStateDescriptor<>("count", Long.class);
        private static final ValueStateDescriptor<Long> ARMED = new ValueStateDescriptor<>("armed", Long.class);
        private final long intervalMs;

        PeriodicCount(long intervalMs) {
            this.intervalMs = intervalMs;
        }

        @Override
        public void processElement(Event record, Context ctx, Collector<Event> out) throws Exception {
            ValueState<Long> count = getRuntimeContext().getState(COUNT);
            count.update(count.value() == null ? 1 : count.value() + 1);
            ValueState<Long> armed = getRuntimeContext().getState(ARMED);
            if (armed.value() == null) {
                long at = TimeWindow.getWindowStartWithOffset(ctx.timestamp(), 0, intervalMs) + intervalMs - 1;
                ctx.timerService().registerEventTimeTimer(at);
                armed.update(at);
            }
        }

        @Override
        public void onTimer(long timestamp, OnTimerContext ctx, Collector<Event> out) throws Exception {
            long count = getRuntimeContext().getState(COUNT).value();
            out.collect(Event.output(ctx.getCurrentKey(), timestamp, (double) count,
                    "(" + ctx.getCurrentKey() + "," + count + ")"));
            getRuntimeContext().getState(ARMED).clear();
        }
    }

