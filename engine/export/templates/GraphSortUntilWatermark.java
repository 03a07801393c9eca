    /**
     * Buffers each key's records until the watermark passes their timestamps, then emits them in timestamp order
     * (those of one timestamp in the order they came); a record at or below the watermark is late and dropped.
     */
    public static final class SortUntilWatermark extends KeyedProcessFunction<String, Event, Event> {
        private static final MapStateDescriptor<Long, List<Event>> BUFFER = new MapStateDescriptor<>(
                "buffer", Types.LONG, Types.LIST(Types.POJO(Event.class)));

        @Override
        public void processElement(Event record, Context ctx, Collector<Event> out) throws Exception {
            long ts = ctx.timestamp();
            if (ts <= ctx.timerService().currentWatermark()) {
                return; // late
            }
            MapState<Long, List<Event>> buffer = getRuntimeContext().getMapState(BUFFER);
            List<Event> at = buffer.get(ts);
            if (at == null) {
                at = new ArrayList<>();
            }
            at.add(record);
            buffer.put(ts, at);
            ctx.timerService().registerEventTimeTimer(ts);
        }

        @Override
        public void onTimer(long timestamp, OnTimerContext ctx, Collector<Event> out) throws Exception {
            MapState<Long, List<Event>> buffer = getRuntimeContext().getMapState(BUFFER);
            List<Event> at = buffer.get(timestamp);
            if (at != null) {
                for (Event record : at) {
                    out.collect(Event.fromTimer(record, timestamp));
                }
                buffer.remove(timestamp);
            }
        }
    }

