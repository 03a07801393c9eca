    /**
     * No record for this key within timeoutMs of processing time: each record arms a processing-time timer at the
     * clock + timeoutMs, deleting the one armed before; when it fires, the key's last record goes out without a
     * timestamp (Flink erases it in a processing-time onTimer). The clock is this job's, so whether it fires depends
     * on when the records arrive, whatever the watermark.
     */
    public static final class ProcessingTimeTimeout extends KeyedProcessFunction<String, Event, Event> {
        private static final ValueStateDescriptor<Long> ARMED = new ValueStateDescriptor<>("armed", Long.class);
        private static final ValueStateDescriptor<Event> LAST = new ValueStateDescriptor<>("last", Event.class);
        private final long timeoutMs;

        ProcessingTimeTimeout(long timeoutMs) {
            this.timeoutMs = timeoutMs;
        }

        @Override
        public void processElement(Event record, Context ctx, Collector<Event> out) throws Exception {
            ValueState<Long> armed = getRuntimeContext().getState(ARMED);
            if (armed.value() != null) {
                ctx.timerService().deleteProcessingTimeTimer(armed.value());
            }
            long at = ctx.timerService().currentProcessingTime() + timeoutMs;
            ctx.timerService().registerProcessingTimeTimer(at);
            armed.update(at);
            getRuntimeContext().getState(LAST).update(record);
        }

        @Override
        public void onTimer(long timestamp, OnTimerContext ctx, Collector<Event> out) throws Exception {
            Event last = getRuntimeContext().getState(LAST).value();
            if (last != null) {
                out.collect(Event.fromTimer(last, Long.MIN_VALUE));
            }
            getRuntimeContext().getState(ARMED).clear();
            getRuntimeContext().getState(LAST).clear();
        }
    }

