    /**
     * The timeout of EventTimeTimeout, set by a broadcast rules stream: each keyed record arms a timer at its
     * timestamp + the timeout in force (deleting the one armed before); a rule's value sets the timeout in every
     * subtask (broadcast state); when a timer fires the key's last record goes out at the timer's time.
     */
    public static final class RuleTimeout extends KeyedBroadcastProcessFunction<String, Event, Event, Event> {
        static final MapStateDescriptor<String, Long> RULES = new MapStateDescriptor<>("rules", String.class, Long.class);
        private static final ValueStateDescriptor<Long> ARMED = new ValueStateDescriptor<>("armed", Long.class);
        private static final ValueStateDescriptor<Event> LAST = new ValueStateDescriptor<>("last", Event.class);
        private final long initialTimeoutMs;

        RuleTimeout(long initialTimeoutMs) {
            this.initialTimeoutMs = initialTimeoutMs;
        }

        @Override
        public void processElement(Event record, ReadOnlyContext ctx, Collector<Event> out) throws Exception {
            Long rule = ctx.getBroadcastState(RULES).get("timeout");
            ValueState<Long> armed = getRuntimeContext().getState(ARMED);
            if (armed.value() != null) {
                ctx.timerService().deleteEventTimeTimer(armed.value());
            }
            long at = ctx.timestamp() + (rule != null ? rule : initialTimeoutMs);
            ctx.timerService().registerEventTimeTimer(at);
            armed.update(at);
            getRuntimeContext().getState(LAST).update(record);
        }

        @Override
        public void processBroadcastElement(Event rule, Context ctx, Collector<Event> out) throws Exception {
            if (rule.value != null) {
                ctx.getBroadcastState(RULES).put("timeout", (long) rule.value.doubleValue());
            }
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

