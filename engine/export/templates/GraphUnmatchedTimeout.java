    /**
     * No payment within timeoutMs of the order (orders.keyBy(key).connect(payments.keyBy(key)).process): an order
     * of a key not yet paid arms a timer at its timestamp + timeoutMs, deleting one armed before; a payment marks
     * the key paid and deletes the timer. When a timer fires the order has gone unpaid, and goes out at its time.
     */
    public static final class UnmatchedTimeout extends KeyedCoProcessFunction<String, Event, Event, Event> {
        private static final ValueStateDescriptor<Long> ARMED = new ValueStateDescriptor<>("armed", Long.class);
        private static final ValueStateDescriptor<Event> ORDER = new ValueStateDescriptor<>("order", Event.class);
        private static final ValueStateDescriptor<Boolean> PAID = new ValueStateDescriptor<>("paid", Boolean.class);
        private final long timeoutMs;

        UnmatchedTimeout(long timeoutMs) {
            this.timeoutMs = timeoutMs;
        }

        @Override
        public void processElement1(Event order, Context ctx, Collector<Event> out) throws Exception {
            if (getRuntimeContext().getState(PAID).value() != null) {
                return;
            }
            ValueState<Long> armed = getRuntimeContext().getState(ARMED);
            if (armed.value() != null) {
                ctx.timerService().deleteEventTimeTimer(armed.value());
            }
            long at = ctx.timestamp() + timeoutMs;
            ctx.timerService().registerEventTimeTimer(at);
            armed.update(at);
            getRuntimeContext().getState(ORDER).update(order);
        }

        @Override
        public void processElement2(Event payment, Context ctx, Collector<Event> out) throws Exception {
            getRuntimeContext().getState(PAID).update(true);
            ValueState<Long> armed = getRuntimeContext().getState(ARMED);
            if (armed.value() != null) {
                ctx.timerService().deleteEventTimeTimer(armed.value());
                armed.clear();
                getRuntimeContext().getState(ORDER).clear();
            }
        }

        @Override
        public void onTimer(long timestamp, OnTimerContext ctx, Collector<Event> out) throws Exception {
            Event order = getRuntimeContext().getState(ORDER).value();
            if (order != null) {
                out.collect(Event.fromTimer(order, timestamp));
            }
            getRuntimeContext().getState(ARMED).clear();
            getRuntimeContext().getState(ORDER).clear();
        }
    }

